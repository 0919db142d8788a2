"""Slips of the printed English text read as the words they plainly stand for, before sentences are
split (``ingest.compiler.body.sentences``). Each is one card's misprint, named here:

- BT18-002 'this Digimon gers +1000 DP': 'gets';
- EX5-050 'it Digimon gains <Blocker>': 'it gains';
- BT19-073 'While[LordKnightmon]/…': the missing space;
- BT20-059 'While this Digimon is [Jesmon GX] all of your Digimon gain …': the missing comma;
- BT23-084 'While this Digimon is [Hudiemon], [Eater Legion] or [Eater EDEN], it gains …': the list of
  names is the one alternative 'is [Hudiemon]/[Eater Legion]/[Eater EDEN]', so the condition ends at
  the comma before 'it';
- EX6-068 '… with the [Three Great Angels] traitamong it': the missing space ('trait among it');
- BT12-028 '2 of your opponent's Digimon with no digivolution cards in play': 'in play' says again
  where they are (the battle area, where 'your opponent's Digimon' are);
- BT4-099, BT4-113 'or[DexDoruGreymon]', BT4-113, BT15-082 'with[Hybrid]': the missing space;
- EX8-064 '1 of your opponent's Digimonand, for the turn, …': the missing space;
- AD1-015 '… from your hand under this under this Digimon or your Tamers': the words printed twice;
- RB1-018 '[On Play][When Digivolving] on] 1 of your opponent's Digimon gets …': a stray 'on]'.
- LM-062 '… by this effect, yellowuce the cost by 2': 'reduce' (the 'red' of 'reduce' misprinted as
  the colour 'yellow').
- P-161 'When an effect trashes this card in your battle area, When this card is trashed from the battle
  area, …': the older wording of the same trigger left in; its siblings (P-160, P-162, P-163: Queen, King
  and Rook Device) print only the first.

>>> fix_slips("While this Digimon is [A], [B] or [C], it gains <Alliance>.")
'While this Digimon is [A]/[B]/[C], it gains <Alliance>.'
"""

from __future__ import annotations

import re

#: (words every match has, the slip, what it stands for): the words are tested first (much cheaper).
_SLIPS: list[tuple[str, re.Pattern[str], str]] = [
    ("gers", re.compile(r"\bthis Digimon gers\b"), "this Digimon gets"),
    ("it Digimon gains", re.compile(r"\bit Digimon gains\b"), "it gains"),
    ("While[", re.compile(r"\bWhile\["), "While ["),
    ("While this Digimon is [", re.compile(r"\b(While this Digimon is \[[^\]]+\]) (?=all of\b)"), r"\1, "),
    ("While this Digimon is [",
     re.compile(r"\b(While this Digimon is \[[^\]]+\]), (\[[^\]]+\]) or (\[[^\]]+\]),"), r"\1/\2/\3,"),
    (" in play", re.compile(r"\b(Digimon with no digivolution cards) in play\b"), r"\1"),
    ("traitamong", re.compile(r"\btraitamong\b"), "trait among"),
    ("[", re.compile(r"\b(or|with)\["), r"\1 ["),
    ("Digimonand", re.compile(r"\bDigimonand\b"), "Digimon and"),
    ("under this under this", re.compile(r"\bunder this under this\b"), "under this"),
    ("on] ", re.compile(r"^on\] (?=1 of your opponent)"), ""),
    ("yellowuce", re.compile(r"\byellowuce the cost\b"), "reduce the cost"),
    # the body after the trigger 'When an effect trashes this card in your battle area,' (P-161)
    ("When this card is trashed", re.compile(
        r"^When this card is trashed from the battle area, (?=until the end of your opponent's turn, "
        r"1 of their Digimon or Tamers can't Suspend)"), ""),
]


def fix_slips(text: str) -> str:
    """The text with each known slip read as the words it stands for."""
    for words, wrong, right in _SLIPS:
        if words in text:
            text = wrong.sub(right, text)
    return text
