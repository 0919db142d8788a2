"""Revealed cards the player puts back together, on the top or the bottom of the deck, as they
choose ('Return the revealed cards to the top or bottom of the deck'). The choice is the
effect's next target choice: ``decisions.targets`` names ``top`` or ``bottom`` (default: the
first, ``top``), and the report records it. The revealed cards no action took, to the hand ('Add
the rest to your hand'). The top cards of a Digimon's stack, to the trash ('Trash the top card of this
Digimon'). A revealed card to the hand or under one of the player's Digimon, as they choose ('Add 1 X among
them to the hand or place 1 such card as any of your blue Digimon's bottom digivolution card').
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import added_to_hand, owner_of, zone_cards
from kg.solver.handlers.either_way import which_way
from kg.solver.handlers.place_under import field_targets
from kg.solver.handlers.verbs import targets
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine

#: Where the revealed cards may go, as the choice names them -> the verb that puts them there.
_ENDS = {"top": "rest_to_deck_top", "bottom": "rest_to_deck"}


@REGISTRY.register("verb", "revealed_to_top_or_bottom")
def _top_or_bottom(e: Engine, p: Pending, a: Action) -> list[str]:
    """The revealed cards go, all together, to the top or the bottom of their deck: the player's
    choice (the cards are the player's own, revealed from the top of their deck)."""
    if not e.revealed:
        return []
    actions = p.spec.record.compiled.actions if p.spec.record is not None else []
    if any(b.verb == "reveal" and b.selector is not None and b.selector.owner != "self" for b in actions):
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                               "the revealed cards of the opponent's deck are not returned to it")
        return []
    (end,) = e.decide.targets(p.player, p.label, list(_ENDS), 1)
    e.rec.log(f"{p.label}: returns the revealed cards to the {end} of the deck")
    put = REGISTRY.handler("verb", _ENDS[end])
    assert put is not None, "card_moves binds both"
    return put(e, p, Action(verb=_ENDS[end]))


@REGISTRY.register("verb", "rest_to_hand")
def _rest_to_hand(e: Engine, p: Pending, a: Action) -> list[str]:
    """The revealed cards no action took are added to the player's hand, at once (AddedToHand for
    each); they were revealed from that player's deck (CR 15-15-3-4: the reveal ends with them)."""
    cards = [c or "(blank)" for c in e.revealed]
    e.revealed = []
    e.state.players[p.player].hand.extend(cards)
    e.done += len(cards)
    e.rec.log(f"{p.label}: adds the rest to the hand ({', '.join(cards) or 'none'})")
    added_to_hand(e, {p.player: cards}, p.player)
    return []


@REGISTRY.register("verb", "trash_top_cards")
def _trash_top_cards(e: Engine, p: Pending, a: Action) -> list[str]:
    """The top N cards of each chosen Digimon go to the trash one at a time while it has stacked cards:
    a single card is not 'stacked cards', so the last one stays (CR 4-7-2; QA Q1885, Q4540). The card
    under becomes the top card and keeps the stack's orientation (CR 4-7-6); the Digimon does not
    leave the battle area."""
    cites = e.cites("top_cards_trashed")
    for stack in targets(e, p, a):
        gone = [stack.cards.pop() for _ in range(a.amount or 1) if len(stack.cards) > 1]
        e.state.players[stack.owner].trash.extend(gone)
        e.done += len(gone)
        e.rec.log(f"{p.label}: trashes the top {len(gone)} card(s) of {stack.alias} "
                  f"({', '.join(gone) or 'none: no stacked cards'}); its top card is {stack.top}", cites)
    return cites


@REGISTRY.register("verb", "look_deck_top")
def _look_deck_top(e: Engine, p: Pending, a: Action) -> list[str]:
    """The player looks at the top N cards of their deck; the opponent sees none, and they stay where
    they are, in their order (CR 15-15-3-9-1, 15-15-3-9-3)."""
    cites = e.cites("deck_looked_at")
    seen = [c or "(blank)" for c in e.state.players[owner_of(p, a.selector)].deck[: a.amount or 1]]
    e.rec.log(f"{p.label}: {p.player} looks at the top of the deck ({', '.join(seen) or 'empty'})", cites)
    return cites


#: The two choices of ``add_or_place`` (``decisions.modes``: 1 or 2).
ADD_OR_PLACE = ("add it to the hand", "place it as the bottom digivolution card of 1 of your Digimon")


@REGISTRY.register("verb", "add_or_place")
def _add_or_place(e: Engine, p: Pending, a: Action) -> list[str]:
    """One revealed card that fits goes to the hand or to the bottom of one of the player's Digimon (CR
    4-4-2), as the player chooses (``decisions.modes``); the hand when there is no Digimon to place it
    under (QA Q3683), nothing when no card fits (QA Q2939: one of them whenever a card fits)."""
    assert a.card is not None and a.selector is not None, "the compiler names both"
    cites = e.cites("add_or_place")
    if not any(n and e.board.card_fits(n, a.card) for n in zone_cards(e, p, a.card)):
        e.rec.log(f"{p.label}: no revealed card fits; none is added or placed", cites)
        return cites
    if field_targets(e, p, a.selector):
        way = which_way(e, p, a, ADD_OR_PLACE, cites)
    else:  # the only way left (QA Q3683)
        way = 1
        e.rec.log(f"{p.label}: chooses to {ADD_OR_PLACE[0]} (no Digimon to place it under)", cites)
    if way is None:
        return cites
    move = Action(verb="add_to_hand", selector=a.card) if way == 1 else \
        Action(verb="place_under", selector=a.selector, card=a.card, amount=1)
    handler = REGISTRY.handler("verb", move.verb)
    assert handler is not None, "card_moves and place_under bind both"
    return [*cites, *handler(e, p, move)]
