"""The SPARQL page: an editor with the library's named queries as examples, the answer as a
table whose cards, rulings, rule sections, keywords and timings link to their pages, and the
answer to download as CSV or SPARQL JSON.

Queries go through the endpoint's guard (``queries.sparql_guard``: SERVICE refused, deep nesting
refused before the parser); the page runs at most ``WORKERS`` queries at once and stops waiting
after ``TIMEOUT`` seconds (the query itself runs on: it is not yet in the endpoint's workers).

>>> example_value("the keyword, e.g. Piercing"), example_value("an effect, such as BT5-086/main/1")
('Piercing', 'BT5-086/main/1')
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from typing import Any

from kg.store import SelectResult, StoreError
from kg.store.base import bind
from queries import sparql_guard
from queries.library import NamedQuery, QueryError, bindings, library
from queries.names import UnknownName
from queries.results import answer_rows, query_form, render_select, term_cell
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import esc, link, page, section, table

TIMEOUT = 20.0
WORKERS = 2
SHOWN = 1000
_ID = "https://dcg-kg.org/id/"
_NS = "https://dcg-kg.org/ns#"


class Refused(Exception):
    """A query the page does not run: its reason, and the HTTP status to answer with."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.status = status


def example_value(help_: str) -> str | None:
    found = re.search(r"(?:e\.g\.|such as)\s+(\S+)", help_)
    return found.group(1).strip("\"',.") if found else None


def example(kg: PagesGraph, named: NamedQuery) -> str:
    """A named query's text with its parameters bound to the example values its header gives."""
    values = {p.name: example_value(p.help) for p in named.params.values()}
    try:
        bound = bindings(kg.store, named, {k: v for k, v in values.items() if v})
        return bind(named.text, bound)  # type: ignore[arg-type]
    except (QueryError, UnknownName, StoreError):
        return named.text


class Runner:
    """Runs page queries in worker threads, at most ``workers`` at once, waiting ``timeout`` seconds."""

    def __init__(self, kg: PagesGraph, timeout: float = TIMEOUT, workers: int = WORKERS) -> None:
        self.kg, self.timeout = kg, timeout
        self.slots = threading.BoundedSemaphore(workers)

    def check(self, query: str) -> str:
        if not query.strip():
            raise Refused("the query is empty")
        try:
            sparql_guard.check(query)  # the endpoint's own guard: SERVICE, nesting (no SERVICE allowed here)
            form = query_form(query)
        except (ValueError, StoreError) as exc:
            raise Refused(str(exc)) from None
        if form == "UPDATE":
            raise Refused("a SPARQL Update is not accepted: this page only reads the graph", 403)
        return form

    async def run(self, work: Callable[[], Any]) -> Any:
        if not self.slots.acquire(blocking=False):
            raise Refused("busy: other queries are running; try again in a moment", 503)

        def task() -> Any:
            try:
                return work()
            finally:
                self.slots.release()  # only when the work has ended: a slow query holds its slot

        try:
            return await asyncio.wait_for(asyncio.to_thread(task), self.timeout)
        except TimeoutError:
            raise Refused(f"the query took longer than {self.timeout:g} s", 503) from None
        except StoreError as exc:
            raise Refused(str(exc)) from None

    async def answer(self, query: str) -> SelectResult | bool:
        form = self.check(query)
        if form == "ASK":
            return await self.run(lambda: self.kg.store.ask(query))  # type: ignore[no-any-return]
        return await self.run(lambda: answer_rows(self.kg.store, query, form))  # type: ignore[no-any-return]

    async def download(self, query: str, fmt: str) -> str:
        self.check(query)
        return await self.run(lambda: render_select(self.kg.store, query, fmt))  # type: ignore[no-any-return]


def cell_html(term: Any, kinds: dict[str, str]) -> str:
    """A cell: a card, ruling, rule section, keyword or timing links to its page."""
    if term is None:
        return ""
    text = str(getattr(term, "value", term))
    is_iri = type(term).__name__ in ("NamedNode", "URIRef")
    if is_iri and text.startswith(_ID):
        kind, _, name = text[len(_ID):].partition("/")
        if kind in ("card", "ruling", "rule") and "/" not in name:
            return link(kind, name, term_cell(term))
        if kind == "effect":
            return link("card", name.split("/")[0], term_cell(term))
    if is_iri and text.startswith(_NS) and text[len(_NS):] in kinds:
        return link(kinds[text[len(_NS):]], text[len(_NS):], term_cell(term))
    return esc(term_cell(term))


def _examples(kg: PagesGraph) -> str:
    items = "".join(f'<li><a href="/sparql-editor?example={esc(n)}">{esc(n)}</a> '
                    f'<span class="muted">{esc(q.description)}</span></li>' for n, q in library().items())
    return f'<ul class="examples">{items}</ul>'


def sparql_page(kg: PagesGraph, query: str, answer: SelectResult | bool | None, refused: str = "") -> str:
    editor = ('<form class="sparql" action="/sparql-editor" method="post">'
              '<label for="query">Query (the dcg:, rdfs:, skos: ... prefixes are declared)</label>'
              f'<textarea id="query" name="query" rows="12" spellcheck="false">{esc(query)}</textarea>'
              '<button type="submit">Run</button></form>')
    parts = [editor]
    if refused:
        parts.append(f'<pre class="refused" id="refused">{esc(refused)}</pre>')
    if answer is not None:
        parts.append(section("Answer", _answer(kg, query, answer), "answer"))
    parts.append(section("Named queries", _examples(kg), "examples"))
    return page("SPARQL", "".join(parts))


def _answer(kg: PagesGraph, query: str, answer: SelectResult | bool) -> str:
    if isinstance(answer, bool):
        return f'<p id="boolean">{str(answer).lower()}</p>'
    kinds = {name: kind for kind, name, _ in kg.vocabulary()}
    rows = [[cell_html(t, kinds) for t in row] for row in answer.rows[:SHOWN]]
    more = f" (the first {SHOWN} shown)" if len(answer) > SHOWN else ""
    downloads = "".join(
        f'<form class="download" action="/sparql-editor/download" method="post">'
        f'<input type="hidden" name="query" value="{esc(query)}"><input type="hidden" name="format" '
        f'value="{fmt}"><button type="submit">Download {label}</button></form>'
        for fmt, label in (("csv", "CSV"), ("json", "JSON")))
    return (f'<p><span id="rows">{len(answer)}</span> row(s){more}</p>'
            f'<div class="downloads">{downloads}</div>'
            + table(answer.vars, rows, "answer"))


def example_text(kg: PagesGraph, name: str) -> str:
    named = library().get(name)
    return example(kg, named) if named else ""
