"""'When …' clauses read after all others (``triggers.when_trigger``): an opponent's Digimon
digivolving into a filtered card, digivolution cards trashed from an opponent's Digimon, and this
Digimon about to digivolve into a card that fits either of two filters. Each clause is matched
whole; anything more stays unread.

>>> t, cat = more_trigger("an opponent's digimon digivolves into a level 5 or higher digimon")
>>> t.event, t.requires, t.selector.min_level, cat
('Digivolved', ['SubjectIsOpponents'], 5, 'TriggerType')
>>> t, _ = more_trigger("effects trash digivolution cards from your opponent's digimon")
>>> t.event, t.requires
('SourceTrashed', ['ByEffect', 'OtherIsDigimon', 'OtherIsOpponents'])
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.cost_change_phrases import COST_TRIGGERS
from ingest.compiler.select import subject
from ingest.compiler.trigger_phrases import _card_into
from ingest.effect_ir import Selector, Trigger

_OPP = r"(?:an opponent's|one of your opponent's|any of your opponent's|your opponent's)"


def _opponent_digivolved(m: re.Match[str]) -> Trigger | None:
    """'an opponent's Digimon digivolves into a level 5 or higher Digimon' (EX1-051): Digivolved, its
    subject the opponent's Digimon as it is after, its top card the card it digivolved into (CR 8-1).
    A digivolution in the breeding area emits no such event (CR 3-4-7-4; QA Q3236)."""
    into = subject(m["np"])
    if into is None or into.owner != "any" or into.other or into.this or into.state is not None \
            or into.kind != "Digimon" or into.any_of:
        return None
    return Trigger(event="Digivolved", this_role="AnyRole", requires=["SubjectIsOpponents"],
                   selector=into.model_copy(update={"owner": "opponent", "count": None}))


def _sources_trashed(by: list[str]) -> Callable[[re.Match[str]], Trigger]:
    """'effects trash digivolution cards from your opponent's Digimon' (EX11-057), 'an opponent's
    Digimon's digivolution card is trashed' (EX5-025): SourceTrashed, its object the Digimon the cards
    were under, the opponent's (CR 4-8-1); cards trashed at once trigger it once (CR 15-5-2)."""
    def build(_m: re.Match[str]) -> Trigger:
        return Trigger(event="SourceTrashed", this_role="AnyRole",
                       requires=sorted([*by, "OtherIsDigimon", "OtherIsOpponents"]))
    return build


#: 'a card with 2 colors': exactly that many colours ('2 or more colors' is printed so, BT8-085).
_N_COLORS = re.compile(r"an? (?P<kind>card|digimon card) with (?P<n>\d) colors")


def _alternative(np: str) -> Selector | None:
    """One half of 'a card with 2 colors or [Composite] in its traits', 'a card that's black or has
    [Legend-Arms] in its traits': its filter (the card's kind on the first half)."""
    if m := _N_COLORS.fullmatch(np):
        n = int(m["n"])
        card_kind = "Digimon" if m["kind"] == "digimon card" else "card"
        return Selector(owner="any", kind=card_kind, count=None, min_colors=n, max_colors=n)
    sel = subject(np)
    if sel is None or sel.owner != "any" or sel.other or sel.this or sel.state is not None or sel.any_of:
        return None
    return sel.model_copy(update={"count": None})


_EITHER_INTO = re.compile(
    r"this digimon would digivolve into (?P<a>an? (?:card|digimon card) (?:with \d colors|that's [a-z]+))"
    r"(?P<hand> in your hand)? or (?:has )?(?P<b>\[[^\]]+\] in its traits)"
)


def _this_would_digivolve_either(m: re.Match[str]) -> Trigger | None:
    """'this Digimon would digivolve into a card with 2 colors or [Composite] in its traits' (P-076),
    '… into a card in your hand that's black or has [Legend-Arms] in its traits' (ST13-04, the
    'in your hand' moved after its noun): WouldDigivolve, this Digimon its object, the card it would
    digivolve into its subject, fitting either filter (CR 15-8-5)."""
    first = _alternative(m["a"])
    second = subject(f"a card with {m['b']}")
    if first is None or second is None or second.owner != "any" or second.any_of:
        return None
    alts = [first.model_copy(update={"owner": "self"}),
            second.model_copy(update={"owner": "self", "count": None})]
    requires = ["IntoCardInHand"] if m["hand"] else []
    return Trigger(event="WouldDigivolve", this_role="ObjectRole", requires=requires,
                   selector=Selector(owner="self", kind="card", count=None, any_of=alts))


def _checks_security(_m: re.Match[str]) -> Trigger:
    """'this Digimon checks your opponent's security stack' (BT16-033): each card its security check
    reveals from the opponent's stack, this Digimon the event's object (CR 13-1).
    An effect triggered so does not activate once this Digimon has left the battle area (QA Q2629)."""
    return Trigger(event="SecurityCardChecked", this_role="ObjectRole")


def _suspended_would_digivolve(m: re.Match[str]) -> Trigger | None:
    """'this suspended Digimon would digivolve into a level 6 Digimon card with [Plant]/[Vegetation] in
    one of its traits' (BT18-051), 'any of your suspended Digimon would digivolve into a Digimon card
    with [Tyrannomon] in its name or the [Dinosaur] or [Ver.1] trait' (P-202): WouldDigivolve, the
    Digimon about to digivolve its object, suspended as it is then (OtherSuspended; CR 15-8-5)."""
    into = _card_into(m["np"])
    if into is None:
        return None
    if m["who"] == "this":
        return Trigger(event="WouldDigivolve", this_role="ObjectRole", requires=["OtherSuspended"],
                       selector=into)
    return Trigger(event="WouldDigivolve", this_role="AnyRole", requires=["OtherIsOwn", "OtherSuspended"],
                   selector=into)


def _face_down_would_digivolve(m: re.Match[str]) -> Trigger | None:
    """'this Digimon with face-down digivolution cards would digivolve into a [Ver.3] trait Digimon
    card' (EX9-003): WouldDigivolve, this Digimon its object, with one or more face-down cards under it
    as it is then (OtherHasFaceDownSources; CR 4-8-1, 15-8-5)."""
    into = _card_into(m["np"])
    return None if into is None else Trigger(event="WouldDigivolve", this_role="ObjectRole",
                                             requires=["OtherHasFaceDownSources"], selector=into)


def _tamer_digivolves(_m: re.Match[str]) -> Trigger:
    """'one of your Tamers digivolves' (BT7-081): a Tamer of yours digivolving by a card's permission
    (it digivolves as a Digimon, QA Q1157): Digivolved, its subject the Digimon as it is after, whose
    card under the new top card, the top card before, is a Tamer card (SubjectWasTamer; CR 8-1)."""
    return Trigger(event="Digivolved", this_role="AnyRole", requires=["SubjectIsOwn", "SubjectWasTamer"])


def _you_would_play_from_hand(m: re.Match[str]) -> Trigger | None:
    """'you would play a green Tamer card from your hand' (BT14-046): WouldBePlayed, one of your cards
    the phrase names about to be played from your hand (WouldBePlayedFromHand; CR 7-1-2-2, 15-8-5)."""
    card = subject(m["np"])
    if card is None or card.owner != "any" or card.other or card.this or card.state is not None \
            or card.any_of:
        return None
    return Trigger(event="WouldBePlayed", this_role="AnyRole",
                   requires=["SubjectIsOwn", "WouldBePlayedFromHand"],
                   selector=card.model_copy(update={"owner": "self", "count": None}))


def _same_level_digivolved(m: re.Match[str]) -> Trigger | None:
    """'one of your Digimon digivolves into a same-level Digimon with [X Antibody] in its traits'
    (BT9-092): Digivolved, its subject one of yours as it is after, whose new top card has the level of
    the card it digivolved from (DigivolvedSameLevel; CR 8-1)."""
    into = subject(f"a digimon {m['rest']}")
    if into is None or into.owner != "any" or into.other or into.this or into.state is not None \
            or into.kind != "Digimon" or into.any_of:
        return None
    return Trigger(event="Digivolved", this_role="AnyRole", requires=["DigivolvedSameLevel", "SubjectIsOwn"],
                   selector=into.model_copy(update={"owner": "self", "count": None}))


_BUILT: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Trigger | None]]] = [
    (re.compile(r"one of your digimon digivolves into a same-level digimon (?P<rest>with .+)"),
     _same_level_digivolved),
    (re.compile(r"you would play (?P<np>an? .+?) from your hand"), _you_would_play_from_hand),
    (re.compile(r"(?:one|any) of your tamers digivolves?"), _tamer_digivolves),
    (re.compile(r"this digimon with face-down digivolution cards would digivolve into (?P<np>.+)"),
     _face_down_would_digivolve),
    (re.compile(r"(?P<who>this|one of your|any of your) suspended digimon would digivolve into (?P<np>.+)"),
     _suspended_would_digivolve),
    (re.compile(r"this digimon checks your opponent's security stack"), _checks_security),
    (re.compile(rf"{_OPP} digimon digivolves into (?P<np>.+)"), _opponent_digivolved),
    (re.compile(r"effects trash digivolution cards from (?:your|an) opponent's digimon"),
     _sources_trashed(["ByEffect"])),
    (re.compile(r"(?:an|one of your) opponent's digimon's digivolution cards? (?:is|are) trashed"),
     _sources_trashed([])),
    (_EITHER_INTO, _this_would_digivolve_either),
    *COST_TRIGGERS,  # ingest/compiler/cost_change_phrases.py
]


#: 'When you have a green Tamer in play, this Digimon can attack …' (BT2-051): a state, not an event.
_WHEN_STATE = re.compile(r"^When (you have (?:an? |\d+ or more )?[^,.]+? in play), (?=this Digimon can )")


def when_as_while(body: str) -> str:
    """An early printing's 'When you have X in play, this Digimon can …' names no event: it is the
    permission 'While you have X in play, …' for as long as that holds (CR 15-8-2; BT2-051, which
    QA Q1022 uses so to attack an unsuspended Digimon)."""
    return _WHEN_STATE.sub(r"While \1, ", body)


def more_trigger(text: str) -> tuple[Trigger, str] | None:
    """The trigger of a lower-cased 'when' clause (without 'when') and its category, or None."""
    # ST13-04: 'a card in your hand that's black' -> 'a card that's black in your hand'
    text = re.sub(r"^(this digimon would digivolve into an? card) in your hand (that's [a-z]+)",
                  r"\1 \2 in your hand", text)
    for pattern, build in _BUILT:
        if (m := pattern.fullmatch(text)) and (found := build(m)) is not None:
            return found, "ImmediateType" if found.event.startswith("Would") else "TriggerType"
    return None
