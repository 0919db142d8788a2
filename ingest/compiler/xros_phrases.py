"""DigiXros texts of card effects (CR 7-2):

- 'This card is also treated as [Shoutmon] for a DigiXros', 'This card is also treated as
  [Shoutmon]/[ZeigGreymon] for DigiXros': ``xros_also_named`` (a persistent effect; the card has
  those names only when a DigiXros chooses its cards, QA Q3068: not for <Material Save>).
- 'When you would play this card, you can also place cards from your trash in digivolution cards for a
  DigiXros': ``xros_from_zone`` (its selector's zone).
- '[Examon] in your hand can treat this Digimon as level 6 for DNA Digivolution', 'This Digimon is also
  treated as Lv.6 [Slayerdramon] for [Examon]'s DNA digivolution': ``dna_treated_as``.
- '1 of your Digimon may app fuse into a Digimon card in the hand' (… 'with the [System] trait in the
  trash'): ``app_fuse`` (CR 8-4-2-2).
- 'the DNA digivolved Digimon may attack', 'the Digimon this effect DNA digivolved can't be deleted in
  battle …': 'that Digimon', the result of the effect's DNA digivolution (``dna_digivolved``, which
  also reads EX8-027's misprinted 'DNA digivolve] into' as 'DNA digivolve into').

>>> from ingest.compiler.actions import match_action
>>> (a,) = match_action("this card is also treated as [Shoutmon]/[ZeigGreymon] for digixros")
>>> a.verb, a.selector.name, a.selector.this
('xros_also_named', 'Shoutmon/ZeigGreymon', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import NAMES, card_select, names_of, select
from ingest.effect_ir import Action, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]


def _xros_names(m: re.Match[str]) -> list[Action]:
    """The card's extra names for a DigiXros (CR 7-2-2-5), wherever it is chosen from."""
    sel = Selector(owner="self", kind="card", this=True, name=names_of(m["names"]))
    return [Action(verb="xros_also_named", selector=sel, duration="permanent")]


#: 'the DNA digivolved Digimon', 'that DNA digivolved Digimon', 'the Digimon this effect DNA
#: digivolved': the Digimon the effect's DNA digivolution made (CR 8-2-2-1), its earlier action's result.
_DNA_DIGIVOLVED = re.compile(
    r"\b(?:the|that) DNA digivolved Digimon\b|\bthe Digimon this effect DNA digivolved\b", re.I)


_DNA_BRACKET = re.compile(r"\b(DNA digivolve)\](?= into\b)")


def dna_digivolved(sentence: str) -> str:
    """The sentence with the Digimon an earlier 'DNA digivolve' of the effect made written 'that
    Digimon' (``body._that_digimon``: that action's result, ``kg.solver.handlers.dna``).

    >>> dna_digivolved("The DNA digivolved Digimon may attack")
    'that Digimon may attack'
    >>> dna_digivolved("2 of your Digimon may DNA digivolve] into a Digimon card")  # EX8-027's misprint
    '2 of your Digimon may DNA digivolve into a Digimon card'
    """
    return _DNA_DIGIVOLVED.sub("that Digimon", _DNA_BRACKET.sub(r"\1", sentence))


def _dna_treated_as(m: re.Match[str]) -> list[Action]:
    """'[Examon] in your hand can treat this Digimon as level 6 for DNA Digivolution', 'This Digimon is
    also treated as Lv.6 [Slayerdramon] for [Examon]'s DNA digivolution': for a DNA digivolution into
    ``card`` (CR 8-2-3-1), this Digimon may meet a requirement as a Digimon of level ``amount`` (and
    the selector's name too); ``kg.solver.handlers.dna`` reads it."""
    this = Selector(owner="self", kind="Digimon", this=True, name=names_of(m["names"]) or None)
    into = Selector(owner="self", kind="card", name=m["dna"], zone="hand")
    return [Action(verb="dna_treated_as", selector=this, card=into, amount=int(m["n"]), duration="permanent")]


def _app_fuse(m: re.Match[str]) -> list[Action] | None:
    """'1 of your Digimon may app fuse into a Digimon card in the hand' (CR 8-4-2-2): the selector's
    Digimon app fuses into ``card`` of the zone, paying the App Fusion cost (CR 8-4-3-2)."""
    who, card = select(m["sel"]), card_select(m["card"], m["zone"])
    if who is None or card is None or who.owner != "self" or who.count != 1 or card.count != 1:
        return None
    return [Action(verb="app_fuse", selector=who, card=card, optional=True)]


def _from_zone(m: re.Match[str]) -> list[Action]:
    """'you can also place cards from your trash in digivolution cards for a DigiXros' (BT11-086, QA
    Q2110), 'place cards from under your Tamers as digivolution cards for a DigiXros' (BT19-079, QA
    Q3138), '1 card under your Tamers and 1 card in your trash can also be placed for their DigiXros'
    (BT19-087, QA Q3153: as many as ``count`` says from each): the DigiXros of the card being played may
    also take its cards from those zones."""
    zones = [("under_tamers", m["n"]), ("trash", m["n2"])] if "n2" in m.groupdict() else \
        [("trash" if m["trash"] else "under_tamers", None)]
    return [Action(verb="xros_from_zone",
                   selector=Selector(owner="self", kind="card", zone=zone, count=int(n) if n else None))
            for zone, n in zones]


#: Templates matched against a whole lower-cased sentence (names keep their case).
XROS_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (rf"this card is also treated as (?P<names>{NAMES}) for (?:a )?digixros", _xros_names),
        (r"\[(?P<dna>[^\]]+)\] in your hand can treat this digimon as level (?P<n>\d+) for dna digivolution"
         r"(?P<names>)", _dna_treated_as),
        (r"this digimon is also treated as lv\.(?P<n>\d+) (?P<names>\[[^\]]+\]) for \[(?P<dna>[^\]]+)\]'s "
         r"dna digivolution", _dna_treated_as),
        (r"you can also place cards from your (?P<trash>trash) in digivolution cards for a digixros"
         r"|place cards from under your tamers as digivolution cards for a digixros", _from_zone),
        (r"(?P<n>1) card (?:from )?under your tamers and (?P<n2>1) card in your trash can also be placed for "
         r"their digixros", _from_zone),
        (r"(?P<sel>1 of your .+?) may app fuse into (?P<card>.+?) in (?:the|your) (?P<zone>hand|trash)",
         _app_fuse),
    ]
]
