"""'This Digimon with …' as the subject of a lasting restriction: the restriction holds while this
Digimon fits, read as 'While this Digimon has …, this Digimon …' (conditions.py reads the 'while'):

- BT19-101 '[All Turns] This Digimon with no digivolution cards can't be suspended, and isn't affected by
  your opponent's effects': both hold while it has no digivolution cards; 'can't be suspended' is 'can't
  suspend' (QA Q3185, as if_phrases.py reads it);
- P-144 '[Your Turn] This Digimon without [Gotsumon]/[X Antibody] in it's digivolution cards can't attack':
  while none of its digivolution cards is one of them.

Only restrictions ('can't …', 'isn't affected …') are read so: a one-shot action of a Digimon that fits
is not a 'while'.

>>> this_with_as_while("This Digimon without [A]/[B] in it's digivolution cards can't attack")
"While this Digimon doesn't have [A]/[B] in its digivolution cards, this Digimon can't attack"
"""

from __future__ import annotations

import re

_PRED = r"(?P<pred>(?:can't|isn't affected) .+)"
_FORMS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"This Digimon with no digivolution cards {_PRED}"),
     "this Digimon has no digivolution cards"),
    (re.compile(rf"This Digimon without (?P<np>\[[^,]+?) in it'?s digivolution cards {_PRED}"),
     "this Digimon doesn't have {np} in its digivolution cards"),
]


def this_with_as_while(sentence: str) -> str:
    """The sentence as 'While this Digimon …, this Digimon …' if it is one of these forms, else itself."""
    for pattern, condition in _FORMS:
        if m := pattern.fullmatch(sentence):
            pred = re.sub(r"\bcan't be suspended\b", "can't suspend", m["pred"])  # QA Q3185
            return f"While {condition.format(**m.groupdict())}, this Digimon {pred}"
    return sentence
