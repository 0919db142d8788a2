"""``dcgkg sparql`` renders the embedded store's answers from pyoxigraph's terms: the table, JSON
and CSV it prints are the same, byte for byte, as those rendered from the rdflib terms the store's
``select`` gives (what any other store answers in)."""

from __future__ import annotations

import pyoxigraph as ox
import pytest

from kg.store import OxigraphStore, bind, to_rdflib
from queries import library
from queries.results import cell, render_select, term_cell, term_json, term_text

SAMPLES = {"Keyword": "Piercing", "Timing": "On Deletion", "Card": "BT5-086", "Ruling": "seed-piercing-1",
           "Effect": "BT5-086/main/1", "Literal": "x"}
EXTRA = ["CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 40", "DESCRIBE dcg:Piercing",
         'SELECT ?x ?n ?d ?b WHERE { VALUES (?x ?n ?d ?b) { ("a"@en 05 "2024-01-01"^^xsd:date true) '
         '("b"@EN-gb 1.50 "1.0E3"^^xsd:double "1"^^xsd:boolean) } }',
         "SELECT ?a ?b WHERE { OPTIONAL { ?a dcg:noSuchThing ?b } }"]


class RdflibTerms:
    """The same store behind its Store methods only, so the answers come as rdflib terms."""

    def __init__(self, store: OxigraphStore) -> None:
        self.inner = store

    def select(self, query: str):
        return self.inner.select(query)

    def construct(self, query: str):
        return self.inner.construct(query)

    def ask(self, query: str) -> bool:
        return self.inner.ask(query)


def queries_to_try(store: OxigraphStore) -> list[str]:
    found = []
    for named in library.library().values():
        values = {p.name: SAMPLES[p.kind] for p in named.params.values()}
        found.append(bind(named.text, library.bindings(store, named, values)))
    return [*found, *EXTRA]


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_the_output_is_the_same_from_pyoxigraph_terms(bundled_store: OxigraphStore, fmt: str) -> None:
    for query in queries_to_try(bundled_store):
        assert render_select(bundled_store, query, fmt) == render_select(
            RdflibTerms(bundled_store), query, fmt), query  # type: ignore[arg-type]


def test_every_literal_of_the_graph_reads_the_same(bundled_store: OxigraphStore) -> None:
    rows = bundled_store.raw_query("SELECT DISTINCT ?o WHERE { ?s ?p ?o FILTER isLiteral(?o) }")
    literals = [row["o"] for row in rows]  # type: ignore[attr-defined]
    assert len(literals) > 1000
    for literal in literals:
        ours, rdflib_term = cell(literal), to_rdflib(literal)
        assert (term_text(ours), term_cell(ours), term_json(ours)) == (
            term_text(rdflib_term), term_cell(rdflib_term), term_json(rdflib_term)), literal
    kept = sum(isinstance(cell(literal), ox.Literal) for literal in literals)
    assert kept == len(literals)  # the graph's literals all read as they are: no rdflib needed
