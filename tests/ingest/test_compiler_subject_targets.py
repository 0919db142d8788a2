"""Target and subject selectors read on real card texts (by card number): cards of a trash returned
to the top of a deck, and the like."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str) -> list[Action]:
    return [a for r in compile_card(number, text) for a in r.compiled.actions]


def test_trash_card_to_deck_top() -> None:
    """LM-027 Red Scramble (<Delay>): 1 red Digimon card of your trash to the top of your deck."""
    text = ("[Start of Your Turn] If your opponent has a Digimon, <Delay>\n・ Return 1 red Digimon card from "
            "your trash to the top of the deck. Then, if you don't have a Digimon, you may play 1 red "
            "Digimon card with 2000 DP or less from your trash without paying the cost.")
    back = next(a for a in _actions("LM-027", text) if a.verb.startswith("return_cards"))
    assert back.compiled and back.verb == "return_cards_to_deck_top" and back.amount == 1
    sel = back.selector
    assert (sel.owner, sel.kind, sel.color, sel.count, sel.zone, sel.up_to) == (
        "self", "Digimon", "Red", 1, "trash", False)
