"""'This Digimon may battle 1 of your opponent's Digimon' (``battle_by_effect``,
ingest/compiler/self_phrases.py): the effect directly performs a battle between this Digimon and the
opposing Digimon the player chooses, as the rules of battle say (QA Q6278, Q7015: DP compared, the
loser deleted, CR 14-2); a Digimon that isn't affected by effects may still be chosen and battles, the
battle being a rule, not an effect (Q6279). No attack is declared: <Piercing> needs this Digimon to be
attacking (Q5959), and only one security check is made in an attack (Q5957)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.attack import battle
from kg.solver.handlers.verbs import holder_stack, legal_targets
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "battle_by_effect")
def _battle_by_effect(e: Engine, p: Pending, a: Action) -> list[str]:
    """This Digimon and the chosen opposing Digimon battle now; what the battle triggers resolves
    before the effects that were already waiting (as in an attack by an effect, CR 15-4-5)."""
    cites = e.cites("battle")
    mine = holder_stack(e, p)
    rivals = [s for s in legal_targets(e, p, a.selector) if mine is None or s.owner != mine.owner]
    if mine is None or e.board.card(mine.top).kind != "Digimon" or not rivals:
        e.rec.log(f"{p.label}: no battle (this Digimon or an opposing Digimon is not in play)", cites)
        return cites
    chosen = e.decide.targets(p.player, p.label, [s.alias for s in rivals], 1)
    rival = next(s for s in rivals if s.alias in chosen)
    e.rec.log(f"{p.label}: {mine.alias} battles {rival.alias}", cites)
    waiting, e.batches = e.batches, []
    try:
        battle(e, mine, rival)
    finally:
        e.batches = [*waiting, *e.batches]
    e.done += 1
    return cites
