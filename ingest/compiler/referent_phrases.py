"""Sentences whose pronoun names what the same sentence's condition counted, read as if it were
written out: 'If your opponent has 6 or more cards in their hand, they trash 1 of them' (ST22-14) is
'…, they trash 1 card in their hand' — 'they' the opponent the condition names, 'them' the cards of
their hand it counts (CR 15-10-1-2-1). The printed sentence stays the action's span.

>>> spelled_out("If your opponent has 6 or more cards in their hand, they trash 1 of them")
'If your opponent has 6 or more cards in their hand, they trash 1 card in their hand'
"""

from __future__ import annotations

import re

#: 'If your opponent has N or more cards in their hand, they trash M of them'.
_THEM_IN_HAND = re.compile(
    r"(?i)(?P<cond>if (?:your opponent has|they have) \d+ or more cards in their hand), "
    r"they trash (?P<n>\d+) of them"
)


def spelled_out(sentence: str) -> str:
    """The sentence with 'them' replaced by what its condition counted, or the sentence as it is."""
    if m := _THEM_IN_HAND.fullmatch(sentence):
        cards = "card" if m["n"] == "1" else "cards"
        return f"{m['cond']}, they trash {m['n']} {cards} in their hand"
    return sentence
