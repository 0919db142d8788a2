"""Removal and state verbs on real card texts (by card number): misprints read as printed words,
'up to N from the bottom', 'all of your security cards', '… and they get', 'suspend this Tamer to
trash / reveal …', names 'other than' a card, and an 'instead' over a count that can only fall."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action, CompiledEffect
from ingest.effects import compile_card


def _effect(number: str, text: str) -> CompiledEffect:
    (record,) = compile_card(number, text)
    return record.compiled


def _actions(number: str, text: str) -> list[Action]:
    return _effect(number, text).actions


def _sel(action: Action) -> dict:
    assert action.selector is not None
    return action.selector.model_dump(exclude_defaults=True)


def test_misprinted_trash2_and_delete1() -> None:
    text = ("[When Digivolving] Trash2 cards in your hand. Then, delete1 of your opponent's Digimon with as "
            "much or less DP as this Digimon.")
    trash, delete = _actions("EX7-062", text)
    assert (trash.verb, trash.amount, _sel(trash)) == (
        "trash_card", 2, {"owner": "self", "kind": "card", "count": 2, "zone": "hand"})
    assert (delete.verb, _sel(delete)) == ("delete", {"dp_at_most_this": True})


def test_misprinted_unsuspended_this_digimon() -> None:
    text = ("[All Turns] [Once Per Turn] When an opponent's Digimon becomes suspended, you may unsuspended "
            "this Digimon.")
    (action,) = _actions("P-141", text)
    assert (action.verb, action.optional, _sel(action)) == (
        "unsuspend", True, {"owner": "self", "this": True})


def test_recycle_bin_is_the_trash() -> None:
    text = "[On Play] Return 1 Digimon card with [Agumon] in its name from your recycle bin to your hand."
    (action,) = _actions("BT1-011", text)
    assert (action.verb, _sel(action)) == ("add_to_hand", {"owner": "self", "name_contains": "Agumon",
                                                           "zone": "trash"})


def test_in_its_name_other_than_a_card() -> None:
    text = ("[On Deletion] Return 1 card with [Jesmon], [Huckmon], or [Sistermon] in its name other than "
            "[Sistermon Blanc (Awakened)] from your trash to your hand.")
    (action,) = _actions("BT7-082", text)
    assert _sel(action) == {"owner": "self", "kind": "card", "name_contains": "Jesmon/Huckmon/Sistermon",
                            "zone": "trash", "not_name": "Sistermon Blanc (Awakened)"}


@pytest.mark.parametrize(
    ("number", "text", "count"),
    [
        ("BT5-032", "[When Attacking] Trash up to 2 digivolution cards from the bottom of 1 of your "
                    "opponent's Digimon.", 1),
        ("BT3-100", "[Main] Trash up to 2 digivolution cards from the bottom of all of your "
                    "opponent's Digimon.", None),
    ],
)
def test_up_to_n_from_the_bottom(number: str, text: str, count: int | None) -> None:
    (action,) = _actions(number, text)
    assert (action.verb, action.amount, action.selector and action.selector.count) == (
        "trash_bottom_sources_up_to", 2, count)


def test_suspend_this_tamer_to_trash() -> None:
    text = ("[Your Turn] When you attack with a blue Digimon, you may suspend this Tamer to trash up to 2 "
            "digivolution cards from the bottom of 1 of your opponent's Digimon.")
    compiled = _effect("BT5-088", text)
    (cost,), (action,) = compiled.costs, compiled.actions
    assert (cost.verb, _sel(cost)) == ("suspend", {"owner": "self", "kind": "Tamer", "this": True})
    assert (action.verb, action.optional, action.compiled) == ("trash_bottom_sources_up_to", True, True)


def test_suspend_this_digimon_to_reveal() -> None:
    text = ("[Main] You may suspend this Digimon to reveal the top 3 cards of your deck. Add 1 green Digimon "
            "card among them to your hand. Place the remaining cards at the bottom of your deck in "
            "any order.")
    compiled = _effect("BT8-049", text)
    assert [c.verb for c in compiled.costs] == ["suspend"]
    assert [(a.verb, a.compiled) for a in compiled.actions] == [
        ("reveal", True), ("add_to_hand", True), ("rest_to_deck", True)]


def test_trash_all_of_your_security_cards() -> None:
    text = ("[On Play] [When Digivolving] Trash all of your security cards. For each card this "
            "effect trashed, "
            "delete 1 of your opponent's Digimon. Then, <Recovery +3> (Place the top 3 cards of your deck as "
            "your top security card.)")
    trash, delete, recovery = _actions("BT26-083", text)
    assert (trash.verb, trash.amount, _sel(trash)) == (
        "trash_security", None, {"owner": "self", "kind": "card", "count": None, "zone": "security"})
    assert (delete.verb, delete.per_done, recovery.keyword_value) == ("delete", "effect_trashed", 3)


def test_unsuspend_all_and_they_get_dp() -> None:
    text = "[Security] Unsuspend all of your Digimon with <Blocker> and they get +5000 DP for the turn."
    unsuspend, dp = _actions("BT2-104", text)
    assert (unsuspend.verb, _sel(unsuspend)) == (
        "unsuspend", {"owner": "self", "count": None, "with_keywords": ["Blocker"]})
    assert (dp.verb, dp.amount, dp.duration, dp.same_targets) == ("dp_modify", 5000, "this_turn", True)


def test_they_with_no_chosen_cards_stays_unread() -> None:
    """'They' after a part that chose no cards in play names nothing the IR can hold."""
    text = "[Main] Gain 1 memory and they get +5000 DP for the turn."
    assert not all(a.compiled for a in _actions("X-1", text))


@pytest.mark.parametrize(
    ("number", "text", "owner"),
    [
        ("BT6-094", "[Main] Delete 1 of your opponent's Digimon with 6000 DP or less. If your "
                    "opponent has 3 or more Digimon in play, delete 1 of your opponent's Digimon "
                    "with 13000 DP or less instead.", "opponent"),
        ("BT9-110", "[Main] Delete 1 Digimon without [X Antibody] in its traits. If there are 3 or "
                    "more Digimon in play, delete all Digimon without [X Antibody] in their traits "
                    "instead.", "any"),
    ],
)
def test_instead_over_a_count_that_only_falls(number: str, text: str, owner: str) -> None:
    """X only removes Digimon, so 'N or more Digimon in play' can't start to hold after it: C governs
    Y, its negation X (CR 18-2)."""
    compiled = _effect(number, text)
    plain, negated = compiled.conditions
    assert (plain.kind, plain.amount, plain.negated, plain.governs) == ("has_card", 3, False, [1])
    assert (negated.negated, negated.governs) == (True, [0])
    assert plain.selector is not None and plain.selector.owner == owner
    assert all(a.compiled and a.verb == "delete" for a in compiled.actions)


def test_instead_over_a_count_that_may_rise_stays_unread() -> None:
    """BT4-103: returning a Digimon to the hand adds to the hand the condition counts: not read."""
    text = ("[Main] Return 1 of your opponent's level 5 or lower Digimon to its owner's hand. If "
            "your opponent "
            "has 8 or more cards in their hand, instead return 1 of your opponent's level 5 or "
            "lower Digimon to "
            "the bottom of its owner's deck.")
    assert [a.compiled for a in _actions("BT4-103", text)] == [True, False]


def test_return_to_the_top_of_the_deck() -> None:
    text = ("[On Play] [When Digivolving] Return 1 of your opponent's play cost 3 or lower Digimon or "
            "Tamers to the top of the deck.")
    (action,) = _actions("BT24-061", text)
    assert (action.verb, _sel(action)) == (
        "return_to_deck_top", {"kind": "Digimon or Tamer", "max_cost": 3})


def test_return_this_digimon_to_your_hand_at_the_end_of_the_turn_is_the_played_digimon() -> None:
    """EX4-013: after the [Security] effect plays this card, 'this Digimon' is the Digimon it became (the
    play's choice, ``same_targets``; ingest/compiler/delayed_phrases.py), not the revealed card."""
    text = ("[Security] Play this card without battling and without paying the cost. At the end of the turn, "
            "return this Digimon to your hand.")
    play, back = _actions("EX4-013", text)
    assert (play.verb, play.compiled, back.verb, back.compiled) == ("play_self", True, "return_to_hand", True)
    assert back.same_targets and back.selector is not None and not back.selector.this
