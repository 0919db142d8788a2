"""'Return 1 card in your hand to the bottom of the deck' (BT26-009): the effect's player chooses
that many cards of their own hand (all of it when it holds fewer) and places them at the bottom of
their deck, in the order they choose (CR 3-1-3-4). 'Reveal 1 purple card from your hand and place it
on top of your deck' (``hand_to_deck_top``): one fitting card, on top."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "hand_to_deck_bottom")
def hand_to_deck_bottom(e: Engine, p: Pending, a: Action) -> list[str]:
    """Move ``amount`` cards of the player's hand, their choice, to the bottom of their deck."""
    player = e.state.players[p.player]
    count = min(a.amount or 1, len(player.hand))
    for number in e.decide.targets(p.player, p.label, list(player.hand), count) if count else []:
        player.hand.remove(number)
        player.deck.append(number)
        e.rec.log(f"{p.label}: {number or '(blank)'} goes from {p.player}'s hand to the bottom of the deck")
        e.done += 1
    return []


@REGISTRY.register("verb", "hand_to_deck_top")
def hand_to_deck_top(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Reveal 1 purple card from your hand and place it on top of your deck' (P-077, BT7-045): one
    card of the player's hand that fits the selector, their choice, is revealed to both players
    (CR 15-15-3-8-1) and placed on top of their deck. As a cost it is paid whole or not at all
    (CR 15-7-3): with no such card in the hand, what it pays for is not done."""
    player = e.state.players[p.player]
    assert a.selector is not None, "the compiler names the card (ingest/compiler/hand_top_phrases.py)"
    fitting = [n for n in player.hand if n and e.board.card_fits(n, a.selector)]
    cites = e.cites("hand_to_deck_top")
    if not fitting:
        if is_cost(p, a):
            raise CostUnpaid
        e.rec.log(f"{p.label}: no card in {p.player}'s hand to reveal", cites)
        return cites
    (number,) = e.decide.targets(p.player, p.label, fitting, 1)
    player.hand.remove(number)
    player.deck.insert(0, number)
    e.done += 1
    e.rec.log(f"{p.label}: reveals {number} from {p.player}'s hand and places it on top of the deck", cites)
    return cites
