"""Session 19 (family Y1) wordings that held a card back by one clause, each on the card's own text."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effects import compile_card


def compiled(text: str, part: str = "main") -> CompiledEffect:
    """The compiled form of a one-effect text; it must be fully compiled."""
    (record,) = compile_card("X-1", **{part: text})
    assert record.compiled.trigger_compiled and record.compiled.actions_compiled, text
    return record.compiled


def test_bt1_043_trash_4_digivolution_cards_under_an_opponents_digimon() -> None:
    (action,) = compiled(
        "[When Digivolving] Trash 4 digivolution cards under 1 of your opponent's Digimon.").actions
    sel = action.selector
    assert (action.verb, action.amount, sel.owner, sel.kind, sel.count) == (
        "trash_any_sources", 4, "opponent", "Digimon", 1)
    assert not action.optional


def test_bt4_095_return_a_digi_egg_from_trash_to_the_digi_egg_deck() -> None:
    (action,) = compiled(
        "[On Play] Return 1 Digi-Egg card from your trash to the bottom of your Digi-Egg deck.").actions
    assert (action.verb, action.amount, action.selector.owner, action.selector.zone) == (
        "egg_to_egg_deck_bottom", 1, "self", "trash")


def test_ex3_036_played_by_trial_overwrites_security_attack() -> None:
    effect = compiled(
        "[On Play] All of your opponent's Digimon gain <Security Attack -1> until the end of your opponent's "
        "turn. (This Digimon checks 1 fewer security cards.) If this card was played by [Trial of the Four "
        "Great Dragons]'s effect, all of your opponent's Digimon gain <Security Attack -2> until the end of "
        "your opponent's turn instead.")
    when, unless = effect.conditions  # C governs the overwrite (Y), not-C the -1 (X): CR 18-2
    assert (when.kind, when.negated, when.governs) == ("played_by_effect_of", False, [1])
    assert (unless.kind, unless.negated, unless.governs) == ("played_by_effect_of", True, [0])
    assert when.selector.name == unless.selector.name == "Trial of the Four Great Dragons"
    assert [a.compiled for a in effect.actions] == [True, True]


def test_bt11_085_play_from_a_purple_or_blue_digimons_digivolution_cards() -> None:
    (action,) = compiled(
        "[On Play][When Digivolving] You may play 1 purple or blue level 3 Digimon card from 1 of your "
        "purple or blue Digimon's digivolution cards without paying the cost.").actions
    sel = action.selector
    assert (action.verb, action.free, action.optional) == ("play_card", True, True)
    assert (sel.zone, sel.color, sel.min_level, sel.max_level, sel.count) == (
        "purple_or_blue_digimon_sources", "Purple/Blue", 3, 3, 1)
