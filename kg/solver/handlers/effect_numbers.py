"""Changes an effect makes to a number printed in it (CR 15-15-4): 'For each of your other Digimon,
add 2000 to the maximum this DP-based deletion effect can delete', 'remove 1 from this effect's
level maximum', 'add 2 to the number of cards this effect may play'.

The action whose number is changed is the one earlier action of the effect that prints it
(``ingest.compiler.number_phrases.target``, checked when the effect was compiled). When that
action is carried out, each change that reaches it and whose own conditions hold ('If there are
10 or more cards in your trash, add 1 …') is counted ('for each …', now) and applied to the
printed value (CR 15-15-4-1, 15-15-4-2); the change itself, when its turn comes, does nothing
more. Only that effect's number changes (QA Q2061).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.compiler.number_phrases import DELETIONS_MAX_DP, NUMBER_FIELDS, changed, prints, target
from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.effect_results import counted
from kg.solver.registry import REGISTRY
from kg.solver.wording import field_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def renumbered(e: Engine, p: Pending, action: Action) -> Action:
    """``action`` with the numbers its effect's changes give it (CR 15-15-4): as printed when none
    reaches it."""
    if action.verb in NUMBER_FIELDS:  # a change itself: applied already, nothing to count again
        return action.model_copy(update={"per": None})
    record = p.spec.record
    if record is None or any(cost is action for cost in record.compiled.costs):
        return action  # a cost is paid as printed
    actions = record.compiled.actions
    where = next((i for i, a in enumerate(actions) if a is action), None)
    for i, change in enumerate(actions):
        if where is None or change.verb not in NUMBER_FIELDS or target(actions, i) != where:
            continue
        if not all(e.condition_holds(p, c) for c in record.compiled.conditions if i in c.governs):
            e.rec.log(f"{p.label}: '{change.span}' does not apply: its condition does not hold")
            continue
        done = counted(e, p, change) if change.per else change  # 'for each card trashed by this effect'
        action = changed(action, change.verb, done.amount or 0)
        e.rec.log(f"{p.label}: '{change.span}': {done.amount or 0:+} to "
                  f"'{action.span}' (its {field_words(NUMBER_FIELDS[change.verb])})",
                  e.cites("effect_number_changed"))
    return _deletions_raised(e, p, action)


def _deletions_raised(e: Engine, p: Pending, action: Action) -> Action:
    """A deletion showing a DP maximum, with what the player's persistent 'add 1000 to the maximum
    DP you can choose with DP-based deletion effects' add to it (all of their effects, QA Q3293;
    'this Digimon's': the effects of that Digimon only)."""
    if action.verb != "delete" or not prints(action, "raise_deletion_max_dp"):
        return action
    for holder, spec in e.board.persistent(e.state):
        for raise_ in spec.record.compiled.actions if spec.record else ():
            whose = raise_.selector
            if raise_.verb != DELETIONS_MAX_DP or holder.owner != p.player or (
                    whose is not None and whose.this and holder.uid != p.holder.uid):
                continue
            action = changed(action, "raise_deletion_max_dp", raise_.amount or 0)
            e.rec.log(f"{p.label}: {holder.alias}/{spec.card}'s '{raise_.span}': {raise_.amount or 0:+} to "
                      f"'{action.span}'", e.cites("deletions_max_dp"))
    return action


REGISTRY.consulted("verb", DELETIONS_MAX_DP, "kg.solver.handlers.effect_numbers.renumbered, when a deletion "
                   "showing a DP maximum is carried out")


@REGISTRY.register("verb", *NUMBER_FIELDS)
def _number_changed(e: Engine, p: Pending, a: Action) -> list[str]:
    """The change was applied when the action it changes was carried out (``renumbered``)."""
    return e.cites("effect_number_changed")
