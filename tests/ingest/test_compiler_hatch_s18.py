"""Session 18 (H7): hatching by an effect (CR 4-18), on real card texts."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


@pytest.mark.parametrize(("number", "text", "tag"), [
    ("BT8-091", "[On Play] You may hatch 1 Digi-Egg card to an empty space in your breeding area.", "OnPlay"),
    ("P-123", "[Your Turn] [Once Per Turn] When one of your Digimon moves from the breeding area to the "
     "battle area. You may hatch in your breeding area. Then, gain 1 memory.", "YourTurn"),
])
def test_you_may_hatch(number: str, text: str, tag: str) -> None:
    compiled = next(r for r in compile_card(number, text) if r.label_tag == tag).compiled
    assert compiled.actions_compiled
    hatch = compiled.actions[0]
    assert hatch.verb == "hatch" and hatch.optional
    assert hatch.selector is not None and hatch.selector.owner == "self" and hatch.selector.kind == "player"


def test_bt14_102_if_you_have_a_tamer_you_may_hatch() -> None:
    text = ("[On Deletion] Place this card at the bottom of your security stack. Then, if you have a Tamer, "
            "you may hatch in your breeding area.")
    compiled = next(r for r in compile_card("BT14-102", text) if r.label_tag == "OnDeletion").compiled
    assert compiled.actions_compiled
    place, hatch = compiled.actions
    assert place.verb == "place_security_bottom" and hatch.verb == "hatch" and hatch.optional
    (cond,) = compiled.conditions
    assert cond.kind == "has_card" and cond.governs == [1]
