"""Returning Digimon from the battle area to the hand or the bottom of the deck by an effect: the
effects answering 'would leave the battle area' activate first and may keep it there (CR 15-8-5,
``keywords_cr16.would_leave``); a returned Digimon's digivolution cards are trashed (CR 4-7-8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import added_to_hand
from kg.solver.handlers.keywords_cr16 import would_leave
from kg.solver.handlers.verbs import take_this, targets
from kg.solver.moves import answered_together, leave
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack
from kg.solver.token_cards import is_token

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def _return(where: str) -> Callable[[Engine, Pending, Action], list[str]]:
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        if a.selector is not None and a.selector.this and e.state.find(p.holder.uid) is None:
            _return_this_card(e, p, where)  # this card, out of play: in the trash, being revealed
            return []
        chosen = targets(e, p, a)
        answered_together(e, chosen, ("WouldLeaveBattleArea",), "effect", p.player)  # QA Q3098, Q4268
        for stack in chosen:
            if (returns_barred(e, stack, p.player)
                    or would_leave(e, stack, cause="effect", by=p.player, how="return")
                    or e.state.find(stack.uid) is None):
                continue
            leave(e, stack, top_to=where)
            e.done += 1
            if where == "hand" and not is_token(stack.top):  # QA Q1658: added to the hand by an effect
                added_to_hand(e, {stack.owner: [stack.top]}, p.player, {stack.top: "battle_area"})
            e.rec.log(f"{p.label}: {stack.alias} returns to its owner's {where.replace('_', ' ')}")
        return []
    run.__doc__ = f"Return the chosen Digimon to its owner's {where.replace('_', ' ')}."
    return run


def returns_barred(e: Engine, stack: Stack, by: str) -> bool:
    """A lasting or persistent "can't be returned to the hand or deck (by your opponent's
    effects)" reaches the Digimon: the prohibition wins and it stays (CR 15-1-3)."""
    verbs = {m.action.verb for m in e.board.modifiers(e.state, stack)}
    hit = "cant_be_returned" in verbs or (
        "cant_be_returned_by_opponents_effects" in verbs and by != stack.owner)
    if hit:
        e.rec.log(f"{stack.alias} can't be returned to the hand or deck: it stays", e.cites("prohibition"))
    return hit


def _return_this_card(e: Engine, p: Pending, where: str) -> None:
    """'Return this card to its owner's hand' from where the card is now (the trash after being
    trashed, a revealed security card); nothing happens if it has moved on."""
    number = p.holder.cards[-1]
    from_trash = p.holder.uid not in e.limbo and p.holder.uid not in e.in_use  # as take_this takes it
    if not take_this(e, p, f"returned to the {where.replace('_', ' ')}"):
        return
    player = e.state.players[p.player]
    if where == "hand":
        player.hand.append(number)
        added_to_hand(e, {p.player: [number]}, p.player, {number: "trash"} if from_trash else None)
    else:
        player.deck.append(number)
    e.done += 1
    e.rec.log(f"{p.label}: {number} returns to its owner's {where.replace('_', ' ')}")


REGISTRY.bind("verb", "return_to_hand", _return("hand"))
REGISTRY.bind("verb", "return_to_deck", _return("deck_bottom"))
REGISTRY.bind("verb", "return_to_deck_top", _return("deck_top"))  # 'to the top of the deck' (BT24-061)
