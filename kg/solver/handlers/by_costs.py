"""Costs read in session 18 ('By trashing the top security card of 1 player with the most security
cards, …'). A cost that cannot be paid in full is not paid, and what it pays for does not happen
(CR 15-7-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import added_to_hand, trashed_from, trashed_from_security
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.handlers.selector_values import note_trashed
from kg.solver.handlers.verbs import holder_stack, legal_targets
from kg.solver.moves import trash_links, trash_sources
from kg.solver.registry import REGISTRY
from kg.solver.state import is_face_down, opponent

if TYPE_CHECKING:
    from collections.abc import Callable

    from kg.solver.engine import Engine
    from kg.solver.state import Stack


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


def _hand_or_sources(own: bool) -> Callable[[Engine, Pending, Action], list[str]]:
    """Trash fitting cards from the hand or from digivolution cards, the player's choice of each."""

    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        sel = a.selector
        assert sel is not None, "the compiler names the cards"
        need = a.amount or sel.count or 1
        hand = e.state.players[p.player].hand
        this = holder_stack(e, p)
        stacks = ([this] if this is not None else []) if own else [
            s for s in e.state.players[p.player].battle_area if e.board.card(s.top).kind == "Digimon"]
        pool: list[tuple[Stack | None, str]] = [(None, n) for n in hand if n and e.board.card_fits(n, sel)]
        pool += [(stack, n) for stack in stacks for n in stack.sources
                 if not is_face_down(n) and e.board.card_fits(n, sel)]
        if len(pool) < need:
            if is_cost(p, a):  # CR 15-7-3: never paid in part
                raise CostUnpaid
            need = len(pool)
        wanted = e.decide.targets(p.player, p.label, [n for _, n in pool], need) if len(pool) > need else []
        chosen: list[tuple[Stack | None, str]] = []
        for number in [*wanted, *(n for _, n in pool)]:  # the player's choice, then the first ones
            left = [x for x in pool if x[1] == number and x not in chosen]
            if left and len(chosen) < need:
                chosen.append(left[0])
        from_hand = [n for stack, n in chosen if stack is None]
        for number in from_hand:
            hand.remove(number)
            e.state.players[p.player].trash.append(number)
            e.rec.log(f"{p.label}: {number} is trashed from {p.player}'s hand")
        for stack in stacks:
            gone = [n for s, n in chosen if s is stack]
            if gone:
                trash_sources(e, stack, gone)
                e.rec.log(f"{p.label}: {', '.join(gone)} trashed from {stack.alias}'s digivolution cards")
        e.done += len(chosen)
        note_trashed(e, p, from_hand)
        trashed_from(e, "TrashedFromHand", p.player, from_hand, p.player)
        return []

    run.__doc__ = ("'By trashing 1 [Mineral] or [Rock] trait card from your hand or your Digimon's "
                   "digivolution cards' (EX11-038, BT25-092; any of your Digimon's, QA Q5865) / '… in "
                   "your hand or in this Digimon's digivolution cards' (BT11-041): that many fitting "
                   "cards, each from the hand or from under one of those Digimon (face-up cards), the "
                   "player's choice (``decisions.targets`` by card number, a number also in the hand "
                   "taken from the hand; by default the hand's first, then board order). Not payable "
                   "with fewer (CR 15-7-3); cards from under a Digimon are trashed as its digivolution "
                   "cards (SourceTrashed, CR 4-8-1).")
    return run


REGISTRY.bind("verb", "trash_hand_or_own_sources", _hand_or_sources(own=True))
REGISTRY.bind("verb", "trash_hand_or_digimon_sources", _hand_or_sources(own=False))


def _top_stacked(to: str) -> Callable[[Engine, Pending, Action], list[str]]:
    """'By trashing the top stacked card of 1 of your [Armor Form] trait Digimon' (BT21-085), 'by returning
    the top card of one of your [Leopardmon: Leopard Mode] to the hand' (BT13-107): 1 such Digimon with
    cards under it, chosen (``decisions.targets`` by alias); its top card goes to the trash or its owner's
    hand (``to``) and the card under it is the top card, the Digimon keeping its orientation and staying in
    the battle area (CR 4-7-6; a single card is no stacked card, QA Q1885, Q4540, Q2359). None such: not
    payable (CR 15-7-3)."""

    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        fits = [s for s in legal_targets(e, p, a.selector) if len(s.cards) > 1]
        if not fits:
            if is_cost(p, a):
                raise CostUnpaid
            return []
        aliases = [s.alias for s in fits]
        (alias,) = e.decide.targets(p.player, p.label, aliases, 1) if len(fits) > 1 else aliases
        stack = next(s for s in fits if s.alias == alias)
        top = stack.cards.pop()
        getattr(e.state.players[stack.owner], to).append(top)
        e.done += 1
        cites = e.cites("top_cards_trashed") if to == "trash" else ["CR 4-7-6", "Q2359"]
        e.rec.log(f"{p.label}: the top stacked card of {stack.alias} ({top}) goes to the {to}; its top card "
                  f"is {stack.top}", cites)
        if to == "hand":
            added_to_hand(e, {stack.owner: [top]}, p.player)
            new = e.board.card(stack.top)  # a Digi-Egg left on top has no DP (QA Q2360)
            if new.kind != "Tamer" and (new.kind != "Digimon" or new.dp is None):
                e.rec.unsupported_part(p.label, "rule", f"{stack.alias}'s top card {stack.top} has no DP",
                                       "trashing a Digimon without DP in the battle area (CR 17-1-3-2-1) is "
                                       "not carried out")
        return cites

    run.__doc__ = _top_stacked.__doc__
    return run


REGISTRY.bind("verb", "trash_top_stacked_card", _top_stacked("trash"))
REGISTRY.bind("verb", "top_stacked_card_to_hand", _top_stacked("hand"))


@REGISTRY.register("verb", "trash_your_link_cards")
def _trash_your_link_cards(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By trashing 1 of your Digimon's link cards' (BT25-073): that many link cards of the player's
    Digimon, from one or several of them, the player's choice (``decisions.targets`` by card number, else
    board order); they no longer give link DP and effects (CR 4-9). Not payable with fewer
    (CR 15-7-3)."""
    need = a.amount or 1
    pool = [(s, n) for s in e.state.players[p.player].battle_area if e.board.card(s.top).kind == "Digimon"
            for n in s.links]
    if len(pool) < need:
        if is_cost(p, a):
            raise CostUnpaid
        need = len(pool)
    wanted = e.decide.targets(p.player, p.label, [n for _, n in pool], need) if len(pool) > need else []
    chosen: list[tuple[Stack, str]] = []
    for number in [*wanted, *(n for _, n in pool)]:
        left = [x for x in pool if x[1] == number and x not in chosen]
        if left and len(chosen) < need:
            chosen.append(left[0])
    cites = e.cites("link_trashed")
    for stack in [s for i, (s, _) in enumerate(chosen) if all(s is not t for t, _ in chosen[:i])]:
        gone = [n for t, n in chosen if t is stack]
        trash_links(e, stack, gone)
        e.done += len(gone)
        e.rec.log(f"{p.label}: {', '.join(gone)} trashed from {stack.alias}'s link cards", cites)
    return cites
