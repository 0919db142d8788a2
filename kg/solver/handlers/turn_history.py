"""Processing conditions on what happened earlier in the current turn, by ``Condition.kind``:
``State.this_turn`` holds (event, owner of its subject) for each event since the turn began
(the engine records them as they are emitted; a turn's end clears them, CR 6-1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Condition
from kg.solver.registry import REGISTRY
from kg.solver.state import opponent as rival

if TYPE_CHECKING:
    from kg.solver.engine import Engine, Pending


def _happened(event: str, *, opponent: bool) -> Callable[[Engine, Pending, Condition], bool]:
    """Whether ``event`` happened this turn to a card of the effect's owner (or of the opponent)."""
    def test(e: Engine, p: Pending, c: Condition) -> bool:
        who = rival(p.player) if opponent else p.player
        return (event, who) in e.state.this_turn
    return test


# CR 8: one of the player's Digimon digivolved this turn ('if you've digivolved this turn', BT1-007)
REGISTRY.bind("condition", "digivolved_this_turn", _happened("Digivolved", opponent=False))
# CR 11-2: the opponent declared an attack with a Digimon this turn (ST5-04, negated: 'didn't attack')
REGISTRY.bind("condition", "opponent_attacked_this_turn", _happened("AttackDeclared", opponent=True))
