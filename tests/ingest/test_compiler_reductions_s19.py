"""Cost changes answering a play or a digivolution about to be paid (session 19):
ingest/compiler/cost_change_phrases.py, on real card texts."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card
from kg.build import ontology_store
from kg.solver.coverage import fully_compiled
from kg.solver.effect_spec import spec_of
from kg.solver.rules_index import solver_index
from kg.solver.support import record_gaps

SNOW = ("[Opponent's Turn] When an opponent's Digimon with no digivolution cards would digivolve, "
        "increase the digivolution cost by 1.")
PARA = ("[Your Turn] When you would play a green Digimon card, by suspending this Digimon, "
        "reduce the cost by 1.")
PLAYED = ("WouldBePlayed", ["SubjectIsOwn"])


@pytest.fixture(scope="module")
def index():
    return solver_index(ontology_store())


@pytest.mark.parametrize("number", ["EX3-016", "EX3-019"])
def test_an_opponents_bare_digimon_would_digivolve_costs_1_more(number: str, index) -> None:
    (record,) = compile_card(number, inherited=SNOW)
    c = record.compiled
    assert c.trigger is not None and c.trigger_compiled
    assert (c.trigger.event, c.trigger.this_role) == ("WouldDigivolve", "AnyRole")
    assert c.trigger.requires == ["OtherHasNoSources", "OtherIsDigimon", "OtherIsOpponents"]
    assert [(a.verb, a.amount, a.compiled) for a in c.actions] == [("increase_digivolve_cost", 1, True)]
    assert record_gaps(index, spec_of(index, record)) == []
    assert fully_compiled(record) is True


def test_ex3_040_reduces_the_cost_of_the_green_digimon_card_you_would_play(index) -> None:
    (record,) = compile_card("EX3-040", main=PARA)
    c = record.compiled
    assert c.trigger is not None and (c.trigger.event, c.trigger.requires) == PLAYED
    sel = c.trigger.selector
    assert sel is not None
    assert (sel.owner, sel.kind, sel.color) == ("self", "Digimon", "Green")
    assert [(a.verb, a.selector.this) for a in c.costs] == [("suspend", True)]
    assert [(a.verb, a.amount, a.compiled) for a in c.actions] == [("reduce_play_cost", 1, True)]
    assert record_gaps(index, spec_of(index, record)) == []


def test_from_your_hand_stays_the_from_hand_reading() -> None:
    text = ("[Your Turn][Once Per Turn] When you would play a green Tamer card from your hand, "
            "by suspending 1 of your green Digimon, reduce the play cost by 3.")
    (record,) = compile_card("BT14-046", main=text)
    assert record.compiled.trigger.requires == ["SubjectIsOwn", "WouldBePlayedFromHand"]


def test_increasing_a_cost_outside_a_would_digivolve_effect_is_a_gap(index) -> None:
    (record,) = compile_card("T-X", main="[On Play] Increase the digivolution cost by 1.")
    gaps = record_gaps(index, spec_of(index, record))
    assert [g.code for g in gaps] == ["verb:increase_digivolve_cost"]


@pytest.mark.parametrize(("number", "text", "amount"), [
    ("BT25-049", "[Your Turn][Once Per Turn] When you would use an Option card with the "
     "[Glowing Dawn]\xa0trait, by trashing the bottom face-down card under any of your Tamers, "
     "reduce the cost by 3.", 3),
    ("BT25-090", "[Your Turn] [Once Per Turn] When you would use [Glowing Dawn]\xa0trait Option cards, by "
     "trashing the bottom face-down card from under any of your Tamers, reduce the cost by 1.", 1),
])
def test_the_glowing_dawn_option_you_would_use_costs_less(number: str, text: str, amount: int, index) -> None:
    (record,) = compile_card(number, main=text)
    c = record.compiled
    assert c.trigger is not None and (c.trigger.event, c.trigger.requires) == PLAYED
    sel = c.trigger.selector
    assert sel is not None
    assert (sel.owner, sel.kind, sel.trait) == ("self", "Option", "Glowing Dawn")
    assert [a.verb for a in c.costs] == ["trash_bottom_face_down"]
    assert [(a.verb, a.amount, a.compiled) for a in c.actions] == [("reduce_play_cost", amount, True)]
    assert record_gaps(index, spec_of(index, record)) == []


def test_you_would_use_a_digimon_is_no_option_use() -> None:
    (record,) = compile_card("T-X", main="When you would use a Digimon card, reduce the cost by 1.")
    assert not record.compiled.trigger_compiled


FLARE = ("When this card would be played or digivolved into, if you have a Digimon with 3 or more "
         "digivolution cards and the [Light Fang]/[Night Claw]/[Galaxy]\xa0trait, reduce the play or "
         "digivolution cost by 2.")


def test_ex5_012_reduces_the_play_or_digivolution_of_this_card(index) -> None:
    (record,) = compile_card("EX5-012", main=FLARE)
    c = record.compiled
    assert c.trigger is not None and c.category == "ImmediateType"
    assert (c.trigger.event, c.trigger.this_role, c.trigger.requires) == (
        "WouldBePlayedOrDigivolve", "SubjectRole", [])
    (cond,) = c.conditions
    assert (cond.kind, cond.amount, cond.compiled) == ("digimon_sources_at_least", 3, True)
    assert cond.selector is not None
    assert (cond.selector.owner, cond.selector.kind, cond.selector.trait) == (
        "self", "Digimon", "Light Fang/Night Claw/Galaxy")
    assert [(a.verb, a.amount, a.compiled) for a in c.actions] == [("reduce_play_or_digivolve_cost", 2, True)]
    assert record_gaps(index, spec_of(index, record)) == []
    assert spec_of(index, record).events == {"WouldBePlayed", "WouldDigivolve"}


def test_reducing_the_play_or_digivolution_cost_outside_such_a_trigger_is_a_gap(index) -> None:
    (record,) = compile_card("T-X", main="When this card would be played, reduce the play or digivolution "
                             "cost by 2.")
    gaps = record_gaps(index, spec_of(index, record))
    assert [g.code for g in gaps] == ["verb:reduce_play_or_digivolve_cost"]


def test_p_199_their_play_costs_are_those_of_the_cards_about_to_be_played(index) -> None:
    text = ("[Your Turn] When any of your Digimon cards with the [TS]\xa0trait would be played, "
            "by suspending this Tamer, reduce their play costs by 1.")
    (record,) = compile_card("P-199", main=text)
    c = record.compiled
    assert c.trigger is not None and (c.trigger.event, c.trigger.requires) == PLAYED
    assert [(a.verb, a.selector.kind, a.selector.this) for a in c.costs] == [("suspend", "Tamer", True)]
    assert [(a.verb, a.amount, a.compiled) for a in c.actions] == [("reduce_play_cost", 1, True)]
    assert record_gaps(index, spec_of(index, record)) == []


def test_lm_009_answers_a_play_of_anyones_card_or_a_digivolution_of_yours(index) -> None:
    text = ("[Your Turn] When a card with [Angoramon]\xa0in its text would be played or one of your Digimon "
            "would digivolve into such a card, by suspending this Digimon, reduce the play or digivolution "
            "cost by 2.")
    (record,) = compile_card("LM-009", main=text)
    c = record.compiled
    assert c.trigger is not None
    assert (c.trigger.event, c.trigger.this_role, c.trigger.requires) == (
        "WouldBePlayedOrDigivolve", "AnyRole", ["OwnIfDigivolving"])
    sel = c.trigger.selector
    assert sel is not None and (sel.owner, sel.kind, sel.text_contains) == ("any", "card", "Angoramon")
    assert [(a.verb, a.selector.this) for a in c.costs] == [("suspend", True)]
    assert [(a.verb, a.amount) for a in c.actions] == [("reduce_play_or_digivolve_cost", 2)]
    assert record_gaps(index, spec_of(index, record)) == []


def test_p_087_you_would_play_a_named_card_is_answered_before_it_is_played() -> None:
    text = ("[Your Turn] When you would play a [Pulsemon], by suspending this tamer, if you have 3 or more "
            "security cards, <Draw 1> (Draw 1 card from your deck). If you have 3 or fewer security cards, "
            "gain 1 memory.")
    (record,) = compile_card("P-087", main=text)
    c = record.compiled
    assert c.category == "ImmediateType" and c.trigger is not None
    assert (c.trigger.event, c.trigger.requires) == PLAYED
    assert c.trigger.selector is not None and c.trigger.selector.name == "Pulsemon"
