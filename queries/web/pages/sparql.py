"""The SPARQL page: an editor with the library's named queries as examples, the answer as a
table whose cards, rulings, rule sections, keywords and timings link to their pages, and the
answer to download as CSV or SPARQL JSON.

Queries go through the endpoint's guard (``queries.sparql_guard``: SERVICE refused, deep nesting
refused before the parser), then run in the endpoint's own worker pool (:mod:`queries.web.pool`,
shared with ``/sparql``, handed to the :class:`Runner` by :mod:`queries.web.app`): the same
timeout ends the query's worker, the same memory bound holds, and the page says the query was
stopped. The worker sends SPARQL JSON (N-Triples for a CONSTRUCT); the page reads it back into
terms for its table and downloads. Without a pool (the pages alone, not under ``dcgkg serve``)
the editor refuses to run queries rather than run them where they could not be stopped.

>>> example_value("the keyword, e.g. Piercing"), example_value("an effect, such as BT5-086/main/1")
('Piercing', 'BT5-086/main/1')
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from typing import Any

from kg.store import SelectResult, StoreError
from kg.store.base import bind
from queries import sparql_guard
from queries.library import NamedQuery, QueryError, bindings, library
from queries.names import UnknownName
from queries.results import cell, query_form, select_json, term_cell, term_text
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import esc, link, page, section, table
from queries.web.pool import QueryStopped, WorkerPool

TIMEOUT = 20.0  # kept for build_app's signature: the pool's own timeout (--timeout) applies
MAX_RESULT_BYTES = 50_000_000
SHOWN = 1000
PLACEHOLDER = "SELECT ?number ?name WHERE { ?card dcg:cardNumber ?number ; dcg:name ?name } LIMIT 10"
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


def example(kg: PagesGraph, named: NamedQuery, given: dict[str, str] | None = None) -> str:
    """A named query's text with its parameters bound to ``given`` values, else to the example
    values its header gives."""
    values = {p.name: (given or {}).get(p.name) or example_value(p.help) for p in named.params.values()}
    try:
        bound = bindings(kg.store, named, {k: v for k, v in values.items() if v})
        return bind(named.text, bound)  # type: ignore[arg-type]
    except (QueryError, UnknownName, StoreError):
        return named.text


class Runner:
    """Runs page queries in the endpoint's worker pool (``pool``: set by :mod:`queries.web.app`)."""

    def __init__(self, kg: PagesGraph, timeout: float = TIMEOUT) -> None:
        self.kg, self.timeout = kg, timeout
        self.pool: Callable[[], WorkerPool] | None = None
        self.max_result_bytes = MAX_RESULT_BYTES

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

    async def _run(self, query: str, form: str) -> bytes:
        """The answer's bytes from a worker: SPARQL JSON, or N-Triples for a CONSTRUCT / DESCRIBE."""
        if self.pool is None:
            raise Refused("queries run in the server's worker processes: start the pages with dcgkg serve",
                          503)
        graph = form in ("CONSTRUCT", "DESCRIBE")
        accept = "application/n-triples" if graph else "application/sparql-results+json"
        try:
            status, _media, body = await self.pool().run(query, accept, self.max_result_bytes)
        except QueryStopped as exc:
            raise Refused(f"the query was stopped and its worker ended: {exc}", exc.status) from None
        if status != 200:
            raise Refused(body.decode("utf-8", "replace"), status)
        return body

    async def answer(self, query: str) -> SelectResult | bool:
        """A SELECT's rows (a CONSTRUCT's triples as rows), or an ASK's answer, as pyoxigraph terms."""
        import pyoxigraph as ox

        form = self.check(query)
        body = await self._run(query, form)
        if form in ("CONSTRUCT", "DESCRIBE"):
            return SelectResult(["subject", "predicate", "object"], [
                (cell(t.subject), cell(t.predicate), cell(t.object))
                for t in ox.parse(body, format=ox.RdfFormat.N_TRIPLES)])
        result = ox.parse_query_results(body, format=ox.QueryResultsFormat.JSON)
        if isinstance(result, ox.QueryBoolean):
            return bool(result)
        names = [v.value for v in result.variables]
        return SelectResult(names, [tuple(cell(row[n]) for n in names) for row in result])

    async def download(self, query: str, fmt: str) -> str:
        """The answer as CSV or SPARQL JSON (as ``dcgkg sparql --format csv|json`` writes them)."""
        answer = await self.answer(query)
        if isinstance(answer, bool):
            text = json.dumps({"head": {}, "boolean": answer}) if fmt == "json" else str(answer).lower()
            return text + "\n"
        if fmt == "json":
            return json.dumps(select_json(answer), indent=2) + "\n"
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(answer.vars)
        writer.writerows([term_text(t) for t in row] for row in answer.rows)
        return buffer.getvalue()


def cell_html(term: Any, kinds: dict[str, str], literals: dict[str, str] | None = None) -> str:
    """A cell: a card, ruling, rule section, keyword or timing links to its page, as an IRI or as
    a literal that is a card number, a ruling id or a section number (``literals``: their kinds)."""
    if term is None:
        return ""
    text = str(getattr(term, "value", term))
    is_iri = type(term).__name__ in ("NamedNode", "URIRef")
    if not is_iri and literals and text in literals and _plain(term):
        return link(literals[text], text, term_cell(term))
    if is_iri and text.startswith(_ID):
        kind, _, name = text[len(_ID):].partition("/")
        if kind in ("card", "ruling", "rule") and "/" not in name:
            return link(kind, name, term_cell(term))
        if kind == "effect":
            return link("card", name.split("/")[0], term_cell(term))
    if is_iri and text.startswith(_NS) and text[len(_NS):] in kinds:
        return link(kinds[text[len(_NS):]], text[len(_NS):], term_cell(term))
    return esc(term_cell(term))


def _plain(term: Any) -> bool:
    """A string literal (not a number, a date or a language-tagged text)."""
    if type(term).__name__ != "Literal" or getattr(term, "language", None):
        return False
    datatype = getattr(term, "datatype", None)
    return datatype is None or str(getattr(datatype, "value", datatype)).endswith("#string")


def _names(kg: PagesGraph) -> dict[str, str] | None:
    """The kind of each card number, ruling id and rule section number a result may link, from the
    search's index when it is ready (not waited for)."""
    index = kg.ready_index()
    return None if index is None else index.linkable


def _prefixes() -> str:
    from ontology import PREFIXES

    declared = "".join(f"<li><code>PREFIX {esc(name)}: &lt;{esc(iri)}&gt;</code></li>"
                       for name, iri in PREFIXES.items())
    return f'<details class="prefixes"><summary>declared prefixes</summary><ul>{declared}</ul></details>'


def _examples(kg: PagesGraph) -> str:
    items = "".join(f'<li><a href="/sparql-editor?example={esc(n)}#answer">{esc(n)}</a> '
                    f'<span class="muted">{esc(q.description)}</span></li>' for n, q in library().items())
    return f'<ul class="examples">{items}</ul>'


def sparql_page(kg: PagesGraph, query: str, answer: SelectResult | bool | None, refused: str = "") -> str:
    editor = ('<form class="sparql" action="/sparql-editor" method="post">'
              '<label for="query">Query (the prefixes below are declared; pick a named query to start from)'
              '</label><textarea id="query" name="query" rows="12" spellcheck="false" '
              f'placeholder="{esc(PLACEHOLDER)}">{esc(query)}</textarea><p class="run">'
              '<button type="submit">Run</button> <span class="muted">Ctrl+Enter runs it</span></p></form>'
              + _prefixes())
    parts = [editor]
    if refused:
        parts.append(f'<pre class="refused" id="refused">{esc(refused)}</pre>')
    if answer is not None:
        parts.append(section("Answer", _answer(kg, query, answer), "answer"))
    parts.append(section("Named queries", _examples(kg), "examples"))
    return page("SPARQL", "".join(parts), script="editor.js")


def _answer(kg: PagesGraph, query: str, answer: SelectResult | bool) -> str:
    if isinstance(answer, bool):
        return f'<p id="boolean">{str(answer).lower()}</p>'
    kinds = {name: kind for kind, name, _ in kg.vocabulary()}  # not waiting for the search's index
    literals = _names(kg)
    rows = [[cell_html(t, kinds, literals) for t in row] for row in answer.rows[:SHOWN]]
    more = f" (the first {SHOWN} shown)" if len(answer) > SHOWN else ""
    downloads = "".join(
        f'<form class="download" action="/sparql-editor/download" method="post">'
        f'<input type="hidden" name="query" value="{esc(query)}"><input type="hidden" name="format" '
        f'value="{fmt}"><button type="submit">Download {label}</button></form>'
        for fmt, label in (("csv", "CSV"), ("json", "JSON")))
    return (f'<p><span id="rows">{len(answer)}</span> row(s){more}</p>'
            f'<div class="downloads">{downloads}</div>'
            + table(answer.vars, rows, "answer"))


def example_text(kg: PagesGraph, name: str, given: dict[str, str] | None = None) -> str:
    """The named query ``name`` bound to ``given`` (or its header's examples); "" if none is named so."""
    named = library().get(name)
    return example(kg, named, given) if named else ""
