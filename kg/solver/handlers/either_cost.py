"""'By deleting this Digimon or returning 1 [Shaman] or [TS] trait card from your trash to the bottom of
the deck, …' (``pay_either``, ingest/compiler/either_costs.py): the player pays one of the two costs,
whole (CR 15-7-3). A way that cannot be paid is not chosen; with both payable, the way is the
scenario's ``decisions.modes`` (1 or 2), never guessed: undecided, nothing the cost pays for is done."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_faces import tamers_with_face_down
from kg.solver.handlers.card_moves import zone_cards
from kg.solver.handlers.payment import CostNotCarriedOut, CostUnpaid
from kg.solver.handlers.place_under import field_targets
from kg.solver.handlers.verbs import payable
from kg.solver.registry import REGISTRY
from kg.solver.state import is_face_down
from kg.solver.support import Gap

if TYPE_CHECKING:
    from kg.solver.engine import Engine

_CITES = ["CR 15-7", "CR 15-7-3"]


def _costs(a: Action, n: int) -> list[Action]:
    """Way ``n``'s (from 1) cost actions, each paid as a cost (all of it, or the effect does nothing)."""
    return [c.model_copy(update={"pays": True}) for c in a.modes[n - 1].compiled.costs]


#: Costs that take cards of a zone (CR 15-7-3: that many fitting cards, or not payable).
_FROM_ZONE = frozenset({"return_cards_to_deck", "return_cards_to_deck_top", "trash_card"})


def _can_pay(e: Engine, p: Pending, cost: Action) -> bool:
    """Whether one cost of a way can be paid in full now: ``verbs.payable``, and for the costs that
    check themselves only as they are paid, enough fitting cards where they are taken from."""
    need, sel = cost.amount or 1, cost.selector
    if cost.verb in _FROM_ZONE and sel is not None:
        return sum(1 for n in zone_cards(e, p, sel) if n and e.board.card_fits(n, sel)) >= need
    if cost.verb == "place_under_face_down" and sel is not None and cost.card is not None \
            and cost.card.zone != "battle_area":  # a card of a zone, under one of the Digimon or Tamers named
        fits = sum(1 for n in zone_cards(e, p, cost.card) if n and e.board.card_fits(n, cost.card))
        return fits >= need and bool(field_targets(e, p, sel))
    if cost.verb == "security_to_hand":
        return len(e.state.players[p.player].security) >= need
    if cost.verb == "trash_bottom_face_down" and sel is not None and sel.kind == "Tamer":
        return sum(is_face_down(n) for s in tamers_with_face_down(e, p, cost) for n in s.sources) >= need
    return payable(e, p, cost)


@REGISTRY.register("verb", "pay_either")
def pay_either(e: Engine, p: Pending, a: Action) -> list[str]:
    """Pay the way chosen: the only payable one, else the file's ``decisions.modes``."""
    ways = [m.text for m in a.modes]
    open_ways = [n for n in range(1, len(ways) + 1) if all(_can_pay(e, p, c) for c in _costs(a, n))]
    if not open_ways:
        e.rec.log(f"{p.label}: neither '{ways[0]}' nor '{ways[1]}' can be paid", _CITES)
        raise CostUnpaid
    if len(open_ways) == 1:
        (chosen,) = open_ways
        e.rec.log(f"{p.label}: pays by {ways[chosen - 1]}, the only way it can be paid", _CITES)
    else:
        decided = e.decide.modes(p.player, p.label, ways, 1)
        if decided is None:
            why = (f"the player pays by {' or by '.join(ways)}; the scenario does not say which "
                   "(decisions.modes: 1 or 2)")
            e.report_gaps(p.label, [Gap("cost", "decision:modes", a.span or a.verb, why)])
            raise CostNotCarriedOut
        chosen = decided[0]
        e.rec.log(f"{p.label}: chooses to pay by {ways[chosen - 1]}", _CITES)
    cites = list(_CITES)
    for cost in _costs(a, chosen):
        if not payable(e, p, cost):
            raise CostUnpaid
        handler = REGISTRY.handler("verb", cost.verb)
        assert handler is not None, "checked by kg.solver.support before running"
        cites += handler(e, p, cost)
    return cites
