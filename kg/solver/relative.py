"""Selector filters that compare a card in play with another value: the effect's own card ('with a
play cost less than or equal to this Digimon's'), a count ('with a level as high or lower than the
number of cards in your security stack') or the Digimon an earlier part of the effect chose ('with
DP less than or equal to the chosen Digimon', resolved before the choice by
``kg.solver.handlers.selector_values.resolve``); and 'with N or fewer digivolution cards', 'without
[X Antibody] in its traits'.

``Board.matches`` asks ``fits``; a comparison whose reference is not there (this card has left
play, the chosen Digimon was never resolved) matches nothing: no card is picked on a guess.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Selector
from kg.solver.state import Stack, State, opponent

if TYPE_CHECKING:
    from kg.solver.board import Board


def value(board: Board, state: State, stack: Stack, stat: str, base: bool = False) -> int | None:
    """A stack's DP (current, or printed with ``base``), level, play cost or number of digivolution
    cards; None when its card has no such value (a Tamer's level)."""
    info = board.card(stack.top)
    if stat == "dp":
        return (info.dp or 0) if base else board.dp(state, stack)
    if stat == "level":
        return info.level
    if stat == "cost":
        return info.play_cost
    return len(stack.sources)


def at_bound(op: str | None, found: int, bound: int) -> bool:
    """Whether ``found`` is at most (or at least) ``bound``."""
    return found <= bound if op == "at_most" else found >= bound


def _reference(board: Board, state: State, sel: Selector, owner: str, this_uid: int | None,
               base: bool) -> int | None:
    """The value the selector's comparison is made with, or None when it is not there."""
    to = sel.compare_to or ""
    if to == "this":
        this = state.find(this_uid) if this_uid is not None else None
        return value(board, state, this, sel.compare or "", base) if this is not None else None
    if to.startswith("count:"):  # 'the number of cards in your hand': counted now
        _, zone, whose = to.split(":")
        player = owner if whose == "self" else opponent(owner)
        return len(getattr(state.players[player], zone))
    return None  # 'chosen' is resolved into a bound before the choice (handlers.selector_values)


def fits(board: Board, state: State, stack: Stack, sel: Selector, owner: str, this_uid: int | None,
         base: bool) -> bool:
    """Whether ``stack`` meets the selector's digivolution-card bound and its comparison."""
    if sel.max_sources is not None and len(stack.sources) > sel.max_sources:
        return False
    if sel.min_sources is not None and len(stack.sources) < sel.min_sources:  # CR 4-26-1: N or more
        return False
    if sel.not_trait and {t.lower() for t in board.card(stack.top).traits} & {
            t.strip().lower() for t in sel.not_trait.split("/")}:
        return False
    if sel.compare is None:
        return True
    bound = _reference(board, state, sel, owner, this_uid, base)
    found = value(board, state, stack, sel.compare, base)
    return bound is not None and found is not None and at_bound(sel.compare_op, found, bound)
