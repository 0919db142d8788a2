"""``dcgkg serve``: the web application (:mod:`queries.web.app`) on uvicorn, a read-only SPARQL 1.1
Protocol endpoint at ``/sparql`` and the browser pages beside it.

Why this stack (measured by ``bench/serve_bench.py`` against ``oxigraph serve-read-only`` on the
same store, in the same run; the figures are in the module's report and the README):

- **uvicorn with httptools and uvloop** parses HTTP in C and writes each answer without the
  Nagle wait that held every kept-alive request of the old standard-library server for 44 ms;
  it is the ASGI server most deployed, and the pages can be any ASGI app on the same port.
- **Queries in worker processes** (:mod:`queries.web.pool`): a query past its time is stopped
  by ending its process, a query is bounded in memory (``RLIMIT_AS``), a crash takes down one
  worker, never the server; spare workers answer cheap queries while long ones run.
- **A front to ``oxigraph serve-read-only``** was the other choice: faster per query, but it has
  no memory bound, its timeout does not cover a result being written, SERVICE and deep nesting
  would still need a guard in front, and that front is a Python HTTP hop anyway.
- **A result cache** (the store is read-only; keyed by query, Accept and store generation) makes
  a repeated query cost what the HTTP layer costs.

:class:`SparqlServer` runs it: in the foreground (``serve_forever``, for the command) or in a
background thread (``start``, for tests and embedding).

>>> import urllib.request
>>> from queries import open_bundled
>>> server = SparqlServer(open_bundled().store, limits=Limits(workers=1, spare=0))  # port 0: a free one
>>> _ = server.start()
>>> with urllib.request.urlopen(server.url + "?query=ASK%7B%7D") as answer:
...     answer.read()
b'{"head":{},"boolean":true}'
>>> server.shutdown(); server.server_close()
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

from kg.store import Store
from queries.web.app import build_app
from queries.web.endpoint import HTTPError, Options
from queries.web.media import negotiate
from queries.web.pool import PoolLimits

__all__ = ["HTTPError", "Limits", "SparqlServer", "negotiate"]


@dataclass(frozen=True)
class Limits:
    """How much one request may ask of the server."""

    timeout: float = 30.0  # seconds a query may run (then its worker is ended)
    max_result_bytes: int = 50_000_000
    max_body_bytes: int = 1_000_000
    workers: int = 4  # long queries at once
    spare: int = 2  # workers beyond those, for cheap queries
    max_memory_bytes: int = 1_000_000_000  # per query (0: no bound)
    slow_after: float = 1.0  # seconds after which a query counts as long
    cache_bytes: int = 64_000_000  # the result cache (0: none)


class SparqlServer:
    """The application on uvicorn, listening on ``host:port`` (0: a free port) from construction."""

    def __init__(self, store: Store, host: str = "127.0.0.1", port: int = 0, *,
                 limits: Limits | None = None, verbose: bool = False,
                 allowed_services: tuple[str, ...] = (), cors: tuple[str, ...] = ()) -> None:
        import uvicorn

        self.limits = limits = limits or Limits()
        self.socket = socket.create_server((host, port), backlog=1024)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.server_address: tuple[str, int] = self.socket.getsockname()[:2]
        self.app = build_app(store, Options(
            allowed_services=tuple(allowed_services), cors=tuple(cors), cache_bytes=limits.cache_bytes,
            max_result_bytes=limits.max_result_bytes, max_body_bytes=limits.max_body_bytes, verbose=verbose),
            PoolLimits(long_queries=limits.workers, spare=limits.spare, timeout=limits.timeout,
                       slow_after=min(limits.slow_after, limits.timeout),
                       max_memory_bytes=limits.max_memory_bytes))
        config = uvicorn.Config(self.app, loop="uvloop", http="httptools", lifespan="on", log_config=None,
                                log_level="info" if verbose else "warning", access_log=verbose,
                                server_header=False, timeout_keep_alive=30, timeout_graceful_shutdown=2,
                                limit_concurrency=1000)
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.server_address
        return f"http://{host}:{port}/sparql"

    @property
    def started(self) -> bool:
        return bool(self._server.started)

    def serve_forever(self) -> None:
        """Serve until stopped (Ctrl-C or SIGTERM in the main thread, :meth:`shutdown` elsewhere)."""
        self._server.run(sockets=[self.socket])

    def start(self, seconds: float = 60) -> threading.Thread:
        """Serve in a background thread; return once it answers (raise if it could not start)."""
        self._thread = threading.Thread(target=self.serve_forever, name="sparql-endpoint", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + seconds
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the SPARQL server did not start (see its log)")
            time.sleep(0.02)
        return self._thread

    def shutdown(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=30)

    def server_close(self) -> None:
        self.socket.close()
