"""Trigger conditions (by their dcg:roleOf code) and processing conditions (by the compiler's kind).

Which trigger conditions are checked again on activation is data: ``dcg:recheckedOnActivation``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kg.state import Stack

if TYPE_CHECKING:
    from kg.engine import Engine, Event, Snapshot


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
#: Processing conditions ("if ...") by the compiler's kind, checked on activation (CR 15-6).
PROCESSING: dict[str, Callable[[Engine, str, int], bool]] = {
    "security_at_most": lambda e, who, n: len(e.state.players[who].security) <= n,
    "security_at_least": lambda e, who, n: len(e.state.players[who].security) >= n,
    "memory_at_most": lambda e, who, n: e.state.memory_of(who) <= n,
    "memory_at_least": lambda e, who, n: e.state.memory_of(who) >= n,
    "hand_at_most": lambda e, who, n: len(e.state.players[who].hand) <= n,
    "hand_at_least": lambda e, who, n: len(e.state.players[who].hand) >= n,
}
