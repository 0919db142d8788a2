"""Session 18 (H8): action wordings on real card texts."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, tag: str, *, inherited: bool = False) -> list[Action]:
    kwargs = {"inherited": text} if inherited else {}
    records = compile_card(number, "" if inherited else text, **kwargs)
    record = next(r for r in records if r.label_tag == tag)
    assert record.compiled.actions_compiled
    return record.compiled.actions


_HUDIE = ("[When Attacking] [Once Per Turn] You may play 1 play cost 5 or lower Digimon card with the "
          "[Hudie] trait from your hand without paying the cost. The Digimon this effect played can't "
          "digivolve and is deleted at the end of your opponent's turn.")


@pytest.mark.parametrize("number", ["BT23-017", "BT23-037", "BT23-048"])
def test_played_digimon_cant_digivolve_and_is_deleted_at_the_end_of_the_opponents_turn(number: str) -> None:
    """Both parts act on the played Digimon; the prohibition outlasts the deletion timing (QA Q5561)."""
    play, cant, delete = _actions(number, _HUDIE, "WhenAttacking", inherited=True)
    assert play.verb == "play_card" and play.optional and play.free
    assert cant.verb == "cant_digivolve" and cant.same_targets and cant.duration == "permanent"
    assert cant.processed_at is None
    assert delete.verb == "delete" and delete.same_targets
    assert delete.processed_at == "EndOfOpponentsTurnPoint"
    for part in (cant, delete):
        assert part.selector is not None and part.selector.zone == "battle_area"
        assert part.selector.trait == "Hudie" and part.selector.max_cost == 5


def test_played_fate_needs_a_play_right_before() -> None:
    text = ("[Main] Delete 1 of your opponent's Digimon. The Digimon this effect played can't digivolve "
            "and is deleted at the end of your opponent's turn.")
    record = next(r for r in compile_card("X-000", text) if r.label_tag == "Main")
    assert not record.compiled.actions_compiled


_FACE_DOWN = {
    "BT22-038": "When any of your Digimon with the [Ver.1] trait would digivolve into this card, for each of "
                "its face-down digivolution cards, reduce the digivolution cost by 1.",
    "BT22-061": "When any of your [Ver.2] trait Digimon would digivolve into this card, for each of its "
                "face-down digivolution cards, reduce the digivolution cost by 1.",
    "EX9-031": "When any of your [Ver.3] trait Digimon would digivolve into this card, for each of their "
               "face-down digivolution cards, reduce the digivolution cost by 1.",
    "EX9-041": "When any of your [Ver.5] trait Digimon would digivolve into this card, for each of their "
               "face-down digivolution cards, reduce the digivolution cost by 1.",
    "EX9-063": "When any of your [Ver.4] trait Digimon would digivolve into this card, for each of their "
               "face-down digivolution cards, reduce the digivolution cost by 1.",
}


@pytest.mark.parametrize("number", sorted(_FACE_DOWN))
def test_face_down_sources_of_the_digivolving_digimon_reduce_the_cost(number: str) -> None:
    """'its / their face-down digivolution cards': those of the Digimon about to digivolve."""
    (record,) = compile_card(number, _FACE_DOWN[number])
    assert record.compiled.trigger is not None and record.compiled.trigger.event == "WouldDigivolve"
    (action,) = record.compiled.actions
    assert action.compiled and action.verb == "reduce_digivolve_cost" and action.amount == 1
    per = action.per
    assert per is not None and per.subject and per.zone == "sources" and per.kind == "Face-down"


def test_its_face_down_sources_outside_would_digivolve_stay_unread() -> None:
    text = "[On Play] For each of its face-down digivolution cards, gain 1 memory."
    (record,) = compile_card("X-000", text)
    assert not record.compiled.actions_compiled


@pytest.mark.parametrize(("number", "text", "tag", "amount", "duration", "owner"), [
    ("BT1-105", "[Main] Change the original DP of 1 of your opponent's Digimon to 3000 until the end of your "
                "opponent's next turn.", "Main", 3000, "until_end_of_opponents_next_turn", "opponent"),
    ("BT3-014", "[When Digivolving] Change the original DP of 1 of your opponent's level 4 or lower Digimon "
                "to 1000 for the turn.[Your Turn] This Digimon is also treated as yellow.", "WhenDigivolving",
     1000, "this_turn", "opponent"),
    ("BT18-039", "[On Play] [When Digivolving] By trashing the top card of your security stack, change the "
                 "original DP of 1 Digimon to 6000 until the end of your opponent's turn.", "OnPlay", 6000,
     "until_end_of_opponents_turn", "any"),
])
def test_change_the_original_dp(number: str, text: str, tag: str, amount: int, duration: str,
                                owner: str) -> None:
    """A lasting change of the chosen Digimon's original DP (QA Q972, Q1056, Q2961)."""
    (action,) = _actions(number, text, tag)
    assert action.verb == "set_original_dp" and action.amount == amount and action.duration == duration
    sel = action.selector
    assert sel is not None and sel.owner == owner and sel.count == 1 and sel.kind == "Digimon"
    assert sel.max_level == (4 if number == "BT3-014" else None)


def test_change_the_original_dp_needs_a_duration() -> None:
    text = "[Main] Change the original DP of 1 of your opponent's Digimon to 3000."
    record = next(r for r in compile_card("X-000", text) if r.label_tag == "Main")
    assert not record.compiled.actions_compiled


@pytest.mark.parametrize(("number", "text", "tag"), [
    ("BT1-111", "[Main] Suspend 1 of your opponent's Digimon， or 2 of your opponent's Digimon with 5000 DP "
                "or less.", "Main"),
    ("P-044", "[When Digivolving] Suspend 1 of your opponent's Digimon, or 2 of your opponent's Digimon with "
              "5000 DP or less.", "WhenDigivolving"),
])
def test_suspend_one_or_two_with_5000_dp_or_less(number: str, text: str, tag: str) -> None:
    """One of the two ways, never a mix (QA Q982); each way compiled whole."""
    (either,) = _actions(number, text, tag)
    assert either.verb == "do_either" and len(either.modes) == 2
    (first,) = either.modes[0].compiled.actions
    (second,) = either.modes[1].compiled.actions
    assert first.verb == second.verb == "suspend"
    assert first.selector is not None and first.selector.count == 1 and first.selector.max_dp is None
    assert second.selector is not None and second.selector.count == 2 and second.selector.max_dp == 5000
    assert first.selector.owner == second.selector.owner == "opponent"


def test_bt12_029_unsuspend_this_digimon_or_1_of_your_blue_tamers() -> None:
    text = "[When Digivolving] Unsuspend this Digimon or 1 of your blue Tamers."
    (either,) = _actions("BT12-029", text, "WhenDigivolving")
    assert either.verb == "do_either"
    (first,) = either.modes[0].compiled.actions
    (second,) = either.modes[1].compiled.actions
    assert first.verb == second.verb == "unsuspend"
    assert first.selector is not None and first.selector.this
    assert second.selector is not None and second.selector.kind == "Tamer" and second.selector.color == "Blue"


def test_bt3_099_neither_players_digimon_can_be_deleted_in_battle() -> None:
    text = "[Main] Neither player's Digimon can be deleted in battle for the turn."
    (action,) = _actions("BT3-099", text, "Main")
    assert action.verb == "cant_be_deleted_in_battle" and action.duration == "this_turn"
    sel = action.selector
    assert sel is not None and sel.owner == "any" and sel.count is None and sel.kind == "Digimon"


def test_p_109_suspend_1_digimon_then_unsuspend_1_digimon() -> None:
    text = "[On Play] [When Digivolving] Suspend 1 Digimon, then unsuspend 1 Digimon."
    suspend, unsuspend = _actions("P-109", text, "OnPlay")
    assert suspend.verb == "suspend" and unsuspend.verb == "unsuspend"
    for part in (suspend, unsuspend):
        assert part.selector is not None and part.selector.owner == "any" and part.selector.count == 1
        assert not part.same_targets  # each chooses its own Digimon, maybe the same one (QA Q4213)
