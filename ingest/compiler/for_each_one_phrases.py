"""'For each one, trash any 1 card under your opponent's Digimon or Tamers' after 'You may trash up to 4
blue cards in your hand' (LM-005), written before sentences are split (``ingest.compiler.body``) in the
words per.py and the action tables read: 'For each card trashed by this effect, trash any 1 digivolution
card of your opponent's Digimon or Tamers' — that many cards in all, from one or several of them (QA Q3994:
1 card under each of 2 Digimon/Tamers), the cards under a Tamer being its stack's cards as a Digimon's are.

Not 'For each one, you may trash …' (RB1-014): each card's trash is the player's own choice there, which
one 'you may' on the multiplied action (all or none) does not say.

>>> for_each_one("You may trash up to 4 blue cards in your hand. For each one, trash any 1 card under your "
...              "opponent's Digimon or Tamers.")
"You may trash up to 4 blue cards in your hand. For each card trashed by this effect, trash any 1 \
digivolution card of your opponent's Digimon or Tamers."
"""

from __future__ import annotations

import re

_FOR_EACH_ONE = re.compile(
    r"(?P<lead>\b[Tt]rash up to \d+ [^.]*?cards in your hand\. )For each one, "
    r"trash any (?P<n>\d+) card under (?P<whose>your opponent's Digimon or Tamers)\b")


def for_each_one(text: str) -> str:
    """The text with 'For each one, trash any N card under …' written as the tables read it."""
    return _FOR_EACH_ONE.sub(
        lambda m: f"{m['lead']}For each card trashed by this effect, trash any {m['n']} digivolution card "
                  f"of {m['whose']}", text)
