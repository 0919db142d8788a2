"""Trigger conditions on how an event came about, for the 'When …' clauses of
``ingest/compiler/trigger_phrases.py`` (dcg:TriggerCondition nodes of ontology/timings.ttl)."""

from __future__ import annotations

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


@REGISTRY.register("trigger_condition", "played_from_sources")
def played_from_sources(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The card was played from a Digimon's digivolution cards (CR 4-8-1, 7-1; Event.origin)."""
    return ev.name == "CardPlayed" and ev.origin == "sources"


@REGISTRY.register("trigger_condition", "played_from_trash")
def played_from_trash(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The card was played from its player's own trash (CR 7-1; Event.origin)."""
    return ev.name == "CardPlayed" and ev.origin == "trash"


@REGISTRY.register("trigger_condition", "by_own_digimons_effect")
def by_own_digimons_effect(e: Engine, h: Snapshot, ev: Event) -> bool:
    """Caused by an effect of one of the owner's Digimon: the card whose effect it was is a Digimon
    card (CR 15-2-1-1; a Digimon's inherited effects are Digimon effects, CR 15-3-2)."""
    source = ev.source
    return (ev.cause == "effect" and ev.by == h.owner and source is not None and bool(source.cards)
            and e.board.card(source.cards[-1]).kind == "Digimon")


@REGISTRY.register("trigger_condition", "added_from_trash")
def added_from_trash(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The card added to the hand came from its owner's trash (Event.origin)."""
    return ev.name == "AddedToHand" and ev.origin == "trash"


@REGISTRY.register("trigger_condition", "returned_from_battle_area")
def returned_from_battle_area(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The card added to the hand was returned from the battle area (CR 4-15; Event.origin)."""
    return ev.name == "AddedToHand" and ev.origin == "battle_area"


@REGISTRY.register("trigger_condition", "digivolved_from_trash")
def digivolved_from_trash(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The card digivolved (or about to be digivolved) into comes from the owner's trash (CR 8-1;
    Event.origin)."""
    return ev.name in ("Digivolved", "WouldDigivolve") and ev.origin == "trash"


@REGISTRY.register("trigger_condition", "into_card_in_hand")
def into_card_in_hand(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The card to be digivolved into is in the hand (CR 8-1; Event.origin: a digivolution from the
    hand, or by an effect from the hand)."""
    return ev.name == "WouldDigivolve" and ev.origin == "hand"


@REGISTRY.register("trigger_condition", "same_name_as_this")
def same_name_as_this(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The subject's top card has a card name this card has (CR 2-3-1-1; names it also has by its own
    text count, CardInfo.names)."""
    if ev.subject is None or not ev.subject.cards or not h.cards:
        return False
    mine = {n.lower() for n in e.board.card(h.cards[-1]).names}
    return any(n.lower() in mine for n in e.board.card(ev.subject.cards[-1]).names)
