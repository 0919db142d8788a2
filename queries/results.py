"""Render query answers as a table, SPARQL JSON or CSV, whatever the store.

>>> query_form("PREFIX x: <http://x/> # comment\\nselect * {?s ?p ?o}")
'SELECT'
"""

from __future__ import annotations

import csv
import io
import json

from rich.console import Console
from rich.table import Table

from kg.store import SelectResult, Store, StoreError, Term
from kg.store.sparql_errors import QUERY_FORMS, leading_word, query_form_error
from queries.names import prefixed


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


def term_text(term: Term | None) -> str:
    """A term's text in a CSV cell: the IRI or literal value as it is."""
    return "" if term is None else str(term)


def term_cell(term: Term | None) -> str:
    """A term's text in a table: an IRI as a prefixed name where one fits (``dcg:AllTurns``).

    >>> from rdflib import Literal, URIRef
    >>> term_cell(URIRef("https://dcg-kg.org/ns#AllTurns")), term_cell(Literal("https://dcg-kg.org/ns#X"))
    ('dcg:AllTurns', 'https://dcg-kg.org/ns#X')
    """
    from rdflib import URIRef

    return prefixed(str(term)) if isinstance(term, URIRef) else term_text(term)


def term_json(term: Term) -> dict[str, str]:
    """A term in the SPARQL 1.1 JSON results format."""
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


def render_select(store: Store, query: str, fmt: str) -> str:
    """Run any read query and render its answer in ``fmt`` (table, json, csv)."""
    form = query_form(query)
    if form == "UPDATE":
        raise StoreError(f"a SPARQL Update ({leading_word(query)[0]}) is not accepted: this only reads "
                         "the graph (SELECT, ASK, CONSTRUCT or DESCRIBE)")
    if form == "ASK":
        answer = store.ask(query)
        return json.dumps({"head": {}, "boolean": answer}) + "\n" if fmt == "json" else (
            f"{str(answer).lower()}\n")
    if form in ("CONSTRUCT", "DESCRIBE"):
        triples = store.construct(query)
        result = SelectResult(["subject", "predicate", "object"], [tuple(t) for t in triples])
    else:
        result = store.select(query)
    if fmt == "json":
        return json.dumps(select_json(result), indent=2) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(result.vars)
        writer.writerows([term_text(t) for t in row] for row in result.rows)
        return buffer.getvalue()
    table = Table(*result.vars)
    for row in result.rows:
        table.add_row(*(term_cell(t) for t in row))
    console = Console(file=io.StringIO(), width=200, force_terminal=False)
    console.print(table)
    console.print(f"{len(result)} row(s)")
    return console.file.getvalue()  # type: ignore[attr-defined]
