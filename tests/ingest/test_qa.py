"""The official Q&A loader: one ruling per Q-number, card links, bad records reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Literal, URIRef
from rdflib.namespace import XSD

from ingest import qa
from ingest.common import IngestError, SourceResult
from ontology import DCG, card_iri, rule_iri, ruling_iri

DATA = Path(__file__).parent / "data"


def objects(result: SourceResult, subject: URIRef, predicate: URIRef) -> set:
    return {o for s, p, o in result.triples if s == subject and p == predicate}


def test_crafted_file_keeps_good_records_and_reports_bad_ones() -> None:
    result = qa.load(DATA / "qa_bad.json")
    assert result.counts == {"rulings": 2, "ruling_card_links": 4}
    where = {(p.where, p.action) for p in result.problems}
    assert where == {
        ("BT5-086[1]", "skipped"),  # no answer
        ("BT5-086[2]", "skipped"),  # qno is a number
        ("BT5-086[3]", "skipped"),  # impossible date
        ("BT5-086[4]", "skipped"),  # related is a string
        ("BT5-086[5]", "skipped"),  # not an object
        ("BT5-086[6]", "kept"),  # a related entry that is not a card number
        ("BT2-074[1]", "kept"),  # Q6 again with another text
        ("ST4-13", "skipped"),  # not a list
        ("not a card", "skipped"),
    }
    assert all(p.file == "qa_bad.json" for p in result.problems)


def test_ruling_triples_are_clean_and_linked() -> None:
    result = qa.load(DATA / "qa_bad.json")
    q1 = ruling_iri("Q1")
    assert objects(result, q1, DCG.question) == {
        Literal("Does <Blitz> work with [When Digivolving]? See <Blocker> and [BT3-016 Durandamon].")}
    assert objects(result, q1, DCG.answer) == {Literal("Yes, it does. Refer to CR 16-16.")}
    assert objects(result, q1, DCG.aboutCard) == {card_iri("BT5-086"), card_iri("BT2-074")}
    assert objects(result, q1, DCG.relatedCard) == {card_iri("BT3-016")}
    assert objects(result, q1, DCG.mentionsKeyword) == {DCG.Blitz, DCG.Blocker}
    assert objects(result, q1, DCG.mentionsTiming) == {DCG.WhenDigivolving}
    assert objects(result, q1, DCG.citesRule) == {rule_iri("16-16")}
    assert objects(result, q1, DCG.sourceRecord) == {Literal("BT5-086[0]")}
    assert objects(result, q1, DCG.rulingKind) == {Literal("official")}
    date = objects(result, q1, URIRef("http://purl.org/dc/terms/date")).pop()
    assert date.datatype == XSD.date and str(date) == "2024-03-28"
    q6 = ruling_iri("Q6")
    assert objects(result, q6, DCG.answer) == {Literal("Kept without it.")}
    assert objects(result, q6, DCG.relatedCard) == {card_iri("BT1-001")}


@pytest.mark.parametrize("name", ["qa_truncated.json", "qa_corrupt.json"])
def test_corrupt_file_stops_with_line_and_column(name: str) -> None:
    with pytest.raises(IngestError) as caught:
        qa.load(DATA / name)
    problem = caught.value.problem
    assert problem.action == "stopped" and problem.file.endswith(name)
    assert problem.where.startswith("line ") and "column" in problem.where


def test_top_level_list_stops(tmp_path: Path) -> None:
    path = tmp_path / "qa.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(IngestError, match="keyed by card number"):
        qa.load(path)


def test_real_file(corpus: Path) -> None:
    result = qa.load(corpus / "qa.json")
    assert result.counts == {"rulings": 6355, "ruling_card_links": 6929}
    # one real answer (Q1983) ends with an <a herf=...> link: its tags are removed, its words kept
    assert [(p.where, p.action) for p in result.problems] == [("BT10-058[0]", "kept")]
    assert "HTML tags </a>, <a> removed" in result.problems[0].message
    q1357 = ruling_iri("Q1357")
    assert objects(result, q1357, DCG.rulingId) == {Literal("Q1357")}
    assert len(objects(result, q1357, DCG.question)) == 1
    links = sum(1 for _s, p, _o in result.triples if p == DCG.aboutCard)
    assert links == 6929


def test_corrupt_file_in_a_build_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    from kg.build import Inputs, build
    from kg.store import open_store

    store = open_store(":memory:")
    build(store, Inputs(corpus=[], pages=[]))
    before = len(store)
    (tmp_path / "qa.json").write_bytes((DATA / "qa_truncated.json").read_bytes())
    with pytest.raises(IngestError, match="qa.json"):
        build(store, Inputs(corpus=[tmp_path], pages=[]))
    assert len(store) == before
