"""What the issue's checker does to ``dcgkg serve``, in one run: a table of case, status/time, pass/fail.

    PATH=/work/main/.venv/bin:$PATH python bench/serve_probe.py --store DIR [--seconds 2] [--timeout S]

Starts ``dcgkg serve`` (as a new user would: default limits unless ``--timeout`` is given) and
``oxigraph serve-read-only`` on the same built store (:func:`serve_bench.servers`), then:

1. the keep-alive load against both at 1, 4 and 16 clients for the cheap COUNT and the named
   query ``cards-with-keyword`` (Piercing): pass at ≥ 0.5 × Oxigraph's rate with the same text
   repeated (what a load generator sends); the uncached rates (every text new) are shown as info;
2. the nested query (``ASK { FILTER(`` + 5,000 ``(`` ... ``) }``): 400, the server up;
3. a SERVICE query naming a listener of ours: 400, and nothing connected to the listener;
4. ``SELECT * WHERE {?a ?b ?c . ?d ?e ?f} ORDER BY ?f LIMIT 1``: stopped (503), the server up;
5. four slow cross-join COUNTs and a cheap query while they run: the cheap one 200 in < 1 s, the
   slow ones stopped (503) by the timeout;
6. HEAD (200, no body, the GET's length) and OPTIONS (204, ``Allow``);
7. an error while the answer is written (the whole graph past the 50 MB result cap): a complete
   413 and the same kept-alive connection answers the next query;
8. at the end, the server process still runs and answers.

Exits 1 if any case fails.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serve_bench import COUNT, compare, named_query, servers  # noqa: E402

NESTED = "ASK { FILTER(" + "(" * 5000 + "1" + ")" * 5000 + ") }"
ORDERED_CROSS = "SELECT * WHERE {?a ?b ?c . ?d ?e ?f} ORDER BY ?f LIMIT 1"
CROSS = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
CHEAP = "ASK { dcg:Piercing a dcg:Keyword }"

Result = tuple[str, str, bool]  # case, what was seen, passed


def request(port: int, query: str | None = None, method: str = "GET",
            conn: http.client.HTTPConnection | None = None, timeout: float = 120,
            ) -> tuple[int, dict[str, str], bytes, float]:
    """One request to /sparql: status, headers, body, seconds."""
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    target = "/sparql" + ("?" + urllib.parse.urlencode({"query": query}) if query is not None else "")
    start = time.monotonic()
    conn.request(method, target)
    response = conn.getresponse()
    body = response.read()
    seconds = time.monotonic() - start
    if own:
        conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body, seconds


def up(port: int) -> bool:
    try:
        return request(port, f"{CHEAP} # up {time.time_ns()}", timeout=5)[0] == 200
    except OSError:
        return False


def load_cases(ports: dict[str, int], seconds: float) -> list[Result]:
    results = []
    for label, query in (("COUNT", COUNT), ("cards-with-keyword", named_query())):
        for cached in (True, False):
            for clients in (1, 4, 16):
                f = compare(ports, label, query, clients, seconds, cached, round_=1)
                ours, base = f["dcgkg"], f["oxigraph"]
                ratio = ours[0] / base[0]
                seen = (f"{ours[0]:,.0f} vs {base[0]:,.0f} q/s = {ratio:.2f}x, "
                        f"p50 {ours[1]:.2f} vs {base[1]:.2f} ms, errors {ours[2] + base[2]}")
                mode = "cached" if cached else "uncached, info"
                ok = (ratio >= 0.5 if cached else True) and ours[2] == 0
                results.append((f"load {label} {clients} clients ({mode})", seen, ok))
    return results


def refusal_cases(port: int) -> list[Result]:
    results = []
    status, _, body, secs = request(port, NESTED)
    results.append(("nested 5,000 brackets", f"{status} in {secs:.2f}s: {body[:60].decode(errors='replace')}",
                    status == 400 and up(port)))
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.5)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/x"
    status, _, body, secs = request(port, f"SELECT * WHERE {{ SERVICE <{url}> {{ ?s ?p ?o }} }}")
    try:
        listener.accept()[0].close()
        contacted = True
    except TimeoutError:
        contacted = False
    listener.close()
    results.append(("SERVICE to our listener", f"{status} in {secs:.2f}s, listener contacted: {contacted}",
                    status == 400 and not contacted))
    status, _, body, secs = request(port, ORDERED_CROSS)
    results.append(("ORDER BY cross join", f"{status} in {secs:.2f}s: {body[:70].decode(errors='replace')}",
                    status == 503 and up(port)))
    return results


def slow_and_cheap(port: int) -> list[Result]:
    statuses: list[int] = []
    threads = [threading.Thread(target=lambda i=i: statuses.append(request(port, f"{CROSS} # slow {i}")[0]))
               for i in range(4)]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(1.5)  # all four past the pool's slow_after
    status, _, _, secs = request(port, f"{CHEAP} # while slow {time.time_ns()}")
    for thread in threads:
        thread.join()
    return [("cheap query while 4 slow run", f"{status} in {secs:.3f}s", status == 200 and secs < 1.0),
            ("4 slow cross-join COUNTs", f"{statuses} after {time.monotonic() - start:.1f}s",
             statuses == [503] * 4 and up(port))]


def method_cases(port: int) -> list[Result]:
    status, headers, body, secs = request(port, "ASK {}", method="HEAD")
    got = request(port, "ASK {}")[2]
    head = ("HEAD", f"{status}, body {len(body)} bytes, length {headers.get('content-length')}",
            status == 200 and body == b"" and headers.get("content-length") == str(len(got)))
    status, headers, _, _ = request(port, method="OPTIONS")
    options = ("OPTIONS", f"{status}, Allow: {headers.get('allow')}",
               status == 204 and "POST" in headers.get("allow", ""))
    return [head, options]


def streaming_error(port: int) -> list[Result]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        status, headers, body, secs = request(port, "SELECT * WHERE { ?s ?p ?o }", conn=conn)
        whole = headers.get("content-length") == str(len(body))
        after = request(port, f"{CHEAP} # same connection", conn=conn)[0]
    except (OSError, http.client.HTTPException) as exc:
        return [("error while writing the answer", f"connection broke: {exc!r}", False)]
    finally:
        conn.close()
    return [("error while writing the answer",
             f"{status} in {secs:.2f}s, complete: {whole}, next on the connection: {after}",
             status == 413 and whole and after == 200)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per load cell")
    parser.add_argument("--timeout", type=float, help="dcgkg serve --timeout (default: its own)")
    args = parser.parse_args()
    extra = ("--timeout", str(args.timeout)) if args.timeout else ()
    results: list[Result] = []
    with servers(args.store.expanduser(), extra) as ports:
        port = ports["dcgkg"]
        steps: list[Callable[[], list[Result]]] = [
            lambda: load_cases(ports, args.seconds), lambda: refusal_cases(port),
            lambda: slow_and_cheap(port), lambda: method_cases(port), lambda: streaming_error(port)]
        for step in steps:
            for case in step():
                results.append(case)
                print(f"{case[0]:<52} {'pass' if case[2] else 'FAIL':<5} {case[1]}", flush=True)
        final = ("server still up at the end", "answers a cheap query", up(port))
        results.append(final)
        print(f"{final[0]:<52} {'pass' if final[2] else 'FAIL':<5} {final[1]}")
    failed = [case for case, _, ok in results if not ok]
    print(f"\n{len(results) - len(failed)} of {len(results)} cases pass" + (f"; failed: {', '.join(failed)}"
                                                                          if failed else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
