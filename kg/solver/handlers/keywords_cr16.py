"""Keyword effects of CR 16 beyond the first primitives (``primitives.py``): the rules each
carries out, by the dcg:roleOf code of its dcg:Primitive (ontology/keywords.ttl), each citing
its section.

A keyword printed with a parameter (<Decoy (Black)>, <Overclock ([Puppet] trait)>,
<Fragment (3)>) has its specified cards as the ``selector`` of its compiled action, and a number
as its ``keyword_value`` (CR 16-3; ``ingest.compiler.keywords``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Selector
from kg.solver.effect_spec import EffectSpec
from kg.solver.events import Pending

if TYPE_CHECKING:
    pass


def keyword_action(spec: EffectSpec) -> Action | None:
    """The compiled action of a keyword effect (``verb: keyword``), which holds its parameter."""
    record = spec.record
    if record is None or spec.keyword is None:
        return None
    return next((a for a in record.compiled.actions
                 if a.verb == "keyword" and a.keyword == spec.keyword), None)


def specified(spec: EffectSpec) -> Selector | None:
    """The specified cards of a keyword effect (CR 16-3), or None when it names none."""
    action = keyword_action(spec)
    return action.selector if action is not None else None


def specified_subject(spec: EffectSpec) -> Selector | None:
    """For a keyword effect about another card (its own card plays no role in the event, as
    <Decoy>'s 'another of your specified Digimon', CR 16-18-1), the specified cards are what the
    event's subject must be; None for any other effect."""
    return specified(spec) if spec.this_role == "any" else None


def parameter_value(p: Pending) -> int:
    """The number a keyword is printed with (<Fragment (3)>: 3, <Material Save 2>: 2)."""
    action = keyword_action(p.spec)
    value = action.keyword_value if action is not None else None
    return value if value is not None else p.spec.value
