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


#: 'When an effect trashes this card from the security stack, you may play it without paying the cost'
#: (BT15-037): the trigger names no card but this one, so 'it' is this card, as BT13-098 prints it.
_THIS_CARD_TRIGGER = re.compile(r"(?i)when an effect trashes this card from the security stack")
_PLAY_IT = re.compile(r"(?i)(?P<may>you may play) it (?P<rest>without paying the cost\.?)")


def this_card_it(clause: str, rest: str) -> str:
    """The effect after its trigger ``clause``, with 'it' written as 'this card' where the trigger names
    only this card; else ``rest`` as it is.

    >>> this_card_it("When an effect trashes this card from the security stack",
    ...              "you may play it without paying the cost.")
    'you may play this card without paying the cost.'
    """
    if _THIS_CARD_TRIGGER.fullmatch(clause.strip()) and (m := _PLAY_IT.fullmatch(rest.strip())):
        return f"{m['may']} this card {m['rest']}"
    return rest
