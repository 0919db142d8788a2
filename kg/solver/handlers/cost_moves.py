"""Cards that costs move ('By returning 2 cards with [Gizmon] in their names from your trash to the
bottom of the deck, …', 'By trashing 1 of this Digimon's link cards, …'): cards returned from a
trash to the top or the bottom of their owner's deck, link cards trashed, the top or the bottom
security card trashed, a Digimon's top card put under its digivolution cards, an Option card in the
battle area trashed, digivolution cards of any of the player's Digimon trashed, digivolution cards
returned to the hand.

As a cost (CR 15-7) each is paid in full or not at all: with fewer fitting cards than it names,
nothing moves and nothing after it happens (CR 15-7-3). The player who returns several cards at
once chooses the order they are placed in (CR 3-1-3-4): the order of ``decisions.targets``, else
the trash's order. A Digi-Egg card would go to the Digi-Egg deck (CR 3-1-3-9-1, QA Q2836),
which the state does not hold: that is reported, not done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Selector
from kg.solver.events import Pending
from kg.solver.field_events import sources_to_deck, trashed_from_battle_area
from kg.solver.handlers.card_moves import _pick, added_to_hand, owner_of, zone_cards
from kg.solver.handlers.payment import CostNotCarriedOut, CostUnpaid, is_cost
from kg.solver.handlers.verbs import holder_stack, legal_targets, same_level_count, subject_stack, targets
from kg.solver.moves import leave, place_sources, trash_links, trash_sources
from kg.solver.registry import REGISTRY
from kg.solver.security_events import added_to_security, put_in_security
from kg.solver.state import FaceUp
from kg.solver.wording import zone_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.state import Stack


#: The zones a cost returns cards to the deck from ('from your hand or trash', EX7-043 QA Q3852).
_FROM = {"trash": "trash", "hand_or_trash": "hand or trash"}


def _to_deck(top: bool) -> Callable[[Engine, Pending, Action], list[str]]:
    where = "top" if top else "bottom"

    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        sel = a.selector
        assert sel is not None and sel.zone in _FROM, "the compiler names the trash (or hand) they come from"
        owner = owner_of(p, sel)
        pool = zone_cards(e, p, sel)
        need = a.amount or sel.count or 1
        chosen = _pick(e, p, pool, sel.model_copy(update={"count": need}))
        cites = e.cites("trash_to_deck")
        if len(chosen) < need and is_cost(p, a):  # CR 15-7-3: never paid in part
            raise CostUnpaid
        eggs = [n for n in chosen if e.board.card(n).kind == "Digi-Egg"]
        if eggs:  # CR 3-1-3-9-1: a Digi-Egg card goes to the Digi-Egg deck, which is not modelled
            e.rec.unsupported_part(p.label, "cost" if is_cost(p, a) else "action", a.span or a.verb,
                                   f"{', '.join(eggs)} would go to the Digi-Egg deck (not modelled)")
            if is_cost(p, a):
                raise CostNotCarriedOut
            return cites
        for number in chosen:
            pool.remove(number)
        deck = e.state.players[owner].deck
        if top:
            deck[:0] = chosen
        else:
            deck.extend(chosen)
        e.done += len(chosen)
        e.rec.log(f"{p.label}: {', '.join(chosen) or 'no card'} from {owner}'s {_FROM[sel.zone]} to the "
                  f"{where} of {owner}'s deck", cites)
        return cites

    run.__doc__ = f"Return the chosen cards of a trash to the {where} of their owner's deck."
    return run


REGISTRY.bind("verb", "return_cards_to_deck", _to_deck(top=False))
REGISTRY.bind("verb", "return_cards_to_deck_top", _to_deck(top=True))


@REGISTRY.register("verb", "trash_link_cards")
def _trash_link_cards(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash ``amount`` of the chosen Digimon's link cards (the player's ``decisions.targets`` by card
    number, else the oldest): they go to their owner's trash, and the Digimon no longer has their
    link DP and link effects (CR 4-9, 4-3-4)."""
    need = a.amount or 1
    stack = next(iter(targets(e, p, a)), None)
    if stack is None or len(stack.links) < need:
        if is_cost(p, a):  # CR 15-7-3: never paid in part
            raise CostUnpaid
        return []
    chosen = e.decide.targets(p.player, p.label, list(dict.fromkeys(stack.links)), need)
    gone = [n for n in chosen if n in stack.links][:need]
    gone += [n for n in stack.links if n not in gone][: need - len(gone)]
    trash_links(e, stack, gone)
    e.done += len(gone)
    cites = e.cites("link_trashed")
    e.rec.log(f"{p.label}: {', '.join(gone)} trashed from {stack.alias}'s link cards", cites)
    return cites


def _top_or_bottom(what: str, ends: dict[str, str]) -> Callable[[Engine, Pending, Action], list[str]]:
    """A cost on the top or the bottom card of the player's security stack, the end they choose."""

    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        security = e.state.players[p.player].security
        if not security:
            if is_cost(p, a):
                raise CostUnpaid
            return []
        cards = [security[0], security[-1]]
        (card,) = e.decide.targets(p.player, p.label, list(dict.fromkeys(cards)), 1)
        end = "top" if card == cards[0] else "bottom"
        e.rec.log(f"{p.label}: {what} the {end} card of {p.player}'s security stack")
        move = REGISTRY.handler("verb", ends[end])
        assert move is not None, "verbs and card_moves bind both"
        return move(e, p, a.model_copy(update={"verb": ends[end]}))

    run.__doc__ = (f"'By … the top or bottom card of your security stack': the player chooses the end, and "
                   f"that card goes as {ends['top']} / {ends['bottom']} would. The choice is named by "
                   "the card at that end (``decisions.targets``: its number; default the top card). With no "
                   "security card the cost is not paid (CR 15-7-3).")
    return run


REGISTRY.bind("verb", "trash_top_or_bottom_security",
              _top_or_bottom("trashes", {"top": "trash_security", "bottom": "trash_bottom_security"}))
REGISTRY.bind("verb", "top_or_bottom_security_to_hand",
              _top_or_bottom("adds", {"top": "security_to_hand", "bottom": "bottom_security_to_hand"}))


@REGISTRY.register("verb", "top_to_bottom_source")
def _top_to_bottom_source(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By placing this Digimon's top stacked card as its bottom digivolution card': the top card goes
    under the others; the Digimon is the same card (CR 3-1-3-1-4), its new top card what it is now.
    Not payable without a digivolution card, or when this Digimon lacks the traits named (QA Q5217).
    A new top card without DP is trashed by the rule check (CR 17-1-3-2-1, QA Q5218), which is
    not carried out: that is reported."""
    if a.selector is not None and not a.selector.this:  # 'of any of your … Digimon': one with cards under it
        stacked = [s for s in legal_targets(e, p, a.selector) if s.sources]
        chosen = e.decide.targets(p.player, p.label, [s.alias for s in stacked], 1) if stacked else []
        stack = next((s for s in stacked if s.alias in chosen), None)
    else:
        stack = next(iter(targets(e, p, a)), None)
    fits = stack is not None and (a.selector is None or e.board.matches(e.state, stack, a.selector, p.player,
                                                                          p.holder.uid))
    if stack is None or not stack.sources or not fits:
        if is_cost(p, a):
            raise CostUnpaid
        return []
    top = stack.cards.pop()
    cites = e.cites("place_under")
    e.rec.log(f"{p.label}: {top}, the top card of {stack.alias}, goes under its digivolution cards", cites)
    place_sources(e, stack, [top])
    new = e.board.card(stack.top)  # a Tamer card on top stays in play as a Tamer (QA Q2893, Q5774)
    if new.kind != "Tamer" and (new.kind != "Digimon" or new.dp is None):
        e.rec.unsupported_part(p.label, "rule", f"{stack.alias}'s top card {stack.top} has no DP",
                               "trashing a Digimon without DP in the battle area (CR 17-1-3-2-1) is not "
                               "carried out")
    return cites


@REGISTRY.register("verb", "trash_option_in_play")
def _trash_option_in_play(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By trashing 1 of your Option cards in the battle area' / '1 Option card in the battle area'
    (either player's, QA Q3127): the chosen Option cards an effect placed in the battle area (CR 4-28-1;
    a DUAL card there is a Digimon, CR 4-6-3) go to their owner's trash. They are trashed, not
    deleted. Not payable with fewer such cards than it names (CR 15-7-3)."""
    need = a.amount or 1
    chosen = [s for s in targets(e, p, a) if e.board.card(s.top).kind == "Option"]
    if len(chosen) < need:
        if is_cost(p, a):
            raise CostUnpaid
        return []
    cites = e.cites("option_in_play_trashed")
    gone = [e.snap(stack) for stack in chosen]
    for stack in chosen:
        leave(e, stack)
        e.done += 1
    e.rec.log(f"{p.label}: trashes {', '.join(s.alias for s in chosen)} from the battle area", cites)
    trashed_from_battle_area(e, gone)
    return cites


@REGISTRY.register("verb", "trash_sources_of_your_digimon")
def _trash_sources_of_your_digimon(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By trashing 3 [Mineral] or [Rock] trait cards from any of your Digimon's digivolution cards':
    that many fitting digivolution cards of the player's Digimon in the battle area, from one or
    several of them (QA Q5114, Q5083), the player's choice (``decisions.targets`` by card number,
    else in board order). Not payable with fewer (CR 15-7-3, QA Q5113); each Digimon's cards are
    trashed as its digivolution cards (SourceTrashed, CR 4-8-1)."""
    assert a.selector is not None, "the compiler names the cards"
    need = a.amount or 1
    pool = [(stack, number) for stack in e.state.players[p.player].battle_area
            if e.board.card(stack.top).kind == "Digimon"
            for number in stack.sources if e.board.card_fits(number, a.selector)]
    if len(pool) < need:
        if is_cost(p, a):
            raise CostUnpaid
        need = len(pool)
    wanted = e.decide.targets(p.player, p.label, list(dict.fromkeys(n for _, n in pool)), need) \
        if len(pool) > need else [n for _, n in pool]
    picked: list[tuple[Stack, str]] = []
    for number in [*wanted, *(n for _, n in pool)]:  # the player's choice first, then board order
        left = [x for x in pool if x[1] == number and x not in picked]
        if left and len(picked) < need:
            picked.append(left[0])
    for stack in [s for i, (s, _) in enumerate(picked) if all(s is not t for t, _ in picked[:i])]:
        gone = [n for s, n in picked if s is stack]
        trash_sources(e, stack, gone)
        e.done += len(gone)
        e.rec.log(f"{p.label}: trashes {', '.join(gone)} from {stack.alias}'s digivolution cards")
    return []


def _sources_to(to: str) -> Callable[[Engine, Pending, Action], list[str]]:
    """Move fitting digivolution cards of this Digimon to its owner's hand or the bottom of their deck."""
    where = "the hand" if to == "hand" else "the bottom of the deck"

    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        sel = a.selector or Selector(owner="self", kind="card", zone="sources")
        stack = subject_stack(e, p) if sel.zone == "subject_sources" else holder_stack(e, p)
        need = a.amount or 1
        fitting = [n for n in stack.sources if e.board.card_fits(n, sel)] if stack is not None else []
        if stack is None or len(fitting) < need:
            if is_cost(p, a):  # CR 15-7-3: never paid in part
                raise CostUnpaid
            return []
        chosen = _pick(e, p, fitting, sel.model_copy(update={"count": need}))
        for number in chosen:
            stack.cards.remove(number)
        owner = e.state.players[stack.owner]
        (owner.hand if to == "hand" else owner.deck).extend(chosen)
        e.done += len(chosen)
        cites = e.cites(f"sources_to_{to}")
        e.rec.log(f"{p.label}: {', '.join(chosen)} from {stack.alias}'s digivolution cards to {where}", cites)
        if to == "hand":
            added_to_hand(e, {stack.owner: chosen}, p.player)
        else:
            sources_to_deck(e, stack, chosen)
        return cites

    run.__doc__ = (f"'By returning 1 card with the [Legend-Arms] trait from this Digimon's digivolution "
                   f"cards to …' (EX6-005, BT11-111): that many fitting digivolution cards of this Digimon "
                   f"(of the Digimon the event is about for 'that Digimon's', BT18-092) "
                   f"go to {where} of its owner, the player's choice and order (``decisions.targets`` by "
                   "card number, else the first ones; CR 3-1-3-4). Not payable with fewer (CR 15-7-3).")
    return run


REGISTRY.bind("verb", "sources_to_hand", _sources_to("hand"))
REGISTRY.bind("verb", "sources_to_deck_bottom", _sources_to("deck_bottom"))


def _same_level_holder(e: Engine, p: Pending, a: Action, need: int) -> Stack | None:
    """'from 1 of your [CS] trait Digimon's digivolution cards' (BT23-089): the Digimon chosen (by alias)
    among the selector's that have ``need`` digivolution cards of one level."""
    fits = [s for s in legal_targets(e, p, a.selector) if same_level_count(e, s) >= need]
    chosen = e.decide.targets(p.player, p.label, [s.alias for s in fits], 1) if len(fits) > 1 else \
        [s.alias for s in fits]
    return next((s for s in fits if s.alias in chosen), None)


@REGISTRY.register("verb", "trash_same_level_sources")
def _trash_same_level_sources(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By trashing 2 same-level cards in this Digimon's digivolution cards' / '2 cards of the same level':
    that many digivolution cards of this Digimon that all have one level (a card without a level has
    none to share). The player's choice (``decisions.targets`` by card number: the level of the first
    chosen card, then its chosen cards of that level), else the lowest level that has enough, bottom
    cards first. Not payable without enough cards of one level (CR 15-7-3)."""
    need = a.amount or 2
    stack = _same_level_holder(e, p, a, need) if a.selector is not None and not a.selector.this \
        else holder_stack(e, p)
    by_level: dict[int, list[str]] = {}
    for number in stack.sources if stack is not None else []:
        if (level := e.board.card(number).level) is not None:
            by_level.setdefault(level, []).append(number)
    levels = sorted(lv for lv, cards in by_level.items() if len(cards) >= need)
    if stack is None or not levels:
        if is_cost(p, a):
            raise CostUnpaid
        return []
    pool = [n for lv in levels for n in by_level[lv]]
    wanted = e.decide.targets(p.player, p.label, list(dict.fromkeys(pool)), need)
    level = e.board.card(wanted[0]).level if wanted else levels[0]
    cards = by_level[level]  # type: ignore[index]
    chosen = [n for n in wanted if n in cards][:need]
    chosen += [n for n in cards if chosen.count(n) < cards.count(n)][: need - len(chosen)]
    trash_sources(e, stack, chosen)
    e.done += len(chosen)
    cites = e.cites("same_level_sources")
    e.rec.log(f"{p.label}: trashes {', '.join(chosen)} (level {level}) from {stack.alias}'s "
              "digivolution cards", cites)
    return cites


@REGISTRY.register("verb", "place_security_bottom_face_up")
def _place_security_bottom_face_up(e: Engine, p: Pending, a: Action) -> list[str]:
    """'By placing 1 Digimon card with the [Royal Base] trait in your hand face up as the bottom
    security card': the chosen cards of the hand (or trash) go face up (as the text says, CR 3-1-3-5,
    3-7-4; QA Q2904) to the bottom of their owner's security stack; as a cost, all of them or none
    (CR 15-7-3)."""
    sel = a.selector
    assert sel is not None and sel.zone in ("hand", "trash", "hand_or_trash"), "the compiler names them"
    owner, pool = owner_of(p, sel), zone_cards(e, p, sel)
    need = sel.count or 1
    fitting = list(dict.fromkeys(n for n in pool if n and e.board.card_fits(n, sel)))
    if len(fitting) < need and is_cost(p, a):
        raise CostUnpaid
    chosen = e.decide.targets(p.player, p.label, fitting, min(need, len(fitting)))
    cites = [*e.cites("security_placed"), "CR 3-7-4"]
    for number in chosen:
        pool.remove(number)
        put_in_security(e, owner, number, top=False, face_up=True)
        e.rec.log(f"{p.label}: {number} from the {zone_words(sel.zone)} is placed face up as the bottom "
                  "security card", cites)
    added_to_security(e, owner, [FaceUp(n) for n in chosen], p.player)  # placed face up (CR 3-7-4)
    return cites
