"""Session 18 (H7): 'While X, or Y, …' — the condition runs on past ', or' (ST20-10, ST21-10), on
real card texts."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card

_ST = ("[Digivolve] Lv.2 w/[ADVENTURE] trait: Cost 0 \n\n[Your Turn] While your opponent has a Digimon "
       "with 10000 DP or more, or your Tamers have 3 or more total colors, this Digimon can digivolve into "
       "[{into}] in the hand for a digivolution cost of 4, ignoring digivolution requirements.")


@pytest.mark.parametrize(("number", "into"), [("ST20-10", "WarGreymon"), ("ST21-10", "MetalGarurumon")])
def test_either_condition_then_a_digivolve_permission(number: str, into: str) -> None:
    record = next(r for r in compile_card(number, _ST.format(into=into)) if r.label_tag == "YourTurn")
    compiled = record.compiled
    assert compiled.actions_compiled
    (either,) = compiled.conditions
    assert either.kind == "either"
    big, colors = either.either
    assert big.kind == "has_card" and big.selector is not None and big.selector.owner == "opponent"
    assert big.selector.min_dp == 10000
    assert colors.kind == "tamers_colors_at_least" and colors.amount == 3
    (permission,) = compiled.actions
    assert permission.verb == "digivolve_permission" and permission.cost == 4
    assert permission.ignore_requirements
    assert permission.card is not None and permission.card.name == into and permission.card.zone == "hand"


def test_bt7_062_x_antibody_hyphen_is_not_guessed() -> None:
    """'[X-Antibody] in its traits': the trait cards have is [X Antibody]; the condition stays unread."""
    text = ("[All Turns] While you have another Digimon in play with [X-Antibody] in its traits, or a card "
            "with [X-Antibody] in its traits is in this Digimon's digivolution cards, this Digimon gains "
            "<Blocker>.")
    record = next(r for r in compile_card("BT7-062", text) if r.label_tag == "AllTurns")
    assert not record.compiled.actions_compiled or not all(c.compiled for c in record.compiled.conditions)
