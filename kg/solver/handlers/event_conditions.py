"""Conditions on the cards the triggering event happened to: 'When your Digimon or Tamers are
played or digivolve, if any of them have [Garurumon] in their names, …'. Every event that met
the trigger at the same time counts ('any of them'; the effect triggered once, CR 15-5-2), each
card as it was when the event happened (CR 15-8-3-8); and whether the card was played by an effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Condition
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Pending


@REGISTRY.register("condition", "event_subject_matches")
def _any_of_them(e: Engine, p: Pending, c: Condition) -> bool:
    """Whether one of the cards the triggering events happened to fits the condition's selector."""
    sel = c.selector
    if sel is None:
        return False
    # 'them' are the cards the trigger named (its subject filter chose their kind already)
    sel = sel.model_copy(update={"subject": False, "kind": "card"})
    for ev in [p.event, *p.also]:
        party = ev.subject
        if party is None:
            continue
        as_it_was = Stack(party.uid, party.alias, party.owner, list(party.cards))
        if e.board.matches(e.state, as_it_was, sel, p.player, p.holder.uid, base=True):
            return True
    return False


@REGISTRY.register("condition", "played_by_effect")
def _played_by_effect(e: Engine, p: Pending, c: Condition) -> bool:
    """'[On Play] If played by an effect, …': the card was played by an effect, not by its owner
    playing it from the hand (CR 7-1)."""
    return p.event.name == "CardPlayed" and p.event.cause == "effect"


@REGISTRY.register("condition", "deleted_by_effect")
def _deleted_by_effect(e: Engine, p: Pending, c: Condition) -> bool:
    """'[On Deletion] If this card was deleted by an effect': an effect deleted it, not a battle nor
    the rules (a Digimon at 0 DP is deleted by the rules, CR 17-1-3-1; QA Q1348)."""
    return p.event.name in ("Deleted", "DeletedInBattle") and p.event.cause == "effect"


@REGISTRY.register("condition", "played_from_sources")
def _played_from_sources(e: Engine, p: Pending, c: Condition) -> bool:
    """'[On Play] If played from digivolution cards': the card came into play from the digivolution
    cards of one of its player's Digimon (CR 4-8-1, 7-1; Event.origin)."""
    return p.event.name == "CardPlayed" and p.event.origin == "sources"
