"""Placing cards in a security stack by an effect: 'place 1 [X] from your trash on top of your
security stack (face down)', '… from your hand at the bottom of your security stack', '… as the
top / bottom security card'. Face down by the rules of the area unless the text says otherwise
(CR 3-1-3-5, 3-7-2); a face-up placement is not read. SecurityCardAdded happens for each card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import owner_of, zone_cards
from kg.solver.handlers.place_under import to_security
from kg.solver.registry import REGISTRY
from kg.solver.security_events import added_to_security, put_in_security

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.handlers.card_moves import Verb


def _place(top: bool) -> Verb:
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        """The chosen cards of the selector's zone go to the top (or the bottom) of the owner's security."""
        sel = a.selector
        assert sel is not None
        if sel.this or sel.zone == "battle_area":  # a Digimon from the field, or this card itself
            return to_security(e, p, a, top)
        owner = owner_of(p, sel)
        pool = zone_cards(e, p, sel)
        fitting = list(dict.fromkeys(n for n in pool if n and e.board.card_fits(n, sel)))
        chosen = e.decide.targets(p.player, p.label, fitting, sel.count or len(fitting))
        for number in chosen:
            pool.remove(number)
            put_in_security(e, owner, number, top=top)
            e.rec.log(f"{p.label}: {number} from the {sel.zone} is placed face down as the "
                      f"{'top' if top else 'bottom'} security card", e.cites("security_placed"))
        if not chosen:
            e.rec.log(f"{p.label}: no card to place in the security stack ({sel.zone})")
        added_to_security(e, owner, chosen, p.player)
        return e.cites("security_placed")
    return run


REGISTRY.bind("verb", "place_security_top", _place(top=True))
REGISTRY.bind("verb", "place_security_bottom", _place(top=False))
