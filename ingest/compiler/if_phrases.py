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
