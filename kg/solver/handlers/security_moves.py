"""Placing cards in a security stack by an effect: 'place 1 [X] from your trash on top of your
security stack (face down)', '… from your hand at the bottom of your security stack', '… as the
top / bottom security card'. Face down by the rules of the area unless the text says otherwise
(CR 3-1-3-5, 3-7-2); a face-up placement is not read. SecurityCardAdded happens for each card.

Searching and shuffling a security stack ('Search your security stack. You may add 1 X among
them to the hand. Then, shuffle your security stack'): the searched cards stay in the stack; a
card an action takes from it leaves it (SecurityCardRemoved, the ``security`` zone's pile).

Trashing a security stack down to N ('trash the top cards of your opponent's security stack so that it
has 1 card left'): from the top, each named stack (``trash_security_to``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import owner_of, removed_from_security, trashed_from_security, zone_cards
from kg.solver.handlers.place_under import to_security
from kg.solver.registry import REGISTRY
from kg.solver.security_events import added_to_security, put_in_security
from kg.solver.state import opponent
from kg.solver.wording import zone_words

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
            e.rec.log(f"{p.label}: {number} from the {zone_words(sel.zone)} is placed face down as the "
                      f"{'top' if top else 'bottom'} security card", e.cites("security_placed"))
        if not chosen:
            e.rec.log(f"{p.label}: no card to place in the security stack ({sel.zone})")
        added_to_security(e, owner, chosen, p.player)
        return e.cites("security_placed")
    return run


REGISTRY.bind("verb", "place_security_top", _place(top=True))
REGISTRY.bind("verb", "place_security_bottom", _place(top=False))


class _Security(list[str]):
    """A player's security stack as the pile an action takes cards from ('add 1 X among them to
    the hand' after a search, 'play 1 X from your security stack'): a card taken out of it leaves
    the stack, and SecurityCardRemoved happens for it (CR 15-15-3-2; not a security check)."""

    def __init__(self, e: Engine, p: Pending, owner: str) -> None:
        self.cards = e.state.players[owner].security
        super().__init__(self.cards)
        self.e, self.owner, self.by = e, owner, p.player

    def remove(self, number: str) -> None:
        super().remove(number)
        self.cards.remove(number)
        self.e.rec.log(f"{number} is revealed and leaves {self.owner}'s security stack",
                       self.e.cites("security_searched"))
        removed_from_security(self.e, self.owner, [number], self.by)


@REGISTRY.register("verb", "trash_security_to")
def _trash_security_to(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Trash the top cards of your opponent's security stack so that it has 1 card left' (BT21-098), '… of
    both players' security stacks so that they have 3 cards left' (BT23-102, CR 15-10-1-3-1): the top
    cards of each named stack go to the trash until it holds ``amount`` (CR 4-16-1: trashed, not checked);
    a stack already that small loses nothing. Both at once."""
    sel = a.selector
    whose = [p.player, opponent(p.player)] if sel is not None and sel.owner == "any" else [owner_of(p, sel)]
    moved: dict[str, list[str]] = {}
    cites = e.cites("security_trashed_down")
    for owner in whose:
        pile = e.state.players[owner]
        extra = len(pile.security) - (a.amount or 0)
        if extra <= 0:
            continue
        gone = moved[owner] = [c or "(blank)" for c in pile.security[:extra]]
        del pile.security[:extra]
        pile.trash.extend(gone)
        e.done += len(gone)
        left = len(pile.security)
        e.rec.log(f"{p.label}: {owner} trashes the top {extra} of security ({left} left)", cites)
    trashed_from_security(e, moved, p.player)
    return cites


@REGISTRY.register("verb", "trash_chosen_security")
def _trash_chosen_security(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Trash any 1 of your opponent's security cards' (BT24-018): the player chooses which card of that
    stack, wherever it lies in it (QA Q5596; face down, so by place: ``decisions.targets`` names the
    cards, by default the top ones), and it is trashed (CR 4-16-1)."""
    owner = owner_of(p, a.selector)
    pile = e.state.players[owner].security
    cards = [c or "(blank)" for c in pile]
    chosen = e.decide.targets(p.player, p.label, cards, min(a.amount or 1, len(cards))) if cards else []
    for number in chosen:
        at = cards.index(number)
        del cards[at], pile[at]
    e.state.players[owner].trash.extend(chosen)
    e.done += len(chosen)
    cites = e.cites("security_card_chosen")
    e.rec.log(f"{p.label}: trashes {', '.join(chosen) or 'nothing'} from {owner}'s security stack", cites)
    trashed_from_security(e, {owner: chosen}, p.player)
    return cites


@REGISTRY.register("zone", "security")
def _security(e: Engine, p: Pending, player: str) -> list[str]:
    """The player's security cards, top first, as a pile actions take cards from."""
    return _Security(e, p, player)


@REGISTRY.register("verb", "search_security")
def _search(e: Engine, p: Pending, a: Action) -> list[str]:
    """The player looks at every card of their security stack, the opponent sees none (CR
    15-15-3-9-1; QA Q2077): nothing moves; the actions after it take cards 'among them'."""
    owner = owner_of(p, a.selector)
    security = e.state.players[owner].security
    e.rec.log(f"{p.label}: {owner} searches their security stack ({len(security)} card(s): "
              f"{', '.join(c or '(blank)' for c in security) or 'none'})", e.cites("security_searched"))
    e.done += 1
    return e.cites("security_searched")


@REGISTRY.register("verb", "shuffle_security")
def _shuffle(e: Engine, p: Pending, a: Action) -> list[str]:
    """The security stack is shuffled (CR 1-3-10): its new order is random and hidden. A scenario
    fixes hidden orders, so the order after the shuffle is the one the file's ``targets`` give
    this choice of the effect (top first; cards it does not name follow in their old order);
    without one, the cards keep their order."""
    owner = owner_of(p, a.selector)
    security = e.state.players[owner].security
    cards = [c for c in security if c]
    named = e.decide.targets(p.player, p.label, cards, len(cards)) if cards else []
    rest = list(security)
    for number in named:
        rest.remove(number)
    security[:] = [str(c) for c in [*named, *rest]]  # face-up cards are turned face down first (Q4614)
    e.rec.log(f"{p.label}: {owner}'s security stack is shuffled; top first: "
              f"{', '.join(c or '(blank)' for c in security) or 'empty'}", e.cites("security_shuffled"))
    e.done += 1
    return e.cites("security_shuffled")
