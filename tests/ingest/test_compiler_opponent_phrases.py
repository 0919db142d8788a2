"""Templates of ingest/compiler/opponent_phrases.py on real card texts (by card number)."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


def _effects(number: str, text: str) -> list:
    return [r.compiled for r in compile_card(number, text)]


@pytest.mark.parametrize(
    ("number", "text", "then"),
    [
        ("BT18-082", "[On Play] [When Digivolving] Your opponent may delete 1 of their "
                     "Digimon or Tamers. If this effect didn't delete, ＜Recovery +1 "
                     "(Deck)＞and trash the top card of your opponent's security stack.",
         ["recovery", "trash_security"]),
        ("EX10-060", "[When Digivolving] [When Attacking] [Once Per Turn] Your opponent may "
                     "delete 1 of their Digimon or Tamers. If this effect didn't delete, "
                     "trash their top security card and this Digimon unsuspends.",
         ["trash_security", "unsuspend"]),
    ],
)
def test_opponent_may_delete(number: str, text: str, then: list[str]) -> None:
    (effect,) = _effects(number, text)
    first, *rest = effect.actions
    sel = first.selector
    assert (first.verb, first.amount, first.optional, first.compiled) == (
        "opponent_may_delete", 1, False, True)
    assert (sel.owner, sel.kind, sel.zone, sel.count) == ("opponent", "Digimon or Tamer", "battle_area", 1)
    assert [a.verb for a in rest] == then
    assert [(c.kind, c.negated) for c in effect.conditions] == [("effect_deleted", True)]


def test_opponent_may_delete_after_a_cost() -> None:
    """EX10-052: 'By trashing 1 card in your hand, your opponent may …': the cost is the player's."""
    text = ("[When Digivolving] [When Attacking] By trashing 1 card in your hand, "
            "your opponent may delete 1 of their Digimon or Tamers. If this effect "
            "didn't delete, ＜Recovery +1 (Deck)＞")
    (effect,) = _effects("EX10-052", text)
    assert [a.verb for a in effect.costs] == ["trash_card"]
    assert [a.verb for a in effect.actions] == ["opponent_may_delete", "recovery"]


@pytest.mark.parametrize(
    ("number", "text", "condition"),
    [
        ("BT3-102", "[Main] Your opponent may trash the top card of their security stack. If "
                    "they don't, trigger ＜Recovery +1 (Deck)＞. (Place the top card of your "
                    "deck on top of your security stack.)", "effect_done"),
        ("BT19-043", "[End of Your Turn] [Once Per Turn] Your opponent may trash their top "
                     "security card. If this effect didn't trash, ＜Recovery +1 (Deck)＞ , and "
                     "delete 1 of your opponent's Digimon or Tamers.",
         "effect_trashed"),
    ],
)
def test_opponent_may_trash_their_top_security_card(number: str, text: str, condition: str) -> None:
    (effect,) = _effects(number, text)
    first, *rest = effect.actions
    sel = first.selector
    assert (first.verb, first.amount, first.optional) == ("opponent_may_trash_security", 1, False)
    assert (sel.owner, sel.zone) == ("opponent", "security")
    assert rest and rest[0].verb == "recovery"
    assert [(c.kind, c.negated) for c in effect.conditions] == [(condition, True)]


@pytest.mark.parametrize(
    ("number", "text"),
    [
        ("P-137", "[Your Turn] [Once Per Turn] When this Digimon's attack target is "
                  "switched, your opponent adds the top card of their security stack to "
                  "the hand."),
        ("BT11-033", "[When Digivolving] Return 1 of your opponent's level 5 or lower Digimon "
                     "to its owner's hand. If no Digimon was returned by this effect, your "
                     "opponent adds the top card of their security stack to their hand."),
    ],
)
def test_opponent_adds_their_top_security_card(number: str, text: str) -> None:
    (effect,) = _effects(number, text)
    (added,) = [a for a in effect.actions if a.verb == "security_to_hand"]
    assert (added.amount, added.selector.owner, added.selector.zone, added.optional) == (
        1, "opponent", "security", False)


def test_not_their_own_digimon_is_not_read() -> None:
    """'Your opponent may delete 1 of your Digimon' is not what the template reads."""
    (effect,) = _effects("BT18-082", "[On Play] Your opponent may delete 1 of your Digimon.")
    assert not effect.actions[0].compiled


@pytest.mark.parametrize(
    ("number", "text", "after"),
    [
        ("BT6-083", "[On Play] You may play 1 white Tamer card with a play cost of 4 or less from "
                    "your hand without paying its memory cost. Then, your opponent may play 1 Tamer "
                    "card from their hand without paying its memory cost.", None),
        ("BT17-075", "[On Play] [When Digivolving] Your opponent may play 1 Tamer card from their "
                     "hand without paying the cost. If they don't, you may play 1 white Tamer card "
                     "with a play cost of 4 or less from your hand without paying the cost.",
         ("effect_done", True)),
    ],
)
def test_opponent_may_play_a_tamer(number: str, text: str, after: tuple[str, bool] | None) -> None:
    (effect,) = _effects(number, text)
    (theirs,) = [a for a in effect.actions if a.verb == "opponent_may_play_card"]
    sel = theirs.selector
    assert (theirs.free, theirs.optional, theirs.amount) == (True, False, 1)
    assert (sel.owner, sel.kind, sel.zone, sel.count, sel.color) == ("opponent", "Tamer", "hand", 1, None)
    assert [(c.kind, c.negated) for c in effect.conditions] == ([after] if after else [])
