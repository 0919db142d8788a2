"""Conditions of persistent effects ('while …', CR 15-8-2-2/3), by the compiler's
``Condition.kind``: tested whenever the board is derived, for the effect's own stack.

A 'while' condition about the state ('while you have 3 or fewer security cards', 'while this
Digimon is suspended') is the processing condition of the same kind, asked for the holder's
owner; selectors are matched on printed values so that deriving the board never recurses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ingest.effect_ir import Condition, Selector
from kg.solver.board import reads_dp
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack, State

if TYPE_CHECKING:
    from kg.solver.board import Board


def _attacking_digimon(board: Board, state: State, holder: Stack, c: Condition) -> bool:
    """'While this Digimon is attacking one of your opponent's Digimon': not a Security Digimon
    (seed-piercing-2; Security Digimon are not Digimon, CR 13-1-7)."""
    a = state.attack
    return a is not None and a.attacker == holder.uid and a.target is not None and not a.security_battle


def _attacking(board: Board, state: State, holder: Stack, c: Condition) -> bool:
    return state.attack is not None and state.attack.attacker == holder.uid


def _either(board: Board, state: State, holder: Stack, c: Condition) -> bool:
    """'While X or Y' (CR 15-8-2-2): one of the joined conditions holds."""
    return any(board.holds(state, holder, sub) for sub in c.either)


REGISTRY.bind("while", "either", _either)
REGISTRY.bind("while", "attacking_digimon", _attacking_digimon)
REGISTRY.bind("while", "attacking", _attacking)
REGISTRY.bind("while", "your_turn", lambda board, state, holder, c: state.turn_player == holder.owner)
REGISTRY.bind("while", "opponents_turn", lambda board, state, holder, c: state.turn_player != holder.owner)


@dataclass
class _PrintedBoard:
    """The board as a processing condition sees it, matching on printed values, but DP as its changes
    make it (``Board.settled_dp``: 'while your opponent has a Digimon with 13000 DP or more', QA Q5013)."""

    board: Board

    def matches(self, state: State, stack: Stack, sel: Selector, owner: str, this_uid: int | None,
                *, base: bool = False) -> bool:
        if not reads_dp(sel):
            return self.board.matches(state, stack, sel, owner, this_uid, base=True)
        rest = sel.model_copy(update={"max_dp": None, "min_dp": None})  # whose, what: before its DP
        if not self.board.matches(state, stack, rest, owner, this_uid, base=True):
            return False
        dp = self.board.settled_dp(state, stack)
        return self.board.matches(state, stack, sel, owner, this_uid, base=True, dp=dp)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.board, name)  # everything else as the board has it (card_fits ...)


@dataclass
class _View:
    state: State
    board: Any


@dataclass
class _Holder:
    uid: int


@dataclass
class _Asking:
    player: str
    holder: _Holder


def _as_while(kind: str) -> None:
    def test(board: Board, state: State, holder: Stack, c: Condition) -> bool:
        processing = REGISTRY.handler("condition", kind)
        assert processing is not None
        return processing(_View(state, _PrintedBoard(board)), _Asking(holder.owner, _Holder(holder.uid)), c)
    test.__doc__ = f"'while' form of the processing condition {kind!r}."
    test.__qualname__ = f"while_{kind}"
    REGISTRY.bind("while", kind, test)


#: Processing conditions about the state that also read as 'while …' (not those about the event).
STATE_CONDITIONS = (
    "security_at_most", "security_at_least", "hand_at_most", "hand_at_least", "trash_at_least",
    "opponent_hand_at_most", "opponent_hand_at_least", "opponent_trash_at_most",
    "opponent_trash_at_least", "opponent_security_at_most", "opponent_security_at_least",
    "total_security_at_most", "memory_at_most", "memory_at_least", "opponent_memory_at_least",
    "this_suspended", "this_sources_at_least", "has_card", "has_at_most", "this_matches", "sources_include",
    "this_colors_at_least", "this_same_level_at_least", "security_fewer_than_opponent",
    "either_trash_at_least", "security_at_most_opponents", "hand_fewer_than_opponent",
    "during_attack", "tamers_colors_at_least", "security_more_than_opponent", "opponent_memory_at_most",
    "more_than_opponent", "fewer_than_opponent", "breeding_matches",  # board_conditions.py
    "more_sources_than_this", "as_many_sources_as_this", "digimon_sources_include",
    "sources_colors_at_least", "different_names_at_least", "digimon_sources_at_least",
)
for _kind in STATE_CONDITIONS:
    _as_while(_kind)
