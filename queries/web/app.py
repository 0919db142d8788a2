"""``dcgkg serve``'s ASGI application: ``/sparql`` (and ``/sparql/...``) to the SPARQL endpoint,
every other path to the browser pages (``queries.web.pages.build_app(store)``, imported only if
that module exists; without it they answer 404, and ``/`` a line naming the endpoint). The pages'
SPARQL editor is handed the endpoint's worker pool: one pool, one set of limits.

The query workers start with the application (ASGI lifespan) and stop with it. They open the
store themselves: an on-disk store read-only by its directory; an in-memory one from a snapshot
written to a temporary directory (written again when the graph is replaced); any other store
(a remote server) from a pickled copy.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pickle
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kg.store import OxigraphStore, Store
from queries.web.endpoint import TEXT, Options, Receive, Scope, Send, SparqlEndpoint
from queries.web.pool import PoolLimits, WorkerPool

log = logging.getLogger("dcgkg.serve")
ASGIApp = Callable[[Scope, Receive, Send], Any]


class _StoreSource:
    """What the workers open for a store, and the generation the cache keys on."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.snapshots: Path | None = None
        self.taken: int | None = None  # the generation of the in-memory store's snapshot

    @property
    def in_memory(self) -> bool:
        return isinstance(self.store, OxigraphStore) and self.store.root is None

    def generation(self) -> int | None:
        return self.store.generation if isinstance(self.store, OxigraphStore) else None

    def spec(self) -> tuple[str, Any]:
        store = self.store
        if isinstance(store, OxigraphStore):
            if store.root is not None:
                return ("disk", str(store.root))
            return ("disk", str(self._snapshot(store)))
        return ("pickle", pickle.dumps(store))

    def _snapshot(self, store: OxigraphStore) -> Path:
        """The in-memory graph written as an on-disk store directory (``CURRENT`` + one generation)."""
        import pyoxigraph as ox

        if self.snapshots is None:
            self.snapshots = Path(tempfile.mkdtemp(prefix="dcgkg-serve-"))
        self.taken = store.generation
        root = self.snapshots / f"g{self.taken}"
        if not root.exists():
            root.mkdir(parents=True)
            disk = ox.Store(str(root / "graph"))
            disk.bulk_extend(store.store)
            disk.flush()
            del disk  # closes the database: the workers open it read-only
            (root / "CURRENT").write_text("graph", encoding="utf-8")
        return root

    def stale(self) -> bool:
        return self.in_memory and self.taken != self.store.generation

    def close(self) -> None:
        if self.snapshots is not None:
            shutil.rmtree(self.snapshots, ignore_errors=True)


def _pages(store: Store) -> ASGIApp | None:
    if importlib.util.find_spec("queries.web.pages") is None:
        return None
    return importlib.import_module("queries.web.pages").build_app(store)  # type: ignore[no-any-return]


async def _no_pages(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return
    status, body = (200, b"dcg-kg SPARQL endpoint: GET or POST /sparql?query=...\n") if scope["path"] == "/" \
        else (404, b"not found: the SPARQL endpoint is /sparql\n")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", TEXT), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})


class App:
    """The dispatcher: an ASGI application."""

    def __init__(self, store: Store, options: Options, limits: PoolLimits) -> None:
        self.source = _StoreSource(store)
        self.limits = limits
        self._pool: WorkerPool | None = None
        self.endpoint = SparqlEndpoint(self.pool, options, self.source.generation)
        self.pages = _pages(store) or _no_pages
        runner = getattr(getattr(self.pages, "state", None), "sparql_runner", None)
        if runner is not None:  # the SPARQL editor runs its queries in the same pool, within the same limits
            runner.pool = self.pool
            runner.max_result_bytes = options.max_result_bytes

    def pool(self) -> WorkerPool:
        assert self._pool is not None, "the application has not started (ASGI lifespan)"
        if self.source.stale():
            self._pool.renew(self.source.spec(), self.source.taken or 0)
        return self._pool

    async def startup(self) -> None:
        self._pool = WorkerPool(self.source.spec(), self.limits, self.source.taken or 0)
        await self._pool.start()

    async def shutdown(self) -> None:
        if self._pool is not None:
            await self._pool.close()
        self.source.close()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http" and (scope["path"] == "/sparql" or scope["path"].startswith("/sparql/")):
            await self.endpoint(scope, receive, send)
        else:
            await self.pages(scope, receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                try:
                    await self.startup()
                except Exception as exc:  # noqa: BLE001 - said to the server, which stops
                    await send({"type": "lifespan.startup.failed", "message": str(exc)})
                    return
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.shutdown()
                await send({"type": "lifespan.shutdown.complete"})
                return


def build_app(store: Store, options: Options | None = None, limits: PoolLimits | None = None) -> App:
    """The ASGI application over a store (the workers start with its lifespan)."""
    return App(store, options or Options(), limits or PoolLimits())
