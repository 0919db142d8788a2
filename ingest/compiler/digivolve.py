"""Digivolution by an effect (CR 8): which Digimon digivolves, into which card from which zone,
and for what cost ('without paying the cost', 'with the digivolution cost reduced by 2').

A fixed cost ('for a memory cost of 3') and 'ignoring digivolution requirements' are kept
(CR 8); a phrase the IR cannot hold (DNA digivolution, 'as if it were level 3') matches no
template and stays uncompiled.

>>> (a,) = match_digivolve("1 of your digimon may digivolve into [Greymon] in the hand "
...                        "with the digivolution cost reduced by 1")
>>> a.verb, a.selector.owner, a.card.name, a.card.zone, a.amount, a.optional
('digivolve', 'self', 'Greymon', 'hand', 1, True)
"""

from __future__ import annotations

import re

from ingest.compiler.select import card_select, select
from ingest.compiler.zones import ZONES, zone_pattern
from ingest.effect_ir import Action

#: The zones a Digimon digivolves from: the hand, the trash, or among revealed cards.
_FROM = ("hand", "trash", "hand_or_trash")
_ZONES = {**{p: z for p, z in ZONES.items() if z in _FROM}, "among them": "revealed"}
_ZONE = f"{zone_pattern(*_FROM)}|among them"
_IGNORING = r",? (?P<ignore>ignoring (?:its |this card's )?digivolution requirements)(?: and|,)?"
_COST = (
    rf"(?:{_IGNORING})?"
    r"(?: (?:(?P<free>without paying (?:the|its) (?:digivolution |memory )?cost)"
    r"|with the (?:digivolution |memory )?cost reduced by (?P<n>\d+)"
    r"|for (?:a|its|the) (?:digivolution |memory )?cost(?: of (?P<fixed>\d+))?))?"
    rf"(?:{_IGNORING.replace('ignore', 'ignore2')})?"
)
_TEMPLATES = [
    re.compile(
        rf"(?P<sel>.+?) (?:may|can) digivolve into (?P<card>.+?) (?:in|from) (?P<zone>{_ZONE}){_COST}"
    ),
    re.compile(rf"(?P<sel>.+?) (?:may|can) digivolve into (?P<card>.+?) (?P<zone>among them){_COST}"),
    re.compile(rf"digivolve (?P<sel>.+?) into (?P<card>.+?) (?:in|from) (?P<zone>{_ZONE}){_COST}"),
]


def _digivolve(m: re.Match[str], optional: bool) -> list[Action] | None:
    card_text = m["card"] if re.match(r"(?:a|an|\d+) ", m["card"]) else f"1 {m['card']}"
    who, card = select(m["sel"]), card_select(card_text, _ZONES[m["zone"]])
    if who is None or card is None or card.count != 1:
        return None
    return [
        Action(
            verb="digivolve",
            selector=who,
            card=card,
            free=bool(m["free"]),
            amount=int(m["n"]) if m["n"] else None,
            cost=int(m["fixed"]) if m["fixed"] else None,
            ignore_requirements=bool(m["ignore"] or m["ignore2"]),
            optional=optional,
        )
    ]


def match_digivolve(text: str) -> list[Action] | None:
    """A digivolution by effect in one lower-cased sentence ('X may digivolve into …' is optional)."""
    for pattern in _TEMPLATES:
        if m := pattern.fullmatch(text):
            return _digivolve(m, optional=re.search(r" (?:may|can) digivolve", text) is not None)
    return None
