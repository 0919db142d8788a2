"""Compiled actions that move cards between hidden zones: reveal the top of the deck, add cards
to the hand, return the rest, trash cards from the hand.

A revealed card belongs to no area until an action takes it (CR 13-1-6 treats checked security
cards the same way); what is left when the effect ends goes to the bottom of the deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Selector
from kg.solver.events import Event, Pending, Snapshot
from kg.solver.handlers.assembly import by_effect
from kg.solver.handlers.cost_changes import would_be_played
from kg.solver.handlers.effect_results import mark
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.handlers.play_rules import playable_by_effect, unreduced
from kg.solver.handlers.selector_values import note_trashed
from kg.solver.moves import card_snapshot, enter_play
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack, opponent
from kg.solver.wording import zone_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine

Verb = Callable[["Engine", Pending, Action], list[str]]


def owner_of(p: Pending, sel: Selector | None) -> str:
    """The player whose cards a selector speaks of, for an effect of ``p.player``."""
    return opponent(p.player) if sel is not None and sel.owner == "opponent" else p.player


def _pick(e: Engine, p: Pending, pool: list[str], sel: Selector) -> list[str]:
    """The cards of ``pool`` that fit, as many as the selector asks (all when None): the player's
    choice (``decisions.targets`` by card number), else the first ones."""
    fitting = [n for n in pool if n and e.board.card_fits(n, sel)]
    if sel.count is None or len(fitting) <= sel.count:
        return fitting
    return e.decide.targets(p.player, p.label, fitting, sel.count)


@REGISTRY.register("verb", "reveal")
def _reveal(e: Engine, p: Pending, a: Action) -> list[str]:
    """Reveal the top N cards of the deck; they wait, in no area, for the next actions."""
    deck = e.state.players[owner_of(p, a.selector)].deck
    n = a.amount or 1
    e.revealed, deck[:n] = [*e.revealed, *deck[:n]], []
    e.rec.log(f"{p.label}: reveals {', '.join(c or '(blank)' for c in e.revealed) or 'nothing'}")
    e.done += 1
    return []


def zone_cards(e: Engine, p: Pending, sel: Selector) -> list[str]:
    """The cards of the zone a selector names (the zone handlers of the registry)."""
    zone = REGISTRY.handler("zone", sel.zone)
    assert zone is not None, "checked by kg.solver.support before running"
    return zone(e, p, owner_of(p, sel))


@REGISTRY.register("verb", "add_to_hand")
def _add_to_hand(e: Engine, p: Pending, a: Action) -> list[str]:
    """Add the chosen cards (from among the revealed ones, the trash ...) to the hand."""
    if a.selector is None:
        return []
    pool = zone_cards(e, p, a.selector)
    added = _pick(e, p, _partner_last(e, p, a, list(pool)), a.selector)
    origins: dict[str, str] = {}
    for number in added:
        origins[number] = pile_of(e, p.player, pool, number)
        pool.remove(number)
        e.state.players[p.player].hand.append(number)
        e.rec.log(f"{p.label}: {number} is added to {p.player}'s hand")
        e.done += 1
    added_to_hand(e, {p.player: added}, p.player, origins)
    return []


def _partner_last(e: Engine, p: Pending, a: Action, cards: list[str]) -> list[str]:
    """'Add 1 X and 1 Y among them': as many cards as can be are added (QA Q1050, Q2496, Q4228), so
    the first choice's default prefers the cards the next one ('1 Y') could not take."""
    actions = p.spec.record.compiled.actions if p.spec.record is not None else []
    at = next((i for i, b in enumerate(actions) if b is a), None)
    partner = actions[at + 1] if at is not None and at + 1 < len(actions) else None
    # '… and place 1 such card under any of your Tamers' (reveal_phrases._add_and_place; QA Q3113)
    wanted = partner.card if partner is not None and partner.verb in _PLACING else \
        partner.selector if partner is not None and partner.verb == "add_to_hand" else None
    if wanted is None or wanted.zone != (a.selector.zone if a.selector else None):
        return cards
    return sorted(cards, key=lambda n: bool(n) and e.board.card_fits(n, wanted))


#: Verbs placing a revealed card under a Digimon or Tamer, after 'add 1 X among them to the hand and …'.
_PLACING = frozenset({"place_under", "place_under_face_down"})


def _rest_to_deck(top: bool) -> Verb:
    """Return the revealed cards that are left to the top or the bottom of the deck."""
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        deck = e.state.players[p.player].deck
        if top:
            deck[:0] = e.revealed
        else:
            deck.extend(e.revealed)
        e.revealed = []
        return []
    return run


_to_bottom = _rest_to_deck(top=False)
REGISTRY.bind("verb", "rest_to_deck", _to_bottom)
REGISTRY.bind("verb", "rest_to_deck_top", _rest_to_deck(top=True))


@REGISTRY.register("verb", "trash_card")
def _trash_card(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash cards from the hand (the first that fit), e.g. '<Draw 1>. Then, trash 1 card in your hand'."""
    sel = a.selector or Selector(owner="self", kind="card", zone="hand")
    owner = owner_of(p, sel)
    pool = zone_cards(e, p, sel)
    wanted = sel.model_copy(update={"count": a.amount or sel.count})
    hand = e.state.players[owner].hand
    hand_first = sel.zone == "hand" or (isinstance(pool, _Piles) and pool.piles[0] is hand)
    from_hand = []
    for number in _pick(e, p, pool, wanted):
        in_hand = hand_first and number in hand  # the card leaves the first pile that holds it
        pool.remove(number)
        e.state.players[owner].trash.append(number)
        e.rec.log(f"{p.label}: {number} is trashed from {owner}'s {sel.zone}")
        e.done += 1
        if in_hand:
            from_hand.append(number)
    note_trashed(e, p, from_hand)  # '… less than or equal to the trashed card' (selector_values)
    trashed_from(e, "TrashedFromHand", owner, from_hand, p.player)
    return []


@REGISTRY.register("verb", "trash_hand_to")
def _trash_hand_to(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Trash cards in your hand until it has 4 left' / 'your opponent trashes … so that they have 6
    left' / 'both players trash …': each player named trashes cards of their own hand until it holds
    ``amount``, choosing which (the subject does it, CR 15-10-1-2-1, 15-10-1-3-1); a hand already that
    small loses nothing. Both players' cards are trashed at once (one batch of TrashedFromHand)."""
    sel = a.selector or Selector(owner="self", kind="player")
    whose = [p.player, opponent(p.player)] if sel.owner == "any" else [owner_of(p, sel)]
    moved: dict[str, list[str]] = {}
    cites = e.cites("hand_trashed_down")
    for who in whose:
        hand = e.state.players[who].hand
        extra = len(hand) - (a.amount or 0)
        if extra <= 0:
            continue
        # the hand's owner answers: the effect's player under its label, the opponent under B/CARD/TAG
        key = p.label if who == p.player else "/".join([who, *p.label.split("/")[1:]])  # (opponent_choices)
        moved[who] = e.decide.targets(who, key, list(hand), extra)
        for number in moved[who]:
            hand.remove(number)
            e.state.players[who].trash.append(number)
            e.rec.log(f"{p.label}: {number} is trashed from {who}'s hand", cites)
            e.done += 1
    if events := _card_events(e, "TrashedFromHand", moved, p.player):
        e.emit(*events)
    return cites


def put_back_revealed(e: Engine, p: Pending) -> None:
    """Revealed cards no action took go to the bottom of the deck when the effect ends."""
    if e.revealed:
        _to_bottom(e, p, Action(verb="rest_to_deck"))


# ---------------------------------------------------------------- zones (CR 3)
def _pile(name: str) -> Callable[[Engine, Pending, str], list[str]]:
    def cards(e: Engine, p: Pending, player: str) -> list[str]:
        return getattr(e.state.players[player], name)
    cards.__doc__ = f"The player's {name}."
    return cards


for _zone, _attr in (("trash", "trash"), ("hand", "hand"), ("deck", "deck")):  # security: security_moves
    REGISTRY.bind("zone", _zone, _pile(_attr))


@REGISTRY.register("zone", "revealed")
def _revealed(e: Engine, p: Pending, player: str) -> list[str]:
    """The cards revealed by the effect being processed (they belong to no area)."""
    return e.revealed


@REGISTRY.register("zone", "battle_area")
def _battle_area(e: Engine, p: Pending, player: str) -> list[str]:
    """The top cards of the player's Digimon and Tamers (selectors of stacks use the board)."""
    return [s.top for s in e.state.players[player].battle_area]


class _Sources(list[str]):
    """The digivolution cards of one stack, as a pile: taking a card out of it takes it out of the
    stack (its top card stays)."""

    def __init__(self, stack: Stack) -> None:
        super().__init__(stack.sources)
        self.stack = stack

    def remove(self, number: str) -> None:
        super().remove(number)
        self.stack.cards.remove(number)


class _Piles(list[str]):
    """Several zones as one pile ('from your hand or trash'): taking a card out of it takes it out of
    the first zone that holds it."""

    def __init__(self, *piles: list[str]) -> None:
        super().__init__(c for pile in piles for c in pile)
        self.piles = piles

    def remove(self, number: str) -> None:
        super().remove(number)
        next(pile for pile in self.piles if number in pile).remove(number)


@REGISTRY.register("zone", "hand_or_trash")
def _hand_or_trash(e: Engine, p: Pending, player: str) -> list[str]:
    """The player's hand and trash together ('… in the hand or trash')."""
    return _Piles(e.state.players[player].hand, e.state.players[player].trash)


@REGISTRY.register("zone", "sources")
def _sources(e: Engine, p: Pending, player: str) -> list[str]:
    """This Digimon's digivolution cards ('… in this Digimon's digivolution cards')."""
    stack = e.state.find(p.holder.uid)
    return _Sources(stack) if stack is not None else []


def _or_sources(zone: str) -> Callable[[Engine, Pending, str], list[str]]:
    """The player's hand (or trash) and this Digimon's digivolution cards together ('… from your
    hand or this Digimon's digivolution cards')."""
    def pile(e: Engine, p: Pending, player: str) -> list[str]:
        stack = e.state.find(p.holder.uid)
        cards = getattr(e.state.players[player], zone)
        return _Piles(cards, _Sources(stack)) if stack is not None else _Piles(cards)
    return pile


REGISTRY.bind("zone", "hand_or_sources", _or_sources("hand"))
REGISTRY.bind("zone", "trash_or_sources", _or_sources("trash"))


@REGISTRY.register("zone", "field")
def _field(e: Engine, p: Pending, player: str) -> list[str]:
    """The top cards of the player's Digimon and Tamers on the field: the battle area and the
    breeding area (CR 3-4-6; selectors of stacks use the board)."""
    return [*_battle_area(e, p, player), *_breeding_area(e, p, player)]


@REGISTRY.register("zone", "under_tamers")
def _under_tamers(e: Engine, p: Pending, player: str) -> list[str]:
    """The cards stacked under the player's Tamers ('… from under your Tamers', CR 4-4-2)."""
    return _Piles(*(_Sources(s) for s in e.state.players[player].battle_area
                    if e.board.card(s.top).kind == "Tamer"))


@REGISTRY.register("zone", "hand_or_under_tamers")
def _hand_or_under_tamers(e: Engine, p: Pending, player: str) -> list[str]:
    """The player's hand and the cards under their Tamers together ('… from your hand or from under
    one of your Tamers')."""
    return _Piles(e.state.players[player].hand, _under_tamers(e, p, player))


@REGISTRY.register("zone", "breeding_area")
def _breeding_area(e: Engine, p: Pending, player: str) -> list[str]:
    """The top card of the player's breeding area (selectors of stacks use the board)."""
    breeding = e.state.players[player].breeding
    return [breeding.top] if breeding is not None else []


# ---------------------------------------------------------------- the deck and the security stack
def _take(e: Engine, p: Pending, a: Action, pile: list[str], *, bottom: bool) -> list[str]:
    """The top (or bottom) N cards of a pile, taken out of it; a cost that cannot take them all
    is not paid (CR 15-7). A 'for each …' that counted none takes none (amount 0, CR 4-27-4)."""
    n = 1 if a.amount is None else a.amount
    if len(pile) < n and is_cost(p, a):
        raise CostUnpaid
    taken = pile[-n:] if bottom else pile[:n]
    if bottom:
        del pile[len(pile) - len(taken):]
    else:
        del pile[:len(taken)]
    return [c or "(blank)" for c in taken]


@REGISTRY.register("event", "SecurityCardRemoved")
def removed_from_security(e: Engine, owner: str, cards: list[str], by: str | None) -> None:
    """Cards left a security stack by an effect: SecurityCardRemoved for each (its owner's)."""
    for card in cards:
        e.emit(Event("SecurityCardRemoved", Snapshot(e.state.new_uid(), owner, owner, (card,), False, -1),
                     cause="effect", by=by))


@REGISTRY.register("event", "TrashedFromHand", "TrashedFromDeck")
def trashed_from(e: Engine, event: str, owner: str, cards: list[str], by: str | None) -> None:
    """Cards an effect trashed from a hand or a deck: one event for each, whose subject is the card
    now in the trash, with its own effects that answer this event ('When one of your effects
    trashes this card in your hand'). Emitted together: a trigger met by several at once triggers
    once (CR 15-5-2)."""
    events = [Event(event, card_snapshot(e, owner, card, event), cause="effect", by=by) for card in cards]
    if events:
        e.emit(*events)


def _card_events(e: Engine, event: str, moved: dict[str, list[str]], by: str | None,
                 origins: dict[str, str] | None = None) -> list[Event]:
    """One event for each card an effect moved, by owner: its subject the card where it is now, and
    where it came from when the mover says (``origins``: card -> Event.origin)."""
    return [Event(event, card_snapshot(e, owner, card, event), cause="effect", by=by,
                  origin=(origins or {}).get(card, ""))
            for owner, cards in moved.items() for card in cards]


@REGISTRY.register("event", "AddedToHand")
def added_to_hand(e: Engine, moved: dict[str, list[str]], by: str | None,
                  origins: dict[str, str] | None = None) -> None:
    """Cards an effect added to hands (owner -> cards): AddedToHand for each, at once, also when both
    players' hands grow (QA Q2775). A draw by an effect adds cards (QA Q1795, Q2489), so does a
    Digimon an effect returns to the hand (QA Q1658, Q1794); the rules' own draws do not (QA Q2862).
    ``origins``: where each card came from ("trash": its owner's, "battle_area": a Digimon or Tamer
    returned), for 'when a card returns from your trash to the hand' (event_filters)."""
    if events := _card_events(e, "AddedToHand", moved, by, origins):
        e.emit(*events)


@REGISTRY.register("event", "TrashedFromSecurity")
def trashed_from_security(e: Engine, moved: dict[str, list[str]], by: str | None) -> None:
    """Cards an effect trashed straight from security stacks (owner -> cards, CR 4-16-1): for each,
    SecurityCardRemoved and TrashedFromSecurity, all at once; a card checked or looked at is not
    trashed from the security stack (QA Q3049)."""
    events = [*_card_events(e, "SecurityCardRemoved", moved, by),
              *_card_events(e, "TrashedFromSecurity", moved, by)]
    if events:
        e.emit(*events)


def _move(source: str, bottom: bool, to: str) -> Verb:
    """Move the top or bottom N cards of the owner's deck or security stack to their hand or trash."""
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        owner = owner_of(p, a.selector)
        player = e.state.players[owner]
        cards = _take(e, p, a, getattr(player, source), bottom=bottom)
        getattr(player, to).extend(cards)
        where = "bottom" if bottom else "top"
        e.rec.log(f"{p.label}: {len(cards)} card(s) from the {where} of {owner}'s {source} to the {to}")
        e.done += len(cards)
        if source == "security" and to == "trash":
            trashed_from_security(e, {owner: cards}, p.player)
        elif source == "security":
            removed_from_security(e, owner, cards, p.player)
        if to == "hand":
            added_to_hand(e, {owner: cards}, p.player)
        if source == "deck" and to == "trash":
            trashed_from(e, "TrashedFromDeck", owner, cards, p.player)
        return []
    return run


_trash_deck = _move("deck", False, "trash")
REGISTRY.bind("verb", "trash_deck", _trash_deck)


@REGISTRY.register("verb", "trash_deck_up_to")
def _trash_deck_up_to(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Trash up to 3 cards from the top of your deck' (BT10-081): as many of the top N as the player
    wants (CR 15-10-2-2), from the top. The player names that many of the top N cards (``decisions.targets``,
    by default all N); which ones they name does not matter, only how many."""
    deck = e.state.players[owner_of(p, a.selector)].deck
    top = [c or "(blank)" for c in deck[: a.amount or 1]]
    how_many = len(e.decide.targets(p.player, p.label, top, len(top))) if top else 0
    return _trash_deck(e, p, a.model_copy(update={"amount": how_many})) if how_many else []
REGISTRY.bind("verb", "security_to_hand", _move("security", False, "hand"))
REGISTRY.bind("verb", "bottom_security_to_hand", _move("security", True, "hand"))
REGISTRY.bind("verb", "trash_bottom_security", _move("security", True, "trash"))


@REGISTRY.register("verb", "trash_rest")
def _trash_rest(e: Engine, p: Pending, a: Action) -> list[str]:
    """The revealed cards no action took go to the trash ('Trash the rest')."""
    e.state.players[p.player].trash.extend(c or "(blank)" for c in e.revealed)
    e.rec.log(f"{p.label}: trashes the rest ({len(e.revealed)} card(s))")
    if e.revealed:
        mark(e, p)
    e.revealed = []
    return []


# ---------------------------------------------------------------- playing a card by an effect
#: The kinds of card that can be played into the battle area (an Option is used, not played; CR 7).
PLAYABLE = ("Digimon", "Tamer")


@REGISTRY.register("verb", "play_card")
def _play_card(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play the chosen cards from the zone the selector names (hand, trash, revealed cards):
    free, or paying the play cost reduced by ``amount``; suspended if the text says so (CR 7-1)."""
    sel = a.selector
    assert sel is not None
    pool = zone_cards(e, p, sel)
    taken = _names_in_play(e, p.player, sel.unlike_own) if sel.unlike_own else set()
    candidates = list(dict.fromkeys(n for n in pool if n and e.board.card(n).kind in PLAYABLE
                                    and e.board.card_fits(n, sel)
                                    and not taken & {x.lower() for x in e.board.card(n).names}))
    candidates = playable_by_effect(e, p.label, p.player, candidates)  # 'can't play Digimon by effects'
    chosen = e.decide.targets(p.player, p.label, candidates, sel.count or len(candidates))
    if not chosen:
        e.rec.log(f"{p.label}: no card to play ({zone_words(sel.zone)})")
    e.chosen[id(p)] = ()  # 'the Digimon played with this effect' in a later action: the ones played now
    for number in chosen:
        play_one(e, p, a, pool, number)
    return []


def _names_in_play(e: Engine, player: str, kind: str) -> set[str]:
    """The names (lower-cased) of ``player``'s Tamers or Digimon in play: 'this effect can't play
    cards with the same name as any of your Tamers'."""
    tops = [e.board.card(s.top) for s in e.state.players[player].battle_area]
    return {name.lower() for info in tops if info.kind == kind for name in info.names}


def pile_of(e: Engine, player: str, pool: list[str], number: str) -> str:
    """Where ``number`` is taken from when it leaves ``pool`` (Event.origin): "sources" for a
    Digimon's digivolution cards (CR 4-8-1; not the cards under a Tamer), "trash" or "hand" for the
    player's own, "" for anything else (revealed cards, the opponent's zones, under a Tamer)."""
    if isinstance(pool, _Piles):
        return pile_of(e, player, next(pile for pile in pool.piles if number in pile), number)
    if isinstance(pool, _Sources):
        mine = pool.stack.owner == player and e.board.card(pool.stack.top).kind == "Digimon"
        return "sources" if mine else ""
    side = e.state.players[player]
    return "trash" if pool is side.trash else "hand" if pool is side.hand else ""


def play_one(e: Engine, p: Pending, a: Action, pool: list[str], number: str) -> None:
    """Play ``number`` out of ``pool`` (the zone of ``a.selector``): free, or paying its play cost
    reduced by ``a.amount``; suspended if the text says so (CR 7-1)."""
    origin = pile_of(e, p.player, pool, number)
    pool.remove(number)
    cost = 0 if a.free else max(0, (e.board.card(number).play_cost or 0) - (a.amount or 0))
    if cost:  # CR 7-1-2-2: the effects answering 'would be played' change the cost before it is paid
        cost = would_be_played(e, p.player, number, cost, from_hand=origin == "hand")
    placed = by_effect(e, p, number)  # CR 7-3-2-10, 7-3-2-2: an Assembly, after those effects
    if not a.free:  # 'players can't reduce play costs'
        cost = max(0, cost - placed.reduction)  # CR 7-3-3-3
        cost = unreduced(e, p.label, p.player, number, cost)
    e.state.pay(p.player, cost)
    e.rec.log(f"{p.label}: plays {number} from the {zone_words(a.selector.zone) if a.selector else 'hand'}"
              + (" without paying the cost" if a.free else f" for {cost} memory"))
    stack = enter_play(e, p.player, number, played=True, suspended=a.suspended, origin=origin,
                       under=placed.cards)
    e.chosen[id(p)] = (*e.chosen.get(id(p), ()), stack.uid)
