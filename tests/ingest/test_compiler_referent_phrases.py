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


@pytest.mark.parametrize(
    ("number", "text", "owner", "left"),
    [
        ("BT21-098", "[Main] If this effect didn't delete, trash the top cards of your opponent's security "
                     "stack so that it has 1 card left.", "opponent", 1),
        ("BT23-102", "[When Digivolving] Trash the top cards of both players' security stacks so that they "
                     "have 3 cards left.", "any", 3),
    ],
)
def test_security_trashed_down_to(number: str, text: str, owner: str, left: int) -> None:
    action = _actions(number, main=text)[-1]
    assert (action.verb, action.amount, action.selector.owner, action.selector.zone) == (  # type: ignore[union-attr]
        "trash_security_to", left, owner, "security")


def test_those_digimon_after_returning_them() -> None:
    text = ("[Main] Return 1 of your Digimon to its owner's hand to return up to 2 of your opponent's level "
            "4 or lower Digimon to their owners' hands. "
            "Trash all of the digivolution cards of those Digimon.")
    (record,) = compile_card("BT4-102", text)
    back, trash = record.compiled.actions
    assert (back.verb, trash.verb, trash.same_targets) == ("return_to_hand", "trash_all_sources", True)


def test_as_much_dp_as_one_of_your_digimon() -> None:
    text = ("[On Play] Trash 2 cards in your hand. Then, delete 1 of your opponent's Digimon with as much or "
            "less DP as 1 of your [Dark Dragon] or [Evil Dragon] trait Digimon.")
    trash, reference, delete = _actions("EX11-050", main=text)
    assert (reference.verb, _sel(reference)) == (
        "choose", {"owner": "self", "count": None, "trait": "Dark Dragon/Evil Dragon"})
    assert (delete.verb, _sel(delete), delete.compiled) == (
        "delete", {"compare": "dp", "compare_op": "at_most", "compare_to": "chosen"}, True)


def test_this_digimons_top_stacked_card() -> None:
    text = ("[End of Opponent's Turn] If this Digimon is [Belphemon: Sleep Mode], trash this Digimon's top "
            "stacked card.")
    (action,) = _actions("EX10-022", inherited=text)
    assert (action.verb, action.amount, _sel(action)) == (
        "trash_top_cards", 1, {"owner": "self", "this": True})


def test_other_than_a_name_in_parentheses() -> None:
    text = ("[When Attacking][Once Per Turn] Unsuspend up to 2 of your Digimon with [Garurumon] in their "
            "names (other than [KendoGarurumon]) or [Hybrid] in their forms.")
    (action,) = _actions("BT4-114", main=text)
    sel = action.selector
    assert sel is not None and (sel.count, sel.up_to) == (2, True)
    assert [a.model_dump(exclude_defaults=True) for a in sel.any_of] == [
        {"owner": "any", "kind": "card", "count": None, "name_contains": "Garurumon",
         "not_name": "KendoGarurumon"},
        {"owner": "any", "kind": "card", "count": None, "trait": "Hybrid"},
    ]


def test_return_it_to_your_hand_after_being_trashed_from_the_deck() -> None:
    (action,) = _actions("BT10-108", main="When this card is trashed from your deck, return it to your hand.")
    assert (action.verb, _sel(action)) == (
        "add_self_to_hand", {"owner": "self", "kind": "card", "this": True})


def test_unsuspend_all_instead_if_you_have_a_card() -> None:
    angels = "[Angel]/[Archangel]/[Three Great Angels]"
    text = (f"[Main] Unsuspend 1 of your Digimon with the {angels} trait. If you have [Dominimon], unsuspend "
            f"all of your Digimon with the {angels} trait instead.")
    (record,) = compile_card("EX6-067", text)
    one, every = record.compiled.actions
    assert (one.verb, every.verb, every.compiled, every.selector.count) == (  # type: ignore[union-attr]
        "unsuspend", "unsuspend", True, None)
    assert [(c.kind, c.negated, c.governs) for c in record.compiled.conditions] == [
        ("has_card", False, [1]), ("has_card", True, [0])]


def test_trash_up_to_3_from_the_top_of_your_deck() -> None:
    text = "[When Attacking] You may trash up to 3 cards from the top of your deck."
    (action,) = _actions("BT10-081", main=text)
    assert (action.verb, action.amount, action.optional, _sel(action)) == (
        "trash_deck_up_to", 3, True, {"owner": "self", "kind": "player"})


def test_trash_any_1_of_your_opponents_security_cards() -> None:
    text = ("[When Digivolving] You may trash any 1 of your opponent's security cards. Then, this Digimon "
            "may unsuspend.")
    trash, unsuspend = _actions("BT24-018", main=text)
    assert (trash.verb, trash.amount, _sel(trash), unsuspend.verb) == (
        "trash_chosen_security", 1, {"kind": "card", "zone": "security"}, "unsuspend")


@pytest.mark.parametrize(
    ("number", "text", "stat"),
    [
        ("BT12-108", "[Security] By trashing 1 card with a [Cyborg] or [Machine] trait from your hand, "
                     "delete 1 of your opponent's Digimon with a play cost less than or equal to the trashed "
                     "card.", "cost"),
        ("BT13-109", "[Security] By trashing 1 Digimon card in your hand, delete 1 of your opponent's "
                     "Digimon whose level is less than or equal to the trashed card.", "level"),
    ],
)
def test_compared_with_the_trashed_card(number: str, text: str, stat: str) -> None:
    (record,) = compile_card(number, security=text)
    (cost,), (delete,) = record.compiled.costs, record.compiled.actions
    assert (cost.verb, cost.amount, delete.verb, delete.compiled) == ("trash_card", 1, "delete", True)
    assert _sel(delete) == {"compare": stat, "compare_op": "at_most", "compare_to": "trashed"}


def test_the_trashed_card_with_nothing_trashed_before_is_not_read() -> None:
    text = ("[Main] Delete 1 of your opponent's Digimon with a play cost less than or equal to the trashed "
            "card.")
    (action,) = _actions("BT12-108", main=text)
    assert not action.compiled
