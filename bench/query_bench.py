"""Benchmark the named queries and the SPARQL endpoint on the full corpus graph.

    python bench/query_bench.py [--store DIR] [--corpus ../shared/corpus] [--pages ../shared/seeds]
                                [--runs 7] [--rdflib-timeout 60] [--clients 4] [--seconds 10]

1. Every library query (parameters bound as variables) on the embedded Oxigraph store, against
   the same query and bindings on rdflib's in-memory Graph holding the same triples, in one run:
   median latency of ``--runs`` runs. Each rdflib query runs in a forked child that is killed
   after ``--rdflib-timeout`` seconds, so a pathological plan cannot stall the benchmark.
2. The endpoint (``dcgkg serve`` in its own process) under a bounded loopback load:
   ``--clients`` threads with keep-alive connections for ``--seconds`` seconds, cycling through
   the library queries; throughput, latency percentiles and the error count.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing as mp
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kg.build import Inputs, build  # noqa: E402
from kg.store import OxigraphStore, bind, open_store  # noqa: E402
from ontology import PREFIXES  # noqa: E402
from queries import library  # noqa: E402

SAMPLES = {"Keyword": "Piercing", "Timing": "On Deletion", "Card": "BT8-097", "Ruling": "Q688",
           "Effect": "BT5-086/main/3", "Literal": "x"}

_GRAPH = None  # the rdflib graph, inherited by forked children


def median_ms(seconds: list[float]) -> float:
    return round(statistics.median(seconds) * 1000, 2)


def bound_queries(store: OxigraphStore) -> dict[str, tuple[str, dict]]:
    out = {}
    for named in library.library().values():
        values = {p.name: SAMPLES[p.kind] for p in named.params.values()}
        out[named.name] = (named.text, library.bindings(store, named, values))
    return out


def time_oxigraph(store: OxigraphStore, text: str, bindings: dict, runs: int) -> tuple[float, int]:
    times, rows = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        rows = len(store.select(text, **bindings))
        times.append(time.perf_counter() - started)
    return median_ms(times), rows


def _rdflib_child(text: str, bindings: dict, runs: int, pipe: mp.connection.Connection) -> None:
    times, rows = [], 0
    try:
        for _ in range(runs):
            started = time.perf_counter()
            rows = len(list(_GRAPH.query(text, initNs=PREFIXES, initBindings=bindings)))
            times.append(time.perf_counter() - started)
    except Exception as exc:  # rdflib's own errors are a result too
        pipe.send((None, f"{type(exc).__name__}: {exc}"))
        return
    pipe.send((median_ms(times), rows))


def time_rdflib(text: str, bindings: dict, runs: int, timeout: float) -> tuple[float | None, object]:
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_rdflib_child, args=(text, bindings, runs, child), daemon=True)
    process.start()
    ready = parent.poll(timeout)
    result = parent.recv() if ready else (None, None)
    process.kill()
    process.join()
    return result


def load_rdflib(store: OxigraphStore):
    import pyoxigraph as ox
    from rdflib import Graph

    graph = Graph()
    data = store.store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph())
    graph.parse(data=data.decode(), format="nt")
    return graph


def compare(store: OxigraphStore, runs: int, timeout: float) -> None:
    global _GRAPH
    started = time.perf_counter()
    _GRAPH = load_rdflib(store)
    print(f"rdflib in-memory Graph: {len(_GRAPH):,} triples loaded in {time.perf_counter() - started:.1f}s")
    print(f"\n{'query':32} {'rows':>6} {'oxigraph ms':>12} {'rdflib ms':>12} {'ratio':>8}")
    for name, (text, bindings) in bound_queries(store).items():
        ox_ms, ox_rows = time_oxigraph(store, text, bindings, runs)
        rd_ms, rd_rows = time_rdflib(text, bindings, runs, timeout)
        if isinstance(rd_rows, str):
            print(f"{name:32} {ox_rows:>6} {ox_ms:>12} {'error':>12} {'-':>8}  (rdflib: {rd_rows[:60]})")
            continue
        if rd_ms is None:
            print(f"{name:32} {ox_rows:>6} {ox_ms:>12} {'> ' + str(int(timeout * 1000)):>12} {'-':>8}")
            continue
        ratio = f"{rd_ms / ox_ms:.0f}x" if ox_ms else "-"
        flag = "" if rd_rows == ox_rows else f"  (rdflib rows: {rd_rows})"
        print(f"{name:32} {ox_rows:>6} {ox_ms:>12} {rd_ms:>12} {ratio:>8}{flag}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def load_test(store: OxigraphStore, location: str, clients: int, seconds: float) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "from queries.cli import app; app()", "serve", "--store", location,
         "--port", str(port), "--workers", str(clients)], cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the endpoint did not start") from None
                time.sleep(0.1)
        texts = [bind(text, bindings) for text, bindings in bound_queries(store).values()]
        latencies: list[float] = []
        errors: dict[str, int] = {}
        lock = threading.Lock()
        stop = time.monotonic() + seconds

        def worker(offset: int) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            i = offset
            while time.monotonic() < stop:
                body = urllib.parse.urlencode({"query": texts[i % len(texts)]})
                i += 1
                started = time.perf_counter()
                try:
                    connection.request("POST", "/sparql", body=body, headers={
                        "Content-Type": "application/x-www-form-urlencoded",
                        "Accept": "application/sparql-results+json"})
                    response = connection.getresponse()
                    response.read()
                    ok = response.status == 200
                    key = str(response.status)
                except (OSError, http.client.HTTPException) as exc:
                    ok, key = False, type(exc).__name__
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                with lock:
                    if ok:
                        latencies.append(time.perf_counter() - started)
                    else:
                        errors[key] = errors.get(key, 0) + 1
            connection.close()

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        latencies.sort()
        done = len(latencies)
        p95 = latencies[int(done * 0.95)] * 1000 if done else 0
        print(f"\nendpoint: {clients} clients x {seconds:g}s over {len(texts)} library queries: "
              f"{done} answered, {done / seconds:.1f} req/s, median {median_ms(latencies)} ms, "
              f"p95 {p95:.1f} ms, errors {sum(errors.values())} {errors or ''}")
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, help="a built store directory (else built into a temp dir)")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--pages", type=Path, default=ROOT.parent / "shared" / "seeds")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rdflib-timeout", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dcgkg-qbench-") as tmp:
        location = str(args.store or Path(tmp) / "store")
        store = open_store(location)
        if not args.store:
            started = time.perf_counter()
            build(store, Inputs(corpus=[args.corpus], pages=[args.pages]))
            print(f"built the corpus graph in {time.perf_counter() - started:.1f}s")
        print(f"embedded Oxigraph store: {len(store):,} triples at {location}")
        compare(store, args.runs, args.rdflib_timeout)  # type: ignore[arg-type]
        load_test(store, location, args.clients, args.seconds)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
