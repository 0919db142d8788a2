"""Effects a Digimon has because another effect gave them ('gains "[On Deletion] …"', CR 15-13).

A gained effect is the Digimon's own while the grant lasts (CR 15-15-2-2): it triggers, is
re-checked on activation (CR 15-4-4) and activates like a printed one, for the Digimon's player.
It is labelled ``SOURCE/CARD/TAG`` with SOURCE the Digimon that has it, CARD the card whose text
gave it and TAG the granted effect's own (``OnDeletion``; ``#2`` when the Digimon already has that
card and tag). Grants come from lasting effects (``kg.solver.handlers.gained_effects`` stamps each with the
giving card and a serial number, so two grants of one card are two effects, QA Q971) and from
persistent effects (one per holder and effect: two Tamers give two, QA Q1370).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ingest.effect_ir import Action, EffectRecord
from kg.solver.effect_spec import EffectSpec, spec_of
from kg.solver.state import Stack, State

if TYPE_CHECKING:
    from kg.solver.board import Board, Modifier

#: Verbs that give a Digimon a quoted effect.
GRANTS = frozenset({"gain_effect"})


def own_statics(record: EffectRecord, verbs: frozenset[str] | set[str]) -> list[Action] | None:
    """The changes a gained persistent effect makes to its own Digimon ('gains "This Digimon can't have
    its DP reduced …"', BT3-105; "This Digimon doesn't activate the [Security] effects of any Option
    cards it checks", BT3-097): each action a continuous change (``verbs``) of 'this Digimon', with no
    trigger, timing or condition. While the grant lasts, they reach that Digimon as the grant does
    (CR 15-13-1, 15-8-2); None if the effect is not only such changes."""
    c = record.compiled
    if c.trigger is not None or record.timings or c.conditions or c.costs or not c.actions:
        return None
    if not c.trigger_compiled or not c.actions_compiled:
        return None
    if any(a.verb not in verbs or a.selector is None or not a.selector.this for a in c.actions):
        return None
    return list(c.actions)


def _granted_records(board: Board, state: State, stack: Stack,
                     mods: Sequence[Modifier]) -> list[tuple[str, EffectRecord]]:
    """(key, record with its giving card) of every grant reaching the stack now."""
    found = []
    for mod in mods:  # lasting grants reaching the stack (Board.modifiers)
        record = mod.action.granted
        if mod.action.verb in GRANTS and record is not None:
            found.append((f"grant/{record.card}/{record.index}", record))
    for holder, spec in board.persistent(state):  # persistent grants (CR 15-8-2)
        actions = spec.record.compiled.actions if spec.record else []
        for n, action in enumerate(actions):
            sel, record = action.selector, action.granted
            if action.verb not in GRANTS or record is None or sel is None or sel.zone != "battle_area":
                continue
            if board.matches(state, stack, sel, holder.owner, holder.uid, base=True):
                key = f"grant/{holder.uid}/{spec.key}/{n}"
                found.append((key, record.model_copy(update={"card": spec.card})))
    return found


def granted_effects(board: Board, state: State, stack: Stack, mods: Sequence[Modifier],
                    live: Sequence[tuple[EffectSpec, int]]) -> list[tuple[EffectSpec, int]]:
    """The effects the stack has now by grants, live this turn (CR 15-16-8), after ``live``."""
    taken = {(s.card, s.tag) for s, _ in live}
    out = []
    for key, record in _granted_records(board, state, stack, mods):
        spec = board.granted_specs.get(key)
        if spec is None:  # one spec per grant, not one per look at the board
            spec = board.granted_specs[key] = spec_of(board.index, record)
        tag, n = spec.tag, 1
        while (spec.card, tag) in taken:
            n += 1
            tag = f"{spec.tag}#{n}"
        taken.add((spec.card, tag))
        spec = replace(spec, key=key, tag=tag, cites=(*spec.cites, *board.index.situation("gained_effect")))
        if board.live_in(spec, stack.owner, state):
            out.append((spec, len(stack.cards)))
    return out
