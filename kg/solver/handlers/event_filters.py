"""Trigger conditions on how an event came about, for the 'When …' clauses of
``ingest/compiler/trigger_phrases.py`` (dcg:TriggerCondition nodes of ontology/timings.ttl)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Event, Snapshot


@REGISTRY.register("trigger_condition", "in_battle_or_zero_dp")
def in_battle_or_zero_dp(e: Engine, h: Snapshot, ev: Event) -> bool:
    """Deleted in battle (CR 14-2) or by the rule check at 0 DP (CR 17-1-3-1-1: a rule check's only
    deletion), not by an effect that deletes."""
    return ev.cause in ("battle", "rule")


@REGISTRY.register("trigger_condition", "by_own_digimons_effect")
def by_own_digimons_effect(e: Engine, h: Snapshot, ev: Event) -> bool:
    """Caused by an effect of one of the owner's Digimon: the card whose effect it was is a Digimon
    card (CR 15-2-1-1; a Digimon's inherited effects are Digimon effects, CR 15-3-2)."""
    source = ev.source
    return (ev.cause == "effect" and ev.by == h.owner and source is not None and bool(source.cards)
            and e.board.card(source.cards[-1]).kind == "Digimon")


@REGISTRY.register("trigger_condition", "same_name_as_this")
def same_name_as_this(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The subject's top card has a card name this card has (CR 2-3-1-1; names it also has by its own
    text count, CardInfo.names)."""
    if ev.subject is None or not ev.subject.cards or not h.cards:
        return False
    mine = {n.lower() for n in e.board.card(h.cards[-1]).names}
    return any(n.lower() in mine for n in e.board.card(ev.subject.cards[-1]).names)


#: Trigger conditions on where the event's card came from (Event.origin): code -> (the events it
#: speaks of, the origin, what it means).
_ORIGINS: dict[str, tuple[frozenset[str], str, str]] = {
    "played_from_sources": (frozenset({"CardPlayed"}), "sources",
                            "played from a Digimon's digivolution cards (CR 4-8-1, 7-1)"),
    "played_from_trash": (frozenset({"CardPlayed"}), "trash", "played from its player's own trash (CR 7-1)"),
    "added_from_trash": (frozenset({"AddedToHand"}), "trash", "added to the hand from its owner's trash"),
    "returned_from_battle_area": (frozenset({"AddedToHand"}), "battle_area",
                                  "returned to the hand from the battle area (CR 4-15)"),
    "digivolved_from_trash": (frozenset({"Digivolved", "WouldDigivolve"}), "trash",
                              "digivolved (or about to be) into a card from the owner's trash (CR 8-1)"),
    "into_card_in_hand": (frozenset({"WouldDigivolve"}), "hand",
                          "about to be digivolved into from the hand, by the player or an effect (CR 8-1)"),
}


def _from(events: frozenset[str], origin: str, what: str) -> Callable[[Engine, Snapshot, Event], bool]:
    def test(e: Engine, h: Snapshot, ev: Event) -> bool:
        return ev.name in events and ev.origin == origin

    test.__doc__ = f"The event's card was {what} (Event.origin)."
    return test


for _code, (_events, _origin, _what) in _ORIGINS.items():
    REGISTRY.bind("trigger_condition", _code, _from(_events, _origin, _what))
