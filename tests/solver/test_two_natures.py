"""An effect with two natures ('[On Play] [Main]', EX5-064; '[When Digivolving] [Counter]', BT26-103) is one
trigger-type effect that is also declared at its activation timings (CR 15-16-1, 15-8-3, 15-8-4): the
engine carries out both halves, their usage limit shared (QA Q2299); the goldens play them out."""

from __future__ import annotations

from ingest.effects import compile_card
from kg.build import ontology_store
from kg.solver.effect_spec import spec_of
from kg.solver.rules_index import solver_index
from kg.solver.support import record_gaps

EX5_064 = (
    "[On Play] [Main] By suspending this Tamer and placing the top top card of one of your [Light Fang]/"
    "[Night Claw] trait Digimon as that Digimon's bottom digivolution card, 1 of your Digimon may digivolve "
    "into a Digimon card in your hand without paying the cost."
)
BT26_103 = "[When Digivolving] [Counter] [Once Per Turn] Trash your top security card, and <Recovery +2>."


def test_on_play_and_main_in_one_effect_triggers_and_is_activatable() -> None:
    index = solver_index(ontology_store())
    (record,) = compile_card("EX5-064", main=EX5_064)
    spec = spec_of(index, record)
    assert (spec.category, spec.activated_at, spec.activatable) == ("trigger", frozenset({"Main"}), True)
    assert spec.events
    assert record_gaps(index, spec) == []


def test_when_digivolving_and_counter_share_one_usage_limit() -> None:
    index = solver_index(ontology_store())
    (record,) = compile_card("BT26-103", main=BT26_103)
    spec = spec_of(index, record)
    assert (spec.category, spec.activated_at) == ("trigger", frozenset({"Counter"}))
    assert spec.limit == "OncePerTurn"


def test_a_main_effect_alone_is_activation_type_only() -> None:
    index = solver_index(ontology_store())
    (record,) = compile_card("ST1-16", main="[Main] Delete 1 of your opponent's Digimon.")
    spec = spec_of(index, record)
    assert (spec.category, spec.activated_at, spec.activatable) == ("activation", frozenset(), True)
    assert record_gaps(index, spec) == []
