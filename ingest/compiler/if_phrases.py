"""'If …, <action>' sentences whose action leans on the condition, read as if written out.

'If you don't have a [Taiga] in play, you may play one from your hand without paying its memory
cost' (EX1-005): 'one' is a card with the name the condition names (CR 15-10-1-2-1), so the action
is 'play 1 [Taiga] from your hand …'. The printed sentence stays the action's span.

>>> at_turn_end("delete this digimon at the end of the turn")
'delete this digimon'
>>> named_one("If you don't have a [Taiga] in play, you may play one from your hand without paying the cost")
"If you don't have a [Taiga] in play, you may play 1 [Taiga] from your hand without paying the cost"

'If digivolved by this effect, delete this Digimon at the end of the turn' (BT17-011): the deletion
waits for the end of the turn as pending processing (CR 18-1), as 'At the end of the turn, delete
this Digimon' does; the condition is checked now, when the sentence is reached.
"""

from __future__ import annotations

import re

from ingest.compiler.when_if_phrases import rewrite
from ingest.effect_ir import Action, Selector

#: 'If you don't have a(n) [X] (card) in play, you may play one from your hand …'.
_ONE_NAMED = re.compile(
    r"(?i)(?P<cond>if you don't have an? (?P<name>\[[^\]]+\])(?: card)? in play), "
    r"(?P<may>you may )?play one (?P<rest>from your hand without paying (?:its memory|the) cost)"
)


def named_one(sentence: str) -> str:
    """The sentence with 'one' replaced by the card its condition names, or the sentence as it is."""
    if m := _ONE_NAMED.fullmatch(sentence):
        return f"{m['cond']}, {m['may'] or ''}play 1 {m['name']} {m['rest']}"
    return sentence


#: 'delete this Digimon at the end of the turn': one action on this Digimon, done at that point.
_AT_TURN_END = re.compile(r"(?P<act>delete this digimon) at the end of (?:the|this) turn")


def at_turn_end(text: str) -> str | None:
    """The lower-cased action of '… at the end of the turn' without those words (it waits for that
    point, CR 18-1), or None."""
    m = _AT_TURN_END.fullmatch(text)
    return None if m is None else m["act"]


#: 'If this Digimon has the [Insectoid] trait, it may attack …' (BT15-004): the condition's Digimon.
_THIS_IT = re.compile(r"(?i)(?P<cond>if this digimon (?:has|is) [^,]+), it (?P<rest>(?:may )?attack .+)")


def this_it(sentence: str) -> str:
    """The first sentence of an effect with 'it' after a condition on this Digimon, 'it' spelled out:
    nothing else was named before it (CR 15-10-1-2-1)."""
    if m := _THIS_IT.fullmatch(sentence):
        return f"{m['cond']}, this Digimon {m['rest']}"
    return sentence


#: Wordings of the same thing: 'until your opponent's turn ends' (LM-041) is 'until the end of your
#: opponent's turn'; '… can't be suspended' (LM-041) is '… can't suspend' (QA Q3185: a Digimon that
#: can't be suspended can't attack by suspending, as CR 11-2 says of one that can't suspend).
_SAME = [
    (re.compile(r"(?i)\buntil your opponent's turn ends\b"), "until the end of your opponent's turn"),
    (re.compile(r"(?i)(?<=\bor tamers) can't be suspended$"), " can't suspend"),
]


def same_wording(sentence: str) -> str:
    """The sentence in the wording the action templates read."""
    return rewrite(sentence, _SAME)


#: 'return 1 card in your hand to the bottom of the deck' (BT26-009): cards of the player's own hand.
_HAND_TO_DECK = re.compile(
    r"return (?P<n>\d+) cards? (?:in|from) your hand to the bottom of (?:the|your) deck(?: in any order)?")


def match_hand_to_deck(text: str) -> list[Action] | None:
    """The lower-cased sentence as ``hand_to_deck_bottom`` (``amount`` cards, the player's choice)."""
    if (m := _HAND_TO_DECK.fullmatch(text)) is None:
        return None
    hand = Selector(owner="self", kind="card", count=int(m["n"]), zone="hand")
    return [Action(verb="hand_to_deck_bottom", amount=int(m["n"]), selector=hand)]
