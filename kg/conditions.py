"""Trigger conditions (by their dcg:roleOf code) and processing conditions (by the compiler's kind).

Which trigger conditions are checked again on activation is data: ``dcg:recheckedOnActivation``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Condition
from kg.state import Stack
from kg.state import opponent as rival

if TYPE_CHECKING:
    from kg.engine import Engine, Event, Pending, Snapshot


def _has_security(e: Engine, h: Snapshot, _ev: Event) -> bool:
    return bool(e.state.players[h.owner].security)


def _stack_flag(test: Callable[[Stack], bool]) -> Callable[[Engine, Snapshot, Event], bool]:
    def check(e: Engine, h: Snapshot, _ev: Event) -> bool:
        stack = e.state.find(h.uid)
        return stack is not None and test(stack)
    return check


#: Trigger conditions by their dcg:roleOf code (ontology/timings.ttl, keywords.ttl).
CONDITIONS: dict[str, Callable[[Engine, Snapshot, Event], bool]] = {
    "this_survives": _stack_flag(lambda s: True),
    "this_unsuspended": _stack_flag(lambda s: not s.suspended),
    "this_has_sources": _stack_flag(lambda s: bool(s.sources)),
    "owner_has_security": _has_security,
    "other_not_deleted": lambda e, h, ev: not ev.other_deleted,                      # CR 16-13
    "this_attacking": lambda e, h, ev: e.state.attack is not None and e.state.attack.attacker == h.uid,
    "other_opponents": lambda e, h, ev: ev.obj is not None and ev.obj.owner != h.owner,
    "other_own": lambda e, h, ev: ev.obj is not None and ev.obj.owner == h.owner,
    "subject_opponents": lambda e, h, ev: ev.subject is not None and ev.subject.owner != h.owner,
    "subject_own": lambda e, h, ev: ev.subject is not None and ev.subject.owner == h.owner,
    "subject_other": lambda e, h, ev: ev.subject is not None and ev.subject.uid != h.uid,
    # CR 16-7-2, 13-1-7: Security Digimon are not Digimon for effects
    "other_is_digimon": lambda e, h, ev: ev.obj is not None and ev.obj.is_digimon,
    "subject_is_digimon": lambda e, h, ev: ev.subject is not None and ev.subject.is_digimon,
    "by_opponents_effect": lambda e, h, ev: ev.cause == "effect" and ev.by not in (None, h.owner),
    "in_battle": lambda e, h, ev: ev.cause == "battle",
    # CR 16-27: the deleted Digimon as it was (a snapshot), not as it is now
    "subject_had_sources": lambda e, h, ev: ev.subject is not None and len(ev.subject.cards) > 1,
}
# ---------------------------------------------------------------- processing conditions (CR 15-6)

Test = Callable[["Engine", "Pending", Condition], bool]


def _count(zone: str, *, opponent: bool = False, at_most: bool = False) -> Test:
    """'you have N or more cards in your hand', 'your opponent has N or fewer cards in their trash'."""
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        who = rival(p.player) if opponent else p.player
        have = len(getattr(e.state.players[who], zone))
        return have <= (c.amount or 0) if at_most else have >= (c.amount or 0)
    return check


def _memory(at_most: bool) -> Test:
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        have = e.state.memory_of(p.player)
        return have <= (c.amount or 0) if at_most else have >= (c.amount or 0)
    return check


def _holder(e: Engine, p: Pending) -> Stack | None:
    return e.state.find(p.holder.uid)


def _has_cards(at_most: bool) -> Test:
    """'if you have a Tamer', 'if your opponent has 2 or more Digimon with 6000 DP or less'."""
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        if c.selector is None:
            return False
        found = sum(1 for s in e.state.board()
                    if e.board.matches(e.state, s, c.selector, p.player, p.holder.uid))
        return found <= (c.amount or 0) if at_most else found >= (c.amount or 1)
    return check


def _this_matches(e: Engine, p: Pending, c: Condition) -> bool:
    stack = _holder(e, p)
    return stack is not None and c.selector is not None and e.board.matches(
        e.state, stack, c.selector.model_copy(update={"owner": "any"}), p.player, p.holder.uid)


#: Processing conditions ("if ...") by the compiler's kind, checked on activation (CR 15-6).
PROCESSING: dict[str, Test] = {
    "security_at_most": _count("security", at_most=True),
    "security_at_least": _count("security"),
    "hand_at_most": _count("hand", at_most=True),
    "hand_at_least": _count("hand"),
    "trash_at_least": _count("trash"),
    "opponent_hand_at_most": _count("hand", opponent=True, at_most=True),
    "opponent_hand_at_least": _count("hand", opponent=True),
    "opponent_trash_at_most": _count("trash", opponent=True, at_most=True),
    "opponent_trash_at_least": _count("trash", opponent=True),
    "total_security_at_most": lambda e, p, c: sum(
        len(pl.security) for pl in e.state.players.values()) <= (c.amount or 0),
    "memory_at_most": _memory(at_most=True),
    "memory_at_least": _memory(at_most=False),
    "your_turn": lambda e, p, c: e.state.turn_player == p.player,
    "this_suspended": lambda e, p, c: (s := _holder(e, p)) is not None and s.suspended,
    "this_sources_at_least": lambda e, p, c: (s := _holder(e, p)) is not None
    and len(s.sources) >= (c.amount or 0),
    "has_card": _has_cards(at_most=False),
    "has_at_most": _has_cards(at_most=True),
    "this_matches": _this_matches,
    "deleted_in_battle": lambda e, p, c: p.event.cause == "battle",
}
