"""Session 18 (H7): 'You can unsuspend this Digimon by …' and 'You may add the top card of your
security stack to your hand to unsuspend this Digimon' on real card texts: a cost, then the action."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _parts(number: str, text: str, tag: str) -> tuple[list[Action], list[Action]]:
    record = next(r for r in compile_card(number, text) if r.label_tag == tag)
    assert record.compiled.actions_compiled
    return record.compiled.costs, record.compiled.actions


@pytest.mark.parametrize(("number", "text", "tag", "verb", "amount"), [
    ("BT1-039", "[When Attacking][Twice Per Turn] You can unsuspend this Digimon by trashing 3 cards in your "
     "hand.", "WhenAttacking", "trash_card", 3),
    ("BT1-081", "<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and survives the "
     "battle， it performs any security checks it normally would.)[End of Attack][Twice Per Turn] You can "
     "unsuspend this Digimon by decreasing your memory by 3.", "EndOfAttack", "lose_memory", 3),
    ("BT9-043", "[End of Attack][Once Per Turn] You may add the top card of your security stack to your hand "
     "to unsuspend this Digimon.", "EndOfAttack", "security_to_hand", 1),
])
def test_a_cost_to_unsuspend_this_digimon(number: str, text: str, tag: str, verb: str, amount: int) -> None:
    (cost,), (action,) = _parts(number, text, tag)
    assert cost.verb == verb and cost.amount == amount
    assert cost.selector is not None and cost.selector.owner == "self"
    assert action.verb == "unsuspend" and action.optional
    assert action.selector is not None and action.selector.this


def test_bt4_048_security_to_hand_to_unsuspend_and_minus_6000() -> None:
    text = ("[When Attacking][Once Per Turn] You may add the top card of your security stack to your hand to "
            "unsuspend this Digimon and have 1 of your opponent's Digimon get -6000 DP for the turn.")
    (cost,), (unsuspend, minus) = _parts("BT4-048", text, "WhenAttacking")
    assert cost.verb == "security_to_hand" and cost.amount == 1
    assert unsuspend.verb == "unsuspend" and unsuspend.selector is not None and unsuspend.selector.this
    assert minus.verb == "dp_modify" and minus.amount == -6000 and minus.duration == "this_turn"
    assert minus.selector is not None and minus.selector.owner == "opponent" and minus.selector.count == 1


def test_you_can_without_a_cost_stays_as_it_was() -> None:
    records = compile_card("X", "[Main] You can unsuspend this Digimon.")
    record = next(r for r in records if r.label_tag == "Main")
    assert not record.compiled.actions_compiled
