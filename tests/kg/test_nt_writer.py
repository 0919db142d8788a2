"""N-Triples written from rdflib terms are the lines pyoxigraph's own writer gives."""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from rdflib import BNode, Literal, URIRef
from rdflib.namespace import XSD

from kg.nt_writer import NTriplesWriter, lines_of, ntriples_chunks, ntriples_text
from kg.store import to_oxigraph

S, P = URIRef("https://dcg-kg.org/id/card/BT1-001"), URIRef("https://dcg-kg.org/ns#text")
OBJECTS = [Literal('say "hi"\\ \n\r\t\b\f\x00\x1f\x7f é \u2028 <x>'), Literal("x", lang="EN-gb"),
           Literal("x", datatype=XSD.string), Literal(3), Literal(True),
           Literal("2.50", datatype=XSD.decimal),
           URIRef("https://dcg-kg.org/id/rule/4-1"), BNode("b1")]


def test_lines_are_oxigraphs() -> None:
    triples = [(S, P, o) for o in OBJECTS] + [(BNode("b1"), P, Literal(""))]
    text, subjects = ntriples_text(triples + triples[:2])  # repeats are dropped
    expected = [f"{ox.Triple(to_oxigraph(s), to_oxigraph(p), to_oxigraph(o))} ." for s, p, o in triples]
    assert [line.rstrip("\n") for line in lines_of(text)] == expected
    assert subjects == {f"<{S}>", "_:b1"}
    assert {str(q.triple) + " ." for q in ox.parse(text, format=ox.RdfFormat.N_TRIPLES)} == set(expected)


@pytest.mark.parametrize("bad", [URIRef("https://x/a b"), URIRef("https://x/a>\n<https://x/b"),
                                 URIRef("https://x/{a}")])
def test_an_iri_cannot_split_a_line(bad: URIRef) -> None:
    with pytest.raises(ValueError, match="not a valid IRI"):
        ntriples_text([(S, P, bad)])
    with pytest.raises(ValueError, match="not a valid IRI"):
        ntriples_text([(bad, P, S)])


def test_chunks_join_to_the_same_text() -> None:
    """Repeats are dropped across chunks too, and the subjects are the same."""
    triples = [(S, P, o) for o in OBJECTS] + [(BNode("b1"), P, Literal(""))]
    triples = triples + triples[:3] + triples[::-1]
    writer = NTriplesWriter()
    chunks = list(ntriples_chunks(triples, writer, size=3))
    text, subjects = ntriples_text(triples)
    assert len(chunks) == -(-len(triples) // 3) and "".join(chunks) == text
    assert writer.subjects == subjects
