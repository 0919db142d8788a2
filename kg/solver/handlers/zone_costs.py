"""Costs read in session 19 that move a card between zones ('By returning 1 Digi-Egg card from your trash
to the bottom of the Digi-Egg deck, …', 'By placing your top security card face down under any of your
[Glowing Dawn] trait Tamers, …'). A cost that cannot be paid in full is not paid, and what it pays for
does not happen (CR 15-7-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_faces import FACE_DOWN_CITES
from kg.solver.handlers.card_moves import removed_from_security
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.handlers.verbs import legal_targets
from kg.solver.moves import place_sources
from kg.solver.registry import REGISTRY
from kg.solver.state import FaceDown

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def _unpaid(p: Pending, a: Action) -> list[str]:
    """Nothing to move: a cost is not paid (CR 15-7-3), an action does nothing."""
    if is_cost(p, a):
        raise CostUnpaid
    return []


@REGISTRY.register("verb", "egg_to_egg_deck_bottom")
def _egg_to_egg_deck_bottom(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By returning 1 Digi-Egg card from your trash to the bottom of the Digi-Egg deck' (BT16-083): that
    many Digi-Egg cards of the player's trash, chosen (``decisions.targets`` by card number, else the
    first ones), go under their Digi-Egg deck (CR 4-18: the deck hatching takes its top card from)."""
    player, need = e.state.players[p.player], a.amount or 1
    eggs = [n for n in player.trash if n and e.board.card(n).kind == "Digi-Egg"]
    if len(eggs) < need:
        return _unpaid(p, a)
    chosen = e.decide.targets(p.player, p.label, eggs, need) if len(eggs) > need else eggs
    for number in chosen:
        player.trash.remove(number)
        player.eggs.append(number)  # the Digi-Egg deck lists its top card first
    e.done += len(chosen)
    cites = ["CR 4-18", "CR 15-7-3"]
    e.rec.log(f"{p.label}: {', '.join(chosen)} from {p.player}'s trash to the bottom of the Digi-Egg deck",
              cites)
    return cites


@REGISTRY.register("verb", "security_under_face_down")
def _security_under_face_down(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By placing your top security card face down under any of your [Glowing Dawn] trait Tamers'
    (BT26-025): the player's top security card goes face down under 1 such Tamer, chosen
    (``decisions.targets`` by alias), at the bottom of the cards under it (CR 4-7-9, 4-4-2; QA Q7094);
    it has left the security stack (SecurityCardRemoved). No security card or no such Tamer: not paid."""
    security = e.state.players[p.player].security
    tamers = legal_targets(e, p, a.selector)
    if not security or not tamers:
        return _unpaid(p, a)
    aliases = [s.alias for s in tamers]
    (alias,) = e.decide.targets(p.player, p.label, aliases, 1) if len(tamers) > 1 else aliases
    onto = next(s for s in tamers if s.alias == alias)
    card = security.pop(0) or "(blank)"
    place_sources(e, onto, [FaceDown(card)])
    e.done += 1
    e.rec.log(f"{p.label}: {p.player}'s top security card ({card}) placed face down under {onto.alias}",
              FACE_DOWN_CITES)
    removed_from_security(e, p.player, [card], p.player)
    return FACE_DOWN_CITES
