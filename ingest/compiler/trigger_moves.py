"""'When …' clauses about cards moving between zones, and clauses whose subject is an effect.

A card trashed from the hand, the deck, the security stack or from under a Digimon; a card
added to a hand or a security stack; a card placed in a Digimon's digivolution cards; and 'an
effect suspends / plays / deletes …', 'one of your effects trashes …'. Each clause is matched
whole, as one of the patterns below, to an event of ``ontology/timings.ttl``; who caused the
event ('an effect', 'one of your effects') is a trigger condition on it.

>>> found = move_clause("an effect trashes this digivolution card")
>>> found.event, found.this_role, found.requires
('SourceTrashed', 'SubjectRole', ['ByEffect'])
>>> found = move_clause("an effect suspends one of your digimon")
>>> found.event, found.this_role, found.requires
('Suspended', 'AnyRole', ['ByEffect', 'SubjectIsDigimon', 'SubjectIsOwn'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ingest.compiler.select import subject
from ingest.effect_ir import Selector


@dataclass
class Clause:
    """What one clause names: the event, this card's role, trigger conditions, subject filter."""

    event: str
    this_role: str = "AnyRole"
    requires: list[str] = field(default_factory=list)
    selector: Selector | None = None
    object_selector: Selector | None = None


#: Who caused the event -> its trigger condition ('an effect': either player's).
_BY = {
    "an effect": "ByEffect",
    "effects": "ByEffect",
    "one of your effects": "ByOwnEffect",
    "your effects": "ByOwnEffect",
    "an opponent's effect": "ByOpponentsEffect",
    "your opponent's effects": "ByOpponentsEffect",
    "an opponent's effects": "ByOpponentsEffect",
}
_BY_RE = "|".join(sorted(map(re.escape, _BY), key=len, reverse=True))
#: The same at the end of a clause ('… using one of your effects', '… by an effect').
_BY_END = {
    " by (?:an effect|effects)": "ByEffect",
    " (?:by|using|with) (?:one of your|your) effects?": "ByOwnEffect",
    " by (?:an|your) opponent's effects?": "ByOpponentsEffect",
}

_THIS = "this card|this digimon|this tamer"
_CARDS = r"(?:a card|cards|one or more cards|any cards)"
_SOURCE = r"(?:a digivolution card|digivolution cards|one or more digivolution cards)"
_OWNER_OF = {"your ": "SubjectIsOwn", "your opponent's ": "SubjectIsOpponents", "": ""}

#: Passive clauses, this card or cards as subject: (pattern, event, role, requires).
#: CR 4-16: trashing is placing a card in the trash; it is not deletion (CR 4-16-3).
_PASSIVE: list[tuple[str, str, str, tuple[str, ...]]] = [
    (rf"(?:{_THIS}) is trashed from (?:your|the|its owner's) (?:deck|top of (?:your|the) deck)",
     "TrashedFromDeck", "SubjectRole", ()),
    (rf"{_CARDS} (?:is|are) trashed from your deck", "TrashedFromDeck", "AnyRole", ("SubjectIsOwn",)),
    (r"your opponent's deck is trashed from", "TrashedFromDeck", "AnyRole", ("SubjectIsOpponents",)),
    (rf"(?:{_THIS}) is trashed from (?:your|the) hand", "TrashedFromHand", "SubjectRole", ()),
    (rf"{_CARDS} (?:is|are) trashed from your hand|your hand is trashed from", "TrashedFromHand",
     "AnyRole", ("SubjectIsOwn",)),
    (rf"(?:{_THIS}) is trashed from (?:your|the) security stack", "TrashedFromSecurity", "SubjectRole", ()),
    (rf"{_CARDS} (?:is|are) trashed from your security stack", "TrashedFromSecurity", "AnyRole",
     ("SubjectIsOwn",)),
    # CR 16-14: <Digi-Burst> trashes digivolution cards of the Digimon with it
    (r"this card is trashed due to activating this digimon's <digi-burst>", "SourceTrashed",
     "SubjectRole", ("ByDigiBurst",)),
    (r"(?:this card|this digivolution card) is trashed from (?:this digimon's |the )?digivolution cards",
     "SourceTrashed", "SubjectRole", ()),
    (r"(?:a digivolution card|digivolution cards) of (?:an|one of your) opponent's digimon"
     r" (?:is|are) trashed",
     "SourceTrashed", "AnyRole", ("OtherIsDigimon", "OtherIsOpponents")),
    (r"(?:one of|any of) your opponent's digivolution cards (?:is|are) trashed", "SourceTrashed",
     "AnyRole", ("SubjectIsOpponents",)),
    (rf"{_CARDS} (?:is|are) (?:added|placed) (?:to|in|on top of) your security stack",
     "SecurityCardAdded", "AnyRole", ("SubjectIsOwn",)),
    (rf"{_CARDS} (?:is|are) (?:added|placed) (?:to|in|on top of) your opponent's security stack",
     "SecurityCardAdded", "AnyRole", ("SubjectIsOpponents",)),
    (rf"{_SOURCE} (?:is|are) placed under this digimon", "SourcePlaced", "ObjectRole", ()),
    (r"your security stack is added to", "SecurityCardAdded", "AnyRole", ("SubjectIsOwn",)),
]
_PASSIVE_RES = [(re.compile(p), *rest) for p, *rest in _PASSIVE]

#: Active clauses after their cause ('an effect …', 'you …'): (pattern, event, role, requires).
_ACTIVE: list[tuple[str, str, str, tuple[str, ...]]] = [
    (r"trash(?:es)? this (?:digivolution )?card(?: from (?:the |this digimon's )?digivolution cards)?"
     r"|trash(?:es)? this card from (?:a |any )?digivolution cards",
     "SourceTrashed", "SubjectRole", ()),
    (r"trash(?:es)? this card from (?:the|your) security stack", "TrashedFromSecurity", "SubjectRole", ()),
    # CR 4-16-1: from either pile, this card's owner's (EX10-041); a revealed card trashed is in
    # neither (QA Q5122)
    (r"trash(?:es)? this card from the deck or security stack", "TrashedFromDeckOrSecurity", "SubjectRole",
     ()),
    # CR 4-8-1: any of the cards under this Digimon (EX11-044)
    (r"trash(?:es)? any of this digimon's digivolution cards", "SourceTrashed", "ObjectRole", ()),
    (r"trash(?:es)? this card (?:in|from) your hand", "TrashedFromHand", "SubjectRole", ()),
    (rf"trash(?:es)? {_CARDS} (?:in|from) your hand", "TrashedFromHand", "AnyRole", ("SubjectIsOwn",)),
    (rf"trash(?:es)? {_CARDS} from your deck", "TrashedFromDeck", "AnyRole", ("SubjectIsOwn",)),
    (r"trash(?:es)? (?:a|1) digivolution card of (?:1|one) of your opponent's digimon", "SourceTrashed",
     "AnyRole", ("OtherIsDigimon", "OtherIsOpponents")),
    (rf"adds? {_CARDS} to your hand", "AddedToHand", "AnyRole", ("SubjectIsOwn",)),
    (rf"adds? (?:{_CARDS} )?to your opponent's hand", "AddedToHand", "AnyRole", ("SubjectIsOpponents",)),
    # either hand (BT17-028); cards added to both at once trigger it once (CR 15-5-2, QA Q2775)
    (rf"adds? {_CARDS} to your or your opponent's hand", "AddedToHand", "AnyRole", ()),
    (rf"removes? {_CARDS} from your security stack", "SecurityCardRemoved", "AnyRole", ("SubjectIsOwn",)),
    (rf"places? {_SOURCE} under (?:one of your|any of your|your) digimon", "SourcePlaced", "AnyRole",
     ("OtherIsDigimon", "OtherIsOwn")),
    (rf"places? {_SOURCE} under this digimon|adds? to this digimon's digivolution cards",
     "SourcePlaced", "ObjectRole", ()),
    # CR 4-9: only this Digimon's link cards ('any of your Digimon's link cards' waits for a ruling
    # on those trashed as a Digimon leaves, CR 4-9-6; ontology/timings.ttl TrashedFromLinks)
    (r"trash(?:es)? (?:any of |one of |1 of )?this digimon's link cards?", "TrashedFromLinks",
     "ObjectRole", ()),
]
_ACTIVE_RES = [(re.compile(p), *rest) for p, *rest in _ACTIVE]
#: Active clauses with a noun phrase object: the object is the event's subject.
_ACTIVE_NP: list[tuple[str, str]] = [
    # CR 7, 8: 'effects play or digivolve any Digimon' (BT25-058): either event (dcg:happensAs)
    (r"plays? or digivolves? (?P<np>.+)", "PlayedOrDigivolved"),
    (r"suspends? (?P<np>.+)", "Suspended"),
    (r"plays? (?P<np>.+)", "CardPlayed"),
    (r"deletes? (?P<np>.+)", "Deleted"),
    (r"digivolves? (?P<np>.+)", "Digivolved"),
]
_ACTIVE_NP_RES = [(re.compile(p), event) for p, event in _ACTIVE_NP]
#: '[NP] (is|are) placed in this digimon's digivolution cards': the placed cards fit NP.
_PLACED_IN = re.compile(
    rf"(?:(?P<by>{_BY_RE}) places? (?P<np1>.+?)|(?P<np2>.+?) (?:is|are) placed) "
    r"(?:in|as) (?P<onto>this digimon's|one of your digimon's|any of your digimon's) digivolution cards"
)


def _np_subject(np: str, requires: list[str], mine: bool = False) -> Clause | None:
    """The event's subject named by a noun phrase: this card, or any card the phrase fits
    (``mine``: a card of the effect's owner, as in 'you play a Digimon')."""
    if np in ("this digimon", "this tamer", "this card"):
        return Clause(event="", this_role="SubjectRole", requires=requires)
    selector = subject(np)
    if selector is None or (mine and selector.owner == "opponent"):
        return None
    if mine:
        selector.owner = "self"
    owner = {"self": ["SubjectIsOwn"], "opponent": ["SubjectIsOpponents"]}.get(selector.owner, [])
    kinds = {"Digimon": ["SubjectIsDigimon"]}.get(selector.kind, [])
    other = ["SubjectIsOther"] if selector.other else []
    plain = Selector(owner=selector.owner, kind=selector.kind, other=selector.other, count=None)
    keep = None if selector.model_copy(update={"count": None}) == plain else selector
    if keep is None and selector.kind not in ("Digimon", "card"):
        keep = selector  # a Tamer or an Option: the kind itself filters
    return Clause(event="", requires=sorted({*requires, *owner, *kinds, *other}), selector=keep)


def _active(rest: str, requires: list[str], mine: bool = False) -> Clause | None:
    """An active clause after its cause: 'trashes this digivolution card', 'suspends NP'."""
    for pattern, event, role, extra in _ACTIVE_RES:
        if pattern.fullmatch(rest):
            return Clause(event=event, this_role=role, requires=[*requires, *extra])
    for pattern, event in _ACTIVE_NP_RES:
        if (m := pattern.fullmatch(rest)) and (found := _np_subject(m["np"], requires, mine)) is not None:
            found.event = event
            return found
    return None


def _placed_in(text: str) -> Clause | None:
    """'When [Tamer cards] are placed in this Digimon's digivolution cards' (CR 4-8-1)."""
    m = _PLACED_IN.fullmatch(text)
    if m is None:
        return None
    requires = [_BY[m["by"]]] if m["by"] else []
    np = m["np1"] or m["np2"]
    selector = subject(np)
    if selector is None or selector.owner != "any" or selector.other:
        return None
    selector.zone = "sources"
    if m["onto"] != "this digimon's":  # under one of your Digimon: the event's object
        requires += ["OtherIsDigimon", "OtherIsOwn"]
        return Clause(event="SourcePlaced", requires=requires, selector=selector)
    return Clause(event="SourcePlaced", this_role="ObjectRole", requires=requires, selector=selector)


#: This digivolution card trashed from under a Digimon the phrase names: the event's object (CR 4-8-1).
_FROM_HOST = [
    re.compile(r"this card is trashed from the digivolution cards of (?P<np>.+)"),
    re.compile(rf"(?P<by>{_BY_RE}) trash(?:es)? this card from (?P<np>.+?)'s? digivolution cards"),
]


def _trashed_from_host(text: str) -> Clause | None:
    """'this card is trashed from the digivolution cards of a Digimon with the [Mineral]/[Rock]
    trait' (EX8-047), 'effects trash this card from a [Bagra Army] trait Digimon's digivolution
    cards' (EX10-044): SourceTrashed, this card its subject, the Digimon it was under (as it is just
    after, its top card unchanged) filtered as the event's object."""
    for pattern in _FROM_HOST:
        if (m := pattern.fullmatch(text)) is None:
            continue
        host = subject(m["np"])
        if host is None or host.owner != "any" or host.other or host.kind != "Digimon" \
                or host == Selector(owner="any", count=None):
            return None
        requires = [_BY[m["by"]]] if m.groupdict().get("by") else []
        return Clause(event="SourceTrashed", this_role="SubjectRole", requires=[*requires, "OtherIsDigimon"],
                      object_selector=host)
    return None


_YOU_VERB = re.compile(r"you (?P<rest>.+)")


def move_clause(text: str) -> Clause | None:
    """The event a lower-cased 'when' clause (without 'when') names, if it is one of these."""
    for pattern, event, role, extra in _PASSIVE_RES:
        if pattern.fullmatch(text):
            return Clause(event=event, this_role=role, requires=list(extra))
    if (host := _trashed_from_host(text)) is not None:
        return host
    if (placed := _placed_in(text)) is not None:
        return placed
    by: list[str] = []
    for tail, code in _BY_END.items():
        if m := re.search(rf"{tail}$", text):
            text, by = text[: m.start()], [code]
            break
    if m := re.fullmatch(rf"(?P<by>{_BY_RE}) (?P<rest>.+)", text):
        if by:
            return None
        return _active(m["rest"], [_BY[m["by"]]])
    if by and (m := _YOU_VERB.fullmatch(text)):
        return _active(m["rest"], by, mine=True)
    return None
