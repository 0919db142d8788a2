"""Compiled actions that move cards between hidden zones: reveal the top of the deck, add cards
to the hand, return the rest, trash cards from the hand.

A revealed card belongs to no area until an action takes it (CR 13-1-6 treats checked security
cards the same way); what is left when the effect ends goes to the bottom of the deck.
"""

from __future__ import annotations

from collections.abc import Callable

from ingest.effect_ir import Action, Selector
from kg.derive import card_matches
from kg.engine import Engine, Pending
from kg.state import opponent

Verb = Callable[[Engine, Pending, Action], list[str]]


def _owner(p: Pending, sel: Selector | None) -> str:
    return opponent(p.player) if sel is not None and sel.owner == "opponent" else p.player


def _fits(e: Engine, number: str, sel: Selector) -> bool:
    info = e.board.card(number)
    dp = info.dp or 0
    return card_matches(info, sel) and (sel.max_dp is None or dp <= sel.max_dp) and (
        sel.min_dp is None or dp >= sel.min_dp)


def _pick(e: Engine, p: Pending, pool: list[str], sel: Selector) -> list[str]:
    """The first cards of ``pool`` that fit, as many as the selector asks (all when None)."""
    fitting = [n for n in pool if n and _fits(e, n, sel)]
    return fitting if sel.count is None else fitting[: sel.count]


def _reveal(e: Engine, p: Pending, a: Action) -> list[str]:
    """Reveal the top N cards of the deck; they wait, in no area, for the next actions."""
    deck = e.state.players[_owner(p, a.selector)].deck
    n = a.amount or 1
    e.revealed, deck[:n] = [*e.revealed, *deck[:n]], []
    e.rec.log(f"{p.label}: reveals {', '.join(c or '(blank)' for c in e.revealed) or 'nothing'}")
    e.done += 1
    return []


def _zone(e: Engine, p: Pending, sel: Selector) -> list[str]:
    if sel.zone == "revealed":
        return e.revealed
    player = e.state.players[_owner(p, sel)]
    return {"trash": player.trash, "hand": player.hand, "deck": player.deck}.get(sel.zone, [])


def _add_to_hand(e: Engine, p: Pending, a: Action) -> list[str]:
    """Add the chosen cards (from among the revealed ones, the trash ...) to the hand."""
    if a.selector is None:
        return []
    pool = _zone(e, p, a.selector)
    for number in _pick(e, p, pool, a.selector):
        pool.remove(number)
        e.state.players[p.player].hand.append(number)
        e.rec.log(f"{p.label}: {number} is added to {p.player}'s hand")
        e.done += 1
    return []


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


def _trash_card(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash cards from the hand (the first that fit), e.g. '<Draw 1>. Then, trash 1 card in your hand'."""
    sel = a.selector or Selector(owner="self", kind="card", zone="hand")
    owner = _owner(p, sel)
    pool = _zone(e, p, sel)
    wanted = sel.model_copy(update={"count": a.amount or sel.count})
    for number in _pick(e, p, pool, wanted):
        pool.remove(number)
        e.state.players[owner].trash.append(number)
        e.rec.log(f"{p.label}: {number} is trashed from {owner}'s {sel.zone}")
        e.done += 1
    return []


def put_back_revealed(e: Engine, p: Pending) -> None:
    """Revealed cards no action took go to the bottom of the deck when the effect ends."""
    if e.revealed:
        _rest_to_deck(top=False)(e, p, Action(verb="rest_to_deck"))


CARD_MOVES: dict[str, Verb] = {
    "reveal": _reveal, "add_to_hand": _add_to_hand, "rest_to_deck": _rest_to_deck(top=False),
    "rest_to_deck_top": _rest_to_deck(top=True), "trash_card": _trash_card,
}
