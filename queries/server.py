"""A read-only SPARQL 1.1 Protocol endpoint at ``/sparql`` over any store (standard library HTTP).

- Queries: ``GET /sparql?query=...``, ``POST`` form-encoded (``query=``) or ``application/sparql-query``.
- Results by content negotiation: SPARQL JSON (default), XML, CSV, TSV for SELECT/ASK; Turtle
  (default), N-Triples or RDF/XML for CONSTRUCT/DESCRIBE. ``?format=json|xml|csv|tsv|ttl|nt``
  overrides the Accept header.
- Read-only: an update (``update=`` or ``application/sparql-update``) gets 403, one sent as a
  query 400 ("updates are not accepted"); a malformed query (``SELEC ...``) 400 with a short syntax
  error (line, column, what was expected); an unacceptable Accept 406.
- A ``dcg:`` term the vocabulary does not have gets a hint ("did you mean dcg:aboutKeyword?"): in
  the 400 message, or in a ``Warning`` header of an answer (which then most likely has no rows).
- Limits: a request body cap (413), a time budget per query (503, as Fuseki answers a query
  timeout), a cap on the size of a result (413 with a hint to add a LIMIT), and at most
  ``workers`` queries at once (503 when all are busy). A slow query runs on in its worker only
  until its next write, then stops.

>>> negotiate("text/csv;q=0.5, application/sparql-results+xml", "SELECT")
'application/sparql-results+xml'
>>> negotiate("text/html", "CONSTRUCT") is None
True
"""

from __future__ import annotations

import io
import json
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pyoxigraph as ox

from kg.store import OxigraphStore, Store, StoreError
from ontology import PREFIXES
from queries.names import unknown_terms
from queries.results import query_form, select_json

RESULT_TYPES = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
    "application/json": ox.QueryResultsFormat.JSON,
}
GRAPH_TYPES = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
}
FORMAT_PARAM = {"json": "application/sparql-results+json", "xml": "application/sparql-results+xml",
                "csv": "text/csv", "tsv": "text/tab-separated-values", "ttl": "text/turtle",
                "turtle": "text/turtle", "nt": "application/n-triples", "rdfxml": "application/rdf+xml"}


class HTTPError(Exception):
    """An answer other than 200, with its status and a message for the client."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Limits:
    """How much one request may ask of the server."""

    timeout: float = 30.0
    max_result_bytes: int = 50_000_000
    max_body_bytes: int = 1_000_000
    workers: int = 4


def negotiate(accept: str | None, form: str) -> str | None:
    """The media type to answer with, from an Accept header (q-values honoured); None if none fits."""
    offered = list(GRAPH_TYPES if form in ("CONSTRUCT", "DESCRIBE") else RESULT_TYPES)
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept or "*/*").split(",")):
        media, *params = [p.strip() for p in part.split(";")]
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        wanted.append((-q, index, media.lower()))
    for neg_q, _index, media in sorted(wanted):
        if neg_q == 0:
            break
        if media in offered:
            return media
        if media in ("*/*", "application/*", "text/*"):
            prefix = media.split("/")[0]
            matches = [o for o in offered if prefix == "*" or o.startswith(prefix + "/")]
            if matches:
                return matches[0]
    return None


class _Capped(io.RawIOBase):
    """A buffer that stops the writer when the result grows too big or the deadline passes."""

    def __init__(self, limit: int, deadline: float, cancelled: threading.Event) -> None:
        self.buffer = io.BytesIO()
        self.limit, self.deadline, self.cancelled = limit, deadline, cancelled

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if self.cancelled.is_set() or time.monotonic() > self.deadline:
            raise TimeoutError("query timed out")
        if self.buffer.tell() + len(data) > self.limit:
            raise OverflowError("result too large")
        return self.buffer.write(data)


def _serialize_embedded(store: OxigraphStore, query: str, media: str, sink: _Capped) -> None:
    # pyoxigraph results must be dropped on the thread that made them: never let one outlive
    # this frame (an exception's traceback would otherwise carry it to another thread).
    result = store.raw_query(query)
    try:
        if isinstance(result, ox.QueryTriples):
            ox.serialize(result, sink, format=GRAPH_TYPES[media], prefixes=PREFIXES)
        else:
            result.serialize(sink, format=RESULT_TYPES[media])  # type: ignore[attr-defined]
    finally:
        del result


def execute(store: Store, query: str, accept: str | None, limits: Limits,
            cancelled: threading.Event) -> tuple[str, bytes]:
    """Run a read query; return the content type and the serialised answer.

    >>> from queries import open_bundled
    >>> execute(open_bundled().store, "ASK { dcg:Piercing a dcg:Keyword }", "text/csv", Limits(),
    ...         threading.Event())
    ('text/csv; charset=utf-8', b'true')
    """
    try:
        form = query_form(query)
    except StoreError as exc:  # a malformed query: the short syntax error
        raise HTTPError(HTTPStatus.BAD_REQUEST, str(exc)) from None
    if form == "UPDATE":
        raise HTTPError(HTTPStatus.BAD_REQUEST, "not a SPARQL query (updates are not accepted here)")
    media = negotiate(accept, form)
    if media is None:
        raise HTTPError(HTTPStatus.NOT_ACCEPTABLE, f"cannot answer a {form} query as {accept}")
    sink = _Capped(limits.max_result_bytes, time.monotonic() + limits.timeout, cancelled)
    try:
        if isinstance(store, OxigraphStore):
            _serialize_embedded(store, query, media, sink)
        elif hasattr(store, "raw"):  # a RemoteStore: pass the request on
            media, body = store.raw(query, media)
            sink.write(body)
        else:
            sink.write(json.dumps(select_json(store.select(query))).encode())
            media = "application/sparql-results+json"
    except StoreError as exc:
        raise HTTPError(HTTPStatus.BAD_REQUEST, str(exc)) from None
    except TimeoutError:
        raise HTTPError(HTTPStatus.SERVICE_UNAVAILABLE,
                        f"query timed out after {limits.timeout:g}s") from None
    except OverflowError:
        raise HTTPError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                        f"the result is larger than {limits.max_result_bytes:,} bytes; add a LIMIT") from None
    charset = "; charset=utf-8" if media.startswith("text/") and "charset" not in media else ""
    return media + charset, sink.buffer.getvalue()


class SparqlHandler(BaseHTTPRequestHandler):
    """One request to the endpoint."""

    server: SparqlServer
    protocol_version = "HTTP/1.1"
    timeout = 30  # seconds a client may take to send its request

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if self.server.verbose:
            super().log_message(format, *args)

    def do_GET(self) -> None:  # noqa: N802
        url = urllib.parse.urlsplit(self.path)
        if url.path in ("/", ""):
            self._send(HTTPStatus.OK, "text/plain; charset=utf-8",
                       b"dcg-kg SPARQL endpoint: GET or POST /sparql?query=...\n")
            return
        self._answer(url, urllib.parse.parse_qs(url.query), None)

    def _discard(self, size: int, ceiling: int = 64_000_000) -> None:
        """Read and drop an oversized body (up to a ceiling) so the client can read our answer."""
        self.close_connection = True
        left = min(size, ceiling)
        try:
            while left > 0:
                chunk = self.rfile.read(min(left, 65536))
                if not chunk:
                    break
                left -= len(chunk)
        except OSError:
            pass

    def do_POST(self) -> None:  # noqa: N802
        url = urllib.parse.urlsplit(self.path)
        length = self.headers.get("Content-Length")
        try:
            if length is None:
                raise HTTPError(HTTPStatus.LENGTH_REQUIRED, "a POST needs a Content-Length")
            size = int(length)
            if size < 0:
                raise ValueError
            if size > self.server.limits.max_body_bytes:
                raise HTTPError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                                f"the request body is over {self.server.limits.max_body_bytes:,} bytes")
        except ValueError:
            self._error(HTTPError(HTTPStatus.BAD_REQUEST, "bad Content-Length"))
            return
        except HTTPError as exc:
            if exc.status == HTTPStatus.REQUEST_ENTITY_TOO_LARGE:
                self._discard(size)
            self._error(exc)
            return
        body = self.rfile.read(size)
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        params = urllib.parse.parse_qs(url.query)
        if ctype == "application/x-www-form-urlencoded":
            params.update(urllib.parse.parse_qs(body.decode("utf-8", "replace")))
            self._answer(url, params, None)
        elif ctype == "application/sparql-query":
            self._answer(url, params, body.decode("utf-8", "replace"))
        elif ctype == "application/sparql-update":
            self._error(HTTPError(HTTPStatus.FORBIDDEN, "this endpoint is read-only"))
        else:
            self._error(HTTPError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "POST a form (query=...) or "
                                  f"application/sparql-query, not {ctype or 'nothing'}"))

    def _answer(self, url: urllib.parse.SplitResult, params: dict[str, list[str]], body: str | None) -> None:
        try:
            if url.path.rstrip("/") != "/sparql":
                raise HTTPError(HTTPStatus.NOT_FOUND, "the endpoint is /sparql")
            if "update" in params:
                raise HTTPError(HTTPStatus.FORBIDDEN, "this endpoint is read-only")
            if params.get("default-graph-uri") or params.get("named-graph-uri"):
                raise HTTPError(HTTPStatus.BAD_REQUEST, "dataset parameters are not supported")
            queries = params.get("query", []) if body is None else [body]
            if len(queries) != 1 or not queries[0].strip():
                raise HTTPError(HTTPStatus.BAD_REQUEST, "give exactly one query (query=...)")
            accept = self.headers.get("Accept")
            if params.get("format"):
                accept = FORMAT_PARAM.get(params["format"][0].lower(), params["format"][0])
            hints = unknown_terms(queries[0])
            try:
                media, payload = self.server.run(queries[0], accept)
            except HTTPError as exc:
                if exc.status == HTTPStatus.BAD_REQUEST and hints:
                    exc = HTTPError(exc.status, "\n".join([str(exc), *(f"hint: {h}" for h in hints)]))
                raise exc from None
        except HTTPError as exc:
            self._error(exc)
            return
        # a misspelled dcg: term answers no rows without an error: say so in a Warning header
        self._send(HTTPStatus.OK, media, payload, [("Warning", f'199 dcgkg "{h}"') for h in hints])

    def _error(self, exc: HTTPError) -> None:
        self._send(exc.status, "text/plain; charset=utf-8", (str(exc) + "\n").encode())

    def _send(self, status: HTTPStatus, media: str, payload: bytes,
              headers: list[tuple[str, str]] | None = None) -> None:
        self.send_response(status)
        for name, value in headers or []:
            self.send_header(name, value)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)


class SparqlServer(ThreadingHTTPServer):
    """The endpoint: a threading HTTP server with a bounded pool of query workers.

    >>> import urllib.request
    >>> from queries import open_bundled
    >>> server = SparqlServer(open_bundled().store)  # port 0: a free one
    >>> _ = server.start()
    >>> with urllib.request.urlopen(server.url + "?query=ASK%7B%7D") as answer:
    ...     answer.read()
    b'{"head":{},"boolean":true}'
    >>> server.shutdown(); server.server_close()
    """

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, store: Store, host: str = "127.0.0.1", port: int = 0, *,
                 limits: Limits | None = None, verbose: bool = False) -> None:
        super().__init__((host, port), SparqlHandler)
        self.store, self.limits, self.verbose = store, limits or Limits(), verbose
        self.pool = ThreadPoolExecutor(self.limits.workers, thread_name_prefix="sparql")
        self.slots = threading.BoundedSemaphore(self.limits.workers)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/sparql"

    def run(self, query: str, accept: str | None) -> tuple[str, bytes]:
        """Run one query in a worker within the time budget."""
        if not self.slots.acquire(timeout=1.0):
            raise HTTPError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is busy; try again")
        cancelled = threading.Event()
        try:
            future = self.pool.submit(execute, self.store, query, accept, self.limits, cancelled)
        except RuntimeError:
            self.slots.release()
            raise HTTPError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is shutting down") from None
        future.add_done_callback(lambda _f: self.slots.release())
        try:
            return future.result(timeout=self.limits.timeout)
        except FutureTimeout:
            cancelled.set()
            raise HTTPError(HTTPStatus.SERVICE_UNAVAILABLE,
                            f"query timed out after {self.limits.timeout:g}s") from None

    def start(self) -> threading.Thread:
        """Serve in a background thread (for tests and embedding)."""
        thread = threading.Thread(target=self.serve_forever, name="sparql-endpoint", daemon=True)
        thread.start()
        return thread

    def server_close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        super().server_close()
