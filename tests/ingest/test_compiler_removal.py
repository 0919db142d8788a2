"""Selectors compared with another value (ingest/compiler/select.py) and the templates of
ingest/compiler/removal.py, on real card texts (by card number)."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action
from ingest.effects import compile_card

_CHOSEN_DP = {"compare": "dp", "compare_op": "at_most", "compare_to": "chosen"}


def _actions(number: str, text: str) -> list[Action]:
    return [a for r in compile_card(number, text) for a in r.compiled.actions]


def _sel(action: Action) -> dict:
    assert action.selector is not None
    return action.selector.model_dump(exclude_defaults=True)


def test_choose_then_compare_with_the_chosen_digimons_dp() -> None:
    text = ("[Main] Choose 1 of your Digimon with [Hybrid] in its traits. Delete 1 of your "
            "opponent's Digimon "
            "with DP less than or equal to the chosen Digimon's DP.")
    choose, delete = _actions("BT7-093", text)
    assert (choose.verb, _sel(choose)) == ("choose", {"owner": "self", "trait": "Hybrid"})
    assert (delete.verb, _sel(delete)) == ("delete", _CHOSEN_DP)
    assert choose.compiled and delete.compiled


def test_compared_with_the_digimon_a_cost_deleted() -> None:
    text = ("[Main] You may delete 1 of your Digimon to delete 1 of your opponent's unsuspended Digimon "
            "with a level less than or equal to the deleted Digimon's level.")
    (record,) = compile_card("BT8-107", text)
    (cost,), (action,) = record.compiled.costs, record.compiled.actions
    assert (cost.verb, _sel(cost)) == ("delete", {"owner": "self"})
    assert _sel(action) == {"state": "unsuspended", "compare": "level", "compare_op": "at_most",
                            "compare_to": "chosen"}
    assert record.compiled.actions_compiled


def test_the_chosen_digimon_with_no_earlier_choice_stays_uncompiled() -> None:
    text = "[On Play] Delete 1 of your opponent's Digimon with DP less than or equal to the chosen Digimon."
    (action,) = _actions("X-1", text)
    assert not action.compiled


_SEVERAL = {
    "BT5-108": "[Main] Delete 1 of your opponent's unsuspended level 4 Digimon and 1 of your opponent's "
               "unsuspended level 5 Digimon.",
    "BT15-081": "[When Digivolving] Delete 1 of your opponent's level 3, 1 of their level 5 and 1 of their "
                "level 7 Digimon.",
    "BT24-075": "[On Play] By trashing 1 card in your hand, delete 1 each of your opponent's level 3 and "
                "level 4 Digimon.",
    "BT13-060": "[When Digivolving] Suspend 1 of your opponent's Digimon and 1 of their Tamers.",
    "BT9-101": "[Main] Return 1 of your opponent's suspended Digimon and 1 of their suspended Tamers to the "
               "bottom of their owners' decks.",
}


@pytest.mark.parametrize(
    ("number", "verb", "parts"),
    [
        ("BT5-108", "delete", [{"state": "unsuspended", "min_level": n, "max_level": n} for n in (4, 5)]),
        ("BT15-081", "delete", [{"min_level": n, "max_level": n} for n in (3, 5, 7)]),
        ("BT24-075", "delete", [{"min_level": n, "max_level": n} for n in (3, 4)]),
        ("BT13-060", "suspend", [{}, {"kind": "Tamer"}]),
        ("BT9-101", "return_to_deck", [{"state": "suspended"}, {"kind": "Tamer", "state": "suspended"}]),
    ],
)
def test_several_chosen_then_one_action_on_all(number: str, verb: str, parts: list[dict]) -> None:
    *chosen, last = _actions(number, _SEVERAL[number])
    assert [a.verb for a in chosen] == ["choose"] + ["choose_more"] * (len(parts) - 1)
    assert [_sel(a) for a in chosen] == parts
    assert (last.verb, last.same_targets) == (verb, True)


def test_delete_it_and_one_compared_with_it() -> None:
    text = ("[When Digivolving] You may choose 1 of your Digimon. Delete it and 1 of your opponent's Digimon "
            "with as much or less DP as it.")
    choose, more, delete = _actions("BT16-070", text)
    assert (choose.verb, choose.optional, _sel(choose)) == ("choose", True, {"owner": "self"})
    assert (more.verb, _sel(more)) == ("choose_more", _CHOSEN_DP)
    assert (delete.verb, delete.same_targets, delete.compiled) == ("delete", True, True)


_TOTALS = {
    "BT9-094": "[Main] Choose any number of your opponent's Digimon whose total DP adds up to 10000 "
               "or less and "
               "delete them.",
    "BT8-105": "[Main] Choose any number of your opponent's Digimon whose play costs add up to 15 "
               "or less and "
               "delete them.",
    "BT14-068": "[When Digivolving] Delete up to 7 play cost's total worth of your opponent's Digimon.",
    "AD1-008": "[When Digivolving] Delete up to 10000 DP total worth of your opponent's Digimon.",
    "BT17-051": "[On Play] Delete any number of your opponent's Digimon whose levels that add up to "
                "4 or less.",
}


@pytest.mark.parametrize(
    ("number", "total", "most"),
    [("BT9-094", "dp", 10000), ("BT8-105", "cost", 15), ("BT14-068", "cost", 7), ("AD1-008", "dp", 10000),
     ("BT17-051", "level", 4)],
)
def test_any_number_within_a_total(number: str, total: str, most: int) -> None:
    (action,) = _actions(number, _TOTALS[number])
    assert (action.verb, _sel(action)) == ("delete", {"count": None, "up_to": True, "total": total,
                                                      "total_max": most})


_COMPARED = {
    "BT15-058": "[All Turns] [Once Per Turn] When this Digimon becomes suspended, suspend 1 of your "
                "opponent's "
                "Digimon or Tamers with a play cost less than or equal to this Digimon's play cost.",
    "BT23-097": "[Main] Delete 1 of your opponent's Digimon with a level as high or higher as the "
                "number of cards "
                "in your hand.",
    "BT22-077": "[When Digivolving] Return 1 of your opponent's Digimon with 1 or fewer "
                "digivolution cards to the "
                "bottom of the deck.",
    "AD1-013": "[On Play] Delete 1 of your opponent's Digimon with the fewest digivolution cards.",
}


@pytest.mark.parametrize(
    ("number", "fields"),
    [
        ("BT15-058", {"kind": "Digimon or Tamer", "compare": "cost", "compare_op": "at_most",
                      "compare_to": "this"}),
        ("BT23-097", {"compare": "level", "compare_op": "at_least", "compare_to": "count:hand:self"}),
        ("BT22-077", {"max_sources": 1}),
        ("AD1-013", {"extreme": "fewest_sources"}),
    ],
)
def test_compared_with_this_digimon_or_a_count(number: str, fields: dict) -> None:
    (action,) = _actions(number, _COMPARED[number])
    assert action.compiled and _sel(action) == fields


def test_a_comparison_on_cards_outside_play_stays_uncompiled() -> None:
    text = ("[On Play] Play 1 Digimon card with a play cost less than or equal to this Digimon's play cost "
            "from your hand without paying the cost.")
    (action,) = _actions("X-2", text)
    assert not action.compiled


def test_any_number_within_a_total_returned_to_the_deck() -> None:
    """EX4-049 CresGarurumon, one of its listed effects."""
    text = ("[When Digivolving] Choose any number of your opponent's Digimon so that their play cost total "
            "is up to 6 and return them to the bottom of the deck.")
    (action,) = _actions("EX4-049", text)
    assert (action.verb, _sel(action)) == ("return_to_deck", {"count": None, "up_to": True, "total": "cost",
                                                              "total_max": 6})


def test_choose_one_of_each_players_and_delete_all_other_digimon() -> None:
    """EX4-069 Gaia Reactor: 'all other Digimon' after a choice is all but the chosen ones."""
    text = "[Main] Choose 1 of each player's Digimon with the highest play cost. Delete all other Digimon."
    mine, theirs, delete = _actions("EX4-069", text)
    assert (mine.verb, _sel(mine)) == ("choose", {"owner": "self", "extreme": "highest_cost"})
    assert (theirs.verb, _sel(theirs)) == ("choose_more", {"extreme": "highest_cost"})
    assert (delete.verb, _sel(delete), delete.compiled) == ("delete", {"owner": "any", "count": None,
                                                                       "unchosen": True}, True)


def test_highest_play_cost_before_the_kind_and_sources_compared_with_this() -> None:
    text = ("[On Play] [When Digivolving] Choose 1 of your opponent's highest play cost Digimon and delete "
            "all of their other Digimon.")
    choose, delete = _actions("EX11-046", text)
    assert _sel(choose) == {"extreme": "highest_cost"} and _sel(delete) == {"count": None, "unchosen": True}
    text = ("[On Play] 3 of your opponent's Digimon with digivolution cards less than or equal to this "
            "Digimon's digivolution cards can't attack or block until the end of your opponent's turn.")
    attack, block = _actions("BT10-024", text)
    assert _sel(attack) == {"count": 3, "compare": "sources", "compare_op": "at_most", "compare_to": "this"}
    assert block.same_targets and block.compiled


def test_compared_with_the_digimon_the_effect_played() -> None:
    """BT6-110 Cutting Edge: the Digimon play_card played is the choice compared with (QA Q1494)."""
    text = ("[Main] You may play 1 level 5 or lower [Eosmon] from your hand without paying its memory cost. "
            "Then, delete 1 of your opponent's Digimon with DP less than or equal to the Digimon played with "
            "this effect.")
    play, delete = _actions("BT6-110", text)
    assert play.verb == "play_card" and delete.compiled and _sel(delete) == _CHOSEN_DP


@pytest.mark.parametrize(
    ("number", "text", "fields"),
    [
        ("EX12-033", "[On Play] You may return 1 of your opponent's Digimon or Tamers without cards under it "
         "to the hand.", {"kind": "Digimon or Tamer", "without_sources": True}),
        ("BT9-069", "[Main] Unsuspend up to 2 Digimon and/or Tamers.",
         {"owner": "any", "kind": "Digimon or Tamer", "count": 2, "up_to": True}),
    ],
)
def test_cards_under_a_tamer_and_digimon_and_or_tamers(number: str, text: str, fields: dict) -> None:
    (action,) = _actions(number, text)
    assert action.compiled and _sel(action) == fields


def test_all_of_each_named_card_deleted_at_once() -> None:
    """BT14-018 Goldramon: 'delete all of your [Amon of Crimson Flame] and [Umon of Blue Thunder]'."""
    first, more, delete = _actions("BT14-018", "[On Deletion] Delete all of your [Amon of Crimson Flame] and "
                                               "[Umon of Blue Thunder].")
    assert [(a.verb, _sel(a).get("name"), _sel(a).get("count", 1)) for a in (first, more)] == [
        ("choose", "Amon of Crimson Flame", None), ("choose_more", "Umon of Blue Thunder", None)]
    assert delete.same_targets


def test_the_deleted_digimon_after_a_play_stays_uncompiled() -> None:
    """The choice right before is what the effect played, not a deleted Digimon."""
    text = ("[On Play] You may play 1 [Ornismon] from your trash without paying the cost. Then, delete 1 of "
            "your opponent's Digimon with a level less than or equal to the deleted Digimon's level.")
    _play, delete = _actions("X-3", text)
    assert not delete.compiled


def test_without_a_trait() -> None:
    """BT9-110 X Program, its [Security] effect."""
    text = "[Security] Delete 1 of your opponent's Digimon without [X Antibody] in its traits."
    (action,) = _actions("BT9-110", text)
    assert action.compiled and _sel(action) == {"not_trait": "X Antibody"}
