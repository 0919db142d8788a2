"""Session 19, issue 9 breadth (family Y4): single clauses that alone held cards back, compiled on
the cards' own texts."""

from __future__ import annotations

from ingest.effects import compile_card

EX3_033 = ("[Opponent's Turn] While you have a Digimon with [Four Great Dragons] in its traits in play, or "
           "[Trial of the Four Great Dragons] is in your battle area, this Digimon gains <Blocker>.")


def test_named_card_in_your_battle_area() -> None:
    """'[Trial of the Four Great Dragons] is in your battle area' (EX3-033): one of your cards in play
    by that name, one half of the 'either'."""
    (record,) = compile_card("EX3-033", main=EX3_033)
    compiled = record.compiled
    assert compiled.actions_compiled and all(c.compiled for c in compiled.conditions)
    (either,) = compiled.conditions
    assert either.kind == "either"
    traits, trial = either.either
    assert traits.kind == "has_card" and traits.selector is not None
    assert (traits.selector.kind, traits.selector.trait) == ("Digimon", "Four Great Dragons")
    assert trial.kind == "has_card" and not trial.negated and trial.selector is not None
    assert (trial.selector.owner, trial.selector.name, trial.selector.zone) == (
        "self", "Trial of the Four Great Dragons", "battle_area")
