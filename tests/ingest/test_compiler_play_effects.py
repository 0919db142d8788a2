"""Session-17 templates of ingest/compiler/play.py on real card texts (by card number): the zone
before 'you may play', 'return to the hand or play', 'pay N memory to play'."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _record_actions(number: str, text: str) -> tuple[list[Action], list[Action]]:
    """(costs, actions) of the card's one record whose text holds a play."""
    (record,) = [r for r in compile_card(number, text) if " play " in f" {r.text.lower()}"]
    return record.compiled.costs, record.compiled.actions


@pytest.mark.parametrize(
    ("number", "text", "zone", "kind", "trait", "text_contains"),
    [
        ("BT22-022", "[When Digivolving] If you have 1 or fewer Tamers, from your hand and without paying "
                     "the cost, you may play 1 Tamer card with [Veedramon]\xa0in its text from your hand "
                     "without paying the cost.", "hand", "Tamer", None, "Veedramon"),
        ("BT22-046", "[When Digivolving] If you have 1 or fewer Tamers, from your hand and without paying "
                     "the cost, you may play 1 Tamer card with [CS]\xa0trait from your hand without paying "
                     "the cost.", "hand", "Tamer", "CS", None),
    ],
)
def test_zone_first_play(number: str, text: str, zone: str, kind: str, trait: str | None,
                         text_contains: str | None) -> None:
    """'From your hand and without paying the cost, you may play 1 …' (the zone repeated after the card
    phrase): one optional free play from that zone, under the card's 'if' condition."""
    costs, (action,) = _record_actions(number, text)
    sel = action.selector
    assert not costs and action.compiled and sel is not None
    assert (action.verb, action.free, action.optional, sel.zone, sel.kind, sel.trait, sel.text_contains) == (
        "play_card", True, True, zone, kind, trait, text_contains)
    (record,) = compile_card(number, text)
    assert [c.kind for c in record.compiled.conditions] == ["has_at_most"]


def test_zone_first_play_of_either_tamer() -> None:
    """BT22-012 RizeGreymon: '1 red or black Tamer card with a play cost of 4 or less or 1 Tamer card with
    the [CS] trait' from the hand: one card of either description."""
    text = ("[When Digivolving] If you have 1 or fewer Tamers, from your hand and without paying the cost, "
            "you may play 1 red or black Tamer card with a play cost of 4 or less or 1 Tamer card with the "
            "[CS]\xa0trait.")
    _, (action,) = _record_actions("BT22-012", text)
    sel = action.selector
    assert (action.verb, action.free, action.optional, sel.zone, sel.count) == (
        "play_card", True, True, "hand", 1)
    assert [(a.kind, a.color, a.max_cost, a.trait) for a in sel.any_of] == [
        ("Tamer", "Red/Black", 4, None), ("Tamer", None, None, "CS")]


def test_zone_first_play_unlike_own_tamers() -> None:
    """BT16-072 Arukenimon: 'From your trash and without paying the cost, you may play 1 Tamer card with
    [Myotismon] in its text and without the same name as any of your Tamers' (QA Q2659)."""
    text = ("[On Deletion] From your trash and without paying the cost, you may play 1 Tamer card with "
            "[Myotismon] in its text and without the same name as any of your Tamers.")
    _, (action,) = _record_actions("BT16-072", text)
    sel = action.selector
    assert (action.verb, action.free, action.optional, sel.zone, sel.kind) == (
        "play_card", True, True, "trash", "Tamer")
    assert (sel.text_contains, sel.unlike_own) == ("Myotismon", "Tamer")


@pytest.mark.parametrize(("number", "zone"), [("BT3-086", "hand"), ("BT3-087", "trash")])
def test_pay_memory_to_play(number: str, zone: str) -> None:
    """'You may pay 3 memory to play 1 [MaloMyotismon] from your hand/trash without paying its memory cost.
    Then, delete this Digimon.': paying 3 memory is the effect's cost (CR 15-7: unpaid, nothing after it
    is done), then the free play and the deletion."""
    text = (f"[When Attacking] You may pay 3 memory to play 1 [MaloMyotismon] from your {zone} without "
            "paying its memory cost. Then, delete this Digimon.")
    (cost,), (play, delete) = _record_actions(number, text)
    assert (cost.verb, cost.amount, cost.compiled) == ("lose_memory", 3, True)
    assert (play.verb, play.free, play.optional, play.selector.zone, play.selector.name) == (
        "play_card", True, True, zone, "MaloMyotismon")
    assert (delete.verb, delete.selector.this) == ("delete", True)


@pytest.mark.parametrize(("number", "color"), [
    ("BT18-017", "red"), ("BT18-029", "blue"), ("BT18-055", "green"), ("BT18-074", "black")])
def test_return_to_hand_or_play(number: str, color: str) -> None:
    """'[All Turns] When this Digimon would leave the battle area, you may return to the hand or play 1
    level 4 or lower red Digimon card from this Digimon's digivolution cards without paying the cost.'"""
    text = (f"[All Turns] When this Digimon would leave the battle area, you may return to the hand or "
            f"play 1 level 4 or lower {color} Digimon card from this Digimon's digivolution cards without "
            "paying the cost.")
    _, (action,) = _record_actions(number, text)
    sel = action.selector
    assert (action.verb, action.free, action.optional, sel.zone, sel.kind) == (
        "return_or_play", True, True, "sources", "Digimon")
    assert (sel.max_level, sel.color, sel.count) == (4, color.capitalize(), 1)


@pytest.mark.parametrize(("number", "text", "amount", "optional"), [
    ("EX7-060", "[Trash] [Main] If you have 4 or fewer cards in your hand, you may play this card from your "
                "trash with the play cost reduced by 4.", 4, True),
    ("BT24-076", "[Trash] [Main] If you have 4 or fewer cards in your hand, play this card with the play "
                 "cost reduced by 2.", 2, False),
    ("BT26-079", "[Trash] [Main] If your hand has 5 or fewer cards, play this card with the cost reduced "
                 "by 4.", 4, False),
])
def test_trash_main_plays_this_card_cost_reduced(number: str, text: str, amount: int, optional: bool) -> None:
    """'{Trash} [Main] If …, play this card (from your trash) with the play cost reduced by N': this card
    played for its play cost less N, under the hand-size condition."""
    (record,) = compile_card(number, text)
    (action,) = record.compiled.actions
    assert (action.verb, action.free, action.amount, action.optional, action.selector.this) == (
        "play_self", False, amount, optional, True)
    assert [c.kind for c in record.compiled.conditions] == ["hand_at_most"]
    assert "TrashIcon" in record.tags and "Main" in record.timings


@pytest.mark.parametrize(("number", "text", "verb", "amount"), [
    ("EX10-011", "[Trash] [Main] By deleting 2 of your level 5 or higher Digimon with [Myotismon]\xa0in "
                 "their texts, play this card with the play cost reduced by 11.", "delete", 11),
    ("EX10-054", "[Trash] [Main] By deleting 1 of your level 5 Digimon with [Myotismon] in its text, play "
                 "this card with the play cost reduced by 7.", "delete", 7),
])
def test_trash_main_by_cost_plays_this_card(number: str, text: str, verb: str, amount: int) -> None:
    """'By deleting …, play this card with the play cost reduced by N' (QA Q5028: all of the cost or none)."""
    (record,) = compile_card(number, text)
    (cost,), (action,) = record.compiled.costs, record.compiled.actions
    assert (cost.verb, cost.selector.text_contains, cost.selector.min_level) == (verb, "Myotismon", 5)
    assert (action.verb, action.free, action.amount) == ("play_self", False, amount)


def test_play_from_trash_or_a_digimons_digivolution_cards() -> None:
    """BT17-025: 'from your trash or from one of your Digimon's digivolution cards': one pile of both."""
    text = ("[When Digivolving] You may play 1 level 3 blue or purple Digimon card from your trash or from "
            "one of your Digimon's digivolution cards without paying the cost.")
    _, (action,) = _record_actions("BT17-025", text)
    sel = action.selector
    assert (action.verb, action.free, sel.zone, sel.min_level, sel.max_level, sel.color) == (
        "play_card", True, "trash_or_digimon_sources", 3, 3, "Blue/Purple")


@pytest.mark.parametrize(("number", "text", "alternatives"), [
    ("BT15-017", "[When Digivolving] You may play 1 red Digimon card with 5000 DP or less or 1 red Tamer "
                 "card from your hand without paying the cost.",
     [("Digimon", "Red", 5000, None, None), ("Tamer", "Red", None, None, None)]),
    ("BT24-083", "[Start of Your Turn] If you have 4 or less memory, by returning this Tamer to the bottom "
                 "of the deck, you may play 1 [Hiroko Sagisaka] or 1 [TS]\xa0trait Digimon card with 5000 DP "
                 "or less from your hand without paying the cost.",
     [("card", None, None, "Hiroko Sagisaka", None), ("Digimon", None, 5000, None, "TS")]),
])
def test_either_card_with_a_dp_filter(number: str, text: str, alternatives: list[tuple]) -> None:
    """'1 red Digimon card with 5000 DP or less or 1 red Tamer card': the DP filter is the alternative's."""
    _, (action,) = _record_actions(number, text)
    sel = action.selector
    assert (action.verb, action.free, sel.zone, sel.count) == ("play_card", True, "hand", 1)
    assert [(a.kind, a.color, a.max_dp, a.name, a.trait) for a in sel.any_of] == alternatives
