"""'Activate the following effect twice.・X', 'For each Digimon you have in play, activate the effect
below.・X': the listed effect X activates that many times, one after another, within the effect that
lists it (CR 15-15-7-1), each time whole as compiled (``ingest.compiler.activate_phrases``): its own
'If …,' conditions, its targets chosen anew each time (the effect's next target choices,
``decisions.targets``). Counted when the effect resolves; none counted, X does not activate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.modal import run_mode
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "repeat_effect")
def _repeat_effect(e: Engine, p: Pending, a: Action) -> list[str]:
    """The one listed effect, ``times`` times (CR 15-15-7-1)."""
    times = 1 if a.times is None else a.times
    cites = e.cites("effect_repeated")
    e.rec.log(f"{p.label}: activates '{a.modes[0].text}' {times} time(s)", cites)
    for _ in range(times):
        cites = run_mode(e, p, a, 1, cites)
    return cites
