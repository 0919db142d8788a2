"""The floor of ``dcgkg serve``'s HTTP stack: an ASGI application that answers every request with
the same small SPARQL JSON body, on uvicorn with the settings ``dcgkg serve`` uses (httptools,
uvloop, TCP_NODELAY, no access log). What it costs a request is what any endpoint on this stack
costs before it reads the query.

    python bench/asgi_floor.py PORT
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import uvicorn

BODY = b'{"head":{"vars":["n"]},"results":{"bindings":[{"n":{"type":"literal","value":"40"}}]}}'
HEADERS = [(b"content-type", b"application/sparql-results+json"),
           (b"content-length", str(len(BODY)).encode())]


async def app(scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
              send: Callable[[MutableMapping[str, Any]], Awaitable[None]]) -> None:
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        await send({"type": "http.response.body", "body": BODY})


def main() -> None:
    sock = socket.create_server(("127.0.0.1", int(sys.argv[1])), backlog=1024)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    config = uvicorn.Config(app, loop="uvloop", http="httptools", lifespan="off", log_config=None,
                            access_log=False, server_header=False)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
