"""A query worker: a process of its own that opens the store and runs one query at a time.

Started by :class:`queries.web.pool.WorkerPool` as ``python -m queries.web.worker``; it reads
frames (an 8-byte length, then a pickle) on stdin and answers on its own copy of stdout (the real
stdout is pointed at stderr, so that nothing the libraries print can break a frame):

1. the store to open, and how much memory one query may take; it answers ``("ready", pid)``;
2. then per query ``(query, accept, max_result_bytes)``; it answers ``(status, media, body)``.

The process's address space is capped (``RLIMIT_AS``) at what it holds once the store is open
plus the memory bound: a query that wants more fails its allocation and the process ends; the
pool answers for it and starts another. The pool also ends a worker whose query runs past its
time, so a stopped query does no more work.
"""

from __future__ import annotations

import io
import os
import pickle
import resource
import struct
import sys
from http import HTTPStatus
from pathlib import Path
from typing import Any, BinaryIO

HEADER = struct.Struct(">Q")


def read_frame(stream: BinaryIO) -> Any:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        raise EOFError
    return pickle.loads(stream.read(HEADER.unpack(header)[0]))


def frame(value: object) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


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


def execute(store: Any, query: str, accept: str | None, max_result_bytes: int) -> tuple[int, str, bytes]:
    """Run a read query; the status, content type and serialised answer (or error message).

    >>> from queries import open_bundled
    >>> execute(open_bundled().store, "ASK { dcg:Piercing a dcg:Keyword }", "text/csv", 1000)
    (200, 'text/csv; charset=utf-8', b'true')
    >>> execute(open_bundled().store, "DROP ALL", None, 1000)[:2]
    (400, 'text/plain; charset=utf-8')
    """
    import json

    import pyoxigraph as ox

    from kg.store import OxigraphStore, StoreError
    from ontology import PREFIXES
    from queries.results import query_form, select_json
    from queries.web.media import GRAPH_TYPES, RESULT_TYPES, negotiate

    def refusal(status: HTTPStatus, message: str) -> tuple[int, str, bytes]:
        return int(status), "text/plain; charset=utf-8", message.encode()

    try:
        form = query_form(query)
    except StoreError as exc:  # a malformed query: the short syntax error
        return refusal(HTTPStatus.BAD_REQUEST, str(exc))
    if form == "UPDATE":
        return refusal(HTTPStatus.BAD_REQUEST, "not a SPARQL query (updates are not accepted here)")
    media = negotiate(accept, form)
    if media is None:
        return refusal(HTTPStatus.NOT_ACCEPTABLE, f"cannot answer a {form} query as {accept}")
    sink = _Capped(max_result_bytes)
    try:
        if isinstance(store, OxigraphStore):
            result = store.raw_query(query)
            if isinstance(result, ox.QueryTriples):
                ox.serialize(result, sink, format=GRAPH_TYPES[media], prefixes=PREFIXES)
            else:
                result.serialize(sink, format=RESULT_TYPES[media])  # type: ignore[attr-defined]
        elif hasattr(store, "raw"):  # a RemoteStore: pass the request on
            media, body = store.raw(query, media)
            sink.write(body)
        else:
            sink.write(json.dumps(select_json(store.select(query))).encode())
            media = "application/sparql-results+json"
    except StoreError as exc:
        return refusal(HTTPStatus.BAD_REQUEST, str(exc))
    except OverflowError:
        return refusal(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                       f"the result is larger than {max_result_bytes:,} bytes; add a LIMIT")
    except MemoryError:
        return refusal(HTTPStatus.SERVICE_UNAVAILABLE, "the query needs more memory than a query may use")
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


def _address_space() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def main() -> None:
    answers = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)  # what anything prints goes to stderr, never into a frame
    requests = sys.stdin.buffer
    spec, max_memory = read_frame(requests)
    store = open_spec(spec)
    import queries.results  # noqa: F401  (loaded before the cap, and before the first query)

    if max_memory:
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (_address_space() + max_memory, hard))
    answers.write(frame(("ready", os.getpid())))
    while True:
        try:
            query, accept, max_result_bytes = read_frame(requests)
        except EOFError:
            return
        answers.write(frame(execute(store, query, accept, max_result_bytes)))


if __name__ == "__main__":
    main()
