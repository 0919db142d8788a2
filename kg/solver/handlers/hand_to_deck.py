"""'Return 1 card in your hand to the bottom of the deck' (BT26-009): the effect's player chooses
that many cards of their own hand (all of it when it holds fewer) and places them at the bottom of
their deck, in the order they choose (CR 3-1-3-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
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
