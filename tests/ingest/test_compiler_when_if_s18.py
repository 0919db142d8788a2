"""Session 18 (H7): an opening 'When …,' inside a triggered effect read as its 'If …,' (when_if_phrases),
on real card texts."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effects import compile_card


def _effect(number: str, text: str, tag: str) -> CompiledEffect:
    compiled = next(r for r in compile_card(number, text) if r.label_tag == tag).compiled
    assert compiled.actions_compiled and all(c.compiled for c in compiled.conditions)
    return compiled


def test_p_142_when_deleted_other_than_in_battle() -> None:
    text = ("[On Deletion] When this Digimon is deleted other than in battle, your opponent trashes 1 card "
            "in their hand.")
    compiled = _effect("P-142", text, "OnDeletion")
    (cond,) = compiled.conditions
    assert cond.kind == "deleted_in_battle" and cond.negated
    (trash,) = compiled.actions
    assert trash.verb == "opponent_trashes_card" and trash.amount == 1
    assert trash.span.startswith("When this Digimon is deleted")  # the printed words


def test_st3_09_when_you_have_3_security_cards_or_less() -> None:
    text = ("[When Digivolving] When you have 3 security cards or less, trigger ＜Recovery +1 (Deck)＞. "
            "(Place the top card of your deck on top of your security stack.)")
    compiled = _effect("ST3-09", text, "WhenDigivolving")
    (cond,) = compiled.conditions
    assert cond.kind == "security_at_most" and cond.amount == 3
    (recovery,) = compiled.actions
    assert recovery.verb == "recovery" and recovery.amount == 1


def test_bt4_115_while_then_when_playing_from_the_hand() -> None:
    text = ("While you have 10 or more cards in your trash, when playing this card from your hand, reduce "
            "its play cost by 8.[On Play] ＜Recovery +1 (Deck)＞. (Place the top card of your deck on top of "
            "your security stack.)")
    record = next(r for r in compile_card("BT4-115", text) if r.compiled.category == "ImmediateType")
    compiled = record.compiled
    assert compiled.actions_compiled and compiled.trigger is not None
    assert compiled.trigger.event == "WouldBePlayed"
    (cond,) = compiled.conditions
    assert cond.kind == "trash_at_least" and cond.amount == 10
    (reduce,) = compiled.actions
    assert reduce.verb == "reduce_play_cost" and reduce.amount == 8
