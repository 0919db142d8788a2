"""Processing conditions on how the triggering event came about and on the attack under way
(CR 15-6), compiled by ``ingest/compiler/cause_phrases.py``: 'if played or digivolved by an effect',
'if this card was played by [X]'s effect', 'if the attacking Digimon is [Beelzemon]'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Condition
from kg.solver.board import card_matches
from kg.solver.handlers.effect_results import DELETED_DPS, KINDS, TRASHED_CARDS
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


@REGISTRY.register("condition", "effect_trashed_fitting")
def _effect_trashed_fitting(e: Engine, p: Pending, c: Condition) -> bool:
    """'If this effect trashed a card with the [Three Musketeers] or [TS] trait' (P-212): a card the
    effect's trashing actions so far put in the trash fits. When none of its actions trashes, what it
    trashed is its cost's card ('By trashing 1 card in your hand, delete …. If this effect trashed a card
    with the [Seven Great Demon Lords] trait', EX5-069: the card trashed from the hand, QA Q3674)."""
    done = TRASHED_CARDS.get(e, {}).get(id(p), [])
    record = p.spec.record
    actions = record.compiled.actions if record and record.compiled else []
    trashing = any(a.verb in KINDS["effect_trashed"] for a in actions)
    cards = [n for paid, numbers in done if paid != trashing for n in numbers]
    return c.selector is not None and any(card_matches(e.board.card(n), c.selector) for n in cards)


@REGISTRY.register("condition", "effect_deleted_dp_at_least")
def _effect_deleted_dp_at_least(e: Engine, p: Pending, c: Condition) -> bool:
    """'If a Digimon with 13000 DP or more is deleted by this effect' (EX4-065): one Digimon the
    effect's deletion deleted had that much DP when it was deleted."""
    return any(dp >= (c.amount or 0) for dp in DELETED_DPS.get(e, {}).get(id(p), []))
