"""Benchmark the full build and three SPARQL queries against a baseline in the same run.

    python bench/build_bench.py [--corpus ../shared/corpus] [--pages ../shared/seeds] [--runs 5]

dcg-kg: ingest -> N-Triples -> embedded Oxigraph store on disk (what `dcgkg build` does).
Baseline: the same ingest, the same triples added straight into rdflib's in-memory Graph.
Each phase runs in its own process so that its peak memory (max RSS) is its own.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

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


def _median_ms(run: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        run()  # type: ignore[operator]
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def phase_dcgkg(corpus: list[str], pages: list[str], runs: int, out: mp.Queue) -> None:
    from kg.build import Inputs, build
    from kg.store import open_store

    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(Path(tmp) / "store")
        started = time.perf_counter()
        report = build(store, Inputs([Path(c) for c in corpus], [Path(p) for p in pages]))
        seconds = time.perf_counter() - started
        reopened = open_store(Path(tmp) / "store")
        medians = {name: _median_ms(lambda q=q: len(reopened.select(q)), runs)
                   for name, q in QUERIES.items()}
        out.put({"seconds": seconds, "triples": report.triples, "peak_mb": _peak_mb(),
                 "queries": medians})


def phase_rdflib(corpus: list[str], pages: list[str], runs: int, out: mp.Queue) -> None:
    from rdflib import Graph

    from kg.build import Inputs, collect, merge
    from ontology import PREFIXES

    started = time.perf_counter()
    triples = merge(collect(Inputs([Path(c) for c in corpus], [Path(p) for p in pages])))
    ingest_seconds = time.perf_counter() - started
    graph = Graph()
    for triple in triples:
        graph.add(triple)
    seconds = time.perf_counter() - started
    medians = {name: _median_ms(lambda q=q: len(list(graph.query(q, initNs=PREFIXES))), runs)
               for name, q in QUERIES.items()}
    out.put({"seconds": seconds, "ingest_seconds": ingest_seconds, "triples": len(graph),
             "peak_mb": _peak_mb(), "queries": medians})


def run_phase(target: object, *args: object) -> dict:
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    process = ctx.Process(target=target, args=(*args, queue))
    process.start()
    result = queue.get()
    process.join()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[2] / "shared"
    parser.add_argument("--corpus", action="append", default=None)
    parser.add_argument("--pages", action="append", default=None)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    corpus = args.corpus or ([str(default / "corpus")] if (default / "corpus").exists() else [])
    pages = args.pages or ([str(default / "seeds")] if (default / "seeds").exists() else [])
    print(f"corpus: {corpus or 'bundled only'}  pages: {pages}")
    ours = run_phase(phase_dcgkg, corpus, pages, args.runs)
    base = run_phase(phase_rdflib, corpus, pages, args.runs)
    print(f"\n{'':44}{'dcg-kg (Oxigraph)':>20}{'rdflib in-memory':>20}{'ratio':>9}")
    print(f"{'triples':44}{ours['triples']:>20,}{base['triples']:>20,}")
    print(f"{'full build wall time (s)':44}{ours['seconds']:>20.2f}{base['seconds']:>20.2f}"
          f"{ours['seconds'] / base['seconds']:>9.2f}")
    print(f"{'  of which ingest (s)':44}{'':>20}{base['ingest_seconds']:>20.2f}")
    print(f"{'peak memory (MB, max RSS)':44}{ours['peak_mb']:>20.0f}{base['peak_mb']:>20.0f}"
          f"{ours['peak_mb'] / base['peak_mb']:>9.2f}")
    for name in QUERIES:
        a, b = ours["queries"][name], base["queries"][name]
        print(f"{'query: ' + name + ' (ms, median)':44}{a:>20.1f}{b:>20.1f}{a / b:>9.3f}")
    print("\nratio = dcg-kg / baseline (below 1 is faster or smaller)")


if __name__ == "__main__":
    main()
