"""The browser face of dcg-kg for players and judges: server-rendered pages over a built graph.

``build_app(store)`` gives an ASGI app (Starlette) with:

- ``/`` and ``/search?q=``: search across cards, rulings, rule sections, keywords and timings;
- ``/card/NUMBER``, ``/keyword/NAME``, ``/timing/NAME``, ``/ruling/ID``, ``/rule/SECTION``,
  ``/timings``: the reading pages, linked both ways; ``/diagram/...svg``: their diagrams;
- ``/workbench``: play a golden scenario or pasted / uploaded YAML through the rules;
- ``/sparql-editor``: ask the graph in SPARQL (``/sparql`` itself is the endpoint's);
- ``/static/...``: the style sheet and the editor's small script (shipped in the package: nothing
  is fetched from elsewhere, the pages work offline and without JavaScript).

One module a page kind: :mod:`.home` (home and search), :mod:`.card`, :mod:`.terms`
(keywords and timings), :mod:`.ruling`, :mod:`.rule`, :mod:`.workbench`, :mod:`.sparql`; the
pieces they share in :mod:`.parts`, the frame and links in :mod:`.layout`, what they read from
the graph in :mod:`.graph`. Everything from the data is HTML-escaped
(:func:`queries.web.pages.layout.esc`).

>>> from starlette.testclient import TestClient
>>> from queries import open_bundled
>>> client = TestClient(build_app(open_bundled().store))
>>> client.get("/card/BT5-086").status_code
200
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kg.store import Store
from queries.names import UnknownName, close
from queries.web.pages import card, home, rule, ruling, scenario_format, sparql, terms, workbench
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import card_link, esc, link, page

STATIC = Path(__file__).parent / "static"
SCENARIOS_ENV = "DCGKG_SCENARIOS"
#: the golden scenarios of a source checkout (tests/scenarios), when the package runs from one
CHECKOUT_SCENARIOS = Path(__file__).resolve().parents[3] / "tests" / "scenarios"


def golden_folder(folder: str | Path | None = None) -> Path | None:
    """Where the golden scenarios are: ``folder``, ``$DCGKG_SCENARIOS``, or the checkout's."""
    chosen = folder or os.environ.get(SCENARIOS_ENV)
    if chosen:
        return Path(chosen)
    return CHECKOUT_SCENARIOS if CHECKOUT_SCENARIOS.is_dir() else None


def _not_found(exc: UnknownName, kg: PagesGraph | None = None) -> HTMLResponse:
    """A 404 page: the name not found, its close matches (cards with their names) and a search."""
    kind = {"rule section": "rule"}.get(exc.kind, exc.kind)
    close = ", ".join(card_link(m, kg.card_name(m)) if kind == "card" and kg else
                      f'<span class="nb">{link(kind, m)}</span>' for m in exc.matches)
    body = f"<p>The graph has no {esc(exc.kind)} “{esc(exc.name)}”.</p>" + (
        f"<p>Close matches: {close}</p>" if close else "") + \
        f'<p><a href="/search?q={esc(quote(exc.name))}">Search for “{esc(exc.name)}”</a></p>'
    return HTMLResponse(page(f"Unknown {exc.kind}", body), status_code=404)


def build_app(store: Store, scenarios: str | Path | None = None, timeout: float = sparql.TIMEOUT) -> Any:
    """The pages over ``store`` as an ASGI app; ``scenarios``: the golden scenarios' folder
    (default: ``$DCGKG_SCENARIOS``, else the checkout's ``tests/scenarios``)."""
    kg = PagesGraph(store)
    # the search's index is read ahead, so the first search does not wait for it
    threading.Thread(target=lambda: kg.index, name="dcgkg-search-index", daemon=True).start()
    goldens = workbench.Goldens(golden_folder(scenarios))
    runner = sparql.Runner(kg, timeout=timeout)

    async def html(render: Any, *args: Any) -> Response:
        try:
            return HTMLResponse(await run_in_threadpool(render, kg, *args))
        except UnknownName as exc:  # its close cards' names come from the search's index: off the loop
            return await run_in_threadpool(_not_found, exc, kg)

    async def front(request: Request) -> Response:
        return await html(home.home)

    async def search(request: Request) -> Response:
        params = request.query_params
        return await html(home.results, params.get("q", ""), params.get("kind", ""))

    def reader(render: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            return await html(render, request.path_params["name"])
        return endpoint

    async def timings(request: Request) -> Response:
        return await html(terms.timings)

    async def diagram(request: Request) -> Response:
        from queries.diagrams import DiagramError, diagram, render

        kind, name = request.path_params.get("kind", "timings"), request.path_params.get("name")
        if kind not in ("card", "keyword", "timings"):
            return PlainTextResponse(f"no diagram of kind {kind}", status_code=404)
        try:
            svg = await run_in_threadpool(lambda: render(diagram(store, kind, name), "svg"))
        except UnknownName as exc:
            return PlainTextResponse(str(exc), status_code=404)
        except DiagramError as exc:
            return PlainTextResponse(str(exc), status_code=503)
        return Response(svg, media_type="image/svg+xml")

    async def bench(request: Request) -> Response:
        params = request.query_params
        run = None
        name = params.get("golden", "")
        if name:
            path = goldens.path(name)
            if path is None:
                return _not_found(UnknownName("golden scenario", name,
                                              close(name, goldens.names)))
            text = path.read_text(encoding="utf-8")
            run = await run_in_threadpool(workbench.play, kg, path.name, text, bool(params.get("all_orders")),
                                          path)
        return HTMLResponse(workbench.workbench_page(kg, goldens, run, params.get("find", "")))

    async def bench_post(request: Request) -> Response:
        async with request.form(max_part_size=workbench.MAX_YAML + 1) as form:
            upload = form.get("file")
            name, text = "pasted.yaml", str(form.get("yaml") or "")
            if upload is not None and not isinstance(upload, str) and upload.filename:
                data = await upload.read(workbench.MAX_YAML + 1)
                name, text = Path(upload.filename).name, data.decode("utf-8", errors="replace")
            all_orders = bool(form.get("all_orders"))
        run = await run_in_threadpool(workbench.play, kg, name, text, all_orders)
        status = 400 if run.refused else 200
        return HTMLResponse(workbench.workbench_page(kg, goldens, run), status_code=status)

    async def editor(request: Request) -> Response:
        if request.method == "POST":
            async with request.form() as form:
                query = str(form.get("query") or "")
        else:
            params = request.query_params
            query = params.get("query", "")
            example = params.get("example")
            if example:  # a named query, bound to the parameters given, run when the pool can
                query = sparql.example_text(kg, example, {k: v for k, v in params.items() if k != "example"})
                if runner.pool is None:
                    return HTMLResponse(sparql.sparql_page(kg, query, None))
        if not query:
            return HTMLResponse(sparql.sparql_page(kg, "", None))
        try:
            answer = await runner.answer(query)
        except sparql.Refused as exc:
            return HTMLResponse(sparql.sparql_page(kg, query, None, str(exc)), status_code=exc.status)
        return HTMLResponse(sparql.sparql_page(kg, query, answer))

    async def download(request: Request) -> Response:
        async with request.form() as form:
            query, fmt = str(form.get("query") or ""), str(form.get("format") or "csv")
        if fmt not in ("csv", "json"):
            return PlainTextResponse("format: csv or json", status_code=400)
        try:
            text = await runner.download(query, fmt)
        except sparql.Refused as exc:
            return PlainTextResponse(str(exc), status_code=exc.status)
        media = "text/csv" if fmt == "csv" else "application/sparql-results+json"
        return Response(text, media_type=media,
                        headers={"Content-Disposition": f'attachment; filename="answer.{fmt}"'})

    async def bench_format(request: Request) -> Response:
        return HTMLResponse(scenario_format.scenario_format())

    routes = [
        Route("/", front), Route("/search", search), Route("/timings", timings),
        Route("/card/{name:path}", reader(card.card)), Route("/ruling/{name:path}", reader(ruling.ruling)),
        Route("/keyword/{name}", reader(terms.keyword)),
        Route("/timing/{name}", reader(terms.timing)), Route("/rule/{name}", reader(rule.rule)),
        Route("/diagram/timings.svg", diagram, name="timings-diagram"),
        Route("/diagram/{kind}/{name}.svg", diagram),
        Route("/workbench", bench, methods=["GET", "HEAD"]),
        Route("/workbench/format", bench_format, methods=["GET", "HEAD"]),
        Route("/workbench", bench_post, methods=["POST"]),
        Route("/sparql-editor", editor, methods=["GET", "HEAD", "POST"]),
        Route("/sparql-editor/download", download, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.graph = kg
    app.state.sparql_runner = runner  # dcgkg serve hands it the endpoint's worker pool
    return app
