"""'Suspend 1 of your opponent's Digimon, or 2 of your opponent's Digimon with 5000 DP or less'
(``do_either``, ingest/compiler/either_phrases.py): the player does one of the two ways, never a mix
(QA Q982), the first with any Digimon, one that would fit the second too (Q983, Q4161). It is a choice
within the one effect, no other effect activating: the way chosen is done as compiled (its own
selector and count). Which way is the scenario's ``decisions.modes`` (1 or 2); a choice the file does
not make is reported and nothing is done, never guessed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.modal import run_mode
from kg.solver.registry import REGISTRY
from kg.solver.support import Gap

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "do_either")
def do_either(e: Engine, p: Pending, a: Action) -> list[str]:
    """Do the way the player chooses, whole."""
    ways = [m.text for m in a.modes]
    chosen = e.decide.modes(p.player, p.label, ways, 1)
    if chosen is None:
        why = (f"the player chooses to {' or '.join(w.rstrip('.') for w in ways)}; the scenario does not "
               "say which (decisions.modes: 1 or 2)")
        e.report_gaps(p.label, [Gap("action", "decision:modes", a.span or a.verb, why)])
        return []
    e.rec.log(f"{p.label}: chooses to {ways[chosen[0] - 1].rstrip('.')}", [])
    return run_mode(e, p, a, chosen[0], [])
