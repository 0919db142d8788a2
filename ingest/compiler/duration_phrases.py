"""One subject, two predicates, the second multiplied: 'For the turn, 1 of your Digimon gains <Security
A. +1>, and for every 2 colors your Tamers have, gets +2000 DP' (ST20-04) is 'For the turn, 1 of your
Digimon gains <Security A. +1> and gets +2000 DP for every 2 colors your Tamers have': the one Digimon
chosen gets both, for the sentence's duration (CR 15-10), and only the DP is multiplied (CR 4-27-4).

>>> per_predicate("For the turn, 1 of your Digimon gains <Blocker>, and for every 2 colors your Tamers "
...               "have, gets +2000 DP.")
'For the turn, 1 of your Digimon gains <Blocker> and gets +2000 DP for every 2 colors your Tamers have.'
"""

from __future__ import annotations

import re

from ingest.compiler.actions import DURATION
from ingest.effect_ir import Action

_PER_PREDICATE = re.compile(
    rf"(?i)(?P<head>(?:{DURATION}), .+? gains? <[^<>]+>)\s*,\s*and (?P<per>for (?:each|every) [^,]+), "
    r"(?P<gets>gets? [+-]\d+ dp)(?P<end>\.?)")


def per_predicate(sentence: str) -> str:
    """The sentence with its multiplied second predicate moved after its verb (else unchanged)."""
    if (m := _PER_PREDICATE.fullmatch(sentence.strip())) is None:
        return sentence
    return f"{m['head']} and {m['gets']} {m['per']}{m['end']}"


#: 'Until the end of your opponent's turn, their effects can't reduce the DP of the Digimon this effect
#: digivolved' (BT16-093), right after a digivolution: the Digimon that digivolved, the digivolution's
#: own choice (``Action.same_targets``).
_DIGIVOLVED = re.compile(r"(?i)\bthe digimon this effect digivolved\b")


def digivolved_one(sentence: str, before: list[Action]) -> tuple[str, bool]:
    """The sentence with 'the Digimon this effect digivolved' as 'this Digimon' (to be pointed at the
    digivolved one by ``point_at_digivolved``), and whether it was; unchanged unless the previous
    action is a digivolution and the sentence names no 'this Digimon' of its own."""
    if not before or before[-1].verb != "digivolve" or before[-1].selector is None \
            or not _DIGIVOLVED.search(sentence) or re.search(r"(?i)\bthis digimon\b", sentence):
        return sentence, False
    return _DIGIVOLVED.sub("this Digimon", sentence), True


def point_at_digivolved(parts: list[Action], before: list[Action]) -> None:
    """Each part on 'this Digimon' of a ``digivolved_one`` sentence: on the Digimon the previous
    digivolution chose instead."""
    chosen = before[-1].selector
    assert chosen is not None
    for part in parts:
        if part.selector is not None and part.selector.this:
            part.selector, part.same_targets = chosen.model_copy(), True
