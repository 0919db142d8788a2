"""A 'When …,' that opens a sentence inside an effect that has already triggered is a condition
checked as the effect resolves, the same as the 'If …,' other printings use:

- '[On Deletion] When this Digimon is deleted other than in battle, …' (P-142's inherited effect) is
  '[On Deletion] If deleted other than in battle, …' (``deleted_in_battle``, negated);
- '[When Digivolving] When you have 3 security cards or less, trigger <Recovery +1 (Deck)>' (ST3-09)
  is 'If you have 3 or fewer security cards, …' (``security_at_most``).

>>> when_as_if("When you have 3 security cards or less, trigger <Recovery +1 (Deck)>")
'If you have 3 or fewer security cards, trigger <Recovery +1 (Deck)>'
"""

from __future__ import annotations

import re

_WHEN_IF: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?i)^when this digimon is deleted other than in battle, "),
     "If deleted other than in battle, "),
    (re.compile(r"(?i)^when you have (\d+) security cards or less, "),
     r"If you have \1 or fewer security cards, "),
]


def when_as_if(sentence: str) -> str:
    """The sentence with its opening 'When …,' condition written as the 'If …,' it means."""
    for when, if_ in _WHEN_IF:
        sentence = when.sub(if_, sentence)
    return sentence
