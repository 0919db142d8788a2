"""Quoted effects a Digimon gains (CR 15-13): compiled as effects of their own, carried by a
gain_effect action with the selector and duration; real card texts, named by number."""

from __future__ import annotations

import pytest

from ingest.compiler.grants import quote_grants, restore_spans
from ingest.effect_ir import Action, EffectRecord
from ingest.effects import compile_card


def _effect(number: str, text: str, tag: str) -> EffectRecord:
    return next(r for r in compile_card(number, text) if r.label_tag == tag)


def _grant(record: EffectRecord) -> Action:
    return next(a for a in record.compiled.actions if a.verb == "gain_effect")


def test_bt10_080_this_digimon_gains_on_deletion_until_the_end_of_the_opponents_turn() -> None:
    text = (
        '[When Digivolving] If digivolving from the trash, this Digimon gains "[On Deletion] Delete 1 of '
        "your opponent's Digimon.\" until the end of your opponent's turn."
    )
    action = _grant(_effect("BT10-080", text, "WhenDigivolving"))
    assert action.compiled and action.selector is not None and action.selector.this
    assert action.duration == "until_end_of_opponents_turn"
    granted = action.granted
    assert granted is not None and granted.timings == ["OnDeletion"] and granted.label_tag == "OnDeletion"
    assert granted.compiled.trigger is not None and granted.compiled.trigger.event == "Deleted"
    (inner,) = granted.compiled.actions
    assert inner.verb == "delete" and inner.selector is not None and inner.selector.owner == "opponent"
    assert granted.text == "[On Deletion] Delete 1 of your opponent's Digimon."
    assert action.span.endswith(
        "gains \"[On Deletion] Delete 1 of your opponent's Digimon.\" until the end of your opponent's turn"
    )  # the span as printed, not the token


def test_bt10_056_persistent_grant_to_other_digimon_with_traits() -> None:
    text = (
        "[Opponent's Turn] All of your other Digimon with [Vegetation] or [Fairy] in their traits gain "
        '"[On Deletion] Gain 2 memory, and return 1 Digimon card with 3000 DP or less from your trash to '
        'your hand."'
    )
    record = _effect("BT10-056", text, "OpponentsTurn")
    assert record.compiled.category == "Persistent" and record.compiled.actions_compiled
    action = _grant(record)
    sel = action.selector
    assert sel is not None and sel.owner == "self" and sel.other and sel.count is None
    assert sel.trait == "Vegetation/Fairy"
    granted = action.granted
    assert granted is not None and granted.timings == ["OnDeletion"]
    assert [a.verb for a in granted.compiled.actions] == ["gain_memory", "add_to_hand"]


def test_bt12_065_opponents_digimon_gains_start_of_main_phase_attack() -> None:
    """'Attack with this Digimon' is an attack the granted effect forces (ingest.compiler.subject_phrases)."""
    text = (
        "[When Digivolving] Until the end of your opponent's turn, 1 of your opponent's Digimon gains "
        '"[Start of Your Main Phase] Attack with this Digimon."'
    )
    record = _effect("BT12-065", text, "WhenDigivolving")
    action = _grant(record)
    assert action.selector is not None and action.selector.owner == "opponent"
    assert action.duration == "until_end_of_opponents_turn"
    assert action.granted is not None and action.granted.timings == ["StartOfYourMainPhase"]
    (attack,) = action.granted.compiled.actions
    assert attack.verb == "attack" and not attack.optional
    assert attack.selector is not None and attack.selector.this


def test_bt11_103_all_of_their_digimon_gain_a_when_clause_effect() -> None:
    text = (
        "[Main] Until the end of your opponent's turn, all of their Digimon gain \"[All Turns] When this "
        'Digimon becomes suspended, lose 1 memory."'
    )
    action = _grant(_effect("BT11-103", text, "Main"))
    assert (
        action.selector is not None and action.selector.owner == "opponent" and action.selector.count is None
    )
    assert action.duration == "until_end_of_opponents_turn"
    granted = action.granted
    assert granted is not None and granted.timings == ["AllTurns"]
    assert granted.compiled.trigger is not None and granted.compiled.trigger.event == "Suspended"
    assert [a.verb for a in granted.compiled.actions] == ["lose_memory"]


def test_bt6_102_opponents_digimon_until_the_end_of_their_next_turn() -> None:
    text = (
        '[Main] 1 of your opponent\'s Digimon gains "[On Deletion] Lose 2 memory" '
        "until the end of their next turn."
    )
    action = _grant(_effect("BT6-102", text, "Main"))
    assert action.duration == "until_end_of_opponents_next_turn"
    assert action.selector is not None and action.selector.owner == "opponent" and action.selector.count == 1
    assert action.granted is not None
    (inner,) = action.granted.compiled.actions
    assert (inner.verb, inner.amount, inner.selector.owner) == ("lose_memory", 2, "self")  # type: ignore[union-attr]


def test_bt1_104_gain_the_following_effect_for_the_turn() -> None:
    text = (
        "[Main] All of your Digimon gain the following effect for the turn: “[When Attacking] 1 of your "
        "opponent's Digimon gets -2000 DP for the turn.“"
    )
    action = _grant(_effect("BT1-104", text, "Main"))
    assert action.duration == "this_turn" and action.selector is not None and action.selector.count is None
    granted = action.granted
    assert granted is not None and granted.label_tag == "WhenAttacking"
    (inner,) = granted.compiled.actions
    assert (inner.verb, inner.amount, inner.duration) == ("dp_modify", -2000, "this_turn")


def test_give_a_keyword_and_a_quoted_effect_to_one_choice() -> None:
    """EX10-008's shape (its own quoted 'This Digimon attacks.' is not read) with a quoted effect that is."""
    text = (
        "[On Play] [When Digivolving] Give 1 of your opponent's Digimon <Collision> and \"[Start of Your "
        'Main Phase] Delete this Digimon." until their turn ends.'
    )
    actions = _effect("TEST-1", text, "OnPlay").compiled.actions
    assert [a.verb for a in actions] == ["gain_keyword", "gain_effect"]
    assert actions[0].keyword == "Collision" and actions[1].same_targets
    assert {a.duration for a in actions} == {"until_end_of_opponents_turn"}


def test_bt15_095_grant_after_a_then_keeps_its_condition() -> None:
    text = (
        "[Main] Suspend 1 of your opponent's Digimon. Then, if you have a Tamer with [Izzy Izumi] in its "
        "name, until the end of your opponent's turn, 1 of your opponent's Digimon gains \"[On Deletion] "
        'Trash the top card of your security stack."'
    )
    record = _effect("BT15-095", text, "Main")
    assert [a.verb for a in record.compiled.actions] == ["suspend", "gain_effect"]
    assert [c.governs for c in record.compiled.conditions] == [[1]]
    granted = _grant(record).granted
    assert granted is not None and granted.compiled.actions[0].verb == "trash_security"
    assert granted.compiled.actions[0].selector.owner == "self"  # type: ignore[union-attr]


def test_ex2_056_granted_blitz_is_had_by_the_granted_effect() -> None:
    text = (
        "[Your Turn] When one of your Digimon would digivolve into a Digimon with [Gallantmon] or "
        '[Growlmon] in its name, that Digimon gains "[When Digivolving] <Blitz> (This Digimon can attack '
        'when your opponent has 1 or more memory.)" for the turn.'
    )
    granted = _grant(_effect("EX2-056", text, "YourTurn")).granted
    assert granted is not None and granted.timings == ["WhenDigivolving"]
    assert [(k.keyword, k.how) for k in granted.keywords] == [("Blitz", "has")]


@pytest.mark.parametrize(
    ("number", "text", "tag"),
    [
        # the quoted effect's trigger is not read ('checks an opponent's security')
        (
            "BT12-088-inh",
            '[Your Turn] While this Digimon has 10000 or more DP, it gains "[Your Turn][Once per '
            "Turn] When this Digimon checks an opponent's security, gain 2 memory.\"",
            "YourTurn",
        ),
        # 'You must trash 1 card in your hand to unsuspend this Digimon' is not read
        (
            "BT7-055",
            "[Opponent's Turn] All of your opponent's Digimon gain \"[Your Turn] You must trash 1 card "
            'in your hand to unsuspend this Digimon."',
            "OpponentsTurn",
        ),
    ],
)
def test_a_quoted_effect_that_does_not_compile_leaves_the_grant_uncompiled(
    number: str, text: str, tag: str
) -> None:
    record = _effect(number, text, tag)
    assert not record.compiled.actions_compiled
    assert not any(a.verb == "gain_effect" for a in record.compiled.actions)


def test_tokens_survive_sentences_and_restore_to_the_printed_text() -> None:
    body = 'Give 1 of their Digimon "[On Deletion] Lose 1 memory. Then, draw 1." Then, gain 1 memory.'
    token = quote_grants(body)
    assert '"[' not in token and token.count('"') == 2 and token.count("Then,") == 1
    action = Action(verb="gain_effect", span=token)
    restore_spans([action])
    assert action.span == body
