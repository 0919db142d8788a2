"""A query worker: a process of its own that opens the store and runs one query at a time.

Started by :class:`queries.web.pool.WorkerPool` as ``python -m queries.web.worker FD``, where
``FD`` is its end of a socket pair (the real stdout is pointed at stderr, so that nothing the
libraries print can reach the pool). On that socket:

1. a pickled frame (an 8-byte length, then a pickle): the store to open and how much memory one
   query may take; it answers the frame ``("ready", pid)``;
2. then per query a job (:data:`JOB`: the query's and the Accept header's lengths, the result
   cap, then their UTF-8 bytes); it answers (:data:`ANSWER`: status, the media type's and the
   body's lengths, then those bytes), the body serialised by pyoxigraph straight into the
   buffer that is sent. No pickle and one ``send`` per side for a small answer: the round trip
   costs what two socket writes and two wake-ups cost.

The process's address space is capped (``RLIMIT_AS``) at what it holds once the store is open
plus the memory bound: a query that wants more fails its allocation and the process ends; the
pool answers for it and starts another. The pool also ends a worker whose query runs past its
time, so a stopped query does no more work.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import socket
import struct
import sys
from http import HTTPStatus
from pathlib import Path
from typing import Any, BinaryIO

import pyoxigraph as ox

from kg.store import OxigraphStore, StoreError
from ontology import PREFIXES
from queries.memory_bound import cap_memory
from queries.results import query_form, select_json
from queries.web.media import GRAPH_TYPES, RESULT_TYPES, negotiate

HEADER = struct.Struct(">Q")  # a pickled frame's length
JOB = struct.Struct(">IiQ")  # query bytes, accept bytes (-1: no Accept header), max result bytes
ANSWER = struct.Struct(">HIQ")  # status, media type bytes, body bytes


def read_frame(stream: BinaryIO) -> Any:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        raise EOFError
    return pickle.loads(stream.read(HEADER.unpack(header)[0]))


def frame(value: object) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def job_bytes(query: str, accept: str | None, max_result_bytes: int) -> bytes:
    """A query job as the worker reads it."""
    text = query.encode("utf-8", "surrogatepass")
    media = b"" if accept is None else accept.encode("latin-1", "replace")
    return JOB.pack(len(text), -1 if accept is None else len(media), max_result_bytes) + text + media


def read_job(stream: BinaryIO) -> tuple[str, str | None, int]:
    header = stream.read(JOB.size)
    if len(header) < JOB.size:
        raise EOFError
    size, accept_size, max_result_bytes = JOB.unpack(header)
    query = stream.read(size).decode("utf-8", "replace")
    accept = stream.read(accept_size).decode("latin-1") if accept_size >= 0 else None
    return query, accept, max_result_bytes


def answer_parts(status: int, media: str, body: bytes) -> list[bytes]:
    """An answer as the pool reads it (header, media type, body: sent as one message)."""
    data = media.encode("latin-1")
    return [ANSWER.pack(status, len(data), len(body)), data, body]


class _Capped(io.RawIOBase):
    """A buffer that stops the serialiser when the result grows past its cap."""

    def __init__(self, limit: int) -> None:
        self.buffer = io.BytesIO()
        self.limit = limit

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if self.buffer.tell() + len(data) > self.limit:
            raise OverflowError("result too large")
        return self.buffer.write(data)


_NOT_A_QUERY = "not a SPARQL query (updates are not accepted here)"
_FORMS = {ox.QueryTriples: "CONSTRUCT", ox.QueryBoolean: "ASK", ox.QuerySolutions: "SELECT"}


def _refusal(status: HTTPStatus, message: str) -> tuple[int, str, bytes]:
    return int(status), "text/plain; charset=utf-8", message.encode()


def execute(store: Any, query: str, accept: str | None, max_result_bytes: int) -> tuple[int, str, bytes]:
    """Run a read query; the status, content type and serialised answer (or error message). An
    embedded store's query is parsed by pyoxigraph first and its form read from what it returns;
    only a query it refuses is looked at again (a typo, or an update: said so).

    >>> from queries import open_bundled
    >>> execute(open_bundled().store, "ASK { dcg:Piercing a dcg:Keyword }", "text/csv", 1000)
    (200, 'text/csv; charset=utf-8', b'true')
    >>> execute(open_bundled().store, "DROP ALL", None, 1000)[:2]
    (400, 'text/plain; charset=utf-8')
    """
    result: Any = None
    failed: StoreError | None = None
    if isinstance(store, OxigraphStore):
        try:
            result = store.raw_query(query)
        except StoreError as exc:
            failed = exc
    if result is None:  # not run here, or refused: the text says what it is (a typo, an update)
        try:
            form = query_form(query)
        except StoreError as exc:  # a malformed query: its short syntax error
            return _refusal(HTTPStatus.BAD_REQUEST, str(exc))
        if form == "UPDATE":
            return _refusal(HTTPStatus.BAD_REQUEST, _NOT_A_QUERY)
        if failed is not None:
            return _refusal(HTTPStatus.BAD_REQUEST, str(failed))
    else:
        form = _FORMS.get(type(result), "SELECT")
    media = negotiate(accept, form)
    if media is None:
        if result is not None:  # a DESCRIBE said as DESCRIBE
            with contextlib.suppress(StoreError):
                form = query_form(query)
        return _refusal(HTTPStatus.NOT_ACCEPTABLE, f"cannot answer a {form} query as {accept}")
    sink = _Capped(max_result_bytes)
    try:
        if result is not None:
            if isinstance(result, ox.QueryTriples):
                ox.serialize(result, sink, format=GRAPH_TYPES[media], prefixes=PREFIXES)
            else:
                result.serialize(sink, format=RESULT_TYPES[media])
        elif hasattr(store, "raw"):  # a RemoteStore: pass the request on
            media, body = store.raw(query, media)
            sink.write(body)
        else:
            sink.write(json.dumps(select_json(store.select(query))).encode())
            media = "application/sparql-results+json"
    except StoreError as exc:
        return _refusal(HTTPStatus.BAD_REQUEST, str(exc))
    except OverflowError:
        return _refusal(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                        f"the result is larger than {max_result_bytes:,} bytes; add a LIMIT")
    except MemoryError:
        return _refusal(HTTPStatus.SERVICE_UNAVAILABLE, "the query needs more memory than a query may use")
    charset = "; charset=utf-8" if media.startswith("text/") and "charset" not in media else ""
    return 200, media + charset, sink.buffer.getvalue()


def open_spec(spec: tuple[str, Any]) -> Any:
    """The store a spec names: ``("disk", root)`` an OxigraphStore directory, ``("pickle", bytes)``
    any other store (a RemoteStore)."""
    kind, value = spec
    if kind == "disk":
        from kg.store import OxigraphStore

        store = OxigraphStore(Path(value), create=False)
        len(store)  # open it now, before the memory cap
        return store
    return pickle.loads(value)


def _send(channel: socket.socket, parts: list[bytes]) -> None:
    """Send the parts as one message (one system call unless the answer is larger than the socket's
    buffer)."""
    sent, total = channel.sendmsg(parts), sum(len(p) for p in parts)
    if sent == total:
        return
    for part in parts:
        if sent >= len(part):
            sent -= len(part)
            continue
        channel.sendall(memoryview(part)[sent:])
        sent = 0


def main() -> None:
    channel = socket.socket(fileno=int(sys.argv[1]))
    os.dup2(2, 1)  # what anything prints goes to stderr, never to the pool
    requests = channel.makefile("rb")
    spec, max_memory = read_frame(requests)
    store = open_spec(spec)
    if max_memory:
        cap_memory(max_memory)
    channel.sendall(frame(("ready", os.getpid())))
    while True:
        try:
            query, accept, max_result_bytes = read_job(requests)
        except EOFError:
            return
        _send(channel, answer_parts(*execute(store, query, accept, max_result_bytes)))


if __name__ == "__main__":
    main()
