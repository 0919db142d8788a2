"""Session 18 (H7): 'Your opponent attacks with the chosen Digimon' on real card texts."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, tag: str) -> tuple[bool, list[Action]]:
    record = next(r for r in compile_card(number, text) if r.label_tag == tag)
    return record.compiled.actions_compiled, record.compiled.actions


@pytest.mark.parametrize(("number", "text", "tag", "may"), [
    ("BT13-077", "＜Blocker＞ [On Play][When Digivolving] Until the end of your opponent's turn, this "
     "Digimon isn't affected by the effects of your opponent's Digimon. [End of Opponent’s Turn] Choose 1 "
     "of your opponent's Digimon. Your opponent attacks with the chosen Digimon.",
     "EndOfOpponentsTurn", False),
    ("BT18-069", "＜Blocker＞ \n[End of Opponent's Turn] [Once Per Turn] You may choose 1 of your opponent's "
     "Digimon. Your opponent must attacks with the chosen Digimon.", "EndOfOpponentsTurn", True),
    ("BT22-060", "[End of Opponent's Turn] [Once Per Turn] You may choose 1 of your opponent's Digimon. Your "
     "opponent attacks with the chosen Digimon.", "EndOfOpponentsTurn", True),
])
def test_opponent_attacks_with_the_chosen_digimon(number: str, text: str, tag: str, may: bool) -> None:
    compiled, (choose, attack) = _actions(number, text, tag)
    assert compiled
    assert choose.verb == "choose" and choose.optional is may
    assert choose.selector is not None and choose.selector.owner == "opponent" and choose.selector.count == 1
    assert attack.verb == "attack" and attack.same_targets and attack.selector == choose.selector


def test_the_chosen_digimon_needs_a_choice_right_before() -> None:
    text = "[Your Turn] Your opponent attacks with the chosen Digimon."
    compiled, (attack,) = _actions("X", text, "YourTurn")
    assert not compiled and not attack.compiled
