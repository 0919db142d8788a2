"""The ``gain_effect`` verb: the Digimon the selector picks gain a quoted effect for the action's
duration (CR 15-13-1, 15-15-2-1). The grant is a lasting effect (``verbs.lasting``: chosen
targets, or every Digimon that meets a global selector now and later, Q967); ``kg.solver.granted``
turns it into an effect of each Digimon it reaches, for that Digimon's player (Q3865, Q5159).
It stays when the Digimon digivolves (CR 15-13-2, Q3500) and ends with its duration (CR 15-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.verbs import lasting
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "gain_effect")
def gain_effect(e: Engine, p: Pending, a: Action) -> list[str]:
    """Give the quoted effect: stamped with the card whose text gives it (the label's CARD) and a
    serial number, so that two grants of one card are two effects (two copies used: Q971)."""
    assert a.granted is not None, "a gain_effect action always carries its effect (ingest.compiler.grants)"
    stamp = {"card": p.spec.card or p.holder.cards[-1], "index": e.state.new_uid()}
    given = a.model_copy(update={"granted": a.granted.model_copy(update=stamp)})
    return lasting(e, p, given) + e.cites("gained_effect")
