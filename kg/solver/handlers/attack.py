"""The attack procedure (CR 11): its steps come in order from the graph (dcg:nextStep); each step's
dcg:roleOf names its handler here. A handler calls ``announce()`` when the step's own events
(its dcg:emits) happen; every step resolves fully before the next (CR 11-1-4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kg.solver.events import Event, Pending, Snapshot
from kg.solver.moves import delete, prohibited, suspend
from kg.solver.registry import REGISTRY
from kg.solver.state import Attack, Stack, opponent
from kg.solver.statics import option_security_barred, unblockable_by

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.rules_index import AttackStep

Announce = Callable[[], None]


def attack(e: Engine, attacker: str, target: str) -> None:
    """Declare an attack and run every step of the procedure."""
    s = e.state
    stack = s.by_alias(attacker)
    declare = e.index.cites_of.get("AttackDeclarationStep", ())
    what = f"attack {attacker} -> {target}"
    if stack is None or stack.owner != s.turn_player:
        return e.refuse(what, "the attacker is not in the turn player's battle area", declare)
    if e.board.card(stack.top).kind != "Digimon":
        return e.refuse(what, "only a Digimon can attack", declare)
    if stack.suspended:
        return e.refuse(what, "the attacker is suspended", declare)
    if prohibited(e, stack, "cant_suspend"):  # CR 11-2-5
        return e.refuse(what, "a Digimon that can't suspend can't attack (CR 11-2-5)", declare)
    if stack.played_this_turn and not e.board.has_primitive(s, stack, "rush"):
        return e.refuse(what, "it entered play this turn and has no <Rush>", e.cites("rush_required"))
    if not e.board.can_attack(s, stack):
        return e.refuse(what, "an effect says it can't attack", e.cites("global_effect"))
    if target == "player" and not e.board.can_attack(s, stack, the_player=True):
        return e.refuse(what, "an effect says it can't attack players", e.cites("global_effect"))
    victim = None
    if target != "player":
        victim = s.by_alias(target)
        if victim is None or victim.owner == s.turn_player or not (
                victim.suspended or may_attack_unsuspended(e, stack, victim)):
            return e.refuse(what, "the target is not a suspended opposing Digimon", declare)
        if not e.board.can_attack(s, stack, a_digimon=True):
            return e.refuse(what, "an effect says it can't attack your opponent's Digimon",
                            e.cites("prohibition"))
        if prohibited(e, victim, "cant_be_attacked"):
            return e.refuse(what, f"an effect says {victim.alias} can't be attacked", e.cites("prohibition"))
    run_attack(e, Attack(stack.uid, victim.uid if victim else None, target))


def may_attack_unsuspended(e: Engine, attacker: Stack, victim: Stack) -> bool:
    """'… can also attack your opponent's unsuspended Digimon (with …)' reaches the attacker and
    the victim fits it (an exception to CR 11-2-7-1; CR 1-3-1: card text wins), and no 'can only attack
    suspended Digimon' does (the 'can't' wins, CR 15-1-3; QA Q5797)."""
    mods = e.board.modifiers(e.state, attacker)
    return not any(m.action.verb == "attacks_only_suspended" for m in mods) and any(
        m.action.verb == "can_attack_unsuspended" and m.action.card is not None
        and e.board.matches(e.state, victim, m.action.card, attacker.owner, attacker.uid) for m in mods)


def run_attack(e: Engine, attack: Attack) -> None:
    """Every step of the attack procedure in the graph's order, then what lasts for the attack ends."""
    s = e.state
    s.attack = attack
    e.run_steps("attack_step", e.index.attack_steps, _announce, points_after=True)
    s.attack = None
    for x in [x for x in s.lasting if x.attack_only]:
        e.rec.log(f"{x.label}: its effect ends with the attack", x.cites)
        s.lasting.remove(x)


#: What a declaration may aim at (CR 11-2-7-1): the player and the opponent's suspended Digimon.
NORMAL_AIMS = frozenset({"player", "suspended"})


def effect_attack(e: Engine, p: Pending, stack: Stack, *, aims: frozenset[str] = NORMAL_AIMS,
                  suspends: bool = True, rush: bool = False,
                  cites: Sequence[str] = (), at_end: Sequence[Pending] = ()) -> bool:
    """An attack declared by an effect ('this Digimon may attack'). ``aims``: what it may attack
    (``player``, ``suspended`` / ``unsuspended`` opposing Digimon). The rules of a declaration
    still hold (CR 11-1-2 turn player only, 11-2-4 not during an attack, 11-2-1 it suspends,
    1-3-1 not in the turn it was played without <Rush>, unless the effect says so). The target
    is the player's choice (``decisions.targets`` of the effect: an alias or ``player``). The
    attack runs at once; effects already pending before it resolve at the declaration's check
    timing after what it triggers, while what the effect did so far triggers together with the
    declaration (Q2044). ``at_end``: pending
    processing that joins the [End of Attack] effects (CR 18-1-2). False if no attack was made."""
    s = e.state
    declare = [*cites, *e.index.cites_of.get("AttackDeclarationStep", ())]
    why = None
    if s.attack is not None:
        why = "an attack can't be declared during an attack (CR 11-2-4)"
    elif stack.owner != s.turn_player:
        why = "only the turn player can attack (CR 11-1-2)"
    elif e.board.card(stack.top).kind != "Digimon":
        why = "only a Digimon can attack"
    elif suspends and stack.suspended:
        why = "it is suspended"
    elif suspends and prohibited(e, stack, "cant_suspend"):
        why = "a Digimon that can't suspend can't attack (CR 11-2-5)"
    elif stack.played_this_turn and not rush and not e.board.has_primitive(s, stack, "rush"):
        why = "it entered play this turn and has no <Rush>"
    elif not e.board.can_attack(s, stack):
        why = "an effect says it can't attack"
    rival = s.players[opponent(stack.owner)].battle_area
    at_player = "player" in aims and e.board.can_attack(s, stack, the_player=True)
    at_digimon = e.board.can_attack(s, stack, a_digimon=True)
    options = (["player"] if at_player else []) + [
        x.alias for x in rival
        if at_digimon and e.board.card(x.top).kind == "Digimon" and not prohibited(e, x, "cant_be_attacked")
        and (("suspended" in aims and x.suspended) or ("unsuspended" in aims and not x.suspended)
             or ("suspended" in aims and may_attack_unsuspended(e, stack, x)))]
    if why is None and not options:
        why = "there is nothing it may attack"
    if why is not None:
        e.rec.log(f"{p.label}: {stack.alias} does not attack: {why}", declare)
        return False
    (target,) = e.decide.targets(stack.owner, p.label, options, 1)  # the attacking player's (CR 11-2-7-1)
    victim = s.by_alias(target) if target != "player" else None
    attack = Attack(stack.uid, victim.uid if victim else None, target, suspends=suspends,
                    pending=list(at_end))
    e.rec.log(f"{p.label}: {stack.alias} attacks {target}", declare)
    # Effects already pending stay pending: at the declaration's check timing what the attack
    # triggers resolves first (a newer batch, CR 15-4-5-2), then they do, before the counter
    # timing; a second forced attack among them is not declared (CR 11-2-4; Q2198, Q3625, Q819).
    run_attack(e, attack)
    e.done += 1
    return True


def primitive_cites(e: Engine, primitive: str) -> list[str]:
    """The rule sections of the keyword whose dcg:primitive has this code (ontology/keywords.ttl)."""
    rule = next((k for k in e.index.keywords.values() if k.primitive == primitive), None)
    return list(rule.cites) if rule else []


def _announce(e: Engine, step: AttackStep) -> None:
    """The step's own events (dcg:emits), with the attacker as subject and the target as object."""
    a = e.state.attack
    attacker = e.state.find(a.attacker) if a and step.emits else None
    if attacker is None:
        return
    target = e.state.find(a.target) if a else None
    e.emit(*(Event(name, e.snap(attacker), e.snap(target) if target else None) for name in step.emits))


def _bind(code: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    return REGISTRY.register("attack_step", code)


@_bind("declaration")
def _declaration(e: Engine, step: AttackStep, announce: Announce) -> None:
    """Suspend the attacker and choose the target; [When Attacking] triggers (CR 11-2)."""
    s, a = e.state, e.state.attack
    assert a is not None
    stack = s.find(a.attacker)
    assert stack is not None
    if a.suspends:
        suspend(e, stack, cause="attack")  # by the rules of attacking, also in an attack by effect
    else:  # <Overclock>: it attacks without suspending (CR 16-34-1)
        e.rec.log(f"{stack.alias} attacks without suspending", step.cites)
    e.rec.log(f"attack declared: {stack.alias} -> {a.target_alias}", step.cites)
    announce()


@_bind("counter")
def _counter(e: Engine, step: AttackStep, announce: Announce) -> None:
    """The non-turn player may activate one [Counter] effect (CR 11-3-2): from a card in the hand
    or in the battle area, of a timing the graph says is activated at this step."""
    s = e.state
    defender = opponent(s.turn_player)
    cites = [*step.cites, *e.cites("counter_timing")]
    if s.attack is None or s.find(s.attack.attacker) is None:
        e.rec.log("counter timing: the attacker has left", cites)
        return
    announce()
    options = _counter_effects(e, defender, set(step.timings))
    label = e.decide.counter(defender, [p.label for p in options]) if options else None
    chosen = next((p for p in options if p.label == label), None)
    if chosen is None:
        e.rec.log("counter timing: no [Counter] effect is used", cites)
        return
    e.rec.log(f"counter timing: {defender} activates {chosen.label}", cites)
    chosen.cites.extend(cites)
    e.activate_now(chosen)


def _counter_effects(e: Engine, player: str, timings: set[str]) -> list[Pending]:
    """[Counter] effects of the player's hand cards, then of their battle area, in board order."""
    s = e.state
    cards = dict.fromkeys(s.players[player].hand)
    hand = [Snapshot(s.new_uid(), player, player, (n,), False, -1) for n in cards]
    holders = [(h, [(spec, 0) for spec in e.board.specs(h.cards[-1])], False) for h in hand]
    holders += [(h, h.effects, True) for h in map(e.snap, s.players[player].battle_area)]
    return [Pending(e.label(h, spec, next(iter(timings & spec.activated_at), None)), player, 0, spec, h,
                    Event("Counter"), (h.pos, pos), on_field=field, kind="activation")
            for h, specs, field in holders for spec, pos in specs
            if spec.activatable and spec.record is not None and timings & set(spec.record.timings)
            and (field or spec.category == "activation")]  # a triggering one works in the battle area


@_bind("block")
@REGISTRY.register("event", "Blocked")
def _block(e: Engine, step: AttackStep, announce: Announce) -> None:
    """The non-turn player may suspend a <Blocker> that is not the target (CR 11-4, 12)."""
    s, a = e.state, e.state.attack
    assert a is not None
    attacker = s.find(a.attacker)
    if attacker is None:
        e.rec.log("block timing: the attacker has left, no block", step.cites)
        return
    announce()
    defender = opponent(s.turn_player)
    barred = unblockable_by(e.board, s, attacker)  # 'can't be blocked (by …)': None is by any
    for verb, why in (("cant_be_blocked", "the attacker can't be blocked"),
                      ("cant_change_attack_target", "the attack target can't be changed")):  # QA Q2280
        if barred is None if verb == "cant_be_blocked" else prohibited(e, attacker, verb):
            e.rec.log(f"block timing: no block: {why}", [*step.cites, *e.cites("prohibition")])
            return
    assert barred is not None
    # <Collision>: while it attacks, every opposing Digimon has <Blocker> and one must block if
    # one can (CR 16-30-1, 16-30-4)
    collision = e.board.has_primitive(s, attacker, "collision")
    can = [x for x in s.players[defender].battle_area
           if x.uid != a.target and not x.suspended and not prohibited(e, x, "cant_suspend")
           and x.uid not in barred
           and (e.board.has_primitive(s, x, "can_block") or (
               collision and e.board.card(x.top).kind == "Digimon"))]
    chosen = e.decide.block(defender, [x.alias for x in can]) if can else None
    if not chosen and can and collision:
        chosen = can[0].alias
        e.rec.log(f"block timing: {defender} must block (<Collision>): {chosen}",
                  primitive_cites(e, "collision"))
    if not chosen:
        e.rec.log("block timing: no block", step.cites)
        return
    blocker = s.by_alias(chosen)
    assert blocker is not None
    suspend(e, blocker, cause="block")
    a.target, a.target_alias, a.blocked = blocker.uid, blocker.alias, True
    # CR 12-1-1, 16-5: the block rules and <Blocker>'s; <Piercing>'s ruling on a block is cited
    # where <Piercing> triggers (kg.solver.handlers.primitives), not here
    e.rec.log(f"{blocker.alias} blocks: it becomes the target",
              [*step.cites, *e.cites("block"), *primitive_cites(e, "can_block")])
    e.emit(Event("Blocked", e.snap(attacker), e.snap(blocker)),
           Event("AttackTargetSwitched", e.snap(attacker), e.snap(blocker)))


@_bind("confirmation")
def _confirmation(e: Engine, step: AttackStep, announce: Announce) -> None:
    """Security checks against a player, or a battle against a Digimon (CR 11-5)."""
    s, a = e.state, e.state.attack
    assert a is not None
    attacker = s.find(a.attacker)
    if attacker is None or (a.target is not None and s.find(a.target) is None):
        e.rec.log("the attacker or the target has left: the attack ends with nothing happening",
                  [*step.cites, *e.cites("attack_party_left")])
        return
    announce()
    if a.target is None:
        security_check(e, attacker, direct=True)
    else:
        battle(e, attacker, s.find(a.target))  # type: ignore[arg-type]


@_bind("end_of_attack")
def _end_of_attack(e: Engine, step: AttackStep, announce: Announce) -> None:
    """[End of Attack] effects trigger, if the attacker is still there (CR 11-6)."""
    s, a = e.state, e.state.attack
    assert a is not None
    e.rec.log("end of attack", step.cites)
    if s.find(a.attacker) is None:
        e.rec.log("the attacker has left: its [End of Attack] effects do not activate",
                  e.cites("end_of_attack_gone"))
        return
    # pending processing for the end of the attack (<Execute>'s deletion, CR 16-38-4) triggers
    # together with the [End of Attack] effects (CR 18-1-2)
    e.collected.extend(p for p in a.pending if isinstance(p, Pending) and p.actions is not None)
    announce()


@REGISTRY.register("point", "before_end_of_attack")
def before_end_of_attack(e: Engine, point: str) -> None:
    """Pending processing waiting for this point, e.g. <Piercing>'s check (CR 16-7-4, 18-1)."""
    a = e.state.attack
    if a is None:
        return
    waiting = [p for p in a.pending if isinstance(p, Pending) and p.spec.point == point]
    a.pending = [p for p in a.pending if p not in waiting]
    for p in waiting:
        stack = e.state.find(p.holder.uid)
        base = [*p.spec.cites, *e.order_cites("pending_at_point")]
        if stack is None:
            e.rec.effect(p.label, p.player, p.batch, "fizzled",
                         [*base, *e.cites("piercing_attacker_left")], "pending",
                         "the Digimon that would check has left the battle area")
        elif a.checked:
            e.rec.effect(p.label, p.player, p.batch, "fizzled", [*base, *e.cites("one_check_per_attack")],
                         "pending", "only one security check per attack")
        else:
            kept = e.board.has_primitive(e.state, stack, "schedule_security_check")
            lost = [] if kept else e.cites("piercing_check_lost")  # seed-piercing-other-2
            e.rec.effect(p.label, p.player, p.batch, "activated",
                         [*base, *e.cites("piercing_check"), *lost], "pending")
            security_check(e, stack, direct=False)
            e.resolve()


# ---------------------------------------------------------------- security checks and battles
def security_check(e: Engine, attacker: Stack, *, direct: bool) -> None:
    """Check security one card at a time while the attacker stays and has checks left (CR 13-1)."""
    s, a = e.state, e.state.attack
    assert a is not None
    a.checked = True
    defender = s.players[opponent(attacker.owner)]
    count = e.board.checks(s, attacker)
    if direct and not defender.security:
        if count >= 1:
            s.winner = attacker.owner
            e.rec.log(f"{attacker.alias} attacks a player with no security: {attacker.owner} wins",
                      e.cites("direct_attack_win"))
        else:
            e.rec.log(f"{attacker.alias} checks 0 cards: no win", e.cites("direct_attack_no_win"))
        return
    done = 0
    while True:
        stack = s.find(attacker.uid)
        if stack is None:
            e.rec.log("the checking Digimon has left: the checks stop", e.cites("checker_left"))
            return
        count = e.board.checks(s, stack)
        if done >= count:
            e.rec.log(f"{stack.alias} checked {done} of {count} card(s)",
                      count_cites(e, stack, count, direct))
            return
        if not defender.security:
            e.rec.log("no security cards left: the checks stop, nobody wins",
                      e.cites("security_ran_out" if direct else "empty_security_no_win"))
            return
        done += 1
        e.rec.checks[stack.owner] += 1
        check_one(e, stack, defender.security.pop(0))


def count_cites(e: Engine, stack: Stack, count: int, direct: bool) -> list[str]:
    """What decided how many cards were checked: the security-check rules (CR 13-1-2, 13-1-3),
    <Security A.> only when it changed the number (CR 16-4), its rulings only where they apply:
    several instances adding up (Q946), <Piercing>'s check with more or fewer cards
    (seed-piercing-4, seed-piercing-5)."""
    cites = e.cites("security_count")
    base = e.index.constant("base_security_checks")
    if count == base:
        return cites
    sources = sum(1 for spec, _ in e.board.effects(e.state, stack) if spec.keyword and spec.value
                  and e.index.keywords[spec.keyword].primitive == "security_checks")
    sources += sum(1 for m in e.board.modifiers(e.state, stack)
                   if m.action.verb == "security_checks" and m.action.amount)
    cites += e.cites("security_count_modified")
    if sources > 1:
        cites += e.cites("security_count_stacked")
    if not direct:
        cites += e.cites("piercing_count_more" if count > base else "piercing_count_fewer")
    return list(dict.fromkeys(cites))


@REGISTRY.register("event", "SecurityCardChecked")
def check_one(e: Engine, stack: Stack, card: str) -> None:
    """Reveal one card: [Security] effects at once, other triggers, then the security battle."""
    s = e.state
    owner = opponent(stack.owner)
    info = e.board.card(card)
    uid = s.new_uid()
    e.limbo[uid] = card
    specs = [(spec, 0) for spec in e.board.specs(card) if spec.security]
    barred = bool(specs) and info.kind == "Option" and option_security_barred(e.board, s, stack)
    revealed = Snapshot(uid, owner, owner, (card,), False, -1, [] if barred else specs)
    e.rec.log(f"{stack.alias} checks {card} ({info.name or 'no name'})" if card
              else f"{stack.alias} checks a blank security card (no effect)",
              e.cites("security_reveal"))
    if barred:
        e.rec.log(f"{stack.alias} doesn't activate [Security] effects on Option cards it checks",
                  e.cites("option_security_barred"))
    checked = Event("SecurityCardChecked", revealed, e.snap(stack))
    found = e.collect([checked, Event("SecurityCardRemoved", revealed, e.snap(stack))], [revealed])
    for p in [p for p in found if p.spec.security]:  # CR 15-16-10: activate at once
        e.batch_count += 1
        p.batch, p.kind = e.batch_count, "security"
        e.activate(p, [*e.order_cites("security_first"), *e.cites("security_at_once")])
        e.flush()
        e.resolve()
    e.collected.extend(p for p in found if not p.spec.security)
    e.flush()
    e.resolve()
    attacker = s.find(stack.uid)
    if uid in e.limbo and info.kind == "Digimon" and attacker is not None:
        security_battle(e, attacker, revealed, e.board.security_dp(s, owner, card))
        e.resolve()
        e.process_point("end_of_battle")
    if e.limbo.pop(uid, None) is not None:
        s.players[owner].trash.append(card or "(blank)")


def security_battle(e: Engine, attacker: Stack, card: Snapshot, dp: int) -> None:
    """Battle a Security Digimon: it is never deleted, and it is not a Digimon for effects."""
    assert e.state.attack is not None
    e.state.attack.security_battle = True
    try:
        # after an attack on a Digimon (<Piercing>'s check) effects that spoke of that Digimon
        # battle no longer apply (seed-piercing-2)
        direct = e.state.attack.target is None
        extra = [] if direct else [*e.cites("piercing_security_battle"), *e.cites("security_not_digimon")]
        _security_battle(e, attacker, card, dp, extra)
    finally:
        e.state.attack.security_battle = False


def _security_battle(e: Engine, attacker: Stack, card: Snapshot, dp: int, extra: Sequence[str]) -> None:
    mine = e.board.dp(e.state, attacker)
    e.rec.log(f"{attacker.alias} ({mine} DP) battles Security Digimon {card.cards[-1]} ({dp} DP)",
              list(dict.fromkeys([*e.cites("security_battle"), *e.cites("battle"), *extra])))
    if mine > dp:
        piercing = e.board.has_primitive(e.state, attacker, "schedule_security_check")
        no_check = e.cites("security_battle_no_piercing") if piercing else []  # seed-piercing-3
        e.rec.log(f"Security Digimon {card.cards[-1]} loses but is not deleted",
                  [*e.cites("security_not_deleted"), *no_check])
        e.emit(Event("WonBattle", e.snap(attacker), card, cause="battle"))  # QA Q6324
        e.flush()
        return
    if e.board.has_primitive(e.state, attacker, "jamming"):
        e.rec.log(f"{attacker.alias} loses but has <Jamming>: not deleted", primitive_cites(e, "jamming"))
        return
    e.rec.log(f"{attacker.alias} loses to the Security Digimon", e.cites("security_battle_lost"))
    delete(e, [attacker], cause="battle", by=None, battled={attacker.uid: card})
    e.flush()


@REGISTRY.register("event", "WonBattle")
def battle(e: Engine, attacker: Stack, target: Stack) -> None:
    """Compare DP; losers are deleted at once and the winner wins (CR 14-2; a win over a Security
    Digimon in ``security_battle``); battle triggers form one batch."""
    s = e.state
    a_dp, t_dp = e.board.dp(s, attacker), e.board.dp(s, target)
    unit, cites = "DP", e.cites("battle")
    if any(e.board.has_primitive(s, x, "iceclad") for x in (attacker, target)):
        # <Iceclad>: the number of digivolution cards is compared instead of DP; the higher wins,
        # a tie loses both (CR 16-35-1, 16-35-4)
        a_dp, t_dp, unit = len(attacker.sources), len(target.sources), "digivolution cards"
        cites = [*cites, *primitive_cites(e, "iceclad")]
    losers = [x for x, mine, theirs in ((attacker, a_dp, t_dp), (target, t_dp, a_dp)) if mine <= theirs]
    e.rec.log(f"battle: {attacker.alias} ({a_dp} {unit}) vs {target.alias} ({t_dp} {unit}); "
              f"loses: {', '.join(x.alias for x in losers) or 'neither'}", cites)
    battled = {attacker.uid: e.snap(target), target.uid: e.snap(attacker)}
    delete(e, losers, cause="battle", by=None, battled=battled)
    if len(losers) == 1:  # the higher DP wins (CR 14-2-1-1); a tie has no winner (CR 14-2-1-3)
        winner = target if losers[0] is attacker else attacker
        if e.state.find(winner.uid) is not None:
            e.emit(Event("WonBattle", e.snap(winner), battled[winner.uid], cause="battle"))
    e.flush()
    e.resolve()
    e.process_point("end_of_battle")
