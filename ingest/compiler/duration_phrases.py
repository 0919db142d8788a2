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

_PER_PREDICATE = re.compile(
    rf"(?i)(?P<head>(?:{DURATION}), .+? gains? <[^<>]+>)\s*,\s*and (?P<per>for (?:each|every) [^,]+), "
    r"(?P<gets>gets? [+-]\d+ dp)(?P<end>\.?)")


def per_predicate(sentence: str) -> str:
    """The sentence with its multiplied second predicate moved after its verb (else unchanged)."""
    if (m := _PER_PREDICATE.fullmatch(sentence.strip())) is None:
        return sentence
    return f"{m['head']} and {m['gets']} {m['per']}{m['end']}"
