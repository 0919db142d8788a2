"""Render query answers as a table, SPARQL JSON or CSV, whatever the store.

>>> query_form("PREFIX x: <http://x/> # comment\\nselect * {?s ?p ?o}")
'SELECT'
"""

from __future__ import annotations

import csv
import io
import json
import re

from rich.console import Console
from rich.table import Table

from kg.store import SelectResult, Store, StoreError, Term

_PROLOGUE = re.compile(
    r"""^(?:\s+|\#[^\n]*\n|PREFIX\s+[\w.-]*:\s*<[^>]*>|BASE\s*<[^>]*>)*""", re.IGNORECASE)


def query_form(query: str) -> str:
    """SELECT, ASK, CONSTRUCT, DESCRIBE or UPDATE (anything else)."""
    body = _PROLOGUE.sub("", query, count=1).lstrip()
    word = re.match(r"[A-Za-z]+", body)
    form = word.group(0).upper() if word else ""
    return form if form in ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE") else "UPDATE"


def term_text(term: Term | None) -> str:
    """A compact text for a term in a table or CSV cell."""
    return "" if term is None else str(term)


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
        raise StoreError("only SELECT, ASK, CONSTRUCT and DESCRIBE queries are allowed here")
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
    table = Table(*result.vars, caption=f"{len(result)} row(s)")
    for row in result.rows:
        table.add_row(*(term_text(t) for t in row))
    console = Console(file=io.StringIO(), width=200, force_terminal=False)
    console.print(table)
    return console.file.getvalue()  # type: ignore[attr-defined]
