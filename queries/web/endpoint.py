"""The SPARQL 1.1 Protocol at ``/sparql`` as an ASGI application (read-only).

- Queries: ``GET /sparql?query=...``, ``POST`` form-encoded (``query=``) or
  ``application/sparql-query``; ``HEAD`` answers as ``GET`` without the body, ``OPTIONS`` with
  the methods allowed.
- Results by content negotiation: SPARQL JSON (default), XML, CSV, TSV for SELECT/ASK; Turtle
  (default), N-Triples or RDF/XML for CONSTRUCT/DESCRIBE. ``?format=json|xml|csv|tsv|ttl|nt``
  overrides the Accept header.
- Read-only: an update (``update=`` or ``application/sparql-update``) gets 403, one sent as a
  query 400 ("updates are not accepted"); a malformed query 400 with a short syntax error (line,
  column, what was expected); an unacceptable Accept 406.
- A ``dcg:`` term the vocabulary does not have gets a hint ("did you mean dcg:aboutKeyword?"): in
  the 400 message, or in a ``Warning`` header of an answer.
- Refused before any parser sees them (:mod:`queries.sparql_guard`, 400): ``SERVICE`` to an
  endpoint the operator did not allow, brackets nested too deep, too many operators.
- Limits: a request body cap (413), a result cap (413 with a hint to add a LIMIT), a time and a
  memory bound per query, enforced by running each query in a worker process
  (:mod:`queries.web.pool`; 503 when a query is stopped or all workers are busy).
- Answers are built whole, then sent with their length: an error while a result is written is an
  error response, never a cut-off one.
- CORS: no ``Access-Control-*`` header unless the operator named the origin (``--cors ORIGIN``).
- A result cache: the answers of an embedded (read-only) store, keyed by the query text, what
  the client accepts and the store's generation (a rebuild starts it afresh), up to a byte budget.
  A ``GET`` is looked up by its query string as it came, before anything is decoded or checked.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from queries.names import unknown_terms
from queries.sparql_guard import QueryRefused, check
from queries.web.form import parse_form
from queries.web.media import FORMAT_PARAM
from queries.web.pool import QueryStopped, WorkerPool

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]  # status, headers, body
Key = tuple[str | bytes, str | bytes | None, int]  # query (or GET query string), accept, store generation

log = logging.getLogger("dcgkg.serve")
ALLOW = b"GET, HEAD, POST, OPTIONS"
TEXT = b"text/plain; charset=utf-8"
#: answers that stay the same while the graph does (an int set: an HTTPStatus member costs a lookup)
_CACHED_STATUSES = frozenset(int(s) for s in (
    HTTPStatus.OK, HTTPStatus.BAD_REQUEST, HTTPStatus.NOT_ACCEPTABLE, HTTPStatus.REQUEST_ENTITY_TOO_LARGE))
DRAIN_CEILING = 64_000_000  # bytes of an oversized body read (and dropped) so the client sees the 413


class HTTPError(Exception):
    """An answer other than 200, with its status and a message for the client."""

    def __init__(self, status: HTTPStatus, message: str, headers: list[tuple[bytes, bytes]] | None = None,
                 ) -> None:
        super().__init__(message)
        self.status, self.headers = status, headers or []


@dataclass(frozen=True)
class Options:
    """What the operator allows: SERVICE endpoints, CORS origins, the result cache's size."""

    allowed_services: tuple[str, ...] = ()
    cors: tuple[str, ...] = ()
    cache_bytes: int = 64_000_000
    max_result_bytes: int = 50_000_000
    max_body_bytes: int = 1_000_000
    verbose: bool = False


@dataclass
class ResultCache:
    """Whole answers by (query, accept, generation), least recently used out first, within a budget."""

    budget: int
    entries: OrderedDict[Key, Answer] = field(default_factory=OrderedDict)
    size: int = 0

    def get(self, key: Key) -> Answer | None:
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def put(self, key: Key, value: Answer) -> None:
        cost = len(value[2]) + len(key[0]) + 256
        if cost > self.budget // 8:  # a big answer would push out many small ones
            return
        if key in self.entries:
            return
        self.entries[key] = value
        self.size += cost
        while self.size > self.budget:
            old_key, old = self.entries.popitem(last=False)
            self.size -= len(old[2]) + len(old_key[0]) + 256


def _headers(scope: Scope) -> dict[bytes, bytes]:
    return {name: value for name, value in scope["headers"]}


class SparqlEndpoint:
    """The ASGI application for ``/sparql``; ``pool`` runs the queries, ``generation()`` names the
    store's current graph for the cache (None: do not cache)."""

    def __init__(self, pool: Callable[[], WorkerPool], options: Options,
                 generation: Callable[[], int | None]) -> None:
        self.pool, self.options, self.generation = pool, options, generation
        self.cache = ResultCache(options.cache_bytes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        method = scope["method"]
        extra = self._cors(headers)
        try:
            if scope["path"].rstrip("/") != "/sparql":
                raise HTTPError(HTTPStatus.NOT_FOUND, "the endpoint is /sparql")
            if method == "OPTIONS":
                allow = [(b"allow", ALLOW), *self._preflight(extra)]
                await self._send(send, HTTPStatus.NO_CONTENT, allow + extra, b"")
                return
            raw_key = None
            if method in ("GET", "HEAD"):
                generation = self.generation()
                if generation is not None:
                    raw_key = (scope["query_string"], headers.get(b"accept"), generation)
                    if (cached := self.cache.get(raw_key)) is not None:
                        await self._send(send, cached[0], cached[1] + extra,
                                         b"" if method == "HEAD" else cached[2], len(cached[2]))
                        return
                params = parse_form(scope["query_string"])
                body = None
            elif method == "POST":
                params, body = await self._post(scope, headers, receive)
            else:
                raise HTTPError(HTTPStatus.METHOD_NOT_ALLOWED, f"{method} is not answered here",
                                [(b"allow", ALLOW)])
            status, answer_headers, payload = await self._answer(params, body, headers, raw_key)
        except HTTPError as exc:
            status, answer_headers, payload = exc.status, [(b"content-type", TEXT), *exc.headers], (
                str(exc) + "\n").encode()
        await self._send(send, status, answer_headers + extra, b"" if method == "HEAD" else payload,
                         len(payload))

    async def _answer(self, params: dict[str, list[str]], body: str | None,
                      headers: dict[bytes, bytes], raw_key: Key | None = None) -> Answer:
        if "update" in params:
            raise HTTPError(HTTPStatus.FORBIDDEN, "this endpoint is read-only")
        if params.get("default-graph-uri") or params.get("named-graph-uri"):
            raise HTTPError(HTTPStatus.BAD_REQUEST, "dataset parameters are not supported")
        queries = params.get("query", []) if body is None else [body]
        if len(queries) != 1 or not queries[0].strip():
            raise HTTPError(HTTPStatus.BAD_REQUEST, "give exactly one query (query=...)")
        query = queries[0]
        raw_accept = headers.get(b"accept")
        accept = raw_accept.decode("latin-1") if raw_accept is not None else None
        if params.get("format"):
            accept = FORMAT_PARAM.get(params["format"][0].lower(), params["format"][0])
        generation = self.generation()
        key = (query, accept, generation) if generation is not None else None
        if key is not None and (cached := self.cache.get(key)) is not None:
            return cached
        try:
            check(query, allowed_services=self.options.allowed_services)
        except QueryRefused as exc:
            raise HTTPError(HTTPStatus.BAD_REQUEST, str(exc)) from None
        hints = unknown_terms(query)
        try:
            status, media, payload = await self.pool().run(query, accept, self.options.max_result_bytes)
        except QueryStopped as exc:
            raise HTTPError(exc.status, str(exc)) from None
        if status != HTTPStatus.OK:
            message = payload.decode("utf-8", "replace")
            if status == HTTPStatus.BAD_REQUEST and hints:
                message = "\n".join([message, *(f"hint: {h}" for h in hints)])
            answer = (status, [(b"content-type", TEXT)], (message + "\n").encode())
        else:  # a misspelled dcg: term answers no rows without an error: say so in a Warning header
            warnings = [(b"warning", f'199 dcgkg "{h}"'.encode()) for h in hints]
            answer = (status, [(b"content-type", media.encode()), *warnings], payload)
        if key is not None and status in _CACHED_STATUSES:
            if raw_key is None:
                self.cache.put(key, answer)
            elif raw_key[2] == generation:  # a GET: found next time before its query string is decoded
                self.cache.put(raw_key, answer)
        return answer

    async def _post(self, scope: Scope, headers: dict[bytes, bytes], receive: Receive,
                    ) -> tuple[dict[str, list[str]], str | None]:
        cap = self.options.max_body_bytes
        length = headers.get(b"content-length")
        if length is not None:
            try:
                size = int(length)
            except ValueError:
                raise HTTPError(HTTPStatus.BAD_REQUEST, "bad Content-Length") from None
            if size > cap:
                await self._drain(receive, min(size, DRAIN_CEILING))
                raise self._too_big(cap)
        chunks, got = [], 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise HTTPError(HTTPStatus.BAD_REQUEST, "the client went away")
            chunk = message.get("body", b"")
            got += len(chunk)
            if got > cap:
                raise self._too_big(cap)
            chunks.append(chunk)
            more = message.get("more_body", False)
        raw = b"".join(chunks)
        data = raw.decode("utf-8", "replace")
        ctype = headers.get(b"content-type", b"").decode("latin-1").split(";")[0].strip().lower()
        params = parse_form(scope["query_string"])
        if ctype == "application/x-www-form-urlencoded":
            params.update(parse_form(raw))
            return params, None
        if ctype == "application/sparql-query":
            return params, data
        if ctype == "application/sparql-update":
            raise HTTPError(HTTPStatus.FORBIDDEN, "this endpoint is read-only")
        raise HTTPError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                        f"POST a form (query=...) or application/sparql-query, not {ctype or 'nothing'}")

    @staticmethod
    def _too_big(cap: int) -> HTTPError:
        return HTTPError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the request body is over {cap:,} bytes",
                         [(b"connection", b"close")])

    @staticmethod
    async def _drain(receive: Receive, left: int) -> None:
        while left > 0:
            message = await receive()
            if message["type"] != "http.request":
                return
            left -= len(message.get("body", b""))
            if not message.get("more_body", False):
                return

    def _cors(self, headers: dict[bytes, bytes]) -> list[tuple[bytes, bytes]]:
        """The CORS headers for this request's Origin: none unless the operator allowed it."""
        origin = headers.get(b"origin")
        allowed = self.options.cors
        if not allowed or origin is None:
            return []
        if "*" in allowed:
            return [(b"access-control-allow-origin", b"*")]
        if origin.decode("latin-1") in allowed:
            return [(b"access-control-allow-origin", origin), (b"vary", b"Origin")]
        return []

    @staticmethod
    def _preflight(cors: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
        if not cors:
            return []
        return [(b"access-control-allow-methods", ALLOW),
                (b"access-control-allow-headers", b"Accept, Content-Type"),
                (b"access-control-max-age", b"600")]

    @staticmethod
    async def _send(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes,
                    length: int | None = None) -> None:
        size = len(body) if length is None else length
        await send({"type": "http.response.start", "status": int(status),
                    "headers": [*headers, (b"content-length", str(size).encode())]})
        await send({"type": "http.response.body", "body": body})
