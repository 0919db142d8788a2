"""Changes an effect makes to a number printed in it (CR 15-15-4): 'For each of your other Digimon,
add 2000 to the maximum this DP-based deletion effect can delete', 'remove 1 from this effect's
level maximum', 'add 2 to the number of cards this effect may play'.

The action whose number is changed is the one earlier action of the effect that prints it
(``ingest.compiler.effect_numbers.target``, checked when the effect was compiled). When that
action is carried out, each change that reaches it and whose own conditions hold ('If there are
10 or more cards in your trash, add 1 …') is counted ('for each …', now) and applied to the
printed value (CR 15-15-4-1, 15-15-4-2); the change itself, when its turn comes, does nothing
more. Only that effect's number changes (QA Q2061).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.compiler.effect_numbers import NUMBER_FIELDS, changed, target
from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def renumbered(e: Engine, p: Pending, action: Action) -> Action:
    """``action`` with the numbers its effect's changes give it (CR 15-15-4): as printed when none
    reaches it."""
    if action.verb in NUMBER_FIELDS:  # a change itself: applied already, nothing to count again
        return action.model_copy(update={"per": None})
    record = p.spec.record
    actions = record.compiled.actions if record is not None else []
    where = next((i for i, a in enumerate(actions) if a is action), None)
    if record is None or where is None:
        return action
    for i, change in enumerate(actions):
        if change.verb not in NUMBER_FIELDS or target(actions, i) != where:
            continue
        if not all(e.condition_holds(p, c) for c in record.compiled.conditions if i in c.governs):
            e.rec.log(f"{p.label}: '{change.span}' does not apply: its condition does not hold")
            continue
        counted = e.board.multiplied(e.state, change, p.player, p.holder.uid) if change.per else change
        action = changed(action, change.verb, counted.amount or 0)
        e.rec.log(f"{p.label}: '{change.span}': {counted.amount or 0:+} to "
                  f"'{action.span}' ({NUMBER_FIELDS[change.verb]})", e.cites("effect_number_changed"))
    return action


@REGISTRY.register("verb", *NUMBER_FIELDS)
def _number_changed(e: Engine, p: Pending, a: Action) -> list[str]:
    """The change was applied when the action it changes was carried out (``renumbered``)."""
    return e.cites("effect_number_changed")
