"""The errata loader: one dcg:Errata per before/after change, bad entries reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, RDF

from ingest import errata
from ingest.common import IngestError
from ontology import DCG, card_iri, errata_iri

DATA = Path(__file__).parent / "data"


def test_crafted_file() -> None:
    result = errata.load(DATA / "errata_bad.json")
    assert result.counts == {"errata": 3}
    assert {p.where for p in result.problems} == {
        "BT1-085", "BT1-086", "BT1-087.changes[0]", "BT1-087.source", "BT1-088.changes[0]",
        "BT1-089", "BT1-090", "oops"}
    triples = set(result.triples)
    first, second = errata_iri("BT1-084", 1), errata_iri("BT1-084", 2)
    assert (first, RDF.type, DCG.Errata) in triples
    assert (first, DCG.before, Literal("[On Play] Old <text>.")) in triples
    assert (second, DCG.after, Literal("Second after.")) in triples
    assert (first, DCTERMS.source, URIRef("https://example.org/errata")) in triples
    assert (card_iri("BT1-084"), DCG.errata, second) in triples
    # BT1-087 keeps its second change, without the source that is not a URL
    kept = errata_iri("BT1-087", 2)
    assert (kept, DCG.after, Literal("y")) in triples
    assert not any(s == kept and p == DCTERMS.source for s, p, _o in triples)


def test_truncated_file_stops(tmp_path: Path) -> None:
    path = tmp_path / "errata.json"
    path.write_text('{"BT1-084": {"changes": [', encoding="utf-8")
    with pytest.raises(IngestError, match="not valid JSON"):
        errata.load(path)


def test_real_file(corpus: Path) -> None:
    result = errata.load(corpus / "errata.json")
    assert result.counts == {"errata": 92}
    assert result.problems == []
    triples = set(result.triples)
    entry = errata_iri("EX4-072", 1)
    assert (card_iri("EX4-072"), DCG.errata, entry) in triples
    after = next(o for s, p, o in triples if s == entry and p == DCG.after)
    assert str(after).startswith("[Main] Choose 1 of your [Gallantmon]")
