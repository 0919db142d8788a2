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


def rewrite(sentence: str, table: list[tuple[re.Pattern[str], str]]) -> str:
    """The sentence with each pattern of the table replaced, in order."""
    for pattern, plain in table:
        sentence = pattern.sub(plain, sentence)
    return sentence


def when_as_if(sentence: str) -> str:
    """The sentence with its opening 'When …,' condition written as the 'If …,' it means."""
    return rewrite(sentence, _WHEN_IF)


_WHILE_WHEN = re.compile(
    r"(?i)while (?P<cond>[^,]+), (?P<when>when playing this card from your hand), (?P<rest>.+)")


_IF_DIGIVOLVES_REDUCING = re.compile(
    r"(?i)^if (?P<who>one of your digimon|any of your digimon) digivolves into (?P<np>[^,]+), "
    r"(?P<rest>.*\breduce the digivolution cost\b.*)$")


def if_digivolves_reducing(body: str) -> str:
    """'If one of your Digimon digivolves into …, by …, reduce the digivolution cost by 1' (BT12-087):
    a cost can only be reduced before it is paid, so the effect answers the digivolution that would
    happen (CR 8-1-2-4, 15-8-5), as 'When one of your Digimon would digivolve into …' prints it.

    >>> if_digivolves_reducing("If any of your Digimon digivolves into a [X], reduce the digivolution cost.")
    'When any of your Digimon would digivolve into a [X], reduce the digivolution cost.'
    """
    m = _IF_DIGIVOLVES_REDUCING.match(body)
    if m is None:
        return body
    return f"When {m['who']} would digivolve into {m['np']}, {m['rest']}"


def while_then_when(body: str) -> str:
    """'While you have 10 or more cards in your trash, when playing this card from your hand, reduce its
    play cost by 8' (BT4-115): the 'while' is checked as the card is played, the same as 'When playing
    this card from your hand, if you have 10 or more cards in your trash, reduce …' (CR 15-8-5: the
    effect answers the play about to happen)."""
    m = _WHILE_WHEN.fullmatch(body.strip())
    return body if m is None else f"{m['when'].capitalize()}, if {m['cond']}, {m['rest']}"
