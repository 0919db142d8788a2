"""Build the graph: ontology + bundled sources + any corpus folders and wiki pages -> one store.

The build collects every source's triples in memory, and only when all of them loaded writes
them to the store in one atomic replace; a build that stops leaves the previous graph as it was.
Into an on-disk store the build is incremental (``kg.build_cache``): a source whose bytes and
whose ingest code have not changed is not read again, and a build with nothing changed writes
nothing at all.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, Field

import ontology
from ingest.common import IngestError, Problem, SourceResult, Triple
from kg.build_cache import BuildCache, Part, code_version
from kg.build_plan import CORPUS_FILES, Inputs, NotACorpus, Source, plan, recorded_build  # noqa: F401 (re-exported)
from kg.build_plan import manifest as plan_manifest
from kg.nt_writer import lines_of, ntriples_text, subject_of
from kg.store import OxigraphStore, Store, open_store

Progress = Callable[[str], None]


class BuildReport(BaseModel):
    """What a build loaded and rejected."""

    sources: dict[str, dict[str, int]] = Field(default_factory=dict)
    problems: list[Problem] = Field(default_factory=list)
    triples: int = 0
    seconds: float = 0.0
    store: str = ""
    ok: bool = True
    unchanged: bool = Field(False, description="nothing changed since the live build: nothing written")
    ingested: list[str] = Field(default_factory=list, description="sources read this time")
    reused: list[str] = Field(default_factory=list, description="sources taken from the cache")
    timings: dict[str, float] = Field(default_factory=dict, description="seconds per step")

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
    store.replace_ntriples(ntriples_text(triples)[0])
    return store


def _loader(module: str) -> Callable[[Path], SourceResult]:
    return importlib.import_module(module).load  # type: ignore[no-any-return]


def _load(source: Source) -> SourceResult:
    if source.module == "ontology":
        return ontology_triples()
    return _loader(source.module)(source.path or Path())


def _plan(inputs: Inputs) -> list[Source]:
    """Every source a build reads (kg.build_plan.plan); raise IngestError on a corpus folder that is
    not one."""
    try:
        return plan(inputs)
    except NotACorpus as exc:
        folder, why = exc.args
        raise IngestError(Problem(file=folder, where="--corpus", message=why, action="stopped")) from None


def collect(inputs: Inputs, progress: Progress | None = None) -> list[SourceResult]:
    """Run every loader; raise IngestError on a problem that stops the build."""
    say = progress or (lambda _msg: None)
    results = []
    for source in _plan(inputs):
        if source.told:
            say(f"reading {source.told}")
        results.append(_load(source))
    return results


T = TypeVar("T")


def _yielding(fallbacks: Iterable[T], described: set[Hashable], subject: Callable[[T], Hashable]
              ) -> Iterable[T]:
    """A fallback source's items about subjects no real source describes."""
    return (item for item in fallbacks if subject(item) not in described)


def merge(results: list[SourceResult]) -> set[Triple]:
    """All triples of all sources, without duplicates.

    A fallback source (the bundled one) yields: where a real source describes the same subject
    (a card, a rule section, a seed ruling), only the real source's triples about it are kept.
    """
    described: set[Hashable] = {s for r in results if not r.fallback for s, _p, _o in r.triples}
    triples: set[Triple] = set()
    for result in results:
        if result.fallback:
            triples.update(_yielding(result.triples, described, lambda t: t[0]))
        else:
            triples.update(result.triples)
    return triples


def merge_parts(parts: Iterable[Part]) -> Iterator[str]:
    """``merge`` over the sources' N-Triples text, chunk by chunk (the store drops the duplicate
    lines): a real source's text as soon as it comes, so that the store loads it while the next
    source is read; the fallback's lines last, once every subject a real source describes is known.
    """
    described: set[Hashable] = set()
    held: list[Part] = []
    for part in parts:
        if part.fallback:
            held.append(part)
        else:
            described |= part.subjects
            yield part.text
    for part in held:
        yield "".join(_yielding(lines_of(part.text), described, subject_of))


def write_ntriples(triples: Iterable[Triple], path: Path) -> None:
    """Serialise triples as N-Triples (the lines Oxigraph's writer gives)."""
    path.write_text(ntriples_text(triples)[0], encoding="utf-8")


def part_of(result: SourceResult) -> Part:
    """A loader's result as N-Triples text (each triple once) with its report."""
    text, subjects = ntriples_text(result.triples)
    return Part(source=result.source, fallback=result.fallback, text=text,
                subjects=set() if result.fallback else subjects,
                counts=dict(result.counts), problems=list(result.problems))


def build(store: Store, inputs: Inputs, progress: Progress | None = None, *,
          force: bool = False) -> BuildReport:
    """Build the graph into ``store``. Raises IngestError (store untouched) on a fatal problem.

    Into an on-disk store, sources unchanged since they were last read are taken from the cache
    beside it, and a build from exactly what the live graph was built from writes nothing
    (``unchanged``); ``force`` reads everything again. ``:memory:`` and remote stores are built
    in full every time. An on-disk store is built holding its lock (kg.store.lock: waiting for
    another build, StoreBusy if it does not end in time), after removing what killed builds left.
    """
    if not isinstance(store, OxigraphStore) or store.root is None:
        return _build(store, inputs, progress, force)
    say = progress or (lambda _msg: None)
    with store.locked(say=say):
        if freed := store.collect_garbage():
            say(f"removed what killed builds left: {freed.summary()}")
        return _build(store, inputs, progress, force)


def _build(store: Store, inputs: Inputs, progress: Progress | None, force: bool) -> BuildReport:
    started = time.perf_counter()
    say = progress or (lambda _msg: None)
    sources = _plan(inputs)
    disk = store if isinstance(store, OxigraphStore) and store.root is not None else None
    cache = BuildCache(disk.root) if disk is not None and disk.root is not None else None
    code = code_version()
    keys, manifest = plan_manifest(code, inputs, sources)
    if disk is not None and disk.root is not None and not force:
        recorded = recorded_build(disk.root, inputs, code)
        if recorded is not None:
            say("nothing changed since the last build")
            return BuildReport.model_validate({**recorded, "store": store.location})
    report = BuildReport(store=store.location)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="build-cache") as writer:
        writes: list[tuple[str, Future[None]]] = []
        parts = (_part(source, key, cache, force, report, say, writer, writes)
                 for source, key in zip(sources, keys, strict=True))
        reading: list[float] = []
        loading = time.perf_counter()
        store.replace_ntriples(_made(merge_parts(parts), reading, say, store.location))
        loading = time.perf_counter() - loading
        report.timings["merge"] = round(reading[0] - sum(report.timings.values()), 3)
        report.timings["load (beyond reading)"] = round(loading - reading[0], 3)
        _timed(report, "cache write (beyond loading)", _written, writes, say)
    report.triples = _timed(report, "count", len, store)
    report.seconds = round(time.perf_counter() - started, 3)
    if disk is not None and cache is not None and disk.switched is not None:
        try:
            cache.record(manifest, disk.switched, report.model_dump(mode="json"))  # after the switch
            cache.keep_only(keys)
        except OSError as exc:  # the graph is built; the next build just will not know it
            say(f"cannot record the build in {cache.root}: {exc}")
    return report


def _made(chunks: Iterator[str], spent: list[float], say: Progress, location: str) -> Iterator[str]:
    """The chunks as they are made; the time making them took goes into ``spent`` at the end, and
    the last step is told once the last chunk is handed to the store."""
    lines, making = 0, 0.0
    while True:
        started = time.perf_counter()
        chunk = next(chunks, None)
        making += time.perf_counter() - started
        if chunk is None:
            break
        lines += chunk.count("\n")
        yield chunk
    spent.append(making)
    say(f"writing {lines:,} triples to {location}")


def _written(writes: list[tuple[str, Future[None]]], say: Progress) -> None:
    """Wait for the cache entries being written; one that could not be is told, not fatal."""
    for label, write in writes:
        try:
            write.result()
        except OSError as exc:  # the cache only saves time: the build goes on without it
            say(f"cannot cache {label}: {exc}")


def _part(source: Source, key: str, cache: BuildCache | None, force: bool, report: BuildReport,
          say: Progress, writer: ThreadPoolExecutor, writes: list[tuple[str, Future[None]]]) -> Part:
    """One source's part (from the cache if it holds this key and not forced, else read), its
    counts and problems added to the report; a part read is written to the cache by ``writer``
    (a worker thread: the file is written while the next source is read)."""
    part, read = _cached_or_read(source, key, cache, force, report, say)
    if read and cache is not None:
        writes.append((source.label, writer.submit(cache.put, key, part)))
    counts = report.sources.setdefault(part.source, {})
    for name, value in part.counts.items():
        counts[name] = counts.get(name, 0) + value
    report.problems.extend(part.problems)
    return part


def _cached_or_read(source: Source, key: str, cache: BuildCache | None, force: bool,
                    report: BuildReport, say: Progress) -> tuple[Part, bool]:
    """The part from the cache (and False) or read now (and True)."""
    cached = None if cache is None or force else _timed(report, "cache read", cache.get, key)
    if cached is not None:
        if source.told:
            say(f"reusing {source.told} (unchanged)")
        report.reused.append(source.label)
        return cached, False
    if source.told:
        say(f"reading {source.told}")
    result = _timed(report, f"ingest {source.label}", _load, source)
    part = _timed(report, "conversion", part_of, result)
    report.ingested.append(source.label)
    return part, True


R = TypeVar("R")


def _timed(report: BuildReport, step: str, run: Callable[..., R], *args: Any) -> R:
    started = time.perf_counter()
    try:
        return run(*args)
    finally:
        spent = time.perf_counter() - started
        report.timings[step] = round(report.timings.get(step, 0.0) + spent, 3)
