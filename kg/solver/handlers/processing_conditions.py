"""Processing conditions ("if ..."), by the effect compiler's ``Condition.kind``, checked when the
effect activates or, for one that governs only some actions, when the first of them is reached
(CR 15-6). A kind with no handler here is reported unsupported, never taken for true."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Condition
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack
from kg.solver.state import opponent as rival

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Pending

Test = Callable[["Engine", "Pending", Condition], bool]


def _cards_in(e: Engine, p: Pending, who: str, zone: str) -> list[str]:
    """The player's cards in a zone; a card revealed to be played from the hand is still in it while
    the effects answering 'would be played' activate (CR 7-1-2-2, 7-1-2-3; QA Q7036)."""
    cards = list(getattr(e.state.players[who], zone))
    event = getattr(p, "event", None)  # the 'while' form asks with no event
    if zone == "hand" and event is not None and event.name == "WouldBePlayed" and event.how == "hand" \
            and event.subject is not None and event.subject.owner == who:
        cards += list(event.subject.cards)
    return cards


def _compare(have: int, c: Condition, at_most: bool, least: int = 0) -> bool:
    return have <= (c.amount or 0) if at_most else have >= (c.amount or least)


def _count(zone: str, *, opponent: bool = False, at_most: bool = False) -> Test:
    """'you have N or more cards in your hand', 'your opponent has N or fewer cards in their trash';
    with a selector, only the cards that fit count ('8 or more Digimon cards with [Chessmon] in their
    names in your trash')."""
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        who = rival(p.player) if opponent else p.player
        cards = _cards_in(e, p, who, zone)
        if c.selector is not None:
            cards = [n for n in cards if n and e.board.card_fits(n, c.selector)]
        return _compare(len(cards), c, at_most)
    return check


def _memory(at_most: bool) -> Test:
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        return _compare(e.state.memory_of(p.player), c, at_most)
    return check


def _holder(e: Engine, p: Pending) -> Stack | None:
    return e.state.find(p.holder.uid)


def _has_cards(at_most: bool) -> Test:
    """'if you have a Tamer', 'if your opponent has 2 or more Digimon with 6000 DP or less'."""
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        if c.selector is None:
            return False
        stacks = e.state.board()
        if c.selector.zone == "field":  # 'on the field': the breeding areas too (CR 3-4-6; QA Q5387)
            stacks = stacks + [b for pl in e.state.players.values() if (b := pl.breeding) is not None]
        found = sum(1 for s in stacks if e.board.matches(e.state, s, c.selector, p.player, p.holder.uid))
        return _compare(found, c, at_most, least=1)
    return check


def _this_matches(e: Engine, p: Pending, c: Condition) -> bool:
    stack = _holder(e, p)
    return stack is not None and c.selector is not None and e.board.matches(
        e.state, stack, c.selector.model_copy(update={"owner": "any"}), p.player, p.holder.uid)


def _total_security_at_most(e: Engine, p: Pending, c: Condition) -> bool:
    return sum(len(pl.security) for pl in e.state.players.values()) <= (c.amount or 0)


def _this_suspended(e: Engine, p: Pending, c: Condition) -> bool:
    return (s := _holder(e, p)) is not None and s.suspended


def _this_sources_at_least(e: Engine, p: Pending, c: Condition) -> bool:
    return (s := _holder(e, p)) is not None and len(s.sources) >= (c.amount or 0)


def _sources_include(e: Engine, p: Pending, c: Condition) -> bool:
    """'[X] is in this Digimon's digivolution cards' (the compiler's templates all speak of this
    Digimon): at least N of its digivolution cards fit the selector."""
    stack = _holder(e, p)
    if stack is None or c.selector is None:
        return False
    return sum(1 for n in stack.sources if e.board.card_fits(n, c.selector)) >= (c.amount or 1)


def _this_colors_at_least(e: Engine, p: Pending, c: Condition) -> bool:
    """'If this Digimon has 2 or more colors': its top card's colours; a multicolor card has
    each of them (CR 2-4-3, 2-4-3-1)."""
    return (s := _holder(e, p)) is not None and len(set(e.board.card(s.top).colors)) >= (c.amount or 0)


def _this_same_level_at_least(e: Engine, p: Pending, c: Condition) -> bool:
    """"If this Digimon's stack has 2 or more same-level cards": N cards of the stack (its top card
    and its digivolution cards, CR 4-7-1) share one level; a card without a level shares none."""
    stack = _holder(e, p)
    if stack is None:
        return False
    levels = Counter(lv for n in stack.cards if (lv := e.board.card(n).level) is not None)
    return max(levels.values(), default=0) >= (c.amount or 0)


def _fewer(zone: str) -> Test:
    """'If you have fewer security cards than your opponent': the effect's player's cards of that
    area against the opponent's."""
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        return len(_cards_in(e, p, p.player, zone)) < len(_cards_in(e, p, rival(p.player), zone))
    return check


def _either_trash_at_least(e: Engine, p: Pending, c: Condition) -> bool:
    """'If either player has 5 or more cards in their trash': one of the two trashes is that big."""
    return any(len(pl.trash) >= (c.amount or 0) for pl in e.state.players.values())


def _security_at_most_opponents(e: Engine, p: Pending, c: Condition) -> bool:
    """'If the number of cards in your security stack is less than or equal to your opponent's'."""
    players = e.state.players
    return len(players[p.player].security) <= len(players[rival(p.player)].security)


def _this_has_on_play_effect(e: Engine, p: Pending, c: Condition) -> bool:
    """'If this Digimon has an [On Play] effect': one of the effects it has now (its own, inherited,
    gained, CR 15-3) has the [On Play] timing."""
    stack = _holder(e, p)
    effects = e.board.effects(e.state, stack) if stack is not None else []
    return any(spec.record is not None and "OnPlay" in spec.record.timings for spec, _ in effects)


def _either(e: Engine, p: Pending, c: Condition) -> bool:
    """'If X or Y' (CR 15-6): one of the joined conditions holds."""
    return any(e.condition_holds(p, sub) for sub in c.either)


_TESTS: dict[str, Test] = {
    "either": _either,
    "sources_include": _sources_include,
    "security_at_most": _count("security", at_most=True),
    "security_at_least": _count("security"),
    "hand_at_most": _count("hand", at_most=True),
    "hand_at_least": _count("hand"),
    "trash_at_least": _count("trash"),
    "opponent_hand_at_most": _count("hand", opponent=True, at_most=True),
    "opponent_hand_at_least": _count("hand", opponent=True),
    "opponent_trash_at_most": _count("trash", opponent=True, at_most=True),
    "opponent_trash_at_least": _count("trash", opponent=True),
    "opponent_security_at_most": _count("security", opponent=True, at_most=True),
    "opponent_security_at_least": _count("security", opponent=True),
    "total_security_at_most": _total_security_at_most,
    "memory_at_most": _memory(at_most=True),
    "memory_at_least": _memory(at_most=False),
    "opponent_memory_at_least": lambda e, p, c: e.state.memory_of(rival(p.player)) >= (c.amount or 0),
    "your_turn": lambda e, p, c: e.state.turn_player == p.player,
    "this_suspended": _this_suspended,
    "this_sources_at_least": _this_sources_at_least,
    "has_card": _has_cards(at_most=False),
    "has_at_most": _has_cards(at_most=True),
    "this_matches": _this_matches,
    "deleted_in_battle": lambda e, p, c: p.event.cause == "battle",
    "this_colors_at_least": _this_colors_at_least,
    "this_same_level_at_least": _this_same_level_at_least,
    "security_fewer_than_opponent": _fewer("security"),
    "hand_fewer_than_opponent": _fewer("hand"),
    "either_trash_at_least": _either_trash_at_least,
    "security_at_most_opponents": _security_at_most_opponents,
    "this_has_on_play_effect": _this_has_on_play_effect,
}
for _code, _test in _TESTS.items():
    REGISTRY.bind("condition", _code, _test)
