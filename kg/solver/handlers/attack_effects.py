"""Attacks and effects: attacking by an effect ('this Digimon may attack', '1 of your Digimon may
attack'): the Digimon the effect names declares an attack through the attack procedure
(``attack.effect_attack``), whose declaration rules still hold (CR 11-1-2, 11-2-1, 11-2-4); and
ending the attack by an effect (CR 15-15-1-1: the end of attack comes next)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.attack import NORMAL_AIMS, effect_attack
from kg.solver.handlers.verbs import legal_targets, targets
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def _may_declare(e: Engine, stack: Stack) -> bool:
    """A Digimon of the turn player that an attack declaration could use now: unsuspended, not in
    its first turn without <Rush>, no "can't attack" (CR 11-2-1, 16-8)."""
    s = e.state
    return (stack.owner == s.turn_player and e.board.card(stack.top).kind == "Digimon" and not stack.suspended
            and (not stack.played_this_turn or e.board.has_primitive(s, stack, "rush"))
            and e.board.can_attack(s, stack))


def _attacks(aims: frozenset[str]) -> Callable[[Engine, Pending, Action], list[str]]:
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        return attack_by_effect(e, p, a, aims)
    return run


def attack_by_effect(e: Engine, p: Pending, a: Action, aims: frozenset[str] = NORMAL_AIMS) -> list[str]:
    """The chosen Digimon attacks (the player chooses which, when the effect says '1 of your
    Digimon'; the target is the player's choice too, among ``aims``: 'attack a player' only the
    player, 'attack an opponent's Digimon' only a suspended one of theirs, CR 11-2-7-1)."""
    cites = e.cites("attack_by_effect")
    sel = a.selector
    found = targets(e, p, a) if a.same_targets else legal_targets(e, p, sel)  # 'that Digimon may attack'
    if sel is not None and not sel.this and not a.same_targets:
        found = [s for s in found if s.owner == p.player and _may_declare(e, s)]
        if found:
            chosen = e.decide.targets(p.player, p.label, [s.alias for s in found], 1)
            found = [s for s in found if s.alias in chosen]
    if not found:
        e.rec.log(f"{p.label}: no Digimon attacks", cites)
        return cites
    effect_attack(e, p, found[0], aims=aims, cites=cites)
    return cites


REGISTRY.bind("verb", "attack", _attacks(NORMAL_AIMS))
REGISTRY.bind("verb", "attack_player", _attacks(frozenset({"player"})))
REGISTRY.bind("verb", "attack_digimon", _attacks(frozenset({"suspended"})))


@REGISTRY.register("verb", "end_attack")
def end_attack(e: Engine, p: Pending, a: Action) -> list[str]:
    """'End the attack': the attack goes to its end once this effect is processed (CR 15-15-1-1);
    nothing happens when no attack is going on."""
    cites = e.cites("attack_ended_by_effect")
    attack = e.state.attack
    if attack is None or attack.ended:
        e.rec.log(f"{p.label}: no attack to end", cites)
        return cites
    attack.ended = True
    e.done += 1
    attacker = e.state.find(attack.attacker)
    e.rec.log(f"{p.label}: {attacker.alias if attacker else 'the attacker'}'s attack on "
              f"{attack.target_alias} ends", cites)
    return cites
