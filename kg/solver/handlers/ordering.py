"""How pending effects are ordered: the sort keys ordering rules name with dcg:ordersBy
(ontology/ordering.ttl), and the rules that are not sort keys, bound to what carries them out.

A rule with ``dcg:prefers V`` puts the pending effects whose key equals V first; a rule
without it puts the highest key first (CR 15-4, 15-8-5, 15-16-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.events import Pending
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def _key(code: str, doc: str):  # noqa: ANN202
    def bind(run):  # noqa: ANN001, ANN202
        run.__doc__ = doc
        REGISTRY.bind("ordering_key", code, run)
        return run
    return bind


@_key("kind", "How the effect came to be pending: trigger, immediate, security, pending, activation.")
def _kind(e: Engine, p: Pending) -> str:
    return p.kind


@_key("security", "Whether it is a [Security] effect (CR 15-16-10).")
def _security(e: Engine, p: Pending) -> bool:
    return p.spec.security


@_key("batch", "The number of its batch: a newer batch is higher (CR 15-4-5).")
def _batch(e: Engine, p: Pending) -> int:
    return p.batch


@_key("turn_player", "Whether the turn player owns it (CR 15-4-3-5).")
def _turn_player(e: Engine, p: Pending) -> bool:
    return p.player == e.state.turn_player


@_key("owner", "The player who owns it, A or B.")
def _owner(e: Engine, p: Pending) -> str:
    return p.player


for _code, _where in (
        ("player_choice", "Engine.choose asking the decider once the sort keys leave several (CR 15-4-3-4)"),
        ("pending_at_point", "Engine.process_point, at the pending processing's point (CR 16-7-4, 18-1)"),
        ("rule_check", "Engine.resolve, which runs Engine.rule_check before each activation (CR 17-1)"),
        ("trigger_once", "Engine.collect, once per simultaneous events (CR 15-5-2)"),
        ("fizzle_check", "Engine.fizzle_reason, when a pending effect activates (CR 15-4-4)")):
    REGISTRY.consulted("ordering", _code, _where)
