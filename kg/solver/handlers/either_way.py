"""Effects that let their player do one of two things with a card ('add it to the hand or place it
under 1 of your Digimon', 'return it to the hand or play it'): the choice is the scenario's
(``decisions.modes``: 1 the first, 2 the second); a choice the file does not make is reported as a
gap and nothing is done, never guessed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.support import Gap

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def which_way(e: Engine, p: Pending, a: Action, ways: Sequence[str], cites: list[str]) -> int | None:
    """1 or 2, the way the player takes (logged), or None when the scenario does not say (reported)."""
    chosen = e.decide.modes(p.player, p.label, list(ways), 1)
    if chosen is None:
        why = (f"the player chooses to {ways[0]} or {ways[1]}; the scenario does not say which "
               "(decisions.modes: 1 or 2)")
        e.report_gaps(p.label, [Gap("action", "decision:modes", a.span or a.verb, why)])
        return None
    e.rec.log(f"{p.label}: chooses to {ways[chosen[0] - 1]}", cites)
    return chosen[0]
