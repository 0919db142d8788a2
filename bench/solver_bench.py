"""Solver benchmark (a script, not a test).

Prints, each beside a baseline measured in the same run (medians of interleaved rounds):
- the plain attack with corpus cards (bench/plain-attack.yaml: BT1-024 attacks a suspended
  BT1-014, 3 security) through the Python API, ``queries.open(store).simulate(path)``, beside the
  engine alone on the same prepared scenario and parsing the file alone;
- finding the listeners of one event (``Engine.collect``) beside a ``dict.get`` in the same loop;
- simulations per second over the golden scenarios (tests/scenarios/*.yaml) on the bundled graph;
- the time to compile the solver index on the full corpus graph, beside one SPARQL round trip.

    python bench/solver_bench.py [--store DIR] [--corpus ../shared/corpus] [--seconds 3]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kg.build import Inputs, build  # noqa: E402
from kg.solver.board import Board  # noqa: E402
from kg.solver.card_facts import clear_compiled as compiled_cache_clear  # noqa: E402
from kg.solver.decisions import Decider  # noqa: E402
from kg.solver.engine import Engine  # noqa: E402
from kg.solver.events import Event  # noqa: E402
from kg.solver.record import Recorder  # noqa: E402
from kg.solver.rules_index import clear_cache, compile_index, solver_index  # noqa: E402
from kg.solver.simulate import initial_state, load_scenario, prepare, run, simulate  # noqa: E402
from kg.store import Store, open_store  # noqa: E402

PLAIN = REPO / "bench" / "plain-attack.yaml"

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


def rounds(fns: dict[str, Callable[[], object]], seconds: float, count: int = 5) -> dict[str, float]:
    """Calls per second of each function: the median of ``count`` interleaved rounds."""
    found: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(count):
        for name, fn in fns.items():
            found[name].append(per_second(fn, seconds / count))
    return {name: statistics.median(rates) for name, rates in found.items()}


def plain_attack_bench(store: Store, seconds: float) -> None:
    import queries

    kg = queries.open(store)
    expected = kg.simulate(PLAIN)
    assert expected["deleted"] == ["tgt"] and expected["security_checks"] == {"A": 0, "B": 0}
    prepared = prepare(store, load_scenario(PLAIN))
    with tempfile.TemporaryDirectory(prefix="dcgkg-bench-") as tmp:
        fresh = _variants(Path(tmp), 4000)  # a text never read before on every call
        rates = rounds({"api": lambda: kg.simulate(PLAIN), "fresh": lambda: kg.simulate(next(fresh)),
                        "engine": lambda: run(prepared), "parse": lambda: load_scenario(PLAIN)}, seconds)
    print("plain attack with corpus cards (bench/plain-attack.yaml)")
    print(f"  queries.open(store).simulate(path)       : {rates['api']:8.0f} /s")
    print(f"  the same, a file of a new text each call : {rates['fresh']:8.0f} /s")
    print(f"  baseline: the engine alone (prepared)    : {rates['engine']:8.0f} /s "
          f"(api = {rates['api'] / rates['engine']:.2f} x engine)")
    print(f"  baseline: load_scenario(path) alone      : {rates['parse']:8.0f} /s")


def _variants(folder: Path, count: int) -> Iterator[Path]:
    """Copies of the plain attack, each with its own title, written to ``folder``; then cycled."""
    text = PLAIN.read_text(encoding="utf-8")
    files = []
    for i in range(count):
        file = folder / f"plain-{i}.yaml"
        file.write_text(text.replace("title: ", f"title: ({i}) ", 1), encoding="utf-8")
        files.append(file)
    return itertools.cycle(files)


def lookup_bench(store: Store, seconds: float) -> None:
    prepared = prepare(store, load_scenario(PLAIN))
    state = initial_state(prepared.scenario)
    engine = Engine(state, Board(prepared.cards, prepared.index, prepared.kept), prepared.index,
                    Decider(prepared.scenario.decisions), Recorder())
    attacker, target = state.by_alias("att"), state.by_alias("tgt")
    assert attacker is not None and target is not None
    events = [Event("AttackDeclared", engine.snap(attacker), engine.snap(target))]
    table = {"AttackDeclared": frozenset[str]()}
    batch = range(1000)

    def collect() -> None:
        for _ in batch:
            engine.collect(events)

    def dict_get() -> None:
        for _ in batch:
            table.get("AttackDeclared")

    class Idle:
        def collect(self, events: list[Event], extra: tuple[()] = ()) -> list[object]:
            return []

    idle = Idle()

    def idle_call() -> None:
        for _ in batch:
            idle.collect(events)

    rates = rounds({"collect": collect, "get": dict_get, "idle": idle_call}, seconds)
    print("finding the listeners of one event (AttackDeclared, plain attack board)")
    print(f"  Engine.collect                           : {rates['collect'] * 1000 / 1e6:8.2f} M/s")
    print(f"  baseline: dict.get in the same loop      : {rates['get'] * 1000 / 1e6:8.2f} M/s "
          f"(collect = {rates['get'] / rates['collect']:.1f} x dict.get)")
    print(f"  baseline: a method that returns []       : {rates['idle'] * 1000 / 1e6:8.2f} M/s "
          f"(collect = {rates['idle'] / rates['collect']:.1f} x that call, "
          f"which is {rates['get'] / rates['idle']:.1f} x dict.get)")


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

    compiled_cache_clear()
    started = time.perf_counter()
    all_full()
    first = len(loaded) / (time.perf_counter() - started)
    rates = rounds({"full": all_full, "engine": all_engine}, seconds * 2, count=3)
    full, engine = rates["full"] * len(loaded), rates["engine"] * len(loaded)
    print(f"golden scenarios: {len(loaded)} files on the bundled graph ({len(store):,} triples)")
    print(f"  simulate(), first pass (texts compiled)  : {first:8.1f} simulations/s")
    print(f"  simulate() incl. card look-up and checks : {full:8.1f} simulations/s (compiled texts kept)")
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
    print(f"  compile (cold, median of {repeat})           : {compile_s * 1000:8.2f} ms")
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
    if args.store:
        corpus_benches(open_store(args.store, create=False), args)
    else:
        with tempfile.TemporaryDirectory(prefix="dcgkg-bench-") as tmp:
            store = open_store(Path(tmp) / "store")
            started = time.perf_counter()
            build(store, Inputs(corpus=[Path(args.corpus)], pages=[]))
            print(f"corpus graph built in {time.perf_counter() - started:.1f} s")
            corpus_benches(store, args)
    scenarios_bench(args.seconds)


def corpus_benches(store: Store, args: argparse.Namespace) -> None:
    plain_attack_bench(store, args.seconds)
    lookup_bench(store, args.seconds)
    index_bench(store, args.repeat)


if __name__ == "__main__":
    main()
