"""Keep-alive throughput of ``dcgkg serve`` against ``oxigraph serve-read-only``, same store, same run.

    python bench/serve_bench.py [--store ~/.local/share/dcg-kg/store] [--seconds 3] [--clients 1,4,16]

Starts both servers on loopback over the same store (both open it read-only: pyoxigraph's
``Store.read_only`` and Oxigraph's read-only server may share one directory). For each query (a
cheap COUNT and the named query ``cards-with-keyword`` with keyword=Piercing, sent with the full
PREFIX prologue so both servers get the same text), each client count and each mode it drives
each server with the same load generator: one process per client, one kept-alive connection
each, the answer read by its Content-Length or chunks.

- **cached**: the same query text on every request (our result cache answers it);
- **uncached**: every request a text no server has seen (a comment ``# client-n`` in front), the
  same texts for both servers, so every request runs its query.

Prints queries per second, the median latency and ours / Oxigraph's. ``--floor`` also drives
``bench/asgi_floor.py``, an ASGI app that answers without reading the query on the same uvicorn
settings: what the HTTP stack alone allows, against Oxigraph running the query.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kg.store import bind, default_store_path  # noqa: E402
from ontology import PREFIXES  # noqa: E402
from queries import library  # noqa: E402

PROLOGUE = "".join(f"PREFIX {name}: <{iri}>\n" for name, iri in PREFIXES.items())
COUNT = PROLOGUE + "SELECT (COUNT(?k) AS ?n) WHERE { ?k a dcg:Keyword }"
PATHS = {"oxigraph": "/query", "dcgkg": "/sparql", "floor": "/sparql"}


def named_query() -> str:
    from rdflib import URIRef

    text = library.query("cards-with-keyword").text
    return PROLOGUE + bind(text, {"keyword": URIRef(PREFIXES["dcg"] + "Piercing")})


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(port: int, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"a server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing listens on {port}")


def oxigraph_binary() -> str:
    return shutil.which("oxigraph") or str(Path(sys.executable).with_name("oxigraph"))


@contextmanager
def servers(store: Path, dcgkg_args: tuple[str, ...] = (), floor: bool = False) -> Iterator[dict[str, int]]:
    """``oxigraph serve-read-only`` and ``dcgkg serve`` on the store's live generation (and the
    ASGI floor); their ports."""
    generation = store / (store / "CURRENT").read_text(encoding="utf-8").strip()
    ports = {"oxigraph": free_port(), "dcgkg": free_port(), **({"floor": free_port()} if floor else {})}
    commands = {
        "oxigraph": [oxigraph_binary(), "serve-read-only", "--location", str(generation),
                     "--bind", f"127.0.0.1:{ports['oxigraph']}"],
        "dcgkg": [sys.executable, "-m", "queries", "serve", "--store", str(store),
                  "--port", str(ports["dcgkg"]), *dcgkg_args],
    }
    if floor:
        commands["floor"] = [sys.executable, str(ROOT / "bench" / "asgi_floor.py"), str(ports["floor"])]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    processes = {name: subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                 for name, cmd in commands.items()}
    try:
        for name, process in processes.items():
            wait_for(ports[name], process)
        # a search waits for the pages' search index, which the server builds on a thread at start
        # (3-6 s on the full corpus): measure after it
        urllib.request.urlopen(f"http://127.0.0.1:{ports['dcgkg']}/search?q=Piercing", timeout=120).read()
        time.sleep(1.0)  # the workers open the store
        yield ports
    finally:
        for process in processes.values():
            process.terminate()
        for process in processes.values():
            process.wait(timeout=30)


def read_answer(sock: socket.socket, buffer: bytearray) -> int:
    """Read one HTTP answer off a kept-alive connection; its status (the rest stays in buffer)."""
    while (end := buffer.find(b"\r\n\r\n")) < 0:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        buffer += chunk
    head = bytes(buffer[:end]).lower()
    del buffer[:end + 4]
    status = int(head[9:12])
    if b"transfer-encoding: chunked" in head:
        while True:
            while (line := buffer.find(b"\r\n")) < 0:
                buffer += sock.recv(65536)
            size = int(bytes(buffer[:line]).split(b";")[0], 16)
            while len(buffer) < line + 2 + size + 2:
                buffer += sock.recv(65536)
            del buffer[:line + 2 + size + 2]
            if size == 0:
                return status
    start = head.find(b"content-length:")
    length = int(head[start + 15:head.find(b"\r\n", start) if b"\r\n" in head[start:] else None]) \
        if start >= 0 else 0
    while len(buffer) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        buffer += chunk
    del buffer[:length]
    return status


def requests(port: int, path: str, query: str, tag: str | None) -> Iterator[bytes]:
    """The request bytes, over and over: the same each time (tag None), or each with a new comment."""
    head = f"GET {path}?query=".encode()
    tail = (f"{urllib.parse.quote(query)} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Accept: application/sparql-results+json\r\n\r\n").encode()
    if tag is None:
        same = head + tail
        while True:
            yield same
    n = 0
    while True:
        n += 1
        yield head + f"%23{tag}-{n}%0A".encode() + tail


def client(port: int, path: str, query: str, tag: str | None, start: float, stop: float,
           out: mp.Queue) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    buffer = bytearray()
    latencies: list[float] = []
    errors = 0
    texts = requests(port, path, query, tag)
    while time.time() < start:
        time.sleep(0.001)
    while True:  # at least one request, however slow the machine
        request = next(texts)
        now = time.perf_counter()
        sock.sendall(request)
        if read_answer(sock, buffer) != 200:
            errors += 1
        latencies.append(time.perf_counter() - now)
        if time.time() >= stop:
            break
    sock.close()
    out.put((latencies, errors))


def load(port: int, path: str, query: str, clients: int, seconds: float, tag: str | None = None,
         ) -> tuple[float, float, int]:
    """Queries per second, median latency (ms), errors; ``tag``: every request a new text."""
    context = mp.get_context("fork")
    out: mp.Queue = context.Queue()
    start = time.time() + 0.5
    procs = [context.Process(target=client, args=(port, path, query, None if tag is None else f"{tag}{i}",
                                                  start, start + seconds, out))
             for i in range(clients)]
    for proc in procs:
        proc.start()
    results = [out.get(timeout=seconds + 60) for _ in procs]
    for proc in procs:
        proc.join()
    latencies = [lat for lats, _ in results for lat in lats]
    return len(latencies) / seconds, statistics.median(latencies) * 1000, sum(e for _, e in results)


def compare(ports: dict[str, int], label: str, query: str, clients: int, seconds: float, cached: bool,
            round_: int = 0) -> dict[str, tuple[float, float, int]]:
    """Both servers under the same load; the texts of the uncached mode are the same for both."""
    figures = {}
    for name, port in ports.items():
        load(port, PATHS[name], query, 1, 0.3)  # warm: the cache, the workers
        tag = None if cached else f"r{round_}c{clients}{label[:3]}"
        figures[name] = load(port, PATHS[name], query, clients, seconds, tag)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, default=default_store_path())
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--clients", default="1,4,16")
    parser.add_argument("--floor", action="store_true", help="also drive an empty ASGI app on the same stack")
    args = parser.parse_args()
    store = args.store.expanduser()
    queries = {"COUNT": COUNT, "cards-with-keyword Piercing": named_query()}
    with servers(store, floor=args.floor) as ports:
        print(f"store {store}, {args.seconds:g}s per cell, keep-alive, one connection per client")
        print(f"{'query':<28} {'mode':<9} {'clients':>7} {'dcgkg q/s':>10} {'p50 ms':>7} "
              f"{'oxigraph q/s':>12} {'p50 ms':>7} {'err':>4} {'ratio':>6}"
              + (f" {'floor q/s':>10} {'floor/oxi':>9}" if args.floor else ""))
        for label, query in queries.items():
            for cached in (True, False):
                for clients in (int(c) for c in args.clients.split(",")):
                    f = compare(ports, label, query, clients, args.seconds, cached)
                    (ours, ours_p50, ours_err), (base, base_p50, base_err) = f["dcgkg"], f["oxigraph"]
                    print(f"{label:<28} {'cached' if cached else 'uncached':<9} {clients:>7} {ours:>10,.0f} "
                          f"{ours_p50:>7.2f} {base:>12,.0f} {base_p50:>7.2f} {ours_err + base_err:>4} "
                          f"{ours / base:>6.2f}"
                          + (f" {f['floor'][0]:>10,.0f} {f['floor'][0] / base:>9.2f}" if args.floor else ""),
                          flush=True)


if __name__ == "__main__":
    main()
