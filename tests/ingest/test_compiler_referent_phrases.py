"""Removal, trash and return sentences of session 17 on real card texts (by card number): 'Then'
without its comma, misprints read as printed, the opponent trashing from their own hand ('they
trash', 'they must trash', 'they trash 1 of them'), trashing from the opponent's hand without looking,
hands trashed down to N, Option cards in the battle area, and trash-to-hand selectors."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, **texts: str) -> list[Action]:
    records = compile_card(number, **texts)
    return [a for r in records for a in r.compiled.actions]


def _sel(action: Action) -> dict:
    assert action.selector is not None
    return action.selector.model_dump(exclude_defaults=True)


def test_then_without_comma_adds_this_card() -> None:
    text = "[Security] Trigger <Draw 1> (Draw 1 card from your deck). Then add this card to its owner's hand."
    draw, add = _actions("BT1-096", security=text)
    assert (draw.verb, draw.amount, add.verb, add.compiled) == ("draw", 1, "add_self_to_hand", True)


def test_then_without_comma_and_a_missing_to() -> None:
    text = "[Security] Suspend 1 of your opponent's Digimon. Then add this card its owner's hand."
    suspend, add = _actions("BT1-108", security=text)
    assert (suspend.verb, add.verb, _sel(add)) == (
        "suspend", "add_self_to_hand", {"owner": "self", "kind": "card", "this": True})


def test_then_trash_from_your_hand() -> None:
    text = "[On Deletion] Trigger <Draw 2>. (Draw 2 cards from your deck.) Then trash 1 card from your hand."
    draw, trash = _actions("BT2-069", inherited=text)
    assert (draw.amount, trash.verb, trash.amount, _sel(trash)) == (
        2, "trash_card", 1, {"owner": "self", "kind": "card", "zone": "hand"})


def test_misprinted_de_digivolve() -> None:
    (action,) = _actions("BT2-105", main="[Main] Trigger <De-DigivoLv.e 1> on 1 of your opponent's Digimon.")
    assert (action.verb, action.amount, _sel(action)) == ("de_digivolve", 1, {})


@pytest.mark.parametrize(
    ("number", "text"),
    [
        ("EX6-050", "[On Deletion] If they have 7 or more cards in their hand, they trash 1 card in their "
                    "hand."),
        ("EX6-071", "[Main] If your opponent has 5 or more cards in their hand, they must trash 1 card in "
                    "their hand."),
        ("BT4-088", "[On Deletion] Your opponent trashes 2 cards in their hand."),
    ],
)
def test_the_opponent_trashes_from_their_hand(number: str, text: str) -> None:
    action = _actions(number, main=text)[-1]
    assert (action.verb, action.selector.owner, action.selector.zone) == (  # type: ignore[union-attr]
        "opponent_trashes_card", "opponent", "hand")


def test_they_trash_1_of_them() -> None:
    text = ("[End of Your Turn] [Once Per Turn] If your opponent has 6 or more cards in their hand, they "
            "trash 1 of them. Then, if they have 5 or fewer, delete 1 of their lowest level Digimon.")
    (record,) = compile_card("ST22-14", text)
    trash, delete = record.compiled.actions
    printed = "If your opponent has 6 or more cards in their hand, they trash 1 of them"
    assert (trash.verb, trash.amount, trash.span) == ("opponent_trashes_card", 1, printed)
    assert [c.kind for c in record.compiled.conditions] == ["opponent_hand_at_least", "opponent_hand_at_most"]
    assert delete.verb == "delete"


@pytest.mark.parametrize(
    ("number", "text"),
    [
        ("BT14-075", "[On Deletion] Trash 1 card in your opponent's hand without looking."),
        ("EX6-051", "[On Play] If they have 7 or more cards in their hand, trash 1 card in their hand."),
    ],
)
def test_you_trash_from_the_opponents_hand(number: str, text: str) -> None:
    action = _actions(number, main=text)[-1]
    assert (action.verb, action.amount, _sel(action)) == ("trash_card", 1, {"kind": "card", "zone": "hand"})


@pytest.mark.parametrize(
    ("number", "text", "owner", "left"),
    [
        ("BT20-077", "[On Play] Trash cards in your hand until it has 4 left.", "self", 4),
        ("ST22-14", "[On Play] Your opponent trashes cards in their hand so that they have 6 cards left.",
         "opponent", 6),
        ("EX2-043", "[When Digivolving] All players trash cards in their hand until they have 5 cards left.",
         "any", 5),
    ],
)
def test_trash_the_hand_down_to(number: str, text: str, owner: str, left: int) -> None:
    (action,) = _actions(number, main=text)
    assert (action.verb, action.amount, action.selector.owner) == ("trash_hand_to", left, owner)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("number", "text", "owner"),
    [
        ("BT19-062", "[Main] Trash 1 of your Option cards in the battle area.", "self"),
        ("BT23-047", "[Main] Trash 1 of their Option cards in the battle area.", "opponent"),
    ],
)
def test_option_cards_in_the_battle_area(number: str, text: str, owner: str) -> None:
    (action,) = _actions(number, main=text)
    assert (action.verb, action.amount, action.selector.kind, action.selector.owner) == (  # type: ignore[union-attr]
        "trash_option_in_play", 1, "Option", owner)


def test_trait_list_with_an() -> None:
    text = ("[On Play] By trashing 1 Option card in your hand, you may return 1 Digimon card with an [Evil], "
            "[Wizard], or [Demon Lord] trait from your trash to your hand.")
    (action,) = _actions("BT12-073", main=text)
    assert (action.verb, _sel(action)) == (
        "add_to_hand", {"owner": "self", "trait": "Evil/Wizard/Demon Lord", "zone": "trash"})


def test_two_colour_card_thats_red_or_purple() -> None:
    text = ("[On Play] By trashing 1 card in your hand, return 1 level 6 or lower 2-color Digimon card "
            "that's red or purple from your trash to the hand.")
    (action,) = _actions("BT16-031", main=text)
    assert _sel(action) == {"owner": "self", "max_level": 6, "min_colors": 2, "max_colors": 2,
                            "zone": "trash", "color": "Red/Purple"}


def test_non_digi_egg_card_with_text() -> None:
    text = ("[On Play] By trashing 1 card with [Vemmon] in its text from your hand, you may return 1 "
            "non-Digi-Egg card with [Vemmon] in its text from your trash to the hand.")
    (action,) = _actions("BT21-056", main=text)
    sel = action.selector
    assert sel is not None and (sel.kind, sel.text_contains, [a.kind for a in sel.any_of]) == (
        "card", "Vemmon", ["Digimon", "Tamer", "Option"])


def test_memory_cost_of_1_or_7() -> None:
    text = ("[On Play] You may return 1 purple Option card with a memory cost of 1 or 7 from your trash to "
            "your hand.")
    (action,) = _actions("ST6-04", main=text)
    sel = action.selector
    assert sel is not None and (sel.kind, sel.color, [(a.min_cost, a.max_cost) for a in sel.any_of]) == (
        "Option", "Purple", [(1, 1), (7, 7)])


def test_option_card_with_plug_in() -> None:
    text = "[On Play] Return 1 Option card with [Plug-In] from your trash to the hand."
    (action,) = _actions("EX8-031", main=text)
    assert _sel(action) == {"owner": "self", "kind": "Option", "name_contains": "Plug-In", "zone": "trash"}


@pytest.mark.parametrize(
    ("number", "text", "verb", "amount", "selector"),
    [
        ("EX10-009", "[On Deletion] Trash their deck's top 5 cards.", "trash_deck", 5, {"kind": "player"}),
        ("ST21-03", "[On Play] Trash the top 2 digivolution cards of 1 if your opponent's Digimon.",
         "trash_top_sources", 2, {}),
        ("BT16-069", "[On Play] Trash any 3 cards under 1 of your opponent's Digimon or Tamers.",
         "trash_any_sources", 3, {"kind": "Digimon or Tamer"}),
        ("BT8-112", "[When Digivolving] Return all of your opponent's Digimon with no digivolution cards to "
                    "the bottom of their owners' decks in any order.",
         "return_to_deck", None, {"count": None, "without_sources": True}),
    ],
)
def test_wordings_read_as_printed(
    number: str, text: str, verb: str, amount: int | None, selector: dict
) -> None:
    (action,) = _actions(number, main=text)
    assert (action.verb, action.amount, _sel(action)) == (verb, amount, selector)


def test_misprinted_tash_both_decks() -> None:
    text = "[Start of Your Main Phase] Tash the top 2 cards of both players' decks."
    mine, theirs = _actions("EX10-046", main=text)
    assert [(a.verb, a.amount, a.selector.owner) for a in (mine, theirs)] == [  # type: ignore[union-attr]
        ("trash_deck", 2, "self"), ("trash_deck", 2, "opponent")]
