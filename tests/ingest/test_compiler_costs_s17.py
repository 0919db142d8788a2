"""Cost templates added in session 17 (ingest/compiler/costs.py) on the real card texts."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


def _compiled(number: str, text: str, part: str = "main"):  # noqa: ANN202 - a CompiledEffect
    kwargs = {"inherited": text} if part == "inherited" else {}
    (record,) = compile_card(number, None if kwargs else text, **kwargs)
    return record.compiled


@pytest.mark.parametrize(("number", "text", "part"), [
    ("BT18-004", "[Start of Your Main Phase] By placing 1 Digimon card with the [Royal Base] trait in your "
                 "hand face up as the bottom security card, add your top security card to the hand.",
     "inherited"),
    ("BT18-044", "[On Play] By placing 1 Digimon card with the [Royal Base] trait in your hand face up as "
                 "the bottom security card, add your top security card to the hand.", "main"),
])
def test_a_hand_card_face_up_as_the_bottom_security_card(number: str, text: str, part: str) -> None:
    c = _compiled(number, text, part)
    (cost,) = c.costs
    assert cost.verb == "place_security_bottom_face_up" and cost.amount == 1
    sel = cost.selector
    assert sel is not None and (sel.owner, sel.kind, sel.zone, sel.count, sel.trait) == (
        "self", "Digimon", "hand", 1, "Royal Base")
    assert [a.verb for a in c.actions] == ["security_to_hand"] and c.actions_compiled


def test_the_bottom_face_down_card_under_a_tamer_without_from() -> None:
    """BT25-057: 'under any of your Tamers' is 'from under' (one Tamer, chosen)."""
    c = _compiled("BT25-057", "[When Digivolving] [When Attacking] [Once Per Turn] By trashing the bottom "
                  "face-down card under any of your Tamers, <De-Digivolve 1> 1 of your opponent's Digimon.")
    (cost,) = c.costs
    assert cost.verb == "trash_bottom_face_down" and cost.amount == 1
    assert cost.selector is not None and (cost.selector.kind, cost.selector.count) == ("Tamer", 1)
    assert [a.verb for a in c.actions] == ["de_digivolve"]
