"""The wiki page loader, on the two seed pages and on malformed pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, RDF

from ingest import wiki
from ingest.common import SourceResult
from ontology import DCG, card_iri, page_iri, ruling_iri

DATA = Path(__file__).parent / "data"
PIERCING = "000_783ced9f82fc78ff.txt"
GLOBAL_EFFECTS = "002_1d91b0f50db5c279.txt"


def objects(result: SourceResult, subject: URIRef, predicate: URIRef) -> list:
    return [o for s, p, o in result.triples if s == subject and p == predicate]


def of_type(result: SourceResult, cls: URIRef) -> set:
    return {s for s, p, o in result.triples if p == RDF.type and o == cls}


@pytest.fixture(scope="module")
def piercing(seeds: Path) -> SourceResult:
    return wiki.load(seeds / PIERCING)


@pytest.fixture(scope="module")
def global_effects(seeds: Path) -> SourceResult:
    return wiki.load(seeds / GLOBAL_EFFECTS)


def test_piercing_page_ingests_completely(piercing: SourceResult) -> None:
    assert piercing.problems == []
    assert piercing.counts == {"pages": 1, "page_sections": 6, "examples": 2, "rulings": 12}
    page = page_iri("piercing")
    assert objects(piercing, page, DCG.aboutKeyword) == [DCG.Piercing]
    rulings = {ruling_iri(f"seed-piercing-{i}") for i in range(1, 8)}
    rulings |= {ruling_iri(f"seed-piercing-other-{i}") for i in range(1, 6)}
    assert set(objects(piercing, page, DCG.hasRuling)) == rulings == of_type(piercing, DCG.Ruling)
    for ruling in rulings:
        assert objects(piercing, ruling, DCG.aboutKeyword) == [DCG.Piercing]
        assert objects(piercing, ruling, DCG.rulingKind) == [Literal("wiki")]
        assert len(objects(piercing, ruling, DCG.question)) == 1
        assert len(objects(piercing, ruling, DCG.answer)) == 1


def test_a_seed_ruling(piercing: SourceResult) -> None:
    ruling = ruling_iri("seed-piercing-other-5")
    assert objects(piercing, ruling, DCG.rulingId) == [Literal("seed-piercing-other-5")]
    answer = str(objects(piercing, ruling, DCG.answer)[0])
    assert answer.startswith("Both effects trigger at the same time")
    assert answer.endswith("So the top card of security will always be trashed first.")
    assert objects(piercing, ruling, DCG.sourceRecord) == [Literal("line 74")]
    four = ruling_iri("seed-piercing-4")
    assert set(objects(piercing, four, DCG.mentionsKeyword)) == {DCG.Piercing, DCG.SecurityA}
    assert objects(piercing, four, DCG.answer) == [Literal("Yes, you do.")]


def test_examples_keep_their_nested_steps_and_cards(piercing: SourceResult) -> None:
    example = wiki.example_iri("seed-piercing-example-1")
    steps = sorted(str(s) for s in objects(piercing, example, DCG.step))
    assert [s.split(" ", 1)[0] for s in steps] == ["1.", "2.", "2.1.", "2.2.", "3."]
    assert steps[3].startswith("2.2. [BT2-074 Devimon]'s <Retaliation> effect activates")
    assert set(objects(piercing, example, DCG.mentionsCard)) == {
        card_iri("BT5-086"), card_iri("BT2-074"), card_iri("BT3-016")}
    second = wiki.example_iri("seed-piercing-example-2")
    assert len(objects(piercing, second, DCG.step)) == 6
    assert set(objects(piercing, second, DCG.mentionsCard)) == {
        card_iri("ST4-13"), card_iri("ST4-11"), card_iri("BT5-112")}
    assert set(objects(piercing, second, DCG.mentionsTiming)) == {DCG.YourTurn, DCG.OnDeletion}


def test_global_effects_sections_and_sources(global_effects: SourceResult) -> None:
    assert global_effects.problems == []
    assert global_effects.counts == {"pages": 1, "page_sections": 8, "sources": 2}
    page = page_iri("global-effects")
    titles = {str(o) for s, p, o in global_effects.triples if p == DCG.title and s != page}
    assert titles == {"Game Rules", "Determining a Global Effect", "What happens?",
                      "Overlapping Global Effects", "When Digivolved", "When Played",
                      "Reaching 0 DP", "Sources"}
    sources = set(objects(global_effects, page, DCTERMS.source))
    assert len(sources) == 2 and sources == of_type(global_effects, DCG.Source)
    cards = {o for s in sources for o in objects(global_effects, s, DCG.mentionsCard)}
    assert cards == {card_iri("BT3-106"), card_iri("BT1-100")}
    digivolved = wiki.section_iri("global-effects", "when-digivolved")
    assert objects(global_effects, digivolved, DCTERMS.source) == [wiki.footnote_iri("global-effects", 1)]
    zero = str(objects(global_effects, wiki.section_iri("global-effects", "reaching-0-dp"), DCG.text)[0])
    assert "deleted before its [On Play] effects can activate" in zero
    intro = str(objects(global_effects, page, DCG.text)[0])
    assert intro.startswith("Global Effects are effects that continue affecting Digimon")
    nav = str(objects(global_effects, wiki.section_iri("global-effects", "game-rules"), DCG.text)[0])
    assert "■ Pending Activation ■" in nav


def test_malformed_page_gives_problems_and_keeps_the_rest() -> None:
    result = wiki.load(DATA / "wiki_bad.txt")
    assert result.counts == {"pages": 1, "page_sections": 5, "examples": 1, "rulings": 2}
    messages = {p.where: p.message for p in result.problems}
    assert set(messages) == {"line 9", "line 23", "line 28", "line 29", "line 33"}
    assert "without an answer" in messages["line 23"]
    assert "no numbered steps" in messages["line 9"]
    answer = objects(result, ruling_iri("seed-retaliation-1"), DCG.answer)
    assert answer == [Literal("Yes, and it goes on over two lines.")]
    section = wiki.section_iri("retaliation", "how-it-works")
    text = str(objects(result, section, DCG.text)[0])
    assert "<b>" not in text and "&amp;" not in text and "the Digimon it battled & lost" in text
    assert objects(result, section, DCG.mentionsCard) == [card_iri("BT2-074")]
    steps = sorted(str(s).split(" ", 1)[0] for s in
                   objects(result, wiki.example_iri("seed-retaliation-example-2"), DCG.step))
    assert steps == ["1.", "1.1.", "1.1.1.", "1.2.", "2."]


@pytest.mark.parametrize("content, where", [
    (b"", "line 1"),
    (b"\n\n   \n", "line 1"),
    (b"1. Q: no title?\n\n   A: none.\n", "line 1"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xd8", "byte 0"),
    (b"Title\n\nabc\x00def\n", "file"),
])
def test_pages_that_are_not_pages(tmp_path: Path, content: bytes, where: str) -> None:
    path = tmp_path / "page.txt"
    path.write_bytes(content)
    result = wiki.load(path)
    assert result.triples == []
    assert [(p.file, p.where, p.action) for p in result.problems] == [("page.txt", where, "skipped")]


def test_no_title_file() -> None:
    result = wiki.load(DATA / "wiki_notitle.txt")
    assert result.triples == [] and "no title" in result.problems[0].message


def test_a_bad_page_in_a_build_is_reported_and_the_rest_loads(tmp_path: Path) -> None:
    from kg.build import Inputs, build
    from kg.store import open_store

    (tmp_path / "junk.txt").write_bytes(b"\x00\x01\x02\xff")
    (tmp_path / "retaliation.txt").write_bytes((DATA / "wiki_bad.txt").read_bytes())
    report = build(open_store(":memory:"), Inputs(corpus=[], pages=[tmp_path]))
    assert ("junk.txt", "skipped") in {(p.file, p.action) for p in report.problems}
    assert report.total("rulings") == 2 and report.total("pages") == 1
