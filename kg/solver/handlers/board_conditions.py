"""Processing conditions of ``ingest/compiler/condition_phrases.py`` (CR 15-6) about the board:
whether an attack is under way, your Tamers' colours, counts of cards compared with the
opponent's, and this Digimon as it was when the triggering event happened ('if this Digimon had').
The state kinds are read as 'while …' too (``while_conditions.STATE_CONDITIONS``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Condition, Selector
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack
from kg.solver.state import opponent as rival
from kg.solver.statics import stack_colors

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Pending

Test = Callable[["Engine", "Pending", Condition], bool]


@REGISTRY.register("condition", "during_attack")
def _during_attack(e: Engine, p: Pending, c: Condition) -> bool:
    """'If during an attack': an attack has been declared and has not ended (its timings run from
    the declaration to the end of the attack, CR 11-1-3); anyone's attack (QA Q4715)."""
    return e.state.attack is not None


@REGISTRY.register("condition", "attacking")
def _attacking(e: Engine, p: Pending, c: Condition) -> bool:
    """'If this Digimon is attacking': it is the attacker of the attack under way (CR 11-1-3)."""
    return e.state.attack is not None and e.state.attack.attacker == p.holder.uid


@REGISTRY.register("condition", "opponent_attacking")
def _opponent_attacking(e: Engine, p: Pending, c: Condition) -> bool:
    """'If one of their Digimon is attacking': the attacker of the attack under way is one of the
    opponent's Digimon (CR 11-1-3)."""
    attack = e.state.attack
    attacker = e.state.find(attack.attacker) if attack is not None else None
    return attacker is not None and attacker.owner != p.player


@REGISTRY.register("condition", "tamers_colors_at_least")
def _tamers_colors(e: Engine, p: Pending, c: Condition) -> bool:
    """'If your Tamers with the [ADVENTURE] trait have 3 or more total colors': the colours of the
    player's Tamers in play that fit, each colour counted once (CR 2-4-3; QA Q4444)."""
    if c.selector is None:
        return False
    colors = {color for s in e.state.board()
              if e.board.matches(e.state, s, c.selector, p.player, p.holder.uid)
              for color in stack_colors(e.board, e.state, s)}
    return len(colors) >= (c.amount or 0)


def _counts(e: Engine, p: Pending, c: Condition) -> tuple[int, int]:
    """How many cards in play fit the condition's selector: the player's, the opponent's."""
    assert c.selector is not None
    def of(who: str) -> int:
        return sum(1 for s in e.state.board() if s.owner == who
                   and e.board.matches(e.state, s, c.selector, p.player, p.holder.uid))  # type: ignore[arg-type]
    return of(p.player), of(rival(p.player))


@REGISTRY.register("condition", "more_than_opponent")
def _more(e: Engine, p: Pending, c: Condition) -> bool:
    """'You have more Digimon and Tamers than your opponent' (negated: 'your opponent has as many
    or more … as you')."""
    mine, theirs = _counts(e, p, c)
    return c.selector is not None and mine > theirs


@REGISTRY.register("condition", "fewer_than_opponent")
def _fewer(e: Engine, p: Pending, c: Condition) -> bool:
    """'If you have fewer Digimon than your opponent' (negated: 'as many or fewer … as you')."""
    mine, theirs = _counts(e, p, c)
    return c.selector is not None and mine < theirs


@REGISTRY.register("condition", "security_more_than_opponent")
def _more_security(e: Engine, p: Pending, c: Condition) -> bool:
    """'If you have more security cards than your opponent': not when both have as many (QA Q4241)."""
    players = e.state.players
    return len(players[p.player].security) > len(players[rival(p.player)].security)


@REGISTRY.register("condition", "opponent_memory_at_most")
def _opponent_memory_at_most(e: Engine, p: Pending, c: Condition) -> bool:
    """'If your opponent has 4 or less memory': the memory on their side of the gauge (CR 4-1)."""
    return e.state.memory_of(rival(p.player)) <= (c.amount or 0)


@REGISTRY.register("condition", "holder_matched")
def _holder_matched(e: Engine, p: Pending, c: Condition) -> bool:
    """'[On Deletion] If this Digimon had the [Unidentified] trait': the effect's card as it was when
    the triggering event happened, its top card and stack (CR 15-8-3-8), not where it is now."""
    if c.selector is None:
        return False
    held = p.holder
    as_it_was = Stack(held.uid, held.alias, held.owner, list(held.cards))
    return e.board.matches(e.state, as_it_was, c.selector.model_copy(update={"owner": "any"}),
                           p.player, held.uid, base=True)


@REGISTRY.register("condition", "breeding_matches")
def _breeding_matches(e: Engine, p: Pending, c: Condition) -> bool:
    """'If you have [Mother Eater] in the breeding area': the player's Digimon in their breeding area
    (CR 3-4-7) fits the selector."""
    stack = e.state.players[p.player].breeding
    return stack is not None and c.selector is not None and e.board.matches(
        e.state, stack, c.selector, p.player, p.holder.uid)


@REGISTRY.register("condition", "digivolving_from_trash")
def _digivolving_from_trash(e: Engine, p: Pending, c: Condition) -> bool:
    """'[When Digivolving] If digivolving from the trash': the card this Digimon digivolved into came
    from the owner's trash (CR 8-1; Event.origin, set when an effect digivolves from the trash)."""
    return p.event.name == "Digivolved" and p.event.origin == "trash"


def _sources_versus_this(strictly: bool) -> Test:
    """'If your opponent has no Digimon with more (as many or more) digivolution cards than (as) this
    Digimon' (negated): one of the selector's Digimon in play has more (at least as many) digivolution
    cards (CR 4-8) than the effect's Digimon; never while that Digimon is not in play (there is no
    count to compare with)."""
    def check(e: Engine, p: Pending, c: Condition) -> bool:
        this = e.state.find(p.holder.uid)
        if this is None or c.selector is None:
            return False
        mine = len(this.sources) + (1 if strictly else 0)
        return any(len(s.sources) >= mine for s in e.state.board()
                   if e.board.matches(e.state, s, c.selector, p.player, p.holder.uid))
    return check


REGISTRY.bind("condition", "more_sources_than_this", _sources_versus_this(strictly=True))
REGISTRY.bind("condition", "as_many_sources_as_this", _sources_versus_this(strictly=False))


#: The player's Digimon in play (a Tamer with cards under it is not one, CR 4-4).
_YOUR_DIGIMON = Selector(owner="self", kind="Digimon", count=None)


@REGISTRY.register("condition", "digimon_sources_include")
def _digimon_sources_include(e: Engine, p: Pending, c: Condition) -> bool:
    """'If you have a Digimon with [X Antibody] in its digivolution cards in play', '… with 4 or more
    digivolution cards': one of the player's Digimon has at least N digivolution cards (CR 4-8) that
    fit the selector (any card without one)."""
    return any(
        sum(1 for n in s.sources if c.selector is None or e.board.card_fits(n, c.selector)) >= (c.amount or 1)
        for s in e.state.board() if e.board.matches(e.state, s, _YOUR_DIGIMON, p.player, p.holder.uid))


@REGISTRY.register("condition", "sources_colors_at_least")
def _sources_colors_at_least(e: Engine, p: Pending, c: Condition) -> bool:
    """'If this Digimon has 4 or more colors in its digivolution cards': the different colours among
    its digivolution cards (CR 4-8), a multicolour card giving each of its colours (CR 2-4-3-1); never
    once it has left play (no digivolution cards to look at, QA Q7194)."""
    this = e.state.find(p.holder.uid)
    if this is None:
        return False
    return len({color for n in this.sources for color in e.board.card(n).colors}) >= (c.amount or 0)


@REGISTRY.register("condition", "that_matches")
def _that_matches(e: Engine, p: Pending, c: Condition) -> bool:
    """'Then, if that Digimon has 16000 DP or more' (BT4-109): the Digimon an earlier action of the
    effect chose, as it is now (its DP with what that action gave it, QA Q1274); with no earlier action
    ('When an opponent's Digimon is played, if that Digimon is level 5 or higher'), the triggering
    event's Digimon as it is now. Never one that has left play (CR 15-6: nothing to look at)."""
    if c.selector is None:
        return False
    if not c.governs or min(c.governs) == 0:  # no action before the ones it governs
        party = p.event.subject if p.event is not None else None
        uids: tuple[int, ...] = (party.uid,) if party is not None else ()
    else:
        uids = e.chosen.get(id(p), ())
    stacks = [s for s in (e.state.find(uid) for uid in uids) if s is not None]
    return any(e.board.matches(e.state, s, c.selector, p.player, p.holder.uid) for s in stacks)


def _fitting(e: Engine, p: Pending, c: Condition) -> list[Stack]:
    """The cards in play that fit the condition's selector."""
    assert c.selector is not None
    return [s for s in e.state.board() if e.board.matches(e.state, s, c.selector, p.player, p.holder.uid)]


@REGISTRY.register("condition", "different_names_at_least")
def _different_names(e: Engine, p: Pending, c: Condition) -> bool:
    """'While you have 3 or more [Hero] trait Tamers with different names': N of the fitting cards in
    play have no card name in common (a card with two names has each, CR 2-3-1-1), found by a search
    that picks one card per name."""
    if c.selector is None:
        return False
    names = [{n.lower() for n in e.board.card(s.top).names} for s in _fitting(e, p, c)]

    def pick(rest: list[set[str]], used: set[str], need: int) -> bool:
        if need <= 0:
            return True
        return any(not (here & used) and pick(rest[i + 1:], used | here, need - 1)
                   for i, here in enumerate(rest))
    return pick(names, set(), c.amount or 1)


@REGISTRY.register("condition", "digimon_sources_at_least")
def _digimon_sources_at_least(e: Engine, p: Pending, c: Condition) -> bool:
    """'If one of your [Mother D-Reaper]s has 5 or more digivolution cards': one of the player's fitting
    Digimon in play has at least N digivolution cards (CR 4-8)."""
    return c.selector is not None and any(len(s.sources) >= (c.amount or 1) for s in _fitting(e, p, c))


@REGISTRY.register("condition", "attacks_digimon")
def _attacks_digimon(e: Engine, p: Pending, c: Condition) -> bool:
    """'[When Attacking] If you attack one of your opponent's Digimon (that has 12000 DP or more)': this
    Digimon's attack under way targets a Digimon, not the player (CR 11-2), fitting the selector now."""
    a = e.state.attack
    if a is None or a.attacker != p.holder.uid or a.target is None:
        return False
    target = e.state.find(a.target)
    return target is not None and (c.selector is None or e.board.matches(
        e.state, target, c.selector, p.player, p.holder.uid))
