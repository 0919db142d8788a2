"""Which cards could trigger on an event: an index by event over every card a run can meet, so that
the engine looks only at the stacks that hold one of them (CR 15-4-3-2), not at the whole board.

The index is a superset, worked out from the printed effects alone, and so exact to use: a stack
holding none of an event's cards has no effect that could trigger on it. Two things make every
card a possible listener, and the index is then ``None`` (look at everything):
- a card whose text grants effects or keywords (``gain_effect``, ``gain_keyword``, CR 15-13):
  the gained effect belongs to whatever Digimon it reaches;
- a trigger the engine cannot read (``kg.solver.support.trigger_gaps``): it is reported at every
  event, which the engine must keep doing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ingest.effect_ir import Action, EffectRecord
from kg.solver.granted import GRANTS
from kg.solver.per_record import PerRecord
from kg.solver.support import trigger_gaps

if TYPE_CHECKING:
    from kg.solver.board import Board
    from kg.solver.state import Stack

#: The verbs that give a Digimon an effect it does not print (Board.effects).
GIVING = GRANTS | {"gain_keyword"}

ByEvent = dict[str, frozenset[str]]


def _actions(model: Any) -> Iterator[Action]:
    """Every action anywhere in a compiled record: its actions, costs, modes, granted effects."""
    if isinstance(model, Action):
        yield model
    if isinstance(model, BaseModel):
        for name in type(model).model_fields:
            yield from _actions(getattr(model, name))
    elif isinstance(model, list | tuple):
        for item in model:
            yield from _actions(item)


def _gives(record: EffectRecord, _extra: object) -> bool:
    return any(a.verb in GIVING for a in _actions(record.compiled))


_GIVES = PerRecord(_gives)


def gives_effects(record: EffectRecord) -> bool:
    """Whether the effect can give a Digimon an effect or keyword (CR 15-13); once per record."""
    return _GIVES.answer(record)


def listener_index(board: Board, numbers: Iterable[str], events: frozenset[str]) -> ByEvent | None:
    """Per event of ``events`` (the graph's game events) that some card listens to: the card numbers
    whose effects could trigger on it; None when any card could (see the module docstring)."""
    found: dict[str, set[str]] = {}
    for number in numbers:
        for spec in board.specs(number):
            if spec.record is not None and gives_effects(spec.record):
                return None
            if trigger_gaps(board.index, spec):
                return None
            heard = spec.events.union(*(w[0] for w in spec.windows)) if spec.windows else spec.events
            for event in heard & events:  # an event the graph does not define is never emitted
                found.setdefault(event, set()).add(number)
    return {event: frozenset(cards) for event, cards in found.items()}


def may_listen(listening: frozenset[str] | None, stack: Stack) -> bool:
    """Whether the stack holds one of the listening cards (among its cards or link cards)."""
    return listening is None or not listening.isdisjoint(stack.cards) or (
        bool(stack.links) and not listening.isdisjoint(stack.links))
