"""'This Digimon may attack without suspending' (``attack_without_suspending``,
ingest/compiler/self_phrases.py): this Digimon declares an attack by the effect through the attack
procedure (``attack.effect_attack``) and does not suspend to do so, so it may attack while suspended
(QA Q4580) or when it can't suspend; the other rules of a declaration still hold (CR 11-1-2 turn
player only, 11-2-4 not during an attack, its first turn without <Rush>, 'can't attack')."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.attack import effect_attack
from kg.solver.handlers.verbs import targets
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "attack_without_suspending")
def _attack_without_suspending(e: Engine, p: Pending, a: Action) -> list[str]:
    """This Digimon (or the one chosen, or the one the effect chose before: ``targets``) attacks, not
    suspending (the player chooses the target, CR 11-2-7-1)."""
    cites = e.cites("attack_by_effect")
    found = targets(e, p, a)
    if not found:
        e.rec.log(f"{p.label}: no Digimon attacks", cites)
        return cites
    effect_attack(e, p, found[0], suspends=False, cites=cites)
    return cites
