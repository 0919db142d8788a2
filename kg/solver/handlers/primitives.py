"""Keyword primitives: what a keyword does, by the dcg:roleOf code of its dcg:primitive
(ontology/keywords.ttl). Each handler cites the section of the rule it carries out.

Passive primitives (<Blocker>, <Rush>, <Jamming>, <Reboot>, <Security A.>) are not run: the
step or derived value that consults them asks ``Board.has_primitive``; they are bound here to
say where.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Event, Pending
from kg.solver.field_events import trashed_from_battle_area
from kg.solver.handlers import keyword_more  # noqa: F401  (binds <Material Save>, 'until there are N')
from kg.solver.handlers.attack import effect_attack
from kg.solver.handlers.keywords_cr16 import own_cites  # also binds the further keyword handlers
from kg.solver.handlers.payment import CostUnpaid
from kg.solver.handlers.verbs import holder_stack, play_self, run_actions
from kg.solver.moves import delete, evolve, leave, place_sources, suspend, trash_sources
from kg.solver.registry import REGISTRY
from kg.solver.security_events import added_to_security
from kg.solver.state import Lasting, Stack, opponent

if TYPE_CHECKING:
    from kg.solver.engine import Engine

Primitive = Callable[["Engine", Pending], list[str]]


REGISTRY.consulted("primitive", "can_block", "the block step (CR 11-4)")
REGISTRY.consulted("primitive", "unaffected_while_attacking", "kg.solver.board.Board.modifiers (CR 16-39)")
REGISTRY.consulted("primitive", "rush", "the attack declaration (CR 16-8)")
REGISTRY.consulted("primitive", "jamming", "the Security Digimon battle (CR 16-10)")
REGISTRY.consulted("primitive", "reboot", "the unsuspend phase (CR 16-11)")
REGISTRY.consulted("primitive", "security_checks", "the security check count (CR 16-4)")
REGISTRY.consulted("primitive", "link_plus", "the link limit (CR 16-40; kg.solver.handlers.link)")
REGISTRY.consulted("primitive", "succession", "the board's printed effects (CR 16-47; Board.printed)")
REGISTRY.consulted("primitive", "iceclad", "the battle: digivolution cards compared instead of DP (CR 16-35)")
REGISTRY.consulted("primitive", "collision",
                   "the block step: every opposing Digimon may block and one must (CR 16-30)")


@REGISTRY.register("primitive", "schedule_security_check")
def _schedule_check(e: Engine, p: Pending) -> list[str]:
    """<Piercing>: a security check as pending processing at its point (CR 16-7-4, 18-1); after
    a block, the battled <Blocker> satisfies it like any Digimon (seed-piercing-6)."""
    a = e.state.attack
    cites = [*e.order_cites("pending_at_point"), *(e.cites("blocked_piercing") if a and a.blocked else ())]
    if a is not None:
        a.pending.append(p)
        e.rec.log(f"{p.label}: security check scheduled before the end of the attack", cites)
    return cites


@REGISTRY.register("primitive", "delete_battled")
def _delete_battled(e: Engine, p: Pending) -> list[str]:
    """<Retaliation>: delete the Digimon it battled, by effect (CR 16-13)."""
    stack = e.state.find(p.event.obj.uid) if p.event.obj else None
    if stack is not None:
        delete(e, [stack], cause="effect", by=p.player)
    return e.cites("retaliation_by_effect")


def _prevent_by(change: Callable[[Engine, Stack], bool]) -> Primitive:
    def run(e: Engine, p: Pending) -> list[str]:
        stack = holder_stack(e, p)
        if stack is not None and change(e, stack):
            e.prevented += 1
        return []
    return run


def _evade(e: Engine, s: Stack) -> bool:
    """<Evade>: suspend this Digimon to prevent its deletion (CR 16-19)."""
    if s.suspended:
        return False
    suspend(e, s, cause="effect", by=s.owner)
    return True


def _barrier(e: Engine, s: Stack) -> bool:
    """<Barrier>: trash the top security card to prevent a deletion in battle (CR 16-25)."""
    pile = e.state.players[s.owner]
    if not pile.security:
        return False
    pile.trash.append(pile.security.pop(0) or "(blank)")
    return True


def _armor_purge(e: Engine, s: Stack) -> bool:
    """<Armor Purge>: trash the top card of the stack instead of being deleted (CR 16-21)."""
    if not s.sources:
        return False
    e.state.players[s.owner].trash.append(s.cards.pop())
    return True


REGISTRY.bind("primitive", "evade", _prevent_by(_evade))
REGISTRY.bind("primitive", "barrier", _prevent_by(_barrier))
REGISTRY.bind("primitive", "armor_purge", _prevent_by(_armor_purge))


@REGISTRY.register("primitive", "decoy")
def _decoy(e: Engine, p: Pending) -> list[str]:
    """<Decoy>: this Digimon is deleted instead of the protected one (CR 16-18)."""
    stack = holder_stack(e, p)
    if stack is not None:
        e.prevented += 1
        delete(e, [stack], cause="effect", by=p.player)
    return []


def _value_action(verb: str) -> Primitive:
    def run(e: Engine, p: Pending) -> list[str]:
        handler = REGISTRY.handler("verb", verb)
        assert handler is not None
        return handler(e, p, Action(verb=verb, amount=p.spec.value or 1))
    return run


REGISTRY.bind("primitive", "draw", _value_action("draw"))


@REGISTRY.register("primitive", "de_digivolve")
def _de_digivolve(e: Engine, p: Pending) -> list[str]:
    """<De-Digivolve N>: the effect's compiled action names the Digimon and N (CR 16-12)."""
    return run_actions(e, p)
REGISTRY.bind("primitive", "recovery", _value_action("recovery"))


def _pick(e: Engine, p: Pending, candidates: list[Stack]) -> Stack | None:
    """One of the candidates: the file's choice for this effect, else the first in board order."""
    if not candidates:
        return None
    chosen = e.decide.targets(p.player, p.label, [s.alias for s in candidates], 1)
    return next((s for s in candidates if s.alias in chosen), None)


@REGISTRY.register("primitive", "raid")
@REGISTRY.register("event", "AttackTargetSwitched")
def _raid(e: Engine, p: Pending) -> list[str]:
    """<Raid>: switch the target to the opponent's unsuspended Digimon with the highest DP (CR 16-23)."""
    a, cites = e.state.attack, e.cites("raid_switch")
    attacker = holder_stack(e, p)
    if a is None or attacker is None or a.attacker != attacker.uid:
        return cites
    theirs = [s for s in e.state.players[opponent(p.player)].battle_area
              if not s.suspended and e.board.card(s.top).kind == "Digimon"]
    top = max((e.board.dp(e.state, s) for s in theirs), default=None)
    target = _pick(e, p, [s for s in theirs if e.board.dp(e.state, s) == top])  # CR 16-23-4: ties
    if target is None:
        e.rec.log(f"{p.label}: the opponent has no unsuspended Digimon; the target stays", cites)
        return cites
    a.target, a.target_alias = target.uid, target.alias
    e.rec.log(f"{p.label}: the attack target becomes {target.alias} ({top} DP)", cites)
    e.emit(Event("AttackTargetSwitched", e.snap(attacker), e.snap(target), cause="effect", by=p.player))
    e.done += 1
    return cites


def _attack_lasting(e: Engine, p: Pending, stack: Stack, action: Action) -> None:
    """A change to the attacker that lasts until the attack ends (CR 16-24-5)."""
    e.state.lasting.append(Lasting(p.label, p.player, action, None, (stack.uid,), e.state.turn,
                                   p.spec.cites, attack_only=True))


@REGISTRY.register("primitive", "alliance")
def _alliance(e: Engine, p: Pending) -> list[str]:
    """<Alliance>: suspend another of your Digimon; its DP now and <Security A. +1> for the attack
    (CR 16-24-1, 16-24-4)."""
    cites = e.cites("alliance_bonus")
    attacker = holder_stack(e, p)
    if attacker is None:
        return cites
    ally = _pick(e, p, [s for s in e.state.players[p.player].battle_area if s.uid != attacker.uid
                        and not s.suspended and e.board.card(s.top).kind == "Digimon"])
    if ally is None:
        e.rec.log(f"{p.label}: no other unsuspended Digimon to suspend; nothing happens", cites)
        return cites
    suspend(e, ally, cause="effect", by=p.player, how="alliance")
    dp = e.board.dp(e.state, ally)
    checks = next((k.name for k in e.index.keywords.values() if k.primitive == "security_checks"), None)
    _attack_lasting(e, p, attacker, Action(verb="dp_modify", amount=dp))
    if checks:
        _attack_lasting(e, p, attacker, Action(verb="gain_keyword", keyword=checks, keyword_value=1))
    e.rec.log(f"{p.label}: {ally.alias} suspends; {attacker.alias} gets +{dp} DP and one more "
              "security check for the attack", cites)
    e.done += 1
    return cites


@REGISTRY.register("primitive", "to_security_top")
def _to_security(e: Engine, p: Pending) -> list[str]:
    """<Ascension>: this card from the trash onto the top of its owner's security (CR 16-43)."""
    number, pile = p.holder.cards[-1], e.state.players[p.player]
    if number in pile.trash:
        pile.trash.remove(number)
        pile.security.insert(0, number)
        e.done += 1
        e.rec.log(f"{p.label}: {number} goes on top of {p.player}'s security")
        added_to_security(e, p.player, [number], p.player)
    return []


@REGISTRY.register("primitive", "save")
def _save(e: Engine, p: Pending) -> list[str]:
    """<Save>: this card from the trash under one of your Tamers (CR 16-20-1)."""
    number, pile = p.holder.cards[-1], e.state.players[p.player]
    tamer = _pick(e, p, [s for s in pile.battle_area if e.board.card(s.top).kind == "Tamer"])
    if tamer is None or number not in pile.trash:
        e.rec.log(f"{p.label}: no Tamer to place {number} under; nothing happens")
        return []
    pile.trash.remove(number)
    place_sources(e, tamer, [number])
    e.done += 1
    e.rec.log(f"{p.label}: {number} is placed under {tamer.alias}")
    return []


@REGISTRY.register("primitive", "play_self")
def _play_from_trash(e: Engine, p: Pending) -> list[str]:
    """<Fortitude>: play this card from the trash without paying the cost (CR 16-27)."""
    return play_self(e, p, Action(verb="play_self", free=True)) + e.cites("fortitude_first")


@REGISTRY.register("primitive", "blast_digivolve")
def _blast_digivolve(e: Engine, p: Pending) -> list[str]:
    """<Blast Digivolve>: one of your Digimon one level lower digivolves into this card from the
    hand without paying the cost (CR 16-26)."""
    number, cites = p.holder.cards[-1], e.cites("blast_digivolve")
    level = e.board.card(number).level
    hand = e.state.players[p.player].hand
    stack = _pick(e, p, [s for s in e.state.players[p.player].battle_area
                         if e.board.card(s.top).kind == "Digimon"
                         and (level is None or e.board.card(s.top).level == level - 1)])
    if stack is None or number not in hand:
        e.rec.log(f"{p.label}: no Digimon can digivolve into {number}; nothing happens", cites)
        return cites
    hand.remove(number)
    evolve(e, stack, number, 0)
    e.done += 1
    return cites


def keyword_value(p: Pending, keyword: str) -> int:
    """The value printed with this effect's keyword (<Digi-Burst 2>: 2), else the spec's."""
    record = p.spec.record
    uses = [k.value for k in (record.keywords if record else []) if k.keyword == keyword and k.value]
    return uses[0] if uses else p.spec.value


@REGISTRY.register("primitive", "digi_burst")
def _digi_burst(e: Engine, p: Pending) -> list[str]:
    """<Digi-Burst N>: trash N of this Digimon's digivolution cards, then the effect that follows
    (CR 16-14-1); with fewer than N there, nothing is trashed and nothing happens (CR 15-7)."""
    stack, cites = holder_stack(e, p), list(p.spec.cites)
    need = keyword_value(p, p.spec.keyword or "DigiBurst") or 1
    inside = id(p) in e.running  # run as a part of the compiled effect: the rest follows there
    if stack is None or len(stack.sources) < need:
        e.rec.log(f"{p.label}: fewer than {need} digivolution cards to trash; nothing happens",
                  [*cites, *e.cites("cost_unpaid")])
        if inside:
            raise CostUnpaid
        return cites
    # the top ones, nearest the top card
    trash_sources(e, stack, stack.sources[len(stack.sources) - need:], how="digi_burst")
    e.rec.log(f"{p.label}: trashes {need} of {stack.alias}'s digivolution cards for <Digi-Burst>", cites)
    return cites if inside else cites + run_actions(e, p)


@REGISTRY.register("primitive", "delay")
def _delay(e: Engine, p: Pending) -> list[str]:
    """<Delay>: trash this card from the battle area, then the effect; not in the turn it was
    placed (CR 16-17-1, 16-17-3)."""
    stack, cites = holder_stack(e, p), list(p.spec.cites)
    inside = id(p) in e.running  # '<Delay>' as the first compiled action: the rest follows there
    if stack is None or stack.played_this_turn:
        e.rec.log(f"{p.label}: <Delay> can't be used in the turn its card was placed; nothing happens", cites)
        if inside:
            raise CostUnpaid
        return cites
    gone = e.snap(stack)
    leave(e, stack)
    e.rec.log(f"{p.label}: {stack.alias} is trashed for <Delay>", cites)
    trashed_from_battle_area(e, [gone], cause="effect", by=p.player)  # CR 16-17-1: <Delay> trashes it
    return cites if inside else cites + run_actions(e, p)


@REGISTRY.register("primitive", "blitz")
def _blitz(e: Engine, p: Pending) -> list[str]:
    """<Blitz>: if the opponent has 1 or more memory, this Digimon may attack (CR 16-16-1,
    16-16-3); with 0 or less when it activates, no attack (CR 16-16-5). Once declared, the attack
    goes on whatever the memory does (CR 16-16-4)."""
    stack, cites = holder_stack(e, p), own_cites(e, "blitz")
    if stack is None:
        return cites
    if e.state.memory_of(opponent(p.player)) < 1:
        e.rec.log(f"{p.label}: the opponent has no memory; <Blitz> does not attack", cites)
        return cites
    effect_attack(e, p, stack, cites=cites)
    return cites
