"""Who may gain memory: 'Your opponent can't gain memory other than by Tamer effects' (QA BT18-009
Q2910: the player's memory no longer increases by any effect but a Tamer's; BT3-046 Q1080: losing
memory still happens). A persistent effect of a card in play, consulted whenever an effect would
move the memory gauge toward a player (CR 4-1-4), not carried out on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.events import Pending
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine

RESTRICTION = "cant_gain_memory_except_by_tamers"
REGISTRY.consulted("verb", RESTRICTION, "kg.solver.handlers.memory_rules.may_gain when memory is gained")


def _tamer_effect(e: Engine, p: Pending) -> bool:
    """An effect of a Tamer card, not a Digimon's inherited effect (CR 15-3)."""
    record = p.spec.record
    card = e.board.card(p.spec.card or p.holder.cards[-1])
    return card.kind == "Tamer" and (record is None or record.part != "inherited")


def may_gain(e: Engine, p: Pending, player: str) -> bool:
    """Whether this effect may move the memory gauge toward ``player``; logged when it may not."""
    if _tamer_effect(e, p):
        return True
    for holder, spec in e.board.persistent(e.state):
        for action in spec.record.compiled.actions:  # type: ignore[union-attr]
            sel = action.selector
            if action.verb != RESTRICTION or sel is None:
                continue
            if sel.owner == "any" or (sel.owner == "self") == (player == holder.owner):
                e.rec.log(f"{p.label}: {player} can't gain memory other than by Tamer effects "
                          f"({holder.alias}/{spec.card}/{spec.tag})", e.cites("prohibition"))
                return False
    return True
