"""Trigger conditions on the state of the event's object as it is when the event happens
(dcg:TriggerCondition nodes of ontology/timings.ttl)."""

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
