"""Card faces: face-up security cards and face-down cards under Digimon and Tamers.

- A card placed face up in a security stack stays there as public information (CR 3-7-4); it is
  still a security card, checked as any other (CR 13); its {Security} effects work while it is face
  up (CR 15-14-5-1, ``Board.persistent``). The state marks it ``FaceUp`` (kg/solver/state.py).
- A face-down card under another card has no card information (CR 4-7-9): no name, colour, level,
  traits or effects (``Board.card``); cards placed under a Tamer go to the bottom (CR 4-4-2). The
  state marks it ``FaceDown``.

Verbs: 'place this card face up as the bottom security card', 'place the top N cards of your deck
face down under this Tamer', 'place 1 card in your hand face down as this Digimon's bottom
digivolution card', 'trash the bottom face-down card from under any of your Tamers'; conditions
'while / if you have no face-up security cards'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Condition
from kg.solver.events import Event, Pending
from kg.solver.handlers.card_moves import added_to_hand, owner_of, removed_from_security
from kg.solver.handlers.effect_results import mark
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.handlers.place_under import field_targets, to_security
from kg.solver.moves import card_snapshot, place_sources
from kg.solver.registry import REGISTRY
from kg.solver.security_events import flipped_face_up
from kg.solver.state import FaceDown, FaceUp, Stack, State, is_face_down, is_face_up, opponent
from kg.solver.support import zone_icon_gaps

if TYPE_CHECKING:
    from kg.solver.board import Board
    from kg.solver.engine import Engine

#: The rule sections a face-down placement or trashing follows (cited in the run's log).
FACE_DOWN_CITES = ["CR 4-7-9", "CR 4-4-2"]


def face_up_count(state: State, owner: str) -> int:
    """How many of ``owner``'s security cards are face up (CR 3-7-4)."""
    return sum(1 for n in state.players[owner].security if is_face_up(n))


@REGISTRY.register("verb", "place_self_face_up_bottom_security")
def _place_self_face_up(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Place this card face up as the bottom security card' (CR 3-7-4, 3-1-3-5: face up as the text
    says): the card the effect is on, from wherever it is now; its {Security} effects that the engine
    cannot carry out from there are reported."""
    cites = to_security(e, p, a, top=False, face_up=True)
    security = e.state.players[p.player].security
    if security and is_face_up(security[-1]) and security[-1] == p.holder.cards[-1]:
        for spec in e.board.specs(security[-1]):  # its other {Security} effects (CR 15-14-5-1)
            e.report_gaps(f"{p.player}-security-{security[-1]}/{spec.tag}", zone_icon_gaps(e.index, spec))
    return [*cites, "CR 3-7-4"]


@REGISTRY.register("verb", "flip_security_face_up")
def _flip_face_up(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Flip your opponent's top face-down security card face up': the topmost card of that stack that
    is face down, the 2nd from the top when the top one is face up already (QA Q4370); it stays there,
    public, a security card like any other (CR 3-7-4, QA Q4371)."""
    whose = p.player if a.selector is not None and a.selector.owner == "self" else opponent(p.player)
    security = e.state.players[whose].security
    for i, number in enumerate(security):
        if not is_face_up(number):
            security[i] = FaceUp(number)
            e.rec.log(f"{p.label}: {whose}'s security card {i + 1} from the top ({number or '(blank)'}) is "
                      "flipped face up", [*p.spec.cites, "CR 3-7-4", "Q4370"])
            flipped_face_up(e, whose, security[i], p.player)
            mark(e, p)  # it did something: 'if this effect didn't flip' (EX11-037)
            return ["CR 3-7-4"]
    e.rec.log(f"{p.label}: {whose} has no face-down security card to flip", p.spec.cites)
    return []


@REGISTRY.register("verb", "face_down_security_to_hand")
def _face_down_to_hand(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Add your top face-down security card to the hand' (EX11-025): the topmost card of the stack that
    is face down, past face-up ones (as 'flip … top face-down' reads, QA Q4370); removed from the
    security stack and added to the hand as any such card is."""
    owner = owner_of(p, a.selector)
    player = e.state.players[owner]
    at = next((i for i, number in enumerate(player.security) if not is_face_up(number)), None)
    if at is None:
        e.rec.log(f"{p.label}: {owner} has no face-down security card", p.spec.cites)
        return []
    number = player.security.pop(at)
    player.hand.append(number)
    e.done += 1
    e.rec.log(f"{p.label}: {owner}'s security card {at + 1} from the top, face down, goes to the hand",
              [*p.spec.cites, "CR 3-7-4"])
    removed_from_security(e, owner, [number], p.player)
    added_to_hand(e, {owner: [number]}, p.player)
    return ["CR 3-7-4"]


REGISTRY.consulted("verb", "deck_copies", "deck building (CR 1-4-1-2-2, 2-3-4-6-1): nothing during a game")


def _face_up_at_least(board: Board, state: State, owner: str, c: Condition) -> bool:
    """N of the player's security cards are face up (CR 3-7-4); with a selector, only face-up cards
    that fit it count ('if [Deep Savers] is face-up in your security stack')."""
    if c.selector is None:
        return face_up_count(state, owner) >= (c.amount or 1)
    sel = c.selector
    fits = [n for n in state.players[owner].security if is_face_up(n) and board.card_fits(n, sel)]
    return len(fits) >= (c.amount or 1)


REGISTRY.bind("while", "face_up_security_at_least",
              lambda board, state, holder, c: _face_up_at_least(board, state, holder.owner, c))
REGISTRY.bind("condition", "face_up_security_at_least",
              lambda e, p, c: _face_up_at_least(e.board, e.state, p.player, c))


def tamers_with_face_down(e: Engine, p: Pending, a: Action) -> list[Stack]:
    sel = a.selector
    assert sel is not None, "the compiler always names the Tamers"
    return [s for s in field_targets(e, p, sel) if any(is_face_down(n) for n in s.sources)]


@REGISTRY.register("verb", "trash_bottom_face_down")
def _trash_bottom_face_down(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Trash the bottom face-down card from under any of your Tamers': one Tamer with a face-down
    card under it, chosen; its lowest face-down card goes to the trash (face up there, CR 3-6-3).
    'Trashing 2 bottom face-down cards from under any of your Tamers': that many in all, one at a time,
    each from under the Tamer chosen then (several Tamers may give them, QA Q6301, Q6212). As a cost
    it must be paid in full (CR 15-7-3, QA Q6300): with fewer face-down cards, none is trashed."""
    need = a.amount or 1
    down = sum(is_face_down(n) for s in tamers_with_face_down(e, p, a) for n in s.sources)
    if is_cost(p, a) and down < need:
        raise CostUnpaid
    events: list[Event] = []
    for _ in range(need):
        holders = tamers_with_face_down(e, p, a)
        chosen = e.decide.targets(p.player, p.label, [s.alias for s in holders], 1) if holders else []
        stack = next((s for s in holders if s.alias in chosen), None)
        if stack is None:
            e.rec.log(f"{p.label}: no Tamer with a face-down card under it", FACE_DOWN_CITES)
            break
        at = next(i for i, n in enumerate(stack.cards[:-1]) if is_face_down(n))
        number = stack.cards.pop(at)
        e.state.players[stack.owner].trash.append(str(number))
        e.done += 1
        e.rec.log(f"{p.label}: the bottom face-down card under {stack.alias} ({number}) is trashed",
                  FACE_DOWN_CITES)
        events.append(Event("SourceTrashed", card_snapshot(e, stack.owner, number, "SourceTrashed"),
                            e.snap(stack)))
    if events:  # trashed together: one event each, at once (as moves.trash_sources)
        e.emit(*events)
    return FACE_DOWN_CITES


@REGISTRY.register("verb", "place_deck_top_face_down")
def _place_deck_top_face_down(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Place the top N cards of your deck face down under this Tamer' / '… as this Digimon's bottom
    digivolution card': each goes face down to the bottom of the stack (CR 4-4-2, 4-7-9); SourcePlaced
    for each. Fewer cards in the deck: those there are (as a cost, all N or none, CR 15-7)."""
    sel = a.selector
    assert sel is not None, "the compiler always names the Digimon or Tamer"
    onto = _one_stack(e, p, a)
    deck = e.state.players[p.player].deck
    want = a.amount or 1
    if onto is None or (is_cost(p, a) and len(deck) < want):
        if is_cost(p, a):
            raise CostUnpaid
        e.rec.log(f"{p.label}: nothing to place face down", FACE_DOWN_CITES)
        return FACE_DOWN_CITES
    taken = [deck.pop(0) for _ in range(min(want, len(deck)))]
    _place_face_down(e, p, onto, taken, "the top of the deck")
    return FACE_DOWN_CITES


def _one_stack(e: Engine, p: Pending, a: Action) -> Stack | None:
    """The Digimon or Tamer the cards go under: this one, or the one chosen."""
    assert a.selector is not None
    choices = field_targets(e, p, a.selector)
    if a.selector.this or len(choices) < 2:
        return choices[0] if choices else None
    chosen = e.decide.targets(p.player, p.label, [s.alias for s in choices], 1)
    return next((s for s in choices if s.alias in chosen), None)


def _place_face_down(e: Engine, p: Pending, onto: Stack, numbers: list[str], where: str) -> None:
    down = [FaceDown(n) for n in numbers]
    place_sources(e, onto, down[::-1])  # one at a time, each at the bottom, at once (CR 3-2-4, 4-4-2)
    e.done += len(down)
    e.chosen[id(p)] = (onto.uid,)
    e.rec.log(f"{p.label}: {len(down)} card(s) from {where} placed face down under {onto.alias}",
              FACE_DOWN_CITES)


def face_down_sources(board: Board, stack: Stack) -> int:
    """How many of the stack's digivolution cards are face down."""
    return sum(1 for n in stack.sources if is_face_down(n))
