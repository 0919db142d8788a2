"""An effect that both triggers and is activated ('[On Play] [Main]', EX5-064) is reported, not
carried out halfway: the engine keeps one nature per effect (CR 15-8-3, 15-8-4)."""

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


def test_on_play_and_main_in_one_effect_is_a_gap() -> None:
    index = solver_index(ontology_store())
    (record,) = compile_card("EX5-064", main=EX5_064)
    codes = [g.code for g in record_gaps(index, spec_of(index, record))]
    assert codes == ["timing:activation_and_trigger"]


def test_a_main_effect_alone_is_no_such_gap() -> None:
    index = solver_index(ontology_store())
    (record,) = compile_card("ST1-16", main="[Main] Delete 1 of your opponent's Digimon.")
    assert record_gaps(index, spec_of(index, record)) == []
