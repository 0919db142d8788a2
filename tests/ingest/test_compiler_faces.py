"""Face-down placements and the {Security} icon on real card text (ingest/compiler/face_phrases.py,
ingest/vocab.py head_tags; CR 4-7-9, 4-4-2, 15-14-5)."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effects import compile_card


def _effect(number: str, text: str, index: int = 0) -> tuple[CompiledEffect, list[str]]:
    records = compile_card(number, text, None, None)
    return records[index].compiled, records[index].tags


def test_bt25_087_places_the_top_2_cards_face_down_under_this_tamer() -> None:
    effect, _ = _effect("BT25-087",
        "[All Turns] When effects add cards to your opponent's hand, by suspending "
        "this Tamer, you may place the top 2 cards of your deck face down under this "
        "Tamer.")
    (action,) = effect.actions
    assert (action.verb, action.amount, action.optional) == ("place_deck_top_face_down", 2, True)
    assert (action.selector.kind, action.selector.this) == ("Tamer", True) and effect.actions_compiled


def test_st24_03_places_the_deck_top_face_down_under_any_data_squad_tamer() -> None:
    effect, _ = _effect("ST24-03",
        "[On Play] [When Digivolving] You may return 1 of your opponent's level 3 "
        "Digimon to the hand. Then, you may place the top card of your deck face down "
        "under any of your [DATA SQUAD] trait Tamers.")
    place = effect.actions[-1]
    assert (place.verb, place.amount, place.selector.kind, place.selector.trait.lower(), place.selector.this,
            place.selector.count) == ("place_deck_top_face_down", 1, "Tamer", "data squad", False, 1)


def test_ex9_039_places_a_hand_card_face_down_and_counts_face_down_sources() -> None:
    effect, _ = _effect("EX9-039",
        "[On Play] [When Digivolving] You may place 1 card in your hand face down as "
        "this Digimon's bottom digivolution card. For each of this Digimon's face-down "
        "digivolution cards, suspend 1 of your opponent's Digimon.")
    place, suspend = effect.actions
    assert (place.verb, place.selector.this, place.card.zone, place.card.count, place.card.kind) == (
        "place_under_face_down", True, "hand", 1, "card")
    assert (suspend.verb, suspend.per.zone, suspend.per.kind, suspend.selector.owner) == (
        "suspend", "sources", "Face-down", "opponent")


def test_ex9_009_places_the_deck_top_face_down_as_a_cost() -> None:
    effect, _ = _effect("EX9-009",
        "[When Attacking] [Once Per Turn] By placing your deck's top card face down as "
        "this Digimon's bottom digivolution card, this Digimon gets +1000 DP for each "
        "of its face-down digivolution cards until your opponent's turn ends.")
    (cost,), (dp,) = effect.costs, effect.actions
    assert (cost.verb, cost.amount, cost.selector.this) == ("place_deck_top_face_down", 1, True)
    assert (dp.verb, dp.amount, dp.per.kind, dp.duration) == (
        "dp_modify", 1000, "Face-down", "until_end_of_opponents_turn")


def test_bt21_095_security_all_turns_is_the_security_icon_not_a_security_effect() -> None:
    text = ("While you have no face-up security cards, you may ignore this card's color requirements.\n"
            "[Security] [All Turns] All of your [WG] trait Digimon gain <Vortex>\n"
            "[Main] Add your bottom security card to the hand. Then, place this card face up as the bottom "
            "security card.")
    icon, tags = _effect("BT21-095", text, 1)
    assert icon.trigger is None and icon.category == "Persistent" and "SecurityIcon" in tags
    assert [(a.verb, a.keyword, a.selector.trait) for a in icon.actions] == [("gain_keyword", "Vortex", "WG")]
    main, _ = _effect("BT21-095", text, 2)
    assert [a.verb for a in main.actions] == ["bottom_security_to_hand", "place_self_face_up_bottom_security"]


def test_a_security_effect_alone_stays_a_security_trigger() -> None:
    effect, tags = _effect("BT21-095",
        "[Security] You may play 1 level 5 or lower Digimon with the [WG] trait from "
        "your hand without paying the cost.")
    assert effect.trigger is not None and effect.trigger.event == "SecurityCardChecked" and not tags
