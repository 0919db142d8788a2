"""Conditions read by ingest/compiler/cause_phrases.py, on the real card texts (by card number)."""

from __future__ import annotations

import pytest

from ingest.compiler.conditions import compile_conditions
from ingest.effects import compile_card


def _condition(number: str, text: str, span: str):
    """The condition with that span of the card's effect that prints it."""
    for record in compile_card(number, text):
        for c in record.compiled.conditions:
            if c.span == span:
                return record, c
    raise AssertionError(f"{number}: no condition {span!r}")


@pytest.mark.parametrize(
    ("number", "text", "span"),
    [
        ("AD1-024", "[All Turns] [Once Per Turn] When Digimon are played or digivolve, you may "
         "suspend 1 of your "
         "opponent's Digimon and unsuspend this Digimon. Then, if played or digivolved by effects, "
         "you may return 1 "
         "of your opponent's suspended Digimon to the bottom of the deck.", "if played or "
         "digivolved by effects"),
        ("BT25-084", "[On Play] [When Digivolving] [When Attacking] [Once Per Turn] By trashing 1 "
         "card in your hand, "
         "delete all of your opponent's highest DP Digimon. After, if played or digivolved by an "
         "effect, trash "
         "their top security card.", "if played or digivolved by an effect"),
    ],
)
def test_played_or_digivolved_by_an_effect(number: str, text: str, span: str) -> None:
    record, c = _condition(number, text, span)
    assert c.compiled and c.kind == "played_or_digivolved_by_effect" and not c.negated
    assert record.compiled.actions_compiled


@pytest.mark.parametrize(
    ("number", "text", "span"),
    [
        ("EX3-025", "[On Play] <Draw 2>. (Draw 2 cards from your deck.) Then, if this card was "
         "played by [Trial of "
         "the Four Great Dragons]'s effect, gain 2 memory.",
         "if this card was played by [Trial of the Four Great Dragons]'s effect"),
        ("EX3-064", "[On Play] Delete 1 of your opponent's level 5 or lower Digimon. If this card "
         "was played by "
         "[Trial of the Four Great Dragons]'s effect, add 1 to the maximum level of the Digimon you "
         "can delete with "
         "this effect.", "If this card was played by [Trial of the Four Great Dragons]'s effect"),
    ],
)
def test_played_by_a_named_cards_effect(number: str, text: str, span: str) -> None:
    record, c = _condition(number, text, span)
    assert c.compiled and c.kind == "played_by_effect_of"
    assert c.selector is not None and c.selector.name == "Trial of the Four Great Dragons"
    assert record.compiled.actions_compiled


def test_the_attacking_digimon_is_named() -> None:
    """EX2-065 Ai & Mako: the attacking Digimon's name is exactly [Beelzemon] (QA Q3351)."""
    record, c = _condition(
        "EX2-065", "[Your Turn] When you attack with a Digimon, you may suspend this Tamer to trash "
        "the top card of "
        "your deck. Then, if the attacking Digimon is [Beelzemon], you may digivolve it into a "
        "[Beelzemon Blast "
        "Mode] in your trash for a digivolution cost of 3.", "if the attacking Digimon is [Beelzemon]")
    assert c.kind == "attacker_matches" and c.selector is not None and c.selector.name == "Beelzemon"
    assert record.compiled.actions_compiled


def test_no_opponents_digimon_was_deleted_by_this_effect() -> None:
    """BT13-111 Gallantmon: the first deletion deleted none of the opponent's Digimon."""
    record, c = _condition(
        "BT13-111", "[On Play][When Digivolving][When Attacking] Delete 1 of your opponent's "
        "Digimon with 6000 DP or "
        "less. If no opponent's Digimon was deleted by this effect, delete 1 of their Digimon with "
        "13000 DP or more.",
        "If no opponent's Digimon was deleted by this effect")
    assert (c.kind, c.negated, c.governs) == ("effect_deleted", True, [1])
    assert c.selector is not None and c.selector.owner == "opponent"


def test_on_the_field_takes_the_breeding_area() -> None:
    """BT23-099 ('… in its name the field') and the 'on the field' wording: zone ``field`` (QA Q5387)."""
    for text in ("While you have a Digimon with [Huckmon] in its name the field",
                 "While you have a Digimon or Tamer with the [CS] trait on the field"):
        (c,) = compile_conditions(text)
        assert c.kind == "has_card" and c.selector is not None
        assert (c.selector.owner, c.selector.zone) == ("self", "field")
    (c,) = compile_conditions("While you have a Digimon with [Huckmon] in its name in play")
    assert c.selector is not None and c.selector.zone == "battle_area"


def test_sources_with_the_is_left_out() -> None:
    """EX7-061 'if [Lilithmon]/[X Antibody] in its digivolution cards': one card with either name."""
    (c,) = compile_conditions("if [Lilithmon]/[X Antibody] in its digivolution cards")
    assert (c.kind, c.amount) == ("sources_include", 1)
    assert c.selector is not None
    assert (c.selector.zone, c.selector.name) == ("sources", "Lilithmon/X Antibody")


def test_this_digimon_is_a_color_and_has_dp() -> None:
    """P-033 'While this Digimon is black and has 13000 DP or more': both, of this Digimon."""
    black, dp = compile_conditions("While this Digimon is black and has 13000 DP or more")
    assert black.kind == dp.kind == "this_matches"
    assert black.selector is not None and black.selector.color == "Black" and black.selector.this
    assert dp.selector is not None and dp.selector.min_dp == 13000


def test_that_digimons_play_cost_and_it() -> None:
    """BT3-107: 'that Digimon' and 'it' are the Digimon <De-Digivolve 1> chose (QA Q1145)."""
    (record, _security) = compile_card(
        "BT3-107", "[Main] Trigger <De-Digivolve 1> on 1 of your opponent's Digimon. (Trash a card "
        "from the top of "
        "one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 "
        "Digimon, you can't "
        "trash any more cards.) Then, if that Digimon's play cost is 4 or less, delete it.",
        security="[Security] Add this card to your hand.")
    (c,) = record.compiled.conditions
    assert c.kind == "that_matches" and c.selector is not None and c.selector.max_cost == 4
    _, delete = record.compiled.actions
    assert delete.verb == "delete" and delete.same_targets and not delete.selector.this


@pytest.mark.parametrize(
    ("number", "text", "span", "trait"),
    [
        ("P-212", "[On Play] <Draw 1> and trash 1 card in your hand. If this effect trashed a card "
         "with the [Three Musketeers] or [TS] trait, delete 1 of your opponent's level 3 Digimon.",
         "If this effect trashed a card with the [Three Musketeers] or [TS] trait", "Three Musketeers/TS"),
        ("EX5-069", "[Main] By trashing 1 card in your hand, delete 1 of your opponent's level 6 or lower "
         "Digimon. If this effect trashed a card with the [Seven Great Demon Lords] trait, place this "
         "card in the battle area.", "If this effect trashed a card with the [Seven Great Demon Lords] "
         "trait", "Seven Great Demon Lords"),
    ],
)
def test_this_effect_trashed_a_fitting_card(number: str, text: str, span: str, trait: str) -> None:
    """The card the effect trashed has the trait (EX5-069: its cost's hand card, QA Q3674)."""
    record, c = _condition(number, text, span)
    assert c.kind == "effect_trashed_fitting" and c.selector is not None and c.selector.trait == trait
    assert record.compiled.actions_compiled


def test_a_digimon_with_dp_deleted_by_this_effect() -> None:
    """EX4-065 Trident Gaia: the deleted Digimon had 13000 DP or more when it was deleted."""
    record, c = _condition(
        "EX4-065", "[Main] Delete 1 of your opponent's Digimon with the highest DP. If a Digimon with "
        "13000 DP "
        "or more is deleted by this effect, trash the top card of your opponent's security stack.",
        "If a Digimon with 13000 DP or more is deleted by this effect")
    assert (c.kind, c.amount, c.governs) == ("effect_deleted_dp_at_least", 13000, [1])
    assert record.compiled.actions_compiled


def test_this_effect_didnt_flip() -> None:
    """EX11-037 Espimon: its flip found no face-down security card to turn face up."""
    record, c = _condition(
        "EX11-037", "[When Moving] [On Play] Flip your opponent's top face-down security card face up. "
        "If this effect didn't flip, <Draw 1> and gain 1 memory.", "If this effect didn't flip")
    assert (c.kind, c.negated, c.governs) == ("effect_flipped", True, [1, 2])
    assert record.compiled.actions_compiled
