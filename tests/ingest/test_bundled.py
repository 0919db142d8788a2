"""The bundled fallback graph: useful alone, replaced (not duplicated) by real sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph

import ontology
from ingest import bundled
from kg.build import Inputs, build
from kg.store import OxigraphStore, open_store

SEED_CARDS = ["BT5-086", "BT2-074", "BT3-016", "ST4-13", "BT5-112", "ST4-11", "BT3-106", "BT1-100"]
SEED_RULINGS = [f"seed-piercing-{i}" for i in range(1, 8)] + [
    f"seed-piercing-other-{i}" for i in range(1, 6)]


def count(store: OxigraphStore, where: str) -> int:
    row = store.select(f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}").rows[0]
    return int(row[0].toPython())  # type: ignore[union-attr]


def cited_rule_sections() -> set[str]:
    """Every rule: IRI the ontology uses as an object."""
    graph = Graph()
    for path in ontology.ontology_files():
        graph.parse(path, format="turtle")
    prefix = str(ontology.ID) + "rule/"
    return {str(o) for o in graph.objects() if str(o).startswith(prefix)}


def test_bundled_result_is_a_fallback_without_problems() -> None:
    result = bundled.load(Path())
    assert result.fallback and result.problems == []
    assert result.counts["bundled cards"] == 20
    assert result.counts["bundled rulings"] == 12 and result.counts["bundled examples"] == 2


def test_seed_cards_present(bundled_store: OxigraphStore) -> None:
    for number in SEED_CARDS:
        assert count(bundled_store, f"card:{number} a dcg:Card ; dcg:name ?n ; dcg:cardNumber ?c") == 1


def test_all_piercing_rulings_reachable_from_the_keyword(bundled_store: OxigraphStore) -> None:
    rows = bundled_store.select(
        "SELECT ?id WHERE { ?r a dcg:Ruling ; dcg:aboutKeyword dcg:Piercing ; dcg:rulingId ?id ;"
        " dcg:question ?q ; dcg:answer ?a }")
    assert sorted(str(r[0]) for r in rows) == sorted(SEED_RULINGS)
    assert count(bundled_store, "?e a dcg:Example ; dcg:aboutKeyword dcg:Piercing") == 2
    assert count(bundled_store, "ruling:seed-piercing-6 dcg:mentionsKeyword dcg:Blocker") == 1
    cards = bundled_store.select(
        "SELECT DISTINCT ?n WHERE { ?e a dcg:Example ; dcg:mentionsCard ?c . ?c dcg:cardNumber ?n }")
    assert {str(r[0]) for r in cards} == {"BT5-086", "BT2-074", "BT3-016", "ST4-13", "BT5-112", "ST4-11"}


def test_every_cited_rule_section_is_present(bundled_store: OxigraphStore) -> None:
    cited = cited_rule_sections()
    assert len(cited) > 80
    rows = bundled_store.select(
        "SELECT ?s WHERE { ?s a dcg:RuleSection ; dcg:sectionNumber ?n ; dcg:text ?t ; rdfs:label ?l"
        " OPTIONAL { ?s dcg:parentSection ?p } FILTER (!CONTAINS(?n, '-') || BOUND(?p)) }")
    present = {str(r[0]) for r in rows}
    assert cited - present == set()
    assert count(bundled_store, "rule:16-7 dcg:defines dcg:Piercing") == 1


@pytest.fixture(scope="module")
def seeded_store(seeds: Path) -> OxigraphStore:
    """Bundled sources plus the real seed pages."""
    store = open_store(":memory:")
    build(store, Inputs(corpus=[], pages=[seeds]))
    return store  # type: ignore[return-value]


def test_real_seed_page_replaces_the_paraphrase(seeded_store: OxigraphStore) -> None:
    for ruling_id in SEED_RULINGS:
        assert count(seeded_store, f"ruling:{ruling_id} dcg:question ?q") == 1
        assert count(seeded_store, f"ruling:{ruling_id} dcg:answer ?a") == 1
    assert count(seeded_store, "?r a dcg:Ruling ; dcg:aboutKeyword dcg:Piercing") == 12
    answer = seeded_store.select("SELECT ?a WHERE { ruling:seed-piercing-7 dcg:answer ?a }").rows[0][0]
    assert str(answer).startswith("No, <Piercing> only performs security checks.")
    assert count(seeded_store, "?e a dcg:Example ; dcg:step ?s") == 11
    sources = seeded_store.select(
        "SELECT DISTINCT ?src WHERE { ruling:seed-piercing-1 prov:wasDerivedFrom ?src }")
    assert [str(r[0]).rsplit("/", 1)[-1] for r in sources] == ["000_783ced9f82fc78ff.txt"]
    # the bundled cards stay: no real card list was loaded
    assert count(seeded_store, "card:BT5-086 dcg:name ?n") == 1
