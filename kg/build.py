"""Build the graph: ontology + bundled sources + any corpus folders and wiki pages -> one store.

The build collects every source's triples in memory, and only when all of them loaded writes
them to the store in one atomic replace; a build that stops leaves the previous graph as it was.
"""

from __future__ import annotations

import importlib
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
from pydantic import BaseModel, Field

import ontology
from ingest.common import IngestError, Problem, SourceResult, Triple
from kg.store import Store, open_store, to_oxigraph

#: Files of a corpus folder laid out like ``shared/corpus`` and the module that loads each.
CORPUS_FILES: dict[str, str] = {
    "cards.json": "ingest.cards",
    "qa.json": "ingest.qa",
    "comprehensive.md": "ingest.rules",
    "errata.json": "ingest.errata",
}

Progress = Callable[[str], None]


class BuildReport(BaseModel):
    """What a build loaded and rejected."""

    sources: dict[str, dict[str, int]] = Field(default_factory=dict)
    problems: list[Problem] = Field(default_factory=list)
    triples: int = 0
    seconds: float = 0.0
    store: str = ""
    ok: bool = True

    def total(self, what: str) -> int:
        return sum(counts.get(what, 0) for counts in self.sources.values())


def ontology_triples() -> SourceResult:
    """The vocabulary and rules-as-data Turtle files."""
    result = SourceResult(source="ontology")
    graph = ontology.vocabulary_graph()
    result.extend(graph)  # type: ignore[arg-type]
    result.count("terms", len(set(graph.subjects())))
    return result


def ontology_store(*extra: Iterable[Triple]) -> Store:
    """An in-memory store holding the ontology alone (plus any extra triples): the rules without
    cards, enough for the solver's index (coverage, unit tests)."""
    triples = [*ontology_triples().triples, *(t for more in extra for t in more)]
    store = open_store(":memory:")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ontology.nt"
        write_ntriples(triples, path)
        store.replace_ntriples(path)
    return store


def _loader(module: str) -> Callable[[Path], SourceResult]:
    return importlib.import_module(module).load  # type: ignore[no-any-return]


@dataclass
class Inputs:
    """What to build from: corpus folders and wiki pages, beside the bundled sources."""

    corpus: list[Path]
    pages: list[Path]


def collect(inputs: Inputs, progress: Progress | None = None) -> list[SourceResult]:
    """Run every loader; raise IngestError on a problem that stops the build."""
    say = progress or (lambda _msg: None)
    results = [ontology_triples()]
    say("reading the bundled sources")
    results.append(_loader("ingest.bundled")(Path()))
    for folder in inputs.corpus:
        if not folder.is_dir():
            raise IngestError(Problem(file=str(folder), where="--corpus",
                                      message="not a folder laid out like shared/corpus",
                                      action="stopped"))
        found = [name for name in CORPUS_FILES if (folder / name).exists()]
        if not found:
            raise IngestError(Problem(
                file=str(folder), where="--corpus", action="stopped",
                message=f"none of the corpus files ({', '.join(CORPUS_FILES)}) is in it"))
        for name in found:
            say(f"reading {folder / name}")
            results.append(_loader(CORPUS_FILES[name])(folder / name))
    for page in _expand_pages(inputs.pages):
        say(f"reading the wiki page {page}")
        results.append(_loader("ingest.wiki")(page))
    return results


def _expand_pages(paths: Iterable[Path]) -> list[Path]:
    pages: list[Path] = []
    for path in paths:
        if path.is_dir():
            pages.extend(p for p in sorted(path.glob("*.txt")))
        else:
            pages.append(path)
    return pages


def merge(results: list[SourceResult]) -> set[Triple]:
    """All triples of all sources, without duplicates.

    A fallback source (the bundled one) yields: where a real source describes the same subject
    (a card, a rule section, a seed ruling), only the real source's triples about it are kept.
    """
    described = {s for r in results if not r.fallback for s, _p, _o in r.triples}
    triples: set[Triple] = set()
    for result in results:
        if result.fallback:
            triples.update(t for t in result.triples if t[0] not in described)
        else:
            triples.update(result.triples)
    return triples


def write_ntriples(triples: Iterable[Triple], path: Path) -> None:
    """Serialise triples as N-Triples with Oxigraph's writer."""
    quads = (ox.Triple(to_oxigraph(s), to_oxigraph(p), to_oxigraph(o))  # type: ignore[arg-type]
             for s, p, o in triples)
    with path.open("wb") as out:
        ox.serialize(quads, out, format=ox.RdfFormat.N_TRIPLES)


def build(store: Store, inputs: Inputs, progress: Progress | None = None) -> BuildReport:
    """Build the graph into ``store``. Raises IngestError (store untouched) on a fatal problem."""
    started = time.perf_counter()
    results = collect(inputs, progress)
    report = BuildReport(store=store.location)
    for result in results:
        counts = report.sources.setdefault(result.source, {})
        for key, value in result.counts.items():
            counts[key] = counts.get(key, 0) + value
        report.problems.extend(result.problems)
    triples = merge(results)
    report.triples = len(triples)
    if progress:
        progress(f"writing {len(triples):,} triples to {store.location}")
    with tempfile.TemporaryDirectory(prefix="dcgkg-build-") as tmp:
        path = Path(tmp) / "graph.nt"
        write_ntriples(triples, path)
        store.replace_ntriples(path)
    report.seconds = round(time.perf_counter() - started, 2)
    return report
