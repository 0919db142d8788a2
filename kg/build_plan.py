"""What a build reads, and whether the live graph was built from exactly that: standard library
only, so that ``dcgkg build`` with nothing changed answers without loading the ingesters.

``kg.build`` reads the sources this plan names; ``recorded_build`` is the answer a build with
nothing changed gives (the report recorded beside the store, ``kg.build_cache``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kg.build_cache import BUNDLED_DIR, BuildCache, code_version, package_files, source_key

#: Files of a corpus folder laid out like ``shared/corpus`` and the module that loads each.
CORPUS_FILES: dict[str, str] = {
    "cards.json": "ingest.cards",
    "qa.json": "ingest.qa",
    "comprehensive.md": "ingest.rules",
    "errata.json": "ingest.errata",
}


class NotACorpus(ValueError):
    """A --corpus folder that is not one: (folder, what is wrong)."""


@dataclass
class Inputs:
    """What to build from: corpus folders and wiki pages, beside the bundled sources."""

    corpus: list[Path]
    pages: list[Path]


@dataclass(frozen=True)
class Source:
    """One loader run: the module, the path it is given, and the files its result comes from."""

    module: str
    path: Path | None
    files: tuple[Path, ...]
    label: str  # in the report's ingested / reused lists
    told: str | None = None  # what the progress line names (None: not told)


def plan(inputs: Inputs) -> list[Source]:
    """Every source a build reads, in order; raise NotACorpus on a corpus folder that is not one."""
    sources = [Source("ontology", None, (), "ontology"),
               Source("ingest.bundled", None, tuple(package_files(BUNDLED_DIR)), "bundled",
                      "the bundled sources")]
    for folder in inputs.corpus:
        if not folder.is_dir():
            raise NotACorpus(str(folder), "not a folder laid out like shared/corpus")
        found = [name for name in CORPUS_FILES if (folder / name).exists()]
        if not found:
            raise NotACorpus(str(folder), f"none of the corpus files ({', '.join(CORPUS_FILES)}) is in it")
        sources.extend(Source(CORPUS_FILES[name], folder / name, (folder / name,), str(folder / name),
                              str(folder / name)) for name in found)
    sources.extend(Source("ingest.wiki", page, (page,), str(page), f"the wiki page {page}")
                   for page in _expand_pages(inputs.pages))
    return sources


def _expand_pages(paths: Iterable[Path]) -> list[Path]:
    pages: list[Path] = []
    for path in paths:
        if path.is_dir():
            pages.extend(p for p in sorted(path.glob("*.txt")))
        else:
            pages.append(path)
    return pages


def manifest(code: str, inputs: Inputs, sources: list[Source]) -> tuple[list[str], dict[str, Any]]:
    """Every source's cache key, and the manifest a build records (the keys and the inputs)."""
    keys = [source_key(code, s.module, s.path, s.files) for s in sources]
    given = {"corpus": [str(p) for p in inputs.corpus], "pages": [str(p) for p in inputs.pages]}
    return keys, {"code": code, "sources": keys, "inputs": given}


def recorded_build(root: Path, inputs: Inputs, code: str | None = None) -> dict[str, Any] | None:
    """The report a build into the on-disk store at ``root`` gives when nothing changed since the
    live graph was built (as ``BuildReport`` fields, ``unchanged`` true), or None: something
    changed, the store holds no recorded build, or the inputs are not usable (the build says why).
    ``code``: the code version (default: this code's, kg.build_cache.code_version)."""
    started = time.perf_counter()
    try:
        sources = plan(inputs)
        marker = root / "CURRENT"
        generation = marker.read_text(encoding="utf-8").strip() if marker.exists() else None
    except (NotACorpus, OSError):
        return None
    _keys, wanted = manifest(code or code_version(), inputs, sources)
    recorded = BuildCache(root).recorded(wanted, generation)
    if recorded is None:
        return None
    seconds = round(time.perf_counter() - started, 3)
    return {**recorded, "store": str(root), "unchanged": True, "ingested": [], "reused": [],
            "seconds": seconds, "timings": {"check": seconds}}
