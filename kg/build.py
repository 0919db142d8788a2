"""Build the graph: ontology + bundled sources + any corpus folders and wiki pages -> one store.

The build collects every source's triples in memory, and only when all of them loaded writes
them to the store in one atomic replace; a build that stops leaves the previous graph as it was.
Into an on-disk store the build is incremental (``kg.build_cache``): a source whose bytes and
whose ingest code have not changed is not read again, and a build with nothing changed writes
nothing at all. The cards file, most of a build's time, is read in a forked process while the
other sources are read and loaded (``_Reading``, kg.forked); the report is the same either way.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, Field

import ontology
from ingest.common import IngestError, Problem, SourceResult, Triple
from kg.build_cache import BuildCache, Part, code_version
from kg.build_plan import CORPUS_FILES, Inputs, NotACorpus, Source, plan, recorded_build  # noqa: F401 (re-exported)
from kg.build_plan import manifest as plan_manifest
from kg.forked import ChildFailed, Forked, forkable
from kg.nt_writer import NTriplesWriter, lines_of, ntriples_chunks, ntriples_text, subject_of
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


def merge_parts(parts: Iterable[Part | str]) -> Iterator[str]:
    """``merge`` over the sources' N-Triples text, chunk by chunk (the store drops the duplicate
    lines): a real source's text as soon as it comes, so that the store loads it while the next
    source is read; the fallback's lines last, once every subject a real source describes is known.
    A bare text is a real source's text handed on ahead of its part (which follows, its text
    left out: a source read in chunks by a forked child).
    """
    described: set[Hashable] = set()
    held: list[Part] = []
    for part in parts:
        if isinstance(part, str):
            yield part
        elif part.fallback:
            held.append(part)
        else:
            described |= part.subjects
            if part.text:
                yield part.text
    for part in held:
        yield _fallback_text(part, described)


def _fallback_text(part: Part, described: set[Hashable]) -> str:
    """A fallback part's lines about subjects no real source describes."""
    return "".join(_yielding(lines_of(part.text), described, subject_of))


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
        reader = _Reading(sources, keys, cache, force, say, writer)
        reading: list[float] = []
        loading = time.perf_counter()
        store.replace_ntriples(_made(reader.chunks(), reading, say, store.location))
        loading = time.perf_counter() - loading
        reader.account(report)
        report.timings["merge"] = round(reading[0] - reader.own_seconds(), 3)
        report.timings["load (beyond reading)"] = round(loading - reading[0], 3)
        _timed(report.timings, "cache write (beyond loading)", _written, reader.writes, say)
    report.triples = _timed(report.timings, "count", len, store)
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


# ---------------------------------------------------------------- reading the sources

#: Loaders worth a process of their own (the cards' effect compiler is most of a build's time),
#: and the size under which their file is read in-process all the same (forking costs more).
FORKED_MODULES = ("ingest.cards",)
FORK_MIN_BYTES = 1_000_000


class _Reading:
    """The build's sources, each from the cache or read, handed on as N-Triples chunks.

    The first source whose loader is in ``FORKED_MODULES`` (and is to be read) is read in a forked
    child (kg.forked) while this process reads the others and the store loads them; its chunks
    are handed on as they come. The parts are accounted in plan order once all are in, so the
    report is the one reading them one after the other gives; so is the first stopping problem.
    """

    def __init__(self, sources: list[Source], keys: list[str], cache: BuildCache | None, force: bool,
                 say: Progress, writer: ThreadPoolExecutor) -> None:
        self.sources, self.keys, self.cache, self.force, self.say = sources, keys, cache, force, say
        self.writer = writer
        self.writes: list[tuple[str, Future[None]]] = []
        self.parts: dict[int, tuple[Part, bool]] = {}  # plan index -> (the part, read this time)
        self.looked_up: dict[int, Part | None] = {}  # plan index -> the part in the cache
        self.timings: dict[str, float] = {}  # this process's steps
        self.forked_timings: dict[str, float] = {}  # the child's steps (in parallel)

    def own_seconds(self) -> float:
        return sum(self.timings.values())

    def chunks(self) -> Iterator[str]:
        """``merge_parts`` over the parts, as they come."""
        return merge_parts(self._parts())

    def _parts(self) -> Iterator[Part | str]:
        """Every source's part in plan order, the forked one's text handed on in chunks as the
        child sends them (then its part, without the text already handed on)."""
        forked = self._fork()
        try:
            for index, (source, key) in enumerate(zip(self.sources, self.keys, strict=True)):
                if forked is not None and index == forked.index:
                    if source.told:
                        self.say(f"reading {source.told}")
                    continue
                try:
                    yield self._part(index, source, key)
                except IngestError:
                    if forked is not None and index > forked.index:
                        forked.stopped()  # the forked source comes first: its problem is the one told
                    raise
                if forked is not None and index > forked.index:
                    yield from forked.arrived(wait=False)
            if forked is not None:
                yield from forked.arrived(wait=True)
                part, unsent = self._forked_part(forked)
                yield part if part.fallback else replace(part, text=unsent)
        finally:
            if forked is not None:
                forked.child.close()

    def _fork(self) -> _ForkedSource | None:
        """The source to read in a child process, started now; None: every source here."""
        if not forkable():
            return None
        for index, (source, key) in enumerate(zip(self.sources, self.keys, strict=True)):
            if source.module in FORKED_MODULES and source.path is not None:
                if sum(f.stat().st_size for f in source.files if f.exists()) < FORK_MIN_BYTES:
                    return None
                if self._cached(index, key) is not None:
                    return None
                return _ForkedSource(index, Forked(lambda source=source: _read_in_chunks(source),
                                                   name=f"dcgkg-read-{Path(source.label).name}"))
        return None

    def _forked_part(self, forked: _ForkedSource) -> tuple[Part, str]:
        """The forked source's part and the text of it not yet handed on: none, or all of it when
        the child failed and the source was read here instead (where its error can be seen)."""
        source, key = self.sources[forked.index], self.keys[forked.index]
        self.timings["waiting for the forked reader"] = round(forked.waited, 3)
        if forked.part is None:
            part = self._part(forked.index, source, key)
            return part, part.text
        for step, seconds in forked.seconds.items():
            self.forked_timings[f"{step} (own process)"] = round(seconds, 3)
        self._keep(forked.index, source, key, forked.part)
        return forked.part, ""

    def _cached(self, index: int, key: str) -> Part | None:
        """The source's part in the cache (looked up once), unless forced."""
        if index not in self.looked_up:
            self.looked_up[index] = None if self.cache is None or self.force else _timed(
                self.timings, "cache read", self.cache.get, key)
        return self.looked_up[index]

    def _part(self, index: int, source: Source, key: str) -> Part:
        """One source's part, from the cache (if it holds this key and not forced) or read now."""
        if (cached := self._cached(index, key)) is not None:
            if source.told:
                self.say(f"reusing {source.told} (unchanged)")
            self.parts[index] = (cached, False)
            return cached
        if source.told:
            self.say(f"reading {source.told}")
        result = _timed(self.timings, f"ingest {source.label}", _load, source)
        part = _timed(self.timings, "conversion", part_of, result)
        self._keep(index, source, key, part)
        return part

    def _keep(self, index: int, source: Source, key: str, part: Part) -> None:
        """A part read: kept, and written to the cache by ``writer`` (a worker thread: the file is
        written while the next source is read)."""
        self.parts[index] = (part, True)
        if self.cache is not None:
            self.writes.append((source.label, self.writer.submit(self.cache.put, key, part)))

    def account(self, report: BuildReport) -> None:
        """Every part's counts and problems into the report, in plan order, and the steps' times."""
        for index, source in enumerate(self.sources):
            part, read = self.parts[index]
            (report.ingested if read else report.reused).append(source.label)
            counts = report.sources.setdefault(part.source, {})
            for name, value in part.counts.items():
                counts[name] = counts.get(name, 0) + value
            report.problems.extend(part.problems)
        report.timings.update(self.timings)
        report.timings.update(self.forked_timings)


class _ForkedSource:
    """The messages of ``_read_in_chunks`` from the child: a head, chunks, the rest of the part."""

    def __init__(self, index: int, child: Forked[tuple[Any, ...]]) -> None:
        self.index, self.child = index, child
        self.head: tuple[Any, ...] | None = None  # ("stopped", problem) or ("head", part without text)
        self.texts: list[str] = []
        self.part: Part | None = None  # once whole
        self.seconds: dict[str, float] = {}
        self.failed = False
        self.waited = 0.0  # seconds this process waited for the child's messages

    def stopped(self) -> None:
        """Raise the child's stopping problem, if it had one (waits for the child's first message)."""
        if self.head is None and not self.failed:
            self._take(self._receive())
        if self.head is not None and self.head[0] == "stopped":
            raise IngestError(self.head[1])

    def arrived(self, *, wait: bool) -> Iterator[str]:
        """The chunks come so far (``wait``: all, till the part is whole); raises IngestError on the
        child's stopping problem. A child that failed leaves ``part`` None."""
        while self.part is None and not self.failed and (wait or self.child.ready()):
            chunk = self._take(self._receive())
            if chunk is not None:
                yield chunk

    def _receive(self) -> tuple[Any, ...] | None:
        started = time.perf_counter()
        try:
            item = self.child.next_item()
        except ChildFailed:
            self.failed = True
            return None
        finally:
            self.waited += time.perf_counter() - started
        return None if item is None else item[0]

    def _take(self, message: tuple[Any, ...] | None) -> str | None:
        """Take in one message; a chunk is returned, to be loaded unless the part is a fallback."""
        if message is None:
            self.failed = True
        elif message[0] in ("stopped", "head"):
            self.head = message
            self.stopped()
        elif message[0] == "chunk":
            self.texts.append(message[1])
            return None if self.head is None or self.head[1].fallback else message[1]
        else:  # ("done", subjects, seconds)
            assert self.head is not None
            _kind, subjects, self.seconds = message
            head: Part = self.head[1]
            self.part = Part(source=head.source, fallback=head.fallback, text="".join(self.texts),
                             subjects=set() if head.fallback else subjects, counts=head.counts,
                             problems=head.problems)
            self.texts = []
        return None


def _read_in_chunks(source: Source) -> Iterator[tuple[Any, ...]]:
    """In the child: ``("stopped", problem)``, or ``("head", part without text)``, its text's
    ``("chunk", text)``s, then ``("done", subjects, seconds per step)``."""
    started = time.perf_counter()
    try:
        result = _load(source)
    except IngestError as exc:
        yield ("stopped", exc.problem)
        return
    seconds = {f"ingest {source.label}": time.perf_counter() - started, "conversion": 0.0}
    yield ("head", Part(source=result.source, fallback=result.fallback, text="",
                        counts=dict(result.counts), problems=list(result.problems)))
    writer = NTriplesWriter()
    chunks = ntriples_chunks(result.triples, writer)
    while True:
        started = time.perf_counter()
        chunk = next(chunks, None)
        seconds["conversion"] += time.perf_counter() - started
        if chunk is None:
            break
        yield ("chunk", chunk)
    yield ("done", writer.subjects, seconds)


R = TypeVar("R")


def _timed(timings: dict[str, float], step: str, run: Callable[..., R], *args: Any) -> R:
    started = time.perf_counter()
    try:
        return run(*args)
    finally:
        spent = time.perf_counter() - started
        timings[step] = round(timings.get(step, 0.0) + spent, 3)
