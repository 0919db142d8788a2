"""Render query answers as a table, SPARQL JSON or CSV, whatever the store.

From the embedded store the answer is rendered from pyoxigraph's terms as they are, so that
``dcgkg sparql`` need not load rdflib; a literal whose text rdflib would write otherwise (its
normalised form: ``"05"^^xsd:integer`` reads ``5``) is converted, so the output is the same.

>>> query_form("PREFIX x: <http://x/> # comment\\nselect * {?s ?p ?o}")
'SELECT'
"""

from __future__ import annotations

import csv
import io
import json
import re
from itertools import islice
from typing import TYPE_CHECKING, NamedTuple

import pyoxigraph as ox

from kg.store import OxigraphStore, SelectResult, Store, StoreError, to_rdflib
from kg.store.sparql_errors import QUERY_FORMS, leading_word, query_form_error
from queries.names import prefixed

if TYPE_CHECKING:
    from kg.store import Term

    Cell = Term | ox.NamedNode | ox.Literal | ox.BlankNode

_XSD = "http://www.w3.org/2001/XMLSchema#"
#: The datatypes of the literals that read the same in rdflib (the lexical forms it keeps as they
#: are); ``None``: any text.
_SAME_IN_RDFLIB: dict[str, re.Pattern[str] | None] = {
    _XSD + "string": None,
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString": None,
    _XSD + "integer": re.compile(r"-?(0|[1-9][0-9]*)"),
    _XSD + "boolean": re.compile(r"true|false"),
    _XSD + "date": re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}"),
}
_TRIPLE = ["subject", "predicate", "object"]


def query_form(query: str) -> str:
    """SELECT, ASK, CONSTRUCT, DESCRIBE or UPDATE (a SPARQL Update); :class:`StoreError` with a
    short syntax error for anything else (``SELEC ...`` is a typo, not an update)."""
    word, _offset = leading_word(query)
    if word in QUERY_FORMS:
        return word
    problem = query_form_error(query)
    if problem:
        raise StoreError(problem)
    return "UPDATE"


def cell(term: object) -> Cell | None:
    """A pyoxigraph term of an answer as it is where rdflib would read it alike, else (a literal
    rdflib normalises, a triple term) the rdflib term the store's own methods give.

    >>> cell(ox.Literal("05", datatype=ox.NamedNode(_XSD + "integer")))
    rdflib.term.Literal('5', datatype=rdflib.term.URIRef('http://www.w3.org/2001/XMLSchema#integer'))
    >>> cell(ox.Literal("5", datatype=ox.NamedNode(_XSD + "integer")))
    <Literal value=5 datatype=<NamedNode value=http://www.w3.org/2001/XMLSchema#integer>>
    """
    if term is None or isinstance(term, ox.NamedNode | ox.BlankNode):
        return term
    if isinstance(term, ox.Literal):
        if term.language:
            same = term.language == term.language.lower()
        else:
            form = _SAME_IN_RDFLIB.get(term.datatype.value, False)
            same = form is None or (form is not False and form.fullmatch(term.value) is not None)
        if same:
            return term
    return to_rdflib(term)


def term_text(term: Cell | None) -> str:
    """A term's text in a CSV cell: the IRI or literal value as it is."""
    if isinstance(term, ox.NamedNode | ox.Literal | ox.BlankNode):
        return term.value
    return "" if term is None else str(term)


def term_cell(term: Cell | None) -> str:
    """A term's text in a table: an IRI as a prefixed name where one fits (``dcg:AllTurns``).

    >>> from rdflib import Literal, URIRef
    >>> term_cell(URIRef("https://dcg-kg.org/ns#AllTurns")), term_cell(Literal("https://dcg-kg.org/ns#X"))
    ('dcg:AllTurns', 'https://dcg-kg.org/ns#X')
    >>> term_cell(ox.NamedNode("https://dcg-kg.org/ns#AllTurns"))
    'dcg:AllTurns'
    """
    if isinstance(term, ox.NamedNode):
        return prefixed(term.value)
    if term is None or isinstance(term, ox.Literal | ox.BlankNode):
        return term_text(term)
    from rdflib import URIRef

    return prefixed(str(term)) if isinstance(term, URIRef) else term_text(term)


def term_json(term: Cell) -> dict[str, str]:
    """A term in the SPARQL 1.1 JSON results format."""
    if isinstance(term, ox.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, ox.BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, ox.Literal):
        found = {"type": "literal", "value": term.value}
        if term.language:
            found["xml:lang"] = term.language
        elif term.datatype.value != _XSD + "string":
            found["datatype"] = term.datatype.value
        return found
    from rdflib import BNode, Literal, URIRef

    if isinstance(term, URIRef):
        return {"type": "uri", "value": str(term)}
    if isinstance(term, BNode):
        return {"type": "bnode", "value": str(term)}
    assert isinstance(term, Literal)
    out = {"type": "literal", "value": str(term)}
    if term.language:
        out["xml:lang"] = term.language
    elif term.datatype:
        out["datatype"] = str(term.datatype)
    return out


def select_json(result: SelectResult) -> dict[str, object]:
    """A SELECT answer as SPARQL 1.1 JSON results."""
    bindings = [{name: term_json(value) for name, value in zip(result.vars, row, strict=True)
                 if value is not None} for row in result.rows]
    return {"head": {"vars": result.vars}, "results": {"bindings": bindings}}


def answer_rows(store: Store, query: str, form: str, max_rows: int | None = None) -> SelectResult:
    """The rows of a SELECT, or the triples of a CONSTRUCT or DESCRIBE as rows (subject, predicate,
    object); from the embedded store, of pyoxigraph terms where they read as rdflib's (:func:`cell`).
    With ``max_rows``, at most one row more than that (the embedded store reads no further)."""
    rows = None if max_rows is None else max_rows + 1
    if isinstance(store, OxigraphStore):
        raw = store.raw_query(query)
        if form == "SELECT" and isinstance(raw, ox.QuerySolutions):
            names = [v.value for v in raw.variables]
            return SelectResult(names, [tuple(cell(row[n]) for n in names) for row in islice(raw, rows)])
        if form != "SELECT" and isinstance(raw, ox.QueryTriples):
            return SelectResult(_TRIPLE, [(cell(t.subject), cell(t.predicate), cell(t.object))
                                          for t in islice(raw, rows)])
        # any other answer: as the store's own methods give it (their errors included)
    if form in ("CONSTRUCT", "DESCRIBE"):
        return SelectResult(_TRIPLE, [tuple(t) for t in store.construct(query)][:rows])
    result = store.select(query)
    return SelectResult(result.vars, result.rows[:rows])


class Rendered(NamedTuple):
    """An answer as text, and the row count it was cut at (None: every row is in it)."""

    text: str
    cut_at: int | None = None


def render_select(store: Store, query: str, fmt: str, max_rows: int | None = None) -> Rendered:
    """Run any read query and render its answer in ``fmt`` (table, json, csv), at most ``max_rows``
    rows of it (then ``cut_at`` says so)."""
    form = query_form(query)
    if form == "UPDATE":
        raise StoreError(f"a SPARQL Update ({leading_word(query)[0]}) is not accepted: this only reads "
                         "the graph (SELECT, ASK, CONSTRUCT or DESCRIBE)")
    if form == "ASK":
        answer = store.ask(query)
        return Rendered(json.dumps({"head": {}, "boolean": answer}) + "\n" if fmt == "json" else (
            f"{str(answer).lower()}\n"))
    result = answer_rows(store, query, form, max_rows)
    cut_at = None
    if max_rows is not None and len(result.rows) > max_rows:
        result, cut_at = SelectResult(result.vars, result.rows[:max_rows]), max_rows
    return Rendered(_rendered(result, fmt), cut_at)


def _rendered(result: SelectResult, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(select_json(result), indent=2) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(result.vars)
        writer.writerows([term_text(t) for t in row] for row in result.rows)
        return buffer.getvalue()
    from rich.console import Console
    from rich.table import Table

    table = Table(*result.vars)
    for row in result.rows:
        table.add_row(*(term_cell(t) for t in row))
    console = Console(file=io.StringIO(), width=200, force_terminal=False)
    console.print(table)
    console.print(f"{len(result)} row(s)")
    return console.file.getvalue()  # type: ignore[attr-defined]
