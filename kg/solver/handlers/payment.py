"""Costs ('by trashing 1 card in your hand, …'): a cost that cannot be paid stops the effect
before any of its actions (CR 15-7)."""

from __future__ import annotations

from ingest.effect_ir import Action
from kg.solver.events import Pending


class CostUnpaid(Exception):
    """A cost that cannot be paid: the effect does nothing."""


class CostNotCarriedOut(Exception):
    """A cost the engine cannot carry out (already listed as unsupported): nothing it pays for is
    done on a guess (CR 15-7-3: what a cost pays for happens only when it is paid)."""


def is_cost(p: Pending, a: Action) -> bool:
    """Whether this action is one of the effect's costs ('by trashing …'), or one it pays midway ('A.
    Then, by trashing …, B': ``Action.pays``, CR 15-7-2)."""
    return a.pays or (p.spec.record is not None and any(c is a for c in p.spec.record.compiled.costs))
