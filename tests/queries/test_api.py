"""The Python API on the bundled graph: typed answers, bound variables, close matches."""

from __future__ import annotations

import pytest
from rdflib import Literal

import queries
from kg.store import StoreError
from queries.api import Card, Keyword
from queries.names import UnknownName


def test_card_has_effects_keywords_and_rulings(kg):
    card = kg.card("BT3-016")
    assert isinstance(card, Card)
    assert card.keywords == ["Piercing"]
    assert [e.label for e in card.effects] == ["Piercing"]
    assert [e.part for e in card.effects] == ["inherited"]
    assert kg.card("BT2-074").keywords == ["Retaliation"]


def test_card_lookup_is_case_insensitive_and_suggests_numbers(kg):
    assert kg.card("bt5-086").name == "Omnimon"
    with pytest.raises(UnknownName) as caught:
        kg.card("BT5-08")
    assert "BT5-086" in caught.value.matches


def test_keyword_piercing(kg):
    kw = kg.keyword("<Piercing>")
    assert isinstance(kw, Keyword)
    assert (kw.category, kw.event, kw.processed_at) == ("TriggerType", "DeletedInBattle", "BeforeEndOfAttack")
    assert "16-7" in [r.section for r in kw.rule_sections]
    assert "BT3-016" in kw.cards
    assert kw.rulings and all("Piercing" in r.keywords for r in kw.rulings)
    assert "Piercing" in kw.rulings[0].about_keywords  # rulings about it come before mentions


def test_keyword_by_printed_alias_and_typo(kg):
    assert kg.keyword("Security Attack").name == "SecurityA"
    with pytest.raises(UnknownName, match="did you mean: Retaliation"):
        kg.keyword("Retaliaton")


def test_timing(kg):
    timing = kg.timing("[On Deletion]")
    assert (timing.name, timing.event, timing.category) == ("OnDeletion", "Deleted", "TriggerType")
    assert timing.steps == ["ConfirmationStep"]
    assert timing.effects >= 1  # Zwart's [On Deletion] is bundled
    assert kg.timing("Your Turn").live_in == "OwnersTurn"


def test_rule_and_unknown_rule(kg):
    assert kg.rule("16-7-4.").section == "16-7-4"
    with pytest.raises(UnknownName, match="rule section"):
        kg.rule("99-99-99")


def test_rulings_filters_combine(kg):
    about_piercing = kg.rulings(keyword="Piercing")
    with_text = kg.rulings(keyword="Piercing", text="SECURITY DIGIMON")
    assert with_text and len(with_text) < len(about_piercing)
    assert all("security digimon" in f"{r.question} {r.answer}".lower() for r in with_text)
    assert kg.rulings(text="no ruling says this ~~~") == []
    assert len(kg.rulings(keyword="Piercing", limit=2)) == 2


def test_sparql_binds_values_not_text(kg):
    query = "SELECT ?t WHERE { ?t dcg:labelTag ?tag }"
    assert len(kg.sparql(query, tag="OnPlay")) == 1
    # a value that would break out of a pasted string matches nothing and changes nothing
    hostile = 'x" } UNION { ?t ?p ?o } #'
    assert len(kg.sparql(query, tag=hostile)) == 0
    assert kg.sparql("ASK { ?k dcg:labelTag ?tag }", tag=Literal("Piercing")) is True
    triples = kg.sparql("CONSTRUCT { ?k a dcg:Keyword } WHERE { ?k dcg:labelTag ?tag }", tag="Blocker")
    assert len(triples) == 1


def test_open_memory_builds_the_bundled_graph(tmp_path, store_dir):
    graph = queries.open(":memory:")
    assert graph.keyword("Blocker").category == "Persistent"
    assert queries.open(graph.store).store is graph.store
    assert queries.open(store_dir).timing("OnPlay").event == "CardPlayed"
    with pytest.raises(StoreError, match="dcgkg build"):
        queries.open(tmp_path / "nothing-built-here")


def test_simulate_and_triggers_delegate_to_the_solver(kg, scenario_file):
    report = kg.simulate(scenario_file)
    assert report["security_checks"]["A"] == 1
    assert report["deleted"] == ["devimon"]
    batches = kg.triggers(scenario_file)
    assert batches[0]["effects"] == ["omnimon/BT3-016/Piercing", "devimon/BT2-074/Retaliation"]
