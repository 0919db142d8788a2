"""Session 18 (H7): a persistent 'your opponent can't use Option cards' (BT8-057), on the real text."""

from __future__ import annotations

from ingest.effects import compile_card


def test_bt8_057_while_all_suspended_no_options() -> None:
    text = ("[Opponent's Turn] While all of your Digimon are suspended, your opponent can't use Option cards."
            "[Your Turn] When this Digimon becomes unsuspended during your unsuspend phase, trash the top "
            "card of your opponent's security stack.")
    compiled = next(r for r in compile_card("BT8-057", text) if r.label_tag == "OpponentsTurn").compiled
    assert compiled.actions_compiled and compiled.category == "Persistent"
    (cond,) = compiled.conditions
    assert cond.kind == "has_card" and cond.negated and cond.selector is not None
    assert cond.selector.state == "unsuspended" and cond.selector.owner == "self"
    (bar,) = compiled.actions
    assert bar.verb == "options_barred" and bar.duration == "while_condition"
    assert bar.selector is not None and bar.selector.owner == "opponent" and bar.selector.kind == "player"


def test_no_duration_outside_a_persistent_effect_is_not_read() -> None:
    compiled = next(r for r in compile_card("X", "[Main] Your opponent can't use Option cards.")
                    if r.label_tag == "Main").compiled
    assert not compiled.actions_compiled


def test_a_lasting_bar_keeps_its_verb() -> None:
    text = "[Main] Your opponent can't use Option cards until the end of their next turn."
    compiled = next(r for r in compile_card("EX1-072", text) if r.label_tag == "Main").compiled
    (bar,) = compiled.actions
    assert compiled.actions_compiled and bar.verb == "cant_use_options"
    assert bar.duration == "until_end_of_opponents_next_turn"
