"""The API and named queries on the full corpus graph (built once per session)."""

from __future__ import annotations

from queries import library
from queries.api import KnowledgeGraph


def test_card_with_rulings_and_errata(corpus_store):
    card = KnowledgeGraph(corpus_store).card("BT8-097")
    assert card.errata and all(e.after for e in card.errata)
    assert len(card.rulings) > 10
    assert all(r.id.startswith("Q") and r.question and r.answer for r in card.rulings)
    assert all("BT8-097" in r.cards + r.related for r in card.rulings)


def test_keyword_cards_and_granting_cards(corpus_store):
    blocker = KnowledgeGraph(corpus_store).keyword("Blocker")
    assert len(blocker.cards) > 100 and len(blocker.granted_by) > 50
    rows = library.run(corpus_store, "cards-granting-keyword", {"keyword": "Blocker"})
    granting = {str(r[0]) for r in rows}
    assert granting == set(blocker.granted_by)


def test_ruling_rule_sections(corpus_store):
    kg = KnowledgeGraph(corpus_store)
    ruling = kg.rulings(keyword="Piercing", text="security digimon")[0]
    sections = [str(r[0]) for r in library.run(corpus_store, "rules-for-ruling", {"ruling": ruling.id})]
    assert "16-7" in sections


def test_static_checks_on_the_corpus(corpus_store):
    uncompiled = library.run(corpus_store, "check-uncompiled-triggers")
    total = int(corpus_store.select("SELECT (COUNT(?e) AS ?n) WHERE { ?e a dcg:Effect }").rows[0][0])
    assert 0 < len(uncompiled) < total
    assert len(library.run(corpus_store, "check-keywords-without-rule")) == 0
