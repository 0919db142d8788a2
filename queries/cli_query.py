"""Commands that draw and serve the graph: ``diagram`` and ``serve``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from queries.cli_app import Output, StoreOption, app, fail

err = Output(stderr=True)


@app.command("diagram")
def diagram_command(
    kind: Annotated[str, typer.Argument(help="timings, keyword, card, scenario or ontology")],
    arg: Annotated[str | None, typer.Argument(help="keyword NAME, card NUMBER or scenario FILE")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="dot, svg, png, mermaid or graphml")] = "",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File to write (else stdout)")] = None,
    store: StoreOption = None,
) -> None:
    """Draw part of the graph: the attack procedure's timings, a keyword, a card, a scenario's
    trigger batches, or the ontology."""
    from kg.solver.scenario import ScenarioError
    from kg.store import StoreError
    from queries import diagrams  # lazy: networkx and the solver are slow to load, --help need not wait
    from queries.graph_store import open_graph_store
    from queries.names import UnknownName

    chosen = fmt or (output.suffix.lstrip(".").replace("mmd", "mermaid") if output else "") or "dot"
    if chosen not in diagrams.FORMATS:
        fail(f"--format must be one of {', '.join(diagrams.FORMATS)}, not {chosen!r}")
    if chosen == "png" and output is None and sys.stdout.isatty():
        fail("PNG is binary: give -o FILE.png")
    try:
        graph = diagrams.diagram(open_graph_store(store), kind, arg)
        data = diagrams.render(graph, chosen)
    except (StoreError, UnknownName, diagrams.DiagramError, ScenarioError) as exc:
        fail(str(exc))
    if output is None:
        sys.stdout.buffer.write(data)
        return
    output.write_bytes(data)
    err.print(f"wrote {output} ({graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges)")


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0 picks a free one).")] = 7879,
    timeout: Annotated[float, typer.Option(help="Seconds a query may run (then it is stopped).")] = 30.0,
    max_result_mb: Annotated[float, typer.Option(help="Largest result to send, in MB.")] = 50.0,
    max_memory_mb: Annotated[float, typer.Option(
        help="Memory one query may use, in MB (0: no bound).")] = 1000.0,
    workers: Annotated[int, typer.Option(
        help="Long queries run at once (two more workers serve cheap ones).")] = 4,
    allow_service: Annotated[list[str] | None, typer.Option(
        "--allow-service", metavar="URL",
        help="A SERVICE endpoint queries may call (repeatable; none by default).")] = None,
    cors: Annotated[list[str] | None, typer.Option(
        "--cors", metavar="ORIGIN",
        help="An origin whose pages may query the endpoint (repeatable; * for any).")] = None,
    cache_mb: Annotated[float, typer.Option(help="Result cache, in MB (0: none).")] = 64.0,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log every request.")] = False,
    store: StoreOption = None,
) -> None:
    """Serve the graph read-only as a SPARQL 1.1 Protocol endpoint at /sparql (and the pages at /)."""
    import logging

    from kg.store import StoreError
    from queries.graph_store import open_graph_store
    from queries.server import Limits, SparqlServer  # lazy: only `serve` needs the HTTP server

    if workers < 1 or timeout <= 0:
        fail("--workers must be at least 1 and --timeout above 0")
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING,
                        format="%(levelname)s: %(message)s")
    try:
        target = open_graph_store(store)
        len(target)  # fail now, not on the first request, if the store cannot be read
        limits = Limits(timeout=timeout, max_result_bytes=int(max_result_mb * 1_000_000),
                        max_memory_bytes=int(max_memory_mb * 1_000_000), workers=workers,
                        cache_bytes=int(cache_mb * 1_000_000))
        server = SparqlServer(target, host, port, verbose=verbose, limits=limits,
                              allowed_services=tuple(allow_service or ()), cors=tuple(cors or ()))
    except StoreError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    err.print(f"SPARQL endpoint at {server.url} (read-only; Ctrl-C stops it); "
              f"pages at {server.url.removesuffix('sparql')}")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    if not server.started:
        fail("the server did not start (see the error above)")
