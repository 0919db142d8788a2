"""Solver benchmark (a script, not a test).

Prints simulations per second over the golden scenarios (tests/scenarios/*.yaml) on the bundled
graph, and the time to compile the solver index on the full corpus graph, each beside a
baseline measured in the same run: one SPARQL round trip, and the cached index.

    python bench/solver_bench.py [--store DIR] [--corpus /work/shared/corpus] [--seconds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kg.build import Inputs, build  # noqa: E402
from kg.solver.rules_index import clear_cache, compile_index, solver_index  # noqa: E402
from kg.solver.simulate import load_scenario, prepare, run, simulate  # noqa: E402
from kg.store import Store, open_store  # noqa: E402

ROUND_TRIP = "SELECT ?e WHERE { dcg:Piercing dcg:triggeredBy ?e }"


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds of ``repeat`` calls."""
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def per_second(fn: Callable[[], object], seconds: float) -> float:
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        fn()
        count += 1
    return count / (time.perf_counter() - started)


def scenarios_bench(seconds: float) -> None:
    store = open_store(":memory:")
    build(store, Inputs(corpus=[], pages=[]))
    files = sorted((REPO / "tests" / "scenarios").glob("*.yaml"))
    loaded = [load_scenario(f) for f in files]
    prepared = [prepare(store, s) for s in loaded]

    def all_full() -> None:
        for s in loaded:
            simulate(store, s)

    def all_engine() -> None:
        for p in prepared:
            run(p)

    full = per_second(all_full, seconds) * len(loaded)
    engine = per_second(all_engine, seconds) * len(loaded)
    print(f"golden scenarios: {len(loaded)} files on the bundled graph ({len(store):,} triples)")
    print(f"  simulate() incl. card look-up and checks : {full:8.1f} simulations/s")
    print(f"  engine only (cards resolved once)        : {engine:8.1f} simulations/s")


def index_bench(store: Store, repeat: int) -> None:
    def cold() -> None:
        clear_cache()
        solver_index(store)

    solver_index(store)
    compile_s = timed(lambda: compile_index(store), repeat)
    cold_s = timed(cold, repeat)
    cached_s = timed(lambda: solver_index(store), repeat * 100)
    trip_s = timed(lambda: store.select(ROUND_TRIP), repeat * 10)
    index = solver_index(store)
    print(f"solver index on the corpus graph ({len(store):,} triples): "
          f"{len(index.timings)} timings, {len(index.keywords)} keywords, "
          f"{len(index.ordering)} ordering rules, {len(index.attack_steps)} attack steps")
    print(f"  compile (cold, median of {repeat})          : {compile_s * 1000:8.2f} ms")
    print(f"  solver_index() after clear_cache()        : {cold_s * 1000:8.2f} ms")
    print(f"  baseline: one SPARQL round trip           : {trip_s * 1000:8.3f} ms "
          f"(compile = {compile_s / trip_s:.0f} round trips)")
    print(f"  baseline: solver_index() cached           : {cached_s * 1e6:8.2f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", help="a built store directory (skips building the corpus)")
    parser.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus"))
    parser.add_argument("--seconds", type=float, default=3.0, help="time per throughput figure")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    scenarios_bench(args.seconds)
    if args.store:
        index_bench(open_store(args.store, create=False), args.repeat)
        return
    with tempfile.TemporaryDirectory(prefix="dcgkg-bench-") as tmp:
        store = open_store(Path(tmp) / "store")
        started = time.perf_counter()
        build(store, Inputs(corpus=[Path(args.corpus)], pages=[]))
        print(f"corpus graph built in {time.perf_counter() - started:.1f} s")
        index_bench(store, args.repeat)


if __name__ == "__main__":
    main()
