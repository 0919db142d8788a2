"""Trigger conditions, by the dcg:roleOf code of their dcg:TriggerCondition (ontology/timings.ttl,
keywords.ttl): checked when the event happens (CR 15-5); those with dcg:recheckedOnActivation
are checked again when the effect activates (CR 15-4-4-5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kg.solver.registry import REGISTRY
from kg.solver.state import Stack, is_face_down, is_face_up

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Event, Snapshot

TriggerTest = Callable[["Engine", "Snapshot", "Event"], bool]


def _on_field(test: Callable[[Stack], bool]) -> TriggerTest:
    """A test of the effect's own stack as it is now; False once it has left."""
    def check(e: Engine, h: Snapshot, _ev: Event) -> bool:
        stack = e.state.find(h.uid)
        return stack is not None and test(stack)
    return check


def _bind(code: str, test: TriggerTest) -> None:
    REGISTRY.bind("trigger_condition", code, test)


_bind("this_survives", _on_field(lambda s: True))
_bind("this_unsuspended", _on_field(lambda s: not s.suspended))
_bind("this_has_sources", _on_field(lambda s: bool(s.sources)))
_bind("owner_has_security", lambda e, h, ev: bool(e.state.players[h.owner].security))
_bind("other_not_deleted", lambda e, h, ev: not ev.other_deleted)                       # CR 16-13
_bind("this_attacking", lambda e, h, ev: e.state.attack is not None and e.state.attack.attacker == h.uid)
_bind("other_opponents", lambda e, h, ev: ev.obj is not None and ev.obj.owner != h.owner)
_bind("other_own", lambda e, h, ev: ev.obj is not None and ev.obj.owner == h.owner)
_bind("subject_opponents", lambda e, h, ev: ev.subject is not None and ev.subject.owner != h.owner)
_bind("subject_own", lambda e, h, ev: ev.subject is not None and ev.subject.owner == h.owner)
_bind("subject_other", lambda e, h, ev: ev.subject is not None and ev.subject.uid != h.uid)
# CR 16-7-2, 13-1-7: Security Digimon are not Digimon for effects
_bind("other_is_digimon", lambda e, h, ev: ev.obj is not None and ev.obj.is_digimon)
_bind("subject_is_digimon", lambda e, h, ev: ev.subject is not None and ev.subject.is_digimon)
# CR 11-2: an attack declared on the player has no card as its other party
_bind("other_is_player", lambda e, h, ev: ev.obj is None)
_bind("by_opponents_effect", lambda e, h, ev: ev.cause == "effect" and ev.by not in (None, h.owner))
_bind("not_by_own_effect", lambda e, h, ev: not (ev.cause == "effect" and ev.by == h.owner))
_bind("by_effect", lambda e, h, ev: ev.cause == "effect")
_bind("by_own_effect", lambda e, h, ev: ev.cause == "effect" and ev.by == h.owner)
# CR 17-1-3-1-1: the only deletion by a rule check is at 0 DP
_bind("by_zero_dp", lambda e, h, ev: ev.cause == "rule")
# CR 6-5: attacks and effects during the main phase happen in it
_bind("in_main_phase", lambda e, h, ev: e.state.phase == "main")
_bind("in_your_main_phase", lambda e, h, ev: e.state.phase == "main" and e.state.turn_player == h.owner)
# CR 6-2: 'when this Digimon becomes unsuspended during your unsuspend phase': the owner's turn, in that phase
_bind("in_your_unsuspend_phase",
      lambda e, h, ev: e.state.phase == "unsuspend" and e.state.turn_player == h.owner)
_bind("in_battle", lambda e, h, ev: ev.cause == "battle")
_bind("not_in_battle", lambda e, h, ev: ev.cause != "battle")
# CR 15-8-5: leaving by a deletion (moves.would_be_deleted) or a return to the hand or deck (returns.py)
_bind("by_deletion_or_return",
      lambda e, h, ev: ev.name == "WouldBeDeleted" or ev.how in ("deletion", "return"))
# CR 16-27: the deleted Digimon as it was (a snapshot), not as it is now
_bind("subject_had_sources", lambda e, h, ev: ev.subject is not None and len(ev.subject.cards) > 1)
# CR 16-14-1: the digivolution cards <Digi-Burst> trashes as its cost
_bind("by_digi_burst", lambda e, h, ev: ev.how == "digi_burst")
# CR 16-24-1: the Digimon <Alliance> suspends
_bind("by_alliance", lambda e, h, ev: ev.how == "alliance")
# CR 3-7-4: a security card placed face up keeps the mark until it leaves the stack (state.FaceUp); the
# checked card's snapshot is taken as it is revealed (CR 13-1-8-1-1)
_bind("subject_face_up", lambda e, h, ev: ev.subject is not None and bool(ev.subject.cards)
      and is_face_up(ev.subject.cards[-1]))
# CR 4-7-9: a card placed face down under a Digimon (state.FaceDown); the placed card's snapshot keeps it
_bind("subject_face_down", lambda e, h, ev: ev.subject is not None and bool(ev.subject.cards)
      and is_face_down(ev.subject.cards[-1]))
