"""Assembly (CR 7-3): playing a Digimon card with Assembly requirements, the player may place the
cards those requirements specify from their trash under it, and its play cost is reduced once by the
requirement's value (CR 7-3-1, 7-3-2-1).

The player declares the Assembly and chooses every card at once, immediately before paying the cost,
after the effects answering 'would be played' (CR 7-3-2-2, 7-3-2-3, 7-3-3-2): in a scenario, the
``assembly`` list of the ``play`` action (card numbers in the trash), top card first. Without it there
is no Assembly: it is not mandatory (CR 7-3-2-9). Exactly the cards the requirement specifies are
placed, never some of them (CR 7-3-2-4): one of each card shown, or the number it states (CR 7-3-2-5);
a declaration that is not a whole Assembly is refused and nothing is placed (CR 7-3-2-7). The cards go
under the played card, the leftmost specified card on top; cards the requirement specifies alike go in
the order the player lists them (CR 7-3-2-6).

A requirement is read with the words of a keyword's specified cards (``specified_card``): a level
holds for every alternative after it ('Lv.4 or lower Digimon card w/[Chronomon] in text or w/[TS]
trait' is a level 4 or lower card either way, QA Q7098), and 'Lv.5 x Lv.4 x Lv.3, all w/…' is three
cards, each of its level and each with the words after 'all' (QA Q6743, Q6780). A card without a level
meets no level. A requirement this module cannot read is reported when an Assembly is asked for.

An effect that plays such a card may have it assembled too (CR 7-3-2-10, QA Q5397, Q7110, Q2674):
``decisions.assembly`` names the trash cards for the effect's label (``by_effect``); the default is
no Assembly (it is not mandatory), recorded as the player's choice.

>>> from kg.solver.card_facts import CardInfo
>>> def read(text): return requirement(CardInfo("X", text=text))
>>> r = read("[Assembly -2] Lv.4 or lower Digimon card w/[Chronomon] in text or w/[TS] trait")
>>> r.reduction, len(r.parts), r.parts[0].max_level, [(a.text_contains, a.trait) for a in r.parts[0].any_of]
(2, 1, 4, [('Chronomon', None), (None, 'TS')])
>>> r = read("[Assembly -6] Lv.5 x Lv.4 x Lv.3, all w/[Agumon]/[Greymon] in name or w/[ME]/[VB] trait")
>>> [(p.min_level, p.max_level) for p in r.parts], len(r.parts[0].any_of)
([(5, 5), (4, 4), (3, 3)], 2)
>>> r = read("[Assembly -9] 8 [Hybrid]/[Shambala] trait cards w/different names")
>>> len(r.parts), r.parts[0].trait, r.different
(8, 'Hybrid/Shambala', 'names')
>>> r = read("[Assembly -5] 5 different-level cards w/[Chronomon] in text or w/[Shaman] trait")
>>> len(r.parts), r.different
(5, 'levels')
>>> read("[Assembly -2] [Plutomon]").parts[0].name
'Plutomon'
>>> read("[Assembly -3] 2 cards that shine") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ingest.compiler.keywords import specified_card
from ingest.effect_ir import Selector
from kg.solver.card_facts import CardInfo
from kg.solver.distinct import all_different
from kg.solver.moves import Placed
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Pending

Different = Literal["names", "levels"]

_HEAD = re.compile(r"\[Assembly\s*-\s*(?P<n>\d+)\]\s*:?\s*(?P<body>[^\n]*)", re.I)
_COUNT = re.compile(r"^(?P<n>\d+)\s+")
_DIFFERENT = re.compile(r"\s*w/different (?P<what>names|levels)\s*$", re.I)
_DIFFERENT_LEVEL = re.compile(r"^different-level\s+", re.I)
# 'Lv.5 x Lv.4 x Lv.3, all w/[Agumon]/[Greymon] in name or w/[ME]/[VB] trait' (QA Q6743, Q6780)
_LEVELS = re.compile(r"^(?P<levels>Lv\.\s*\d+(?:\s*x\s*Lv\.\s*\d+)+),\s*all\s+(?P<rest>.+)$", re.I)
#: The kind words of a requirement: 'Digimon card(s)' (Digimon only) or 'card(s)' (any kind).
_KIND = re.compile(r"(?:^|\s+)(?P<digimon>Digimon\s+)?cards?\b", re.I)


@dataclass(frozen=True)
class Requirement:
    """An Assembly requirement: the play cost reduction, one selector per card to place (leftmost,
    the top card, first), and what the cards must not share."""

    reduction: int
    parts: tuple[Selector, ...]
    different: Different | None = None


def _clean(text: str) -> str:
    return text.replace("\xa0", " ").replace("＜", "<").replace("＞", ">")


def printed(info: CardInfo) -> bool:
    """Whether the card prints an Assembly requirement (read or not; CR 2-3-10)."""
    return _HEAD.search(_clean(info.text)) is not None


def _filters(phrase: str) -> Selector | None:
    """The cards a requirement's phrase specifies, from the trash (a bare [Name] is a card name)."""
    kind = "card"
    if m := _KIND.search(phrase):
        kind = "Digimon" if m["digimon"] else "card"
        phrase = (phrase[:m.start()] + " " + phrase[m.end():]).strip()
    if not phrase or _KIND.search(phrase):
        return None
    found = specified_card(phrase, "name")
    return None if found is None else found.model_copy(update={"kind": kind, "zone": "trash"})


def requirement(info: CardInfo) -> Requirement | None:
    """The card's Assembly requirement, if it prints one this module reads (CR 2-3-10, 7-3-1)."""
    head = _HEAD.search(_clean(info.text))
    if head is None:
        return None
    body, different = head["body"].strip(), None
    if m := _DIFFERENT.search(body):
        body, different = body[:m.start()], m["what"].lower()
    count = 1
    if m := _COUNT.match(body):
        body, count = body[m.end():], int(m["n"])
    if m := _DIFFERENT_LEVEL.match(body):
        body, different = body[m.end():], "levels"
    if m := _LEVELS.match(body):
        shared = _filters(m["rest"])
        if shared is None or count != 1 or shared.min_level is not None or shared.max_level is not None:
            return None
        levels = [int(n) for n in re.findall(r"\d+", m["levels"])]
        parts = tuple(shared.model_copy(update={"min_level": n, "max_level": n}) for n in levels)
        return Requirement(int(head["n"]), parts, different)  # type: ignore[arg-type]
    one = _filters(body)
    if one is None:
        return None
    return Requirement(int(head["n"]), (one,) * count, different)  # type: ignore[arg-type]


def _fits(e: Engine, number: str, part: Selector) -> bool:
    """Whether a card meets one part: its printed facts; a level asked for needs a card with one."""
    if (part.min_level is not None or part.max_level is not None) and e.board.card(number).level is None:
        return False
    return e.board.card_fits(number, part)


def _matching(e: Engine, req: Requirement, numbers: list[str]) -> list[int] | None:
    """A part of the requirement for each card, every part once (CR 7-3-2-4, 7-3-2-5), trying the
    parts in order so that cards specified alike keep the player's order; or None."""
    if len(numbers) != len(req.parts):
        return None
    fits = [[_fits(e, n, p) for p in req.parts] for n in numbers]

    def assign(i: int, used: frozenset[int]) -> list[int] | None:
        if i == len(numbers):
            return []
        for j in range(len(req.parts)):
            if j not in used and fits[i][j] and (rest := assign(i + 1, used | {j})) is not None:
                return [j, *rest]
        return None
    return assign(0, frozenset())


def _different(e: Engine, req: Requirement, numbers: list[str]) -> bool:
    """'w/different names' (each card a name of its own), 'w/different levels' / 'different-level'."""
    if req.different == "names":
        return all_different(e.board, numbers, "names")
    if req.different == "levels":
        levels = [e.board.card(n).level for n in numbers]
        return None not in levels and len(set(levels)) == len(levels)
    return True


@REGISTRY.register("declaration", "assembly")
def declare(e: Engine, owner: str, number: str, wanted: list[str] | None) -> Placed:
    """The Assembly the player declares for ``number`` about to be played (CR 7-3-3-2, 7-3-3-3): the
    ``wanted`` cards (card numbers, top first) taken from the trash, and the cost reduction; refused
    whole unless they are exactly the cards the requirement specifies (CR 7-3-2-4)."""
    if not wanted:  # CR 7-3-2-9: not mandatory
        return Placed()
    cites, what = e.cites("assembly"), f"Assembly of {number} with {', '.join(wanted)}"
    req = requirement(e.board.card(number))
    if req is None:
        why = "the card prints no Assembly requirement" if not printed(e.board.card(number)) else \
            "its Assembly requirement is not read by the solver (CR 2-3-10)"
        e.rec.unsupported_part(None, "rule", what, why)
        return Placed()
    trash = list(e.state.players[owner].trash)
    for name in wanted:
        if name not in trash:
            e.refuse(what, f"{name} is not a card of {owner}'s trash (CR 7-3-3-2)", cites)
            return Placed()
        trash.remove(name)
    order = _matching(e, req, wanted)
    if order is None or not _different(e, req, wanted):
        e.refuse(what, f"the cards are not exactly the {len(req.parts)} card(s) the Assembly requirement of "
                       f"{number} specifies (CR 7-3-2-4, 7-3-2-5)", cites)
        return Placed()
    side = e.state.players[owner]
    for name in wanted:
        side.trash.remove(name)
    bottom_first = [n for _, n in sorted(zip(order, wanted, strict=True), key=lambda x: x[0], reverse=True)]
    e.rec.log(f"{owner} assembles {number} with {', '.join(wanted)} from the trash: the play cost is reduced "
              f"by {req.reduction}", cites)
    return Placed(bottom_first, req.reduction)


def by_effect(e: Engine, p: Pending, number: str) -> Placed:
    """An effect plays ``number``: the Assembly the player may declare for it then (CR 7-3-2-10, QA
    Q5397, Q7110; into the breeding area too, Q2674), after the effects answering the play (CR
    7-3-2-2): ``decisions.assembly`` for the effect's label (trash cards, top first), by default none
    (CR 7-3-2-9; the choice is recorded). Asked only when the trash holds as many cards fitting the
    requirement's parts as it places; the cards and the reduction, which the caller applies."""
    info = e.board.card(number)
    if not printed(info):
        return Placed()
    req = requirement(info)
    trash = e.state.players[p.player].trash
    options = trash if req is None else [n for n in trash if any(_fits(e, n, part) for part in req.parts)]
    if req is not None and len(options) < len(req.parts):
        return Placed()  # no Assembly can be made from this trash
    return declare(e, p.player, number, e.decide.assembly(p.player, p.label, list(options)))
