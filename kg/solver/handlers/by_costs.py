"""Costs read in session 18 ('By trashing the top security card of 1 player with the most security
cards, …'). A cost that cannot be paid in full is not paid, and what it pays for does not happen
(CR 15-7-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import trashed_from_security
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.registry import REGISTRY
from kg.solver.state import opponent

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "trash_security_of_most")
def _trash_security_of_most(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By trashing the top security card of 1 player with the most security cards': the player with
    more security cards trashes the top one (CR 4-16-1: trashed, not checked). With as many each, the
    effect's player chooses whose (QA Q6312, Q6167; ``decisions.targets``: "A" or "B", by default
    their own). Neither with a security card: not payable (CR 15-7-3)."""
    players = (p.player, opponent(p.player))
    most = max(len(e.state.players[x].security) for x in players)
    if most == 0:
        if is_cost(p, a):
            raise CostUnpaid
        return []
    tied = [x for x in players if len(e.state.players[x].security) == most]
    (owner,) = e.decide.targets(p.player, p.label, tied, 1) if len(tied) > 1 else tied
    pile = e.state.players[owner]
    card = pile.security.pop(0) or "(blank)"
    pile.trash.append(card)
    e.done += 1
    cites = ["CR 4-16-1", "CR 15-7-3", "Q6312", "Q6167"]
    e.rec.log(f"{p.label}: {owner}, with the most security cards ({most}), trashes the top one ({card})",
              cites)
    trashed_from_security(e, {owner: [card]}, p.player)
    return cites
