"""Effects to triples and back: IRIs for every part, and an exact round trip through a store."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from rdflib import BNode, URIRef
from rdflib.namespace import RDF

from ingest.cards import parse_card
from ingest.effect_ir import EffectRecord
from ingest.effect_rdf import effect_triples
from ingest.effects import compile_card
from kg.build import write_ntriples
from kg.solver.effect_reader import load_effects
from kg.store import OxigraphStore, open_store
from ontology import DCG, effect_iri

SEEDS: dict[str, dict[str, str]] = json.loads(
    (Path(__file__).parent / "data" / "seed_texts.json").read_text(encoding="utf-8")
)


def store_of(records: list[EffectRecord]) -> OxigraphStore:
    triples = {t for r in records for t in effect_triples(r)}
    store = open_store(":memory:")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "effects.nt"
        write_ntriples(triples, path)
        store.replace_ntriples(path)
    return store  # type: ignore[return-value]


def seed_records() -> dict[str, list[EffectRecord]]:
    return {number: compile_card(number, **texts) for number, texts in SEEDS.items()}


def test_every_part_has_an_iri_under_its_effect() -> None:
    (record,) = compile_card("ST4-11", **SEEDS["ST4-11"])
    triples = effect_triples(record)
    e = effect_iri("ST4-11", "inherited", 1)
    assert not any(isinstance(term, BNode) for t in triples for term in t)
    nodes = {s for s, _p, _o in triples}
    assert {URIRef(f"{e}/trigger"), URIRef(f"{e}/action/1"), URIRef(f"{e}/action/1/selector")} <= nodes
    facts = {(p, o) for s, p, o in triples if s == e}
    assert (RDF.type, DCG.Effect) in facts
    assert (DCG.category, DCG.TriggerType) in facts
    assert (DCG.timing, DCG.YourTurn) in facts and (DCG.tag, DCG.OncePerTurn) in facts
    trigger = {(p, o) for s, p, o in triples if s == URIRef(f"{e}/trigger")}
    assert (DCG.onEvent, DCG.DeletedInBattle) in trigger and (DCG.thisRole, DCG.ObjectRole) in trigger
    assert (DCG.requires, DCG.ThisSurvives) in trigger


def test_window_effect_category_is_never_window() -> None:
    records = [r for rs in seed_records().values() for r in rs]
    categories = {o for r in records for _s, p, o in effect_triples(r) if p == DCG.category}
    assert DCG.Window not in categories


def test_seed_cards_round_trip_exactly() -> None:
    records = seed_records()
    store = store_of([r for rs in records.values() for r in rs])
    assert load_effects(store) == records
    subset = load_effects(store, ["BT5-086", "ST4-13", "NOPE-1"])
    assert subset == {"BT5-086": records["BT5-086"], "ST4-13": records["ST4-13"], "NOPE-1": []}


def test_card_numbers_are_values_not_query_text() -> None:
    store = store_of(compile_card("BT5-086", **SEEDS["BT5-086"]))
    assert load_effects(store, ['X" } ?e ?p ?o { "']) == {'X" } ?e ?p ?o { "': []}


def test_corpus_cards_round_trip_exactly(corpus: Path) -> None:
    raw = json.loads((corpus / "cards.json").read_text(encoding="utf-8"))
    cards = [parse_card(r) for r in raw[::12]]  # a spread of a few hundred cards over every set
    assert len(cards) > 300
    records = {c.number: compile_card(c.number, **c.texts) for c in cards}
    store = store_of([r for rs in records.values() for r in rs])
    loaded = load_effects(store, list(records))
    assert sum(len(v) for v in loaded.values()) == sum(len(v) for v in records.values()) > 500
    assert loaded == records


@pytest.mark.parametrize("number", ["BT5-086", "ST4-11"])
def test_loaded_effects_from_the_built_graph(corpus_store: OxigraphStore, number: str) -> None:
    loaded = load_effects(corpus_store, [number])[number]
    assert [r.label_tag for r in loaded] == [r.label_tag for r in compile_card(number, **SEEDS[number])]
    assert all(r.compiled.trigger_compiled and r.compiled.actions_compiled for r in loaded)


def test_delayed_actions_attack_targets_and_card_selectors_round_trip() -> None:
    records = compile_card(
        "BT1-021",
        main="[When Attacking] Gain 3 memory. At end of turn, lose 3 memory.",
        inherited="[When Attacking] When you attack an opponent's Digimon, this Digimon gets +1000 DP "
        "for the turn.",
        security="[Security] 1 of your Digimon may digivolve into [Greymon] in the hand "
        "with the cost reduced by 1.",
    )
    assert records[0].compiled.actions[1].processed_at == "EndOfTurnPoint"
    triples = {t for r in records for t in effect_triples(r)}
    assert any(p == DCG.processedAt and o == DCG.EndOfTurnPoint for _s, p, o in triples)
    assert records[2].compiled.actions[0].card.name == "Greymon"
    assert any(p == DCG.hasCardSelector for _s, p, _o in triples)
    assert load_effects(store_of(records)) == {"BT1-021": records}


def test_selector_exclusions_same_targets_and_multipliers_round_trip() -> None:
    records = compile_card(
        "X-1",
        main="[On Play] Suspend 1 of your opponent's Digimon without <Blocker>. "
        "Delete 1 of your opponent's Digimon with as much or less DP as this Digimon. "
        "Return 1 of your opponent's Digimon with as many or fewer digivolution cards as this Digimon "
        "to the hand. "
        "1 of your Digimon gains <Blocker> and <Reboot> for the turn. "
        "For every 10 cards in your trash, gain 1 memory.",
        inherited="[When Attacking] This Digimon may digivolve into [Sakuyamon] in your hand "
        "for a cost of 3, ignoring its digivolution requirements. "
        "You may play 1 [Gammamon] from your trash suspended with the play cost reduced by 2. "
        "If you have a Tamer, gain 1 memory.",
        security="[Your Turn] When one of your Digimon is played, that Digimon gains <Rush> for the turn.",
    )
    suspend, delete, back, _blocker, reboot, memory = records[0].compiled.actions
    assert back.selector.sources_at_most_this
    assert suspend.selector.without_keywords == ["Blocker"] and delete.selector.dp_at_most_this
    assert reboot.same_targets and (memory.per.zone, memory.per_every) == ("trash", 10)
    digivolve, play, _memory = records[1].compiled.actions
    assert records[1].compiled.conditions[0].governs == [2]
    assert records[2].compiled.actions[0].selector.subject
    assert (digivolve.cost, digivolve.ignore_requirements, play.suspended, play.amount) == (3, True, True, 2)
    triples = {t for r in records for t in effect_triples(r)}
    assert {(p, o) for _s, p, o in triples if p == DCG.withoutKeyword} == {(DCG.withoutKeyword, DCG.Blocker)}
    assert load_effects(store_of(records)) == {"X-1": records}


def test_alternative_filters_round_trip() -> None:
    records = compile_card(
        "X-2",
        main="[Main] By trashing 1 card with [Huckmon]/[Sistermon] in its name or the [Royal Knight] trait "
        "in your hand, <Draw 1>.",
    )
    (cost,) = records[0].compiled.costs
    assert [(a.name_contains, a.trait) for a in cost.selector.any_of] == [
        ("Huckmon/Sistermon", None),
        (None, "Royal Knight"),
    ]
    assert load_effects(store_of(records)) == {"X-2": records}
