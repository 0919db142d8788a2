"""Benchmark the build against a raw pyoxigraph bulk load of the same triples, in the same run.

    python bench/build_bench.py [--corpus ../shared/corpus] [--pages ../shared/seeds] [--runs 3]
                                [--vs-rdflib]

Prints, on one copy of the corpus in a temporary store:
- fresh builds, and raw ``pyoxigraph`` bulk loads of the very N-Triples they produced, interleaved,
  medians of ``--runs`` each (the ratio
  issue 10 wants <= 3), with where the build's time went (ingest per source, conversion to
  N-Triples, the cache, merge, and the load beyond reading: sources load while the next is read;
  steps marked '(own process)' ran in the forked cards reader, beside the others);
- a rebuild with nothing changed (medians) and its ratio to the fresh build;
- a rebuild after one source changed (qa.json rewritten: same data, other bytes);
- the write path alone from the same loaded sources: the previous one (merge the rdflib triples,
  convert them to pyoxigraph terms, write a temporary N-Triples file, bulk load it) against
  today's (N-Triples text per source, merged as text, bulk loaded), medians of interleaved runs;
- with ``--vs-rdflib``, three queries against the same triples in rdflib's in-memory Graph.
Each part runs in its own process, so that its peak memory (max RSS) is its own.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from queue import Empty

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

QUERIES = {
    "cards per keyword": """
        SELECT ?kw (COUNT(DISTINCT ?card) AS ?cards) WHERE {
          ?card a dcg:Card ; dcg:hasKeyword ?kw } GROUP BY ?kw ORDER BY DESC(?cards)""",
    "Piercing rulings + cards": """
        SELECT ?r ?q ?card WHERE {
          VALUES ?about { dcg:mentionsKeyword dcg:aboutKeyword }
          ?r ?about dcg:Piercing ; a dcg:Ruling ; dcg:question ?q .
          OPTIONAL { ?r dcg:aboutCard ?card } }""",
    "rule text search": """
        SELECT ?n ?text WHERE {
          ?s a dcg:RuleSection ; dcg:sectionNumber ?n ; dcg:text ?text ; dcg:parentSection+ rule:16 .
          FILTER(CONTAINS(LCASE(?text), "pending")) }""",
}


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _seconds(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def _bulk_load(source: Path, folder: Path) -> None:
    """The baseline: pyoxigraph alone loading an N-Triples file into a new on-disk store."""
    import pyoxigraph as ox

    shutil.rmtree(folder, ignore_errors=True)
    store = ox.Store(str(folder))
    store.bulk_load(path=str(source), format=ox.RdfFormat.N_TRIPLES)
    store.flush()


def phase_builds(corpus: list[str], pages: list[str], runs: int, out: mp.Queue) -> None:
    import pyoxigraph as ox

    from kg.build import CORPUS_FILES, Inputs, build
    from kg.store import open_store

    with tempfile.TemporaryDirectory(prefix="build-bench-") as tmp:
        root = Path(tmp)
        copies = [root / f"corpus{i}" for i in range(len(corpus))]
        for source, copy in zip(corpus, copies, strict=True):  # writable copies of the loaded files
            copy.mkdir()
            for name in CORPUS_FILES:
                if (Path(source) / name).exists():
                    shutil.copyfile(Path(source) / name, copy / name)
        inputs = Inputs(copies, [Path(p) for p in pages])
        store_dir = root / "store"
        report = build(open_store(store_dir), inputs)
        dump = root / "graph.nt"
        live = store_dir / (store_dir / "CURRENT").read_text(encoding="utf-8").strip()
        ox.Store.read_only(str(live)).dump(str(dump), format=ox.RdfFormat.N_TRIPLES,
                                           from_graph=ox.DefaultGraph())
        fresh_runs, raw_runs = [report.seconds], []
        for k in range(runs):  # fresh builds into new stores, interleaved with raw loads of the dump
            raw_runs.append(_seconds(lambda k=k: _bulk_load(dump, root / f"raw{k}")))
            shutil.rmtree(root / f"raw{k}", ignore_errors=True)
            if k:
                fresh_runs.append(build(open_store(root / f"fresh{k}"), inputs).seconds)
                shutil.rmtree(root / f"fresh{k}", ignore_errors=True)
        fresh, raw = statistics.median(fresh_runs), statistics.median(raw_runs)
        unchanged = [build(open_store(store_dir), inputs) for _ in range(max(runs, 5))]
        assert all(r.unchanged for r in unchanged)
        changed = next((c / n for c in copies for n in ("qa.json", *CORPUS_FILES) if (c / n).exists()), None)
        one_changed, ingested = [], []
        for _ in range(runs if changed else 0):
            changed.write_bytes(changed.read_bytes() + b"\n")  # type: ignore[union-attr]
            again = build(open_store(store_dir), inputs)
            one_changed.append(again.seconds)
            ingested = again.ingested
        out.put({"triples": report.triples, "fresh": fresh, "timings": report.timings, "raw": raw,
                 "unchanged": statistics.median(r.seconds for r in unchanged),
                 "one_changed": statistics.median(one_changed) if one_changed else None,
                 "changed": str(changed.name) if changed else None, "ingested": ingested,
                 "peak_mb": _peak_mb()})


def phase_write_paths(corpus: list[str], pages: list[str], runs: int, out: mp.Queue) -> None:
    """Both write paths from the same loaded sources: merge, convert, load."""
    import pyoxigraph as ox

    from kg.build import Inputs, collect, merge, merge_parts, part_of
    from kg.store import open_store, to_oxigraph

    results = collect(Inputs([Path(c) for c in corpus], [Path(p) for p in pages]))

    def previous(root: Path) -> None:
        path = root / "graph.nt"
        quads = (ox.Triple(to_oxigraph(s), to_oxigraph(p), to_oxigraph(o)) for s, p, o in merge(results))
        with path.open("wb") as sink:
            ox.serialize(quads, sink, format=ox.RdfFormat.N_TRIPLES)
        open_store(root / "store").replace_ntriples(path)

    def today(root: Path) -> None:
        open_store(root / "store").replace_ntriples(merge_parts([part_of(r) for r in results]))

    times: dict[str, list[float]] = {"previous": [], "today": []}
    for _ in range(runs):
        for name, run in (("previous", previous), ("today", today)):
            with tempfile.TemporaryDirectory(prefix="write-bench-") as tmp:
                times[name].append(_seconds(lambda run=run, tmp=tmp: run(Path(tmp))))
    out.put({name: statistics.median(values) for name, values in times.items()})


def phase_rdflib(corpus: list[str], pages: list[str], runs: int, out: mp.Queue) -> None:
    from rdflib import Graph

    from kg.build import Inputs, collect, merge
    from kg.nt_writer import ntriples_text
    from kg.store import open_store
    from ontology import PREFIXES

    triples = merge(collect(Inputs([Path(c) for c in corpus], [Path(p) for p in pages])))
    graph = Graph()
    for triple in triples:
        graph.add(triple)
    store = open_store(":memory:")
    store.replace_ntriples(ntriples_text(triples)[0])

    def median_ms(run: Callable[[], object]) -> float:
        return statistics.median(_seconds(run) * 1000 for _ in range(runs))

    out.put({name: (median_ms(lambda q=q: len(store.select(q))),
                    median_ms(lambda q=q: len(list(graph.query(q, initNs=PREFIXES)))))
             for name, q in QUERIES.items()})


def run_phase(target: object, *args: object) -> dict:
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    process = ctx.Process(target=target, args=(*args, queue))
    process.start()
    while True:
        try:
            result = queue.get(timeout=2)
            break
        except Empty:
            if not process.is_alive():
                sys.exit(f"{getattr(target, '__name__', target)} failed (see above)")
    process.join()
    return result


def _row(label: str, seconds: float, base: float | None = None, note: str = "") -> None:
    ratio = f"{seconds / base:>9.3f}" if base else f"{'':>9}"
    print(f"{label:52}{seconds:>10.3f}{ratio}  {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[2] / "shared"
    parser.add_argument("--corpus", action="append", default=None)
    parser.add_argument("--pages", action="append", default=None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--vs-rdflib", action="store_true", help="also time 3 queries against rdflib")
    args = parser.parse_args()
    corpus = args.corpus or ([str(default / "corpus")] if (default / "corpus").exists() else [])
    pages = args.pages or ([str(default / "seeds")] if (default / "seeds").exists() else [])
    print(f"corpus: {corpus or 'bundled only'}  pages: {pages}  runs: {args.runs}")
    builds = run_phase(phase_builds, corpus, pages, args.runs)
    print(f"\n{'':52}{'seconds':>10}{'ratio':>9}")
    _row("raw pyoxigraph bulk load of the same N-Triples", builds["raw"], note="(baseline; median)")
    _row("fresh build (dcgkg build; median)", builds["fresh"], builds["raw"],
         f"x raw bulk load; {builds['triples']:,} triples, peak {builds['peak_mb']:.0f} MB")
    for step, seconds in builds["timings"].items():
        what, _, path = step.partition(" ")
        _row(f"  {what} {Path(path).name}" if "/" in path else f"  {step}", seconds, builds["fresh"],
             "of the fresh build")
    _row("rebuild, nothing changed (median)", builds["unchanged"], builds["fresh"], "of the fresh build")
    if builds["one_changed"] is not None:
        _row(f"rebuild, {builds['changed']} changed (median)", builds["one_changed"], builds["fresh"],
             f"of the fresh build; read again: {', '.join(Path(p).name for p in builds['ingested'])}")
    writes = run_phase(phase_write_paths, corpus, pages, args.runs)
    print(f"\nwrite path alone, same triples, medians of {args.runs} interleaved runs:")
    _row("previous: merge, pyoxigraph terms, temp file, load", writes["previous"], note="(baseline)")
    _row("today: N-Triples text per source, merge, load", writes["today"], writes["previous"],
         "x previous")
    if args.vs_rdflib:
        print(f"\nqueries, ms (median){'dcg-kg':>32}{'rdflib':>10}{'ratio':>9}")
        for name, (ours, base) in run_phase(phase_rdflib, corpus, pages, args.runs).items():
            print(f"  {name:50}{ours:>10.1f}{base:>10.1f}{ours / base:>9.3f}")
    print("\nratio = the figure / its baseline (below 1 is faster)")


if __name__ == "__main__":
    main()
