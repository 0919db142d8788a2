"""Processing conditions on how the triggering event came about and on the attack under way
(CR 15-6), compiled by ``ingest/compiler/cause_phrases.py``: 'if played or digivolved by an effect',
'if this card was played by [X]'s effect', 'if the attacking Digimon is [Beelzemon]'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Condition
from kg.solver.board import card_matches
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Pending


@REGISTRY.register("condition", "played_or_digivolved_by_effect")
def _played_or_digivolved_by_effect(e: Engine, p: Pending, c: Condition) -> bool:
    """'Then, if played or digivolved by effects' (AD1-024, QA Q6115): the play or digivolution that
    triggered the effect was done by an effect, not by the player playing or digivolving the card
    from the hand (CR 7-1, 8-1). An effect triggered by something else (an attack) has no such play."""
    return any(ev.name in ("CardPlayed", "Digivolved") and ev.cause == "effect" for ev in (p.event, *p.also))


@REGISTRY.register("condition", "played_by_effect_of")
def _played_by_effect_of(e: Engine, p: Pending, c: Condition) -> bool:
    """'[On Play] If this card was played by [Trial of the Four Great Dragons]'s effect': the card
    whose effect played it (Event.source, CR 15-2-1) has that name."""
    ev = p.event
    if ev.name != "CardPlayed" or ev.cause != "effect" or ev.source is None or c.selector is None:
        return False
    return card_matches(e.board.card(ev.source.cards[-1]), c.selector)


@REGISTRY.register("condition", "attacker_matches")
def _attacker_matches(e: Engine, p: Pending, c: Condition) -> bool:
    """'Then, if the attacking Digimon is [Beelzemon]' (EX2-065): the Digimon attacking now, as it is
    now (QA Q3352: it may have digivolved into [Beelzemon] during the attack); no attack, no match."""
    attack = e.state.attack
    stack = e.state.find(attack.attacker) if attack is not None else None
    return stack is not None and c.selector is not None and e.board.matches(
        e.state, stack, c.selector, p.player, p.holder.uid)
