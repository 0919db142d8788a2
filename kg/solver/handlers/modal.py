"""'Activate 1 of the effects below': the player chooses which listed effect activates.

CR 15-15-7-1: the chosen effect activates and is processed during the processing of the effect
that lists it, as that effect (same card, same player, same triggering event); with several
chosen they activate in the order the player chose (CR 15-15-7-2). Each listed effect runs whole
as compiled (``ingest.compiler.modal_phrases``): its own 'If …,' conditions, its 'By …,' costs (a cost
that cannot be paid in full stops that effect, CR 15-7; it is not asked: under a mandatory choice
it is mandatory too, CR 15-15-7-4), its actions. Which one is chosen is the
scenario's ``decisions.modes``; an undecided choice is reported as not carried out, never guessed.
'For every 5 of this Digimon's digivolution cards, activate 1 of the effects below' chooses that many
times, each after the last has been processed (QA Q6796), counted once as it activates (Q6797); the
file's one ``decisions.modes`` entry for the effect is the choice every time (the same effect may be
chosen each time, Q6795).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.effect_results import done_verbs
from kg.solver.handlers.verbs import run_actions
from kg.solver.registry import REGISTRY
from kg.solver.support import Gap

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def _mode_pending(p: Pending, a: Action, n: int) -> Pending:
    """The listed effect ``n`` (from 1) as an effect of the same card, activating within ``p``."""
    spec = replace(p.spec, key=f"{p.spec.key}/mode/{n}", record=a.modes[n - 1], limit=None, may=False,
                   primitive=None, keyword=None)
    return replace(p, spec=spec, actions=None)


def choose_effects(e: Engine, p: Pending, a: Action) -> list[str]:
    """Activate the chosen listed effects one after another, each as it is printed."""
    options = [m.text for m in a.modes]
    if "choose_effects" in done_verbs(e, p):  # 'If X, activate all of the effects below instead' (CR 18-2)
        e.rec.log(f"{p.label}: '{a.span}' is not done: the effect's other choice was made",
                  e.cites("overwritten"))
        return []
    times = 1 if a.times is None else a.times  # 'for every 5 …, activate 1 of the effects below'
    if not times:
        e.rec.log(f"{p.label}: '{a.span}' counted 0: none of the listed effects activates",
                  e.cites("effect_chosen"))
        return e.cites("effect_chosen")
    chosen = e.decide.modes(p.player, p.label, options, a.amount or 1)
    if chosen is None:
        why = (f"the player chooses {a.amount or 1} of the {len(options)} effects listed; the scenario "
               "does not say which (decisions.modes)")
        e.report_gaps(p.label, [Gap("action", "decision:modes", a.span, why)])
        return []
    cites = e.cites("effect_chosen")
    for n in chosen * times:  # each time the same choice: the file's decisions.modes for this effect
        e.rec.log(f"{p.label}: activates effect {n} of {len(options)}: '{options[n - 1]}'", cites)
        cites = run_mode(e, p, a, n, cites)
    return cites


def run_mode(e: Engine, p: Pending, a: Action, n: int, cites: list[str]) -> list[str]:
    """Process the listed effect ``n`` (from 1) of ``a`` within ``p``, whole; ``cites`` and its own."""
    inner = _mode_pending(p, a, n)
    unmet = [c for c in inner.spec.record.compiled.conditions if not c.governs  # type: ignore[union-attr]
             and not e.condition_holds(inner, c)]
    if unmet:  # CR 15-6: its condition does not hold, nothing of it is done
        e.rec.log(f"{p.label}: effect {n} does nothing: '{unmet[0].span}' does not hold", cites)
        return cites
    return [*cites, *run_actions(e, inner)]


REGISTRY.bind("verb", "choose_effects", choose_effects)
