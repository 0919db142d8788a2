"""Trigger conditions on the state of the event's object as it is when the event happens
(dcg:TriggerCondition nodes of ontology/timings.ttl)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.registry import REGISTRY

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
