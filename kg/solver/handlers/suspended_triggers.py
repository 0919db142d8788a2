"""Trigger conditions of 'When …' clauses read by ``ingest/compiler/trigger_more_phrases.py``: the
state of the Digimon about to digivolve, as it is then, what the one that digivolved was, and where a
card about to be played is played from (dcg:TriggerCondition nodes of ontology/timings.ttl)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.registry import REGISTRY
from kg.solver.state import is_face_down

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Event, Snapshot


@REGISTRY.register("trigger_condition", "other_suspended")
def other_suspended(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The Digimon about to digivolve (the 'would' event's object, still on the field, CR 15-8-5) is
    suspended: 'this suspended Digimon would digivolve' (BT18-051), 'any of your suspended Digimon
    would digivolve' (P-202). A snapshot keeps cards, not state, so the stack is looked up."""
    stack = e.state.find(ev.obj.uid) if ev.obj is not None else None
    return stack is not None and stack.suspended


@REGISTRY.register("trigger_condition", "other_has_face_down_sources")
def other_has_face_down_sources(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The Digimon about to digivolve has a face-down card among its digivolution cards (CR 4-8-1):
    'this Digimon with face-down digivolution cards would digivolve' (EX9-003)."""
    stack = e.state.find(ev.obj.uid) if ev.obj is not None else None
    return stack is not None and any(is_face_down(c) for c in stack.sources)


@REGISTRY.register("trigger_condition", "other_has_no_sources")
def other_has_no_sources(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The Digimon about to digivolve has no digivolution cards (CR 4-8-1): 'an opponent's Digimon
    with no digivolution cards would digivolve' (EX3-016)."""
    stack = e.state.find(ev.obj.uid) if ev.obj is not None else None
    return stack is not None and not stack.sources


@REGISTRY.register("trigger_condition", "own_if_digivolving")
def own_if_digivolving(e: Engine, h: Snapshot, ev: Event) -> bool:
    """A digivolution about to happen is of one of the effect owner's Digimon (a Digimon: not a Tamer
    that digivolves); a play about to happen holds whoever's card it is: 'a card … would be played or one
    of your Digimon would digivolve into such a card' (LM-009)."""
    return ev.name != "WouldDigivolve" or (ev.obj is not None and ev.obj.owner == h.owner
                                           and ev.obj.is_digimon)


@REGISTRY.register("trigger_condition", "subject_was_tamer")
def subject_was_tamer(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The Digimon that digivolved was a Tamer: its top card before, now just under the new one, is
    a Tamer card (CR 8-1; a Tamer digivolves as a Digimon by a card's permission, QA Q1157)."""
    cards = ev.subject.cards if ev.subject is not None else ()
    return ev.name == "Digivolved" and len(cards) >= 2 and not is_face_down(cards[-2]) \
        and e.board.card(cards[-2]).kind == "Tamer"


@REGISTRY.register("trigger_condition", "would_be_played_from_hand")
def would_be_played_from_hand(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The card about to be played is played from the hand (Event.how "hand", CR 7-1-2-2): 'when you
    would play a green Tamer card from your hand' (BT14-046)."""
    return ev.name == "WouldBePlayed" and ev.how == "hand"


@REGISTRY.register("trigger_condition", "digivolved_same_level")
def digivolved_same_level(e: Engine, h: Snapshot, ev: Event) -> bool:
    """The new top card's level is that of the top card before, now just under it (CR 8-1): 'digivolves
    into a same-level Digimon' (BT9-092); a card with no level (a Tamer) matches none."""
    cards = ev.subject.cards if ev.subject is not None else ()
    if ev.name != "Digivolved" or len(cards) < 2:
        return False
    before, after = e.board.card(cards[-2]).level, e.board.card(cards[-1]).level
    return before is not None and before == after
