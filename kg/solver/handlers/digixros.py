"""DigiXros (CR 7-2): playing a Digimon card with DigiXros requirements, the player may place cards
those requirements specify from the hand and/or the battle area under it, and its play cost is
reduced by the requirement's value for each card placed (CR 7-2-1, 7-2-2-1).

The player declares the DigiXros and chooses every card at once, immediately before paying the cost,
after the effects answering 'would be played' (CR 7-2-2-2, 7-2-2-3, 7-2-3-2): in a scenario, the
``digixros`` list of the ``play`` action (card numbers in the hand, aliases of Digimon in the battle
area). Without it there is no DigiXros: it is not mandatory (CR 7-2-2-12). One of each specified
card (CR 7-2-2-5), a card from the hand is revealed (CR 7-2-2-6), a Digimon of the battle area
leaves it — the effects answering that activate first (QA Q3724) and its own digivolution cards are
trashed (CR 7-2-2-7, 4-7-8; QA Q2253); the cards go under the played card with the requirement's
leftmost card on top (CR 7-2-2-8). The DigiXros is performed when at least 1 card is placed (CR
7-2-2-9), an X-card DigiXros when X are (CR 7-2-2-10): the condition ``digixrosing`` of the played
card's [On Play] (QA Q3721). A card 'also treated as [X] for a DigiXros' (``xros_also_named``) meets
a requirement naming [X] only for this (QA Q3068). A requirement this module cannot read is reported
when a DigiXros is asked for.

>>> from kg.solver.card_facts import CardInfo
>>> r = requirement(CardInfo("X", text="[DigiXros -2] [Sanzomon] or [Sagomon] or [Cho-Hakkaimon]"))
>>> r.reduction, [s.name for s in r.parts], r.limit
(2, ['Sanzomon', 'Sagomon', 'Cho-Hakkaimon'], 1)
>>> r = requirement(CardInfo("Y", text="DigiXros -1: [SkullKnightmon] + [DeadlyAxemon] When you would"))
>>> r.reduction, r.limit
(1, 2)
>>> z = requirement(CardInfo("Z", text="[DigiXros -2] [Loweemon] or [Duskmon] x [Velgrmon]"))
>>> [s.name for s in z.parts]
['Loweemon/Duskmon', 'Velgrmon']
>>> w = requirement(CardInfo("W", text="[DigiXros -2] 1 Digimon card with ＜Save＞ in text ＜Piercing＞"))
>>> w.parts[0].text_contains
'<Save>'
>>> requirement(CardInfo("V", text="[DigiXros -2] 2 Digimon cards w/[Bagra Army] trait")) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ingest.effect_ir import Action, Condition, Selector
from kg.solver.card_facts import CardInfo
from kg.solver.events import Pending
from kg.solver.handlers.cost_changes import REDUCED
from kg.solver.handlers.keyword_more import xros_materials
from kg.solver.handlers.keywords_cr16 import would_leave
from kg.solver.moves import Placed
from kg.solver.registry import REGISTRY
from kg.solver.token_cards import is_token

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.state import Stack

#: Per engine: the zones besides the hand and the battle area that the effects answering a play
#: opened for that card's DigiXros ('you can also place cards from your trash …', QA Q2110), with
#: how many cards each may give (None: any; two effects add up, QA Q3156), by (player, card number);
#: used up by the DigiXros declared next for that card.
Zones = dict[str, int | None]
_ZONES: WeakKeyDictionary[Engine, dict[tuple[str, str], Zones]] = WeakKeyDictionary()

# CR 7-2-2-5 (QA Q3068): 'This card is also treated as [X] for a DigiXros' is read where a DigiXros
# chooses its cards, and nowhere else
REGISTRY.consulted("verb", "xros_also_named", "kg.solver.handlers.digixros.fits (a DigiXros's cards)")

_HEAD = re.compile(r"\[?DigiXros\s*-\s*(?P<n>\d+)\]?", re.I)
_START = r"\[?DigiXros\s*-\s*\d+\]?\s*:?\s*"
#: What may follow a requirement on its line: nothing, a keyword, a tag, the reminder.
_END = r"\s*(?=$|<|\[|When you would)"
# '[DigiXros -2] [Sanzomon] or [Sagomon] or [Cho-Hakkaimon]': 1 of them (QA Q3720)
_EITHER = re.compile(rf"{_START}(?P<all>\[[^\]]+\](?:\s+or\s+\[[^\]]+\])+){_END}", re.I | re.M)
_NAMED = r"\[[^\]]+\](?:\s+or\s+\[[^\]]+\])*"
# '[Nene Amano]'; '[Loweemon] or [Duskmon] x [KaiserLeomon] or [Velgrmon]': one card of each part,
# a part met by any of its names
_PARTS = re.compile(rf"{_START}(?P<all>{_NAMED}(?:\s*(?:x|×|\+)\s*{_NAMED})*){_END}", re.I | re.M)
# '1 Digimon card w/[Xros Heart] trait', '1 Digimon card w/<Save> in text', '… with <Save> in its text'
_ONE_CARD = re.compile(rf"{_START}1 Digimon card (?:w/|with )(?:\[(?P<t>[^\]]+)\] trait|(?P<k><[^>]+>) in "
                       rf"(?:its )?text){_END}", re.I | re.M)


@dataclass(frozen=True)
class Requirement:
    """A DigiXros requirement: the play cost reduction per card, the cards it specifies left to
    right, and how many may be placed (one of each, CR 7-2-2-5; or the number it says)."""

    reduction: int
    parts: tuple[Selector, ...]
    limit: int


def printed(info: CardInfo) -> bool:
    """Whether the card prints a DigiXros requirement (read or not)."""
    return _HEAD.search(info.text.replace("\xa0", " ")) is not None


def _names(part: str) -> Selector:
    """One part of a requirement: a card with one of the names ('[Loweemon] or [Duskmon]')."""
    names = (n.strip() for n in re.findall(r"\[([^\]]+)\]", part))
    return Selector(owner="self", kind="card", name="/".join(names))


def requirement(info: CardInfo) -> Requirement | None:
    """The card's DigiXros requirement, if it prints one this module reads (CR 2-3-7, 7-2-1)."""
    text = info.text.replace("\xa0", " ").replace("＜", "<").replace("＞", ">")
    head = _HEAD.search(text)
    if head is None:
        return None
    value = int(head["n"])
    if m := _EITHER.match(text, head.start()):
        return Requirement(value, tuple(_names(n) for n in re.findall(r"\[[^\]]+\]", m["all"])), 1)
    if m := _ONE_CARD.match(text, head.start()):
        one = Selector(owner="self", kind="Digimon", trait=m["t"].strip()) if m["t"] else \
            Selector(owner="self", kind="Digimon", text_contains=m["k"])
        return Requirement(value, (one,), 1)
    found = xros_materials(info)
    if found is not None:
        return Requirement(value, found, 1 if found[0].trait else len(found))
    if m := _PARTS.match(text, head.start()):
        parts = tuple(_names(p) for p in re.split(r"\s*(?:\bx\b|×|\+)\s*", m["all"]))
        return Requirement(value, parts, len(parts))
    return None


def _xros_names(info: CardInfo) -> list[str]:
    """The names a card has for a DigiXros only ('This card is also treated as [Shoutmon] for a DigiXros')."""
    return [n for r in info.effects if r.compiled.category == "Persistent" and not r.compiled.conditions
            for a in r.compiled.actions if a.verb == "xros_also_named" and a.compiled and a.selector
            for n in (a.selector.name or "").split("/") if n]


def fits(e: Engine, number: str, part: Selector) -> bool:
    """Whether a card meets one part of a DigiXros requirement: its facts, or a name it has for a
    DigiXros (QA Q3068)."""
    if e.board.card_fits(number, part):
        return True
    if part.name is None or part.color or part.trait:
        return False
    return part.name.lower() in {n.lower() for n in _xros_names(e.board.card(number))}


def assign(e: Engine, req: Requirement, numbers: list[str]) -> list[int] | None:
    """A part of the requirement for each card, one card per part (CR 7-2-2-5), or None."""
    if len(numbers) > req.limit:
        return None
    for order in permutations(range(len(req.parts)), len(numbers)):
        if all(fits(e, n, req.parts[i]) for n, i in zip(numbers, order, strict=True)):
            return list(order)
    return None


#: A chosen card: its name in the scenario, the stack it is the top card of (battle area), and the
#: zone it comes from ("hand", "trash", "battle_area").
Chosen = tuple[str, "Stack | None", str]


def _pile(e: Engine, owner: str, zone: str) -> list[str]:
    """The cards of a zone an effect opened: the trash, or the cards under the player's Tamers (not
    the digivolution cards of a Digimon that digivolved from a Tamer, QA Q2018)."""
    side = e.state.players[owner]
    if zone == "trash":
        return side.trash
    return [n for s in side.battle_area if e.board.card(s.top).kind == "Tamer" for n in s.sources]


def _candidates(e: Engine, owner: str, req: Requirement, zones: Zones) -> list[Chosen]:
    """The cards the player may place: from the hand (card numbers), the battle area (the top cards
    of their Digimon and Tamers, by alias; a token can't be placed, CR 4-21-5) (CR 7-2-1), and the
    zones an effect answering the play opened (card numbers, after those of the hand)."""
    side = e.state.players[owner]
    hand = [(n, None, "hand") for n in side.hand if any(fits(e, n, p) for p in req.parts)]
    field_ = [(s.alias, s, "battle_area") for s in side.battle_area
              if not is_token(s.top) and any(fits(e, s.top, p) for p in req.parts)]
    opened = [(n, None, zone) for zone in zones for n in _pile(e, owner, zone)
              if any(fits(e, n, p) for p in req.parts)]
    return [*hand, *field_, *opened]


@REGISTRY.register("declaration", "digixros")
def declare(e: Engine, owner: str, number: str, wanted: list[str] | None) -> Placed:
    """The DigiXros the player declares for ``number`` about to be played (CR 7-2-3-2, 7-2-3-3):
    the ``wanted`` cards (hand card numbers, battle-area aliases) taken from the hand and the battle
    area, and the cost reduction. A card that can't be placed is refused, the others are placed."""
    zones = _ZONES.get(e, {}).pop((owner, number), {})  # what answering this play allowed
    if not wanted:  # CR 7-2-2-12: not mandatory
        return Placed()
    cites, what = e.cites("digixros"), f"DigiXros of {number} with {', '.join(wanted)}"
    info = e.board.card(number)
    req = requirement(info)
    if req is None:
        why = "the card prints no DigiXros requirement" if not printed(info) else \
            "its DigiXros requirement is not read by the solver (CR 2-3-7)"
        e.rec.unsupported_part(None, "rule", what, why)
        return Placed()
    offered = _candidates(e, owner, req, zones)
    chosen: list[Chosen] = []
    for name in wanted:  # each kept only if a part of the requirement is left for it (CR 7-2-2-5)
        pick = next((x for x in offered if x[0] == name and x not in chosen
                     and (zones.get(x[2]) is None or sum(c[2] == x[2] for c in chosen) < zones[x[2]])), None)
        tops = [s.top if s else n for n, s, _ in (*chosen, pick)] if pick else []
        if pick is None or assign(e, req, tops) is None:
            e.refuse(what, f"{name} is not a card of the hand, the battle area (or a zone an effect allows) "
                           f"that the DigiXros requirements of {number} still specify", cites)
            continue
        chosen.append(pick)
    return _place(e, owner, number, req, chosen, cites) if chosen else Placed()


def _place(e: Engine, owner: str, number: str, req: Requirement, chosen: list[Chosen],
           cites: list[str]) -> Placed:
    """Take the chosen cards out of the hand and the battle area (CR 7-2-2-6, 7-2-2-7): a Digimon
    leaves it once the effects answering that are done (QA Q3724, Q3725), its own cards trashed."""
    side = e.state.players[owner]
    taken: list[str] = []
    for name, stack, zone in chosen:
        if stack is None and zone == "under_tamers":
            tamer = next(s for s in side.battle_area
                         if e.board.card(s.top).kind == "Tamer" and name in s.sources)
            tamer.cards.remove(name)
            e.rec.log(f"{owner} takes {name} from under {tamer.alias} for the DigiXros of {number}", cites)
            taken.append(name)
            continue
        if stack is None:
            (side.hand if zone == "hand" else side.trash).remove(name)
            e.rec.log(f"{owner} {'reveals' if zone == 'hand' else 'takes'} {name} from the {zone} for the "
                      f"DigiXros of {number}", cites)
            taken.append(name)
            continue
        if would_leave(e, stack, cause="rule", by=owner) or e.state.find(stack.uid) is None:
            continue
        side.battle_area = [s for s in side.battle_area if s.uid != stack.uid]
        side.trash.extend([*stack.sources, *stack.links])  # CR 4-7-8, 4-9-6
        e.rec.log(f"{stack.alias} leaves the battle area for the DigiXros of {number}; the cards "
                  "under it are trashed", cites)
        taken.append(stack.top)
    order = assign(e, req, taken) or list(range(len(taken)))
    bottom_first = [n for _, n in sorted(zip(order, taken, strict=True), reverse=True)]
    if taken:
        e.rec.log(f"{owner} DigiXroses {number} with {', '.join(taken)}: the play cost is reduced by "
                  f"{req.reduction * len(taken)}", cites)
    return Placed(bottom_first, req.reduction * len(taken))


def record(e: Engine, stack: Stack, xros: Placed) -> None:
    """Remember how many cards the DigiXros of the played ``stack`` placed (CR 7-2-2-9)."""
    if xros.cards:
        e.xrosed[stack.uid] = len(xros.cards)


@REGISTRY.register("verb", "xros_from_zone")
def _xros_from_zone(e: Engine, p: Pending, a: Action) -> list[str]:
    """'When you would play this card, you can also place cards from your trash in digivolution cards
    for a DigiXros' (QA Q2110): the DigiXros declared for the card being played may also take the
    cards it specifies from that zone (CR 7-2-2-2: declared after the effects answering the play)."""
    cites = e.cites("digixros")
    card, sel = p.event.subject, a.selector
    if id(p.event) not in REDUCED or card is None or sel is None or sel.zone not in ("trash", "under_tamers"):
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,  # only while answering a play
                               "cards for a DigiXros from another zone outside an effect answering a play")
        return cites
    zones = _ZONES.setdefault(e, {}).setdefault((p.player, card.cards[-1]), {})
    before = zones.get(sel.zone, 0)
    zones[sel.zone] = None if sel.count is None or before is None else before + sel.count
    where = "from the trash" if sel.zone == "trash" else "from under the Tamers"
    e.rec.log(f"{p.label}: the DigiXros of {card.cards[-1]} may also take "
              f"{'cards' if sel.count is None else f'{sel.count} card(s)'} {where}", cites)
    return cites


@REGISTRY.register("condition", "digixrosing")
def _digixrosing(e: Engine, p: Pending, c: Condition) -> bool:
    """'If DigiXrosing' (CR 7-2-2-9; 'with N cards', CR 7-2-2-10): the play that triggered the effect
    was a DigiXros that placed at least 1 card (exactly N); at any other timing, no (QA Q3721)."""
    subject = p.event.subject
    if p.event.name != "CardPlayed" or subject is None:
        return False
    placed = e.xrosed.get(subject.uid, 0)
    return placed == c.amount if c.amount is not None else placed >= 1
