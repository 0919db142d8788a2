"""Cards placed on top of a security stack.

A Digimon's top card placed on top of its owner's security stack ('Place this Digimon's top stacked
card as the top security card', BT20-084; 'By placing the top card of 1 of your level 4 or higher
Digimon with [Pulsemon] in its text on top of your security stack, …', BT17-098; '… to prevent that
deletion', BT9-044): the verb ``top_card_to_security``.

Only a Digimon with cards under it has a top card to place: one card alone is not 'stacked' (QA Q5695,
Q2892; Q1840: as a cost it is then not paid, CR 15-7-3). The top card goes face down on top of the
security stack (CR 3-1-3-5); the cards under it stay in the battle area, the next one now the top card
(Q2893: a Tamer card there remains in play as a Tamer).

'Then, place this card face up as the top security card' (ST20-15; ``place_self_face_up_top_security``):
the card the effect is on goes face up, as the text says (CR 3-7-4), on top of its owner's security
stack, with no security card left to add first too (QA Q4697).

'Place all level 3 Digimon face down on top of their owners' security stacks in any order' (RB1-019;
``place_security_top_in_order``): each leaves the battle area as 'place … on top of … security stack'
places it (kg/solver/handlers/place_under.py), one after another in the order the player who activated
the effect chooses (QA Q4095; ``decisions.targets``, else board order): the last placed is on top.

'They place 1 card from their hand as the bottom security card' (BT21-024;
``opponent_places_security_bottom``): the opponent does it (CR 15-10-1-2-1) and chooses which of their
hidden cards (``decisions.targets`` for the effect's label with the opponent as SOURCE, as
kg/solver/handlers/opponent_choices.py asks); with an empty hand, nothing (CR 15-10-2-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import owner_of, zone_cards
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.handlers.place_under import to_security
from kg.solver.handlers.verbs import affected_only, legal_targets, targets
from kg.solver.registry import REGISTRY
from kg.solver.security_events import added_to_security, put_in_security
from kg.solver.state import is_face_up
from kg.solver.support import zone_icon_gaps

if TYPE_CHECKING:
    from kg.solver.engine import Engine

#: The rule sections and rulings the move follows (cited in the run's log).
CITES = ["CR 3-1-3-5", "Q5695", "Q2893"]


@REGISTRY.register("verb", "top_card_to_security")
def _top_card_to_security(e: Engine, p: Pending, a: Action) -> list[str]:
    """The top card of the selector's Digimon (one with digivolution cards; the player's choice when
    several fit) goes face down on top of its owner's security stack; the stack stays in play."""
    sel = a.selector
    assert sel is not None, "the compiler always names the Digimon"
    stacked = [s for s in legal_targets(e, p, sel) if s.sources]  # a lone card is not stacked (Q5695)
    if stacked and not sel.this:
        chosen = e.decide.targets(p.player, p.label, [s.alias for s in stacked], 1)
        stacked = [s for s in stacked if s.alias in chosen]
    stacked = affected_only(e, p, a, stacked[:1])
    if not stacked:
        if is_cost(p, a):
            raise CostUnpaid  # CR 15-7-3 (Q1840)
        e.rec.log(f"{p.label}: no Digimon with cards under it whose top card to place", CITES)
        return CITES
    stack = stacked[0]
    e.chosen[id(p)] = (stack.uid,)
    number = stack.cards.pop()
    put_in_security(e, stack.owner, number, top=True)
    e.rec.log(f"{p.label}: {number}, the top card of {stack.alias}, is placed face down on top of "
              f"{stack.owner}'s security stack; {stack.top} is now its top card", CITES)
    new = e.board.card(stack.top)
    if new.kind not in ("Digimon", "Tamer") or (new.kind == "Digimon" and new.dp is None):
        e.rec.unsupported_part(p.label, "rule", f"{stack.alias}'s top card {stack.top} has no DP",
                               "trashing a card without DP in the battle area (CR 17-1-3-2-1) is not "
                               "carried out")
    added_to_security(e, stack.owner, [number], p.player)
    return CITES


@REGISTRY.register("verb", "place_self_face_up_top_security")
def _place_self_face_up_top(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Place this card face up as the top security card' (CR 3-7-4, 3-1-3-5): the card the effect is
    on, from wherever it is now; its {Security} effects that the engine cannot carry out from there are
    reported."""
    cites = to_security(e, p, a, top=True, face_up=True)
    security = e.state.players[p.player].security
    if security and is_face_up(security[0]) and security[0] == p.holder.cards[-1]:
        for spec in e.board.specs(security[0]):  # its other {Security} effects (CR 15-14-5-1)
            e.report_gaps(f"{p.player}-security-{security[0]}/{spec.tag}", zone_icon_gaps(e.index, spec))
    return [*cites, "CR 3-7-4"]


@REGISTRY.register("verb", "place_security_top_in_order")
def _place_all_in_order(e: Engine, p: Pending, a: Action) -> list[str]:
    """All the selector's Digimon, each on top of its owner's security stack, in the player's order."""
    stacks = targets(e, p, a)
    aliases = [s.alias for s in stacks]
    named = e.decide.targets(p.player, p.label, aliases, len(stacks)) if len(stacks) > 1 else []
    ordered = [*(s for n in named for s in stacks if s.alias == n),
               *(s for s in stacks if s.alias not in named)]
    e.chosen[id(p)] = tuple(s.uid for s in ordered)
    order = ", ".join(s.alias for s in ordered) or "none"
    e.rec.log(f"{p.label}: {p.player} places them in this order: {order}", ["Q4095"])
    return [*to_security(e, p, a.model_copy(update={"same_targets": True}), top=True), "Q4095"]


@REGISTRY.register("verb", "opponent_places_security_bottom")
def _opponent_places_bottom(e: Engine, p: Pending, a: Action) -> list[str]:
    """The selector's owner places the fitting card of their hand they choose face down at the bottom of
    their security stack (CR 3-1-3-5)."""
    sel = a.selector
    assert sel is not None and sel.zone == "hand", "the compiler names their hand"
    chooser = owner_of(p, sel)
    key = "/".join([chooser, *p.label.split("/")[1:]])
    pool = zone_cards(e, p, sel)
    fitting = [n for n in pool if n and e.board.card_fits(n, sel)]
    cites = ["CR 15-10-1-2-1", "CR 3-1-3-5"]
    chosen = e.decide.targets(chooser, key, fitting, min(sel.count or 1, len(fitting)))
    for number in chosen:
        pool.remove(number)
        put_in_security(e, chooser, number, top=False)
        e.rec.log(f"{p.label}: {chooser} places {number} from their hand face down as their bottom security "
                  "card", cites)
    if not chosen:
        e.rec.log(f"{p.label}: {chooser} has no card in the hand to place in the security stack", cites)
    added_to_security(e, chooser, chosen, p.player)
    return cites
