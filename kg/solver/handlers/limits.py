"""Durations of lasting effects (dcg:Duration) and usage limits (dcg:UsageLimit): generic
mechanisms whose numbers come from the graph (CR 15-10, 15-14-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.events import Pending
from kg.solver.registry import REGISTRY
from kg.solver.state import opponent

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.rules_index import DurationRule


@REGISTRY.register("duration", "instant", "this_turn", "this_attack", "until_end_of_opponents_turn",
                   "until_end_of_opponents_next_turn", "until_end_of_your_turn",
                   "until_end_of_your_next_turn")
def ends_with_a_turn(e: Engine, owner: str, rule: DurationRule | None) -> int | None:
    """The first turn, from this one (or the next, dcg:fromNextTurn), of the player the graph names
    (dcg:endsWithTurnOf: any, owner, opponent): the lasting effect ends at its end."""
    assert rule is not None and rule.whose is not None, "the graph gives dcg:endsWithTurnOf"
    s = e.state
    start = s.turn + (1 if rule.from_next_turn else 0)
    for turn in (start, start + 1):
        player = s.turn_player if (turn - s.turn) % 2 == 0 else opponent(s.turn_player)
        if rule.whose == "any" or (player == owner) == (rule.whose == "owner"):
            return turn
    return start + 1


@REGISTRY.register("duration", "while_condition", "permanent")
def lasts_on(e: Engine, owner: str, rule: DurationRule | None) -> int | None:
    """No end of its own: it lasts while its source and its condition do."""
    return None


@REGISTRY.register("usage_limit", "per_turn")
def per_turn(e: Engine, p: Pending, amount: int) -> bool:
    """At most ``amount`` activations per turn for each copy of the card (CR 15-14-1)."""
    return e.state.used.get((p.holder.uid, p.spec.key), 0) < amount
