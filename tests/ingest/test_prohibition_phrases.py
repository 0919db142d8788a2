"""Lasting prohibitions about unsuspending (ingest/compiler/prohibition_phrases.py): real card texts."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, tag: str) -> list[Action]:
    record = next(r for r in compile_card(number, text) if r.label_tag == tag)
    assert record.compiled.actions_compiled, [a.span for a in record.compiled.actions if not a.compiled]
    return record.compiled.actions


def test_bt14_047_all_with_5000_dp_or_less_is_global() -> None:
    text = ("[On Play][When Digivolving] Suspend 1 of your opponent's Digimon. During your opponent's next "
            "unsuspend phase, all of your opponent's Digimon with 5000 DP or less don't unsuspend.")
    suspend, skip = _actions("BT14-047", text, "OnPlay")
    assert suspend.verb == "suspend" and skip.verb == "skips_next_unsuspend"
    sel = skip.selector
    assert sel is not None and sel.owner == "opponent" and sel.kind == "Digimon"
    assert sel.count is None and sel.max_dp == 5000 and not skip.same_targets


def test_bt2_049_none_of_your_opponents_digimon_can_unsuspend() -> None:
    text = ("[On Play] Suspend 1 of your opponent's Digimon. During your opponent's next unsuspend phase, "
            "none of your opponent's Digimon can unsuspend.")
    _, skip = _actions("BT2-049", text, "OnPlay")
    assert skip.verb == "skips_next_unsuspend" and skip.selector is not None
    assert (skip.selector.count, skip.selector.kind, skip.selector.owner) == (None, "Digimon", "opponent")


def test_ex5_041_all_of_their_digimon_cant_unsuspend() -> None:
    text = ("[On Play] [When Digivolving] For each of your Digimon with the [Deva]/[Four Sovereigns] trait, "
            "suspend 1 of your opponent's Digimon. Then, during your opponent's next unsuspend phase, all of "
            "their Digimon can't unsuspend .")
    _, skip = _actions("EX5-041", text, "OnPlay")
    assert skip.verb == "skips_next_unsuspend" and skip.selector is not None and skip.selector.count is None


def test_bt15_054_they_are_the_digimon_and_tamer_chosen() -> None:
    text = ("[When Digivolving] Suspend 1 of your opponent's Digimon and 1 of their Tamers. They can't "
            "unsuspend until the end of their turn.")
    *_, held = _actions("BT15-054", text, "WhenDigivolving")
    assert held.verb == "cant_unsuspend" and held.duration == "until_end_of_opponents_turn"
    assert held.same_targets and not held.changed_only


def test_ex2_029_they_dont_unsuspend_next_phase() -> None:
    text = ("[When Digivolving] For each green Tamer you have in play, suspend 1 of your opponent's Digimon. "
            "They don't unsuspend during your opponent's next unsuspend phase.")
    suspend, held = _actions("EX2-029", text, "WhenDigivolving")
    assert suspend.per is not None
    assert held.verb == "skips_next_unsuspend" and held.same_targets and not held.changed_only


def test_bt16_046_cards_this_effect_suspended() -> None:
    text = ("[On Play] [When Digivolving] Suspend 2 of your opponent's Digimon or Tamers. Cards this effect "
            "suspended can't unsuspend during your opponent's next unsuspend phase. Then, delete 1 of their "
            "suspended Tamers.")
    _, held, delete = _actions("BT16-046", text, "OnPlay")
    assert held.verb == "skips_next_unsuspend" and held.same_targets and held.changed_only
    assert delete.verb == "delete" and not delete.same_targets


def test_rb1_023_digimon_suspended_by_this_effect() -> None:
    text = ("[When Digivolving] Suspend 1 of your opponent's Digimon with DP less than or equal to this "
            "Digimon's DP. Digimon suspended by this effect don't unsuspend until the end of your "
            "opponent's turn.")
    _, held = _actions("RB1-023", text, "WhenDigivolving")
    assert held.verb == "cant_unsuspend" and held.duration == "until_end_of_opponents_turn"
    assert held.same_targets and held.changed_only


def test_bt8_102_cards_suspended_with_this_effect() -> None:
    text = ("[Main] You may suspend 1 of your Digimon to suspend 1 of your opponent's Digimon or Tamers. "
            "Your opponent's cards suspended with this effect can't unsuspend until the end of their next "
            "turn.")
    *_, held = _actions("BT8-102", text, "Main")
    assert held.verb == "cant_unsuspend" and held.duration == "until_end_of_opponents_next_turn"
    assert held.same_targets and held.changed_only


def test_bt5_021_bt5_033_st20_07_opponent_cant_reduce_digivolution_costs() -> None:
    for number in ("BT5-021", "BT5-033", "ST20-07"):
        record = next(r for r in compile_card(number, "[Opponent's Turn] Your opponent can't reduce "
                                              "digivolution costs.") if r.label_tag == "OpponentsTurn")
        assert record.compiled.category == "Persistent" and record.compiled.actions_compiled
        (action,) = record.compiled.actions
        assert action.verb == "cant_reduce_digivolution_costs"
        sel = action.selector
        assert sel is not None and (sel.owner, sel.kind) == ("opponent", "player")
