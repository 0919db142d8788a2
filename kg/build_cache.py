"""What an incremental build keeps beside an on-disk store: per-source triples and a record.

``STORE/cache/sources/KEY.nt`` holds one source's N-Triples and ``KEY.json`` its counts, problems
and subjects; KEY hashes the code version (the ingest and ontology packages and the build
itself), the loader, the path and the bytes it reads, so an entry can only ever be reused for
exactly the same input. ``STORE/cache/build.json`` records the manifest (every source's key, the
inputs) and the report of the build that switched in the live generation, by that generation's
name: it is written after the switch, so it can never describe a graph that was not switched in.
Every file is written under a temporary name and renamed (kg.atomic_files): a killed build leaves
a ``*.partial`` file at most, which the next build removes. Only the holder of the store's lock
(a build) writes here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.atomic_files import write_atomically

if TYPE_CHECKING:
    from ingest.common import Problem

ROOT = Path(__file__).resolve().parents[1]
#: What the graph a source gives depends on besides its own bytes (bundled data is a source).
CODE_DIRS = (ROOT / "ingest", ROOT / "ontology")
CODE_FILES = (ROOT / "kg" / "build.py", ROOT / "kg" / "build_plan.py", ROOT / "kg" / "build_cache.py",
              ROOT / "kg" / "nt_writer.py")
BUNDLED_DIR = ROOT / "ingest" / "bundled"
LIBRARIES = ("rdflib", "pyoxigraph")


def digest(paths: Iterable[Path]) -> str:
    """A hash of these files' names and bytes (a file that cannot be read hashes as missing)."""
    hasher = hashlib.sha256()
    for path in paths:
        hasher.update(str(path).encode() + b"\0")
        try:
            hasher.update(path.read_bytes())
        except OSError:
            hasher.update(b"\0missing\0")
        hasher.update(b"\0")
    return hasher.hexdigest()


def package_files(folder: Path) -> list[Path]:
    """Every file of a source folder, in a stable order, without caches."""
    return sorted(p for p in folder.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")


def code_version() -> str:
    """A hash of the code and ontology that turn sources into triples (bundled data excluded)."""
    files = [*(p for d in CODE_DIRS for p in package_files(d) if BUNDLED_DIR not in p.parents), *CODE_FILES]
    libraries = ",".join(f"{name}={version(name)}" for name in LIBRARIES)
    return hashlib.sha256(f"{digest(files)}|{libraries}".encode()).hexdigest()


def source_key(code: str, module: str, path: Path | None, files: Iterable[Path]) -> str:
    """The cache key of one loader run over these files."""
    parts = [code, module, "" if path is None else str(path), digest(files)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


@dataclass
class Part:
    """One source's contribution: its N-Triples text, the subjects it describes, its report."""

    source: str
    fallback: bool
    text: str
    subjects: set[str] = field(default_factory=set)
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


class BuildCache:
    """The cache directory inside an on-disk store."""

    def __init__(self, store_root: Path) -> None:
        self.root = store_root / "cache"
        self.sources = self.root / "sources"

    # -- per-source entries
    def get(self, key: str) -> Part | None:
        """The cached part under ``key``, or None (missing, or not whole)."""
        from ingest.common import Problem  # kept out of the check for an unchanged build (kg.build_plan)

        try:
            meta = json.loads((self.sources / f"{key}.json").read_text(encoding="utf-8"))
            data = (self.sources / f"{key}.nt").read_bytes()
            if len(data) != meta["bytes"]:
                return None
            return Part(source=meta["source"], fallback=meta["fallback"], text=data.decode("utf-8"),
                        subjects=set(meta["subjects"]), counts=meta["counts"],
                        problems=[Problem(**p) for p in meta["problems"]])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, part: Part) -> None:
        """Keep ``part`` under ``key``: the triples first, then the metadata that vouches for them."""
        self.sources.mkdir(parents=True, exist_ok=True)
        data = part.text.encode("utf-8")
        write_atomically(self.sources / f"{key}.nt", data)
        meta = {"source": part.source, "fallback": part.fallback, "bytes": len(data),
                "subjects": sorted(part.subjects), "counts": part.counts,
                "problems": [p.model_dump(mode="json") for p in part.problems]}
        write_atomically(self.sources / f"{key}.json", json.dumps(meta).encode())

    def keep_only(self, keys: Iterable[str]) -> None:
        """Remove the entries of sources that the live build no longer uses."""
        wanted = set(keys)
        for path in self.sources.glob("*"):
            if path.name.split(".", 1)[0] not in wanted:
                path.unlink(missing_ok=True)

    # -- the record of the live build
    def recorded(self, manifest: dict[str, Any], generation: str | None) -> dict[str, Any] | None:
        """The report of the live build if it was built from exactly ``manifest``."""
        if generation is None:
            return None
        try:
            record = json.loads((self.root / "build.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if record.get("generation") != generation or record.get("manifest") != manifest:
            return None
        return record.get("report")  # type: ignore[no-any-return]

    def record(self, manifest: dict[str, Any], generation: str, report: dict[str, Any]) -> None:
        """Say that ``generation`` (already switched in) was built from ``manifest``."""
        self.root.mkdir(parents=True, exist_ok=True)
        write_atomically(self.root / "build.json", json.dumps(
            {"generation": generation, "manifest": manifest, "report": report}).encode())
