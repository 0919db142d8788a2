"""What effects do: keyword primitives (by their dcg:roleOf code) and compiled action verbs."""

from __future__ import annotations

from collections.abc import Callable

from ingest.effect_ir import Action, Selector
from kg.card_moves import CARD_MOVES, put_back_revealed
from kg.derive import CONTINUOUS
from kg.engine import Engine, Event, Pending, Snapshot
from kg.state import Lasting, Stack, opponent


# ---------------------------------------------------------------- deletion
def delete(e: Engine, targets: list[Stack], *, cause: str, by: str | None,
           battled: dict[int, Snapshot] | None = None) -> list[Snapshot]:
    """Delete these Digimon at once, unless an immediate effect prevents it (CR 15-8-5)."""
    remaining = [t for t in targets if not protected(e, t, cause, by)
                 and not would_be_deleted(e, t, cause, by)]
    gone = [e.snap(t) for t in remaining if e.state.find(t.uid) is not None]
    for snap in gone:
        player = e.state.players[snap.owner]
        player.battle_area = [s for s in player.battle_area if s.uid != snap.uid]
        player.trash.extend(snap.cards)
        e.rec.deleted.append(snap.alias)
        e.done += 1
    gone_ids = {s.uid for s in gone}
    events = [Event("Deleted", s, cause=cause, by=by) for s in gone]
    if cause == "battle" and battled:
        events += [Event("DeletedInBattle", s, battled[s.uid], cause=cause,
                         other_deleted=battled[s.uid].uid in gone_ids) for s in gone]
    for snap in gone:
        e.rec.log(f"{snap.alias} is deleted ({cause})", e.index.cites_of.get("Deleted", ()))
    if events:
        e.emit(*events)
    return gone


def protected(e: Engine, target: Stack, cause: str, by: str | None) -> bool:
    """A lasting or persistent "can't be deleted (in battle / by your opponent's effects)" holds:
    the prohibition wins (CR 15-1-3), nothing is deleted and nothing triggers."""
    verbs = {m.action.verb for m in e.board.modifiers(e.state, target)}
    hit = ("cant_be_deleted" in verbs
           or ("cant_be_deleted_in_battle" in verbs and cause == "battle")
           or ("cant_be_deleted_by_opponents_effects" in verbs and cause == "effect"
               and by not in (None, target.owner)))
    if hit:
        e.rec.log(f"{target.alias} can't be deleted ({cause}): it stays", e.cites("cant_be_deleted"))
    return hit


def would_be_deleted(e: Engine, target: Stack, cause: str, by: str | None) -> bool:
    """Immediate-type effects answering the deletion activate now; True if one prevented it."""
    snap = e.snap(target)
    found: list[Pending] = []
    for name in ("WouldBeDeleted", "WouldLeaveBattleArea"):  # a deletion is both (CR 15-8-5)
        seen = {(p.holder.uid, p.spec.key) for p in found}
        found += [p for p in _immediates(e, Event(name, snap, cause=cause, by=by))
                  if (p.holder.uid, p.spec.key) not in seen]
    for p in sorted(found, key=lambda p: (p.player != e.state.turn_player, p.default_key)):
        if e.state.find(target.uid) is None:
            break
        p.kind, p.batch = "immediate", e.batch_count + 1
        e.batch_count += 1
        cites = e.order_cites("immediate_first")
        if p.spec.optional and not e.decide.optional(p.player, p.label):
            e.rec.effect(p.label, p.player, p.batch, "declined", [*p.spec.cites, *cites], "immediate")
            continue
        before = e.prevented
        extra = e.run(p)
        e.rec.effect(p.label, p.player, p.batch, "activated", [*p.spec.cites, *cites, *extra], "immediate")
        if e.prevented > before:
            e.rec.log(f"deletion of {target.alias} prevented: it is not deleted",
                      e.cites("prevented_deletion"))
            return True
    return False


def _immediates(e: Engine, ev: Event) -> list[Pending]:
    found = []
    for stack in e.state.stacks():
        holder = e.snap(stack)
        for spec, pos in holder.effects:
            if spec.category == "immediate" and e._triggers(spec, holder, ev):
                found.append(Pending(e.label(holder, spec), holder.owner, 0, spec, holder, ev,
                                     (holder.pos, pos)))
    return found


# ---------------------------------------------------------------- targets and lasting effects
def holder_stack(e: Engine, p: Pending) -> Stack | None:
    return e.state.find(p.holder.uid)


def choose(e: Engine, p: Pending, sel: Selector | None) -> list[Stack]:
    """The stacks an action applies to: the first legal ones in board order, or the file's."""
    if sel is None or sel.this:
        stack = holder_stack(e, p)
        return [stack] if stack else []
    if sel.battled or sel.subject:
        party = p.event.obj if sel.battled else p.event.subject
        stack = e.state.find(party.uid) if party else None
        return [stack] if stack else []
    legal = [s for s in e.state.board() if e.board.matches(e.state, s, sel, p.player, p.holder.uid)]
    if sel.extreme:
        legal = extremes(e, legal, sel.extreme)
    if sel.count is None:
        return legal
    chosen = e.decide.targets(p.player, p.label, [s.alias for s in legal], sel.count)
    return [s for s in legal if s.alias in chosen]


def extremes(e: Engine, stacks: list[Stack], extreme: str) -> list[Stack]:
    """The stacks with the highest or lowest DP or level among ``stacks``."""
    def value(stack: Stack) -> int:
        info = e.board.card(stack.top)
        if extreme.endswith("_dp"):
            return e.board.dp(e.state, stack)
        return (info.play_cost if extreme.endswith("_cost") else info.level) or 0
    if not stacks:
        return []
    best = (max if extreme.startswith("highest") else min)(value(s) for s in stacks)
    return [s for s in stacks if value(s) == best]


def expiry(e: Engine, owner: str, duration: str) -> int | None:
    """The turn at whose end a lasting effect ends (CR 15-10); None while the game goes on."""
    turn, mine = e.state.turn, e.state.turn_player == owner
    return {"this_turn": turn, "instant": turn,
            "until_end_of_opponents_turn": turn + 1 if mine else turn,
            "until_end_of_your_turn": turn if mine else turn + 1,
            "until_end_of_your_next_turn": turn + 2 if mine else turn + 1}.get(duration)


def lasting(e: Engine, p: Pending, action: Action) -> list[str]:
    sel = action.selector
    global_ = sel is not None and sel.count is None and not sel.this
    targets = None if global_ else tuple(s.uid for s in choose(e, p, sel))
    e.state.lasting.append(Lasting(p.label, p.player, action, sel, targets,
                                   expiry(e, p.player, action.duration), p.spec.cites))
    e.done += 1
    what = "every Digimon that meets it, now and later" if global_ else f"{len(targets or ())} target(s)"
    e.rec.log(f"{p.label}: {action.verb} {action.amount or action.keyword or ''} for {what} "
              f"({action.duration})", e.cites("global_effect") if global_ else [])
    return e.cites("global_effect") if global_ else []


# ---------------------------------------------------------------- verbs
Verb = Callable[[Engine, Pending, Action], list[str]]


def _delete(e: Engine, p: Pending, a: Action) -> list[str]:
    delete(e, choose(e, p, a.selector), cause="effect", by=p.player)
    return []


def _suspend(flag: bool) -> Verb:
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        for stack in choose(e, p, a.selector):
            if flag and not stack.suspended:
                e.emit(Event("Suspended", e.snap(stack), cause="effect", by=p.player))
            stack.suspended = flag
            e.done += 1
        return []
    return run


def _trash_security(e: Engine, p: Pending, a: Action) -> list[str]:
    owner = p.player if a.selector and a.selector.owner == "self" else opponent(p.player)
    pile = e.state.players[owner]
    for _ in range(a.amount or 1):
        if pile.security:
            card = pile.security.pop(0) or "(blank)"
            pile.trash.append(card)
            e.done += 1
            e.emit(Event("SecurityCardRemoved", Snapshot(e.state.new_uid(), owner, owner, (card,), False, -1),
                         cause="effect", by=p.player))
    e.rec.log(f"{p.label}: {owner} trashes the top of security ({len(pile.security)} left)")
    return []


def _draw(e: Engine, p: Pending, a: Action) -> list[str]:
    pile = e.state.players[p.player]
    for _ in range(a.amount or a.keyword_value or 1):
        if pile.deck:
            pile.hand.append(pile.deck.pop(0) or "(blank)")
    e.done += 1
    return []


def _memory(sign: int) -> Verb:
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        e.state.pay(p.player, -sign * (a.amount or 0))
        e.done += 1
        return []
    return run


def _set_memory(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Set your memory to N': the gauge moves to N on this player's side."""
    owner = p.player if a.selector is None or a.selector.owner != "opponent" else opponent(p.player)
    e.state.pay(owner, e.state.memory_of(owner) - (a.amount or 0))
    e.done += 1
    return []


def _prevent(e: Engine, p: Pending, a: Action) -> list[str]:
    e.prevented += 1
    return e.cites("prevented_deletion")


def _trash_source(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash digivolution cards of this Digimon that match the selector's level and name."""
    stack = holder_stack(e, p)
    sel = a.selector or Selector(owner="self")
    if stack is None:
        raise CostUnpaid
    for _ in range(a.amount or 1):
        fits = [c for c in stack.sources if _card_fits(e, c, sel)]
        if not fits:
            raise CostUnpaid
        stack.cards.remove(fits[0])
        e.state.players[stack.owner].trash.append(fits[0])
        e.rec.log(f"{p.label}: trashes {fits[0]} from {stack.alias}'s digivolution cards")
    return []


def _card_fits(e: Engine, number: str, sel: Selector) -> bool:
    info = e.board.card(number)
    return ((sel.min_level is None or (info.level or 0) >= sel.min_level)
            and (sel.max_level is None or (info.level or 0) <= sel.max_level)
            and (not sel.name_contains or sel.name_contains.lower() in info.name.lower()))


def _play_self(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play a revealed security card (or this card from the trash) without paying the cost."""
    number = p.holder.cards[-1]
    if e.limbo.pop(p.holder.uid, None) is None:
        trash = e.state.players[p.player].trash
        if number not in trash:
            return []
        trash.remove(number)
    from kg.turn import enter_play

    enter_play(e, p.player, number, played=True)
    return []


def _to_hand(e: Engine, p: Pending, a: Action) -> list[str]:
    if e.limbo.pop(p.holder.uid, None) is not None:
        e.state.players[p.player].hand.append(p.holder.cards[-1])
        e.done += 1
    return []


def _leave(where: str) -> Verb:
    """Return Digimon to the hand or the bottom of the deck; their digivolution cards are trashed."""
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        for stack in choose(e, p, a.selector):
            player = e.state.players[stack.owner]
            player.battle_area = [s for s in player.battle_area if s.uid != stack.uid]
            player.trash.extend(stack.sources)
            (player.hand if where == "hand" else player.deck).append(stack.top)
            e.done += 1
            e.rec.log(f"{p.label}: {stack.alias} returns to its owner's {where}")
        return []
    return run


def _de_digivolve(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash up to N cards from the top, never below the keyword's level floor (CR 16-12)."""
    rule = next((k for k in e.index.keywords.values() if k.primitive == "de_digivolve"), None)
    floor = rule.floor if rule and rule.floor is not None else 0
    for stack in choose(e, p, a.selector):
        for _ in range(a.amount or a.keyword_value or 1):
            if len(stack.cards) < 2 or (e.board.card(stack.top).level or 0) <= floor:
                break
            e.state.players[stack.owner].trash.append(stack.cards.pop())
            e.done += 1
    return list(rule.cites) if rule else []


def _recovery(e: Engine, p: Pending, a: Action) -> list[str]:
    """Top cards of the deck onto the security stack (CR 16-6)."""
    pile = e.state.players[p.player]
    for _ in range(a.amount or a.keyword_value or 1):
        if pile.deck:
            pile.security.insert(0, pile.deck.pop(0))
            e.done += 1
    return []


def _keyword(e: Engine, p: Pending, a: Action) -> list[str]:
    from kg.primitives import PRIMITIVES

    rule = e.index.keywords.get(a.keyword or "")
    handler = PRIMITIVES.get(rule.primitive or "") if rule else None
    return handler(e, p) if handler else []


def _continuous(e: Engine, p: Pending, a: Action) -> list[str]:
    return lasting(e, p, a)


VERBS: dict[str, Verb] = {
    "delete": _delete, "suspend": _suspend(True), "unsuspend": _suspend(False),
    "trash_security": _trash_security, "draw": _draw, "gain_memory": _memory(1),
    "lose_memory": _memory(-1), "set_memory": _set_memory, "prevent": _prevent, "trash_source": _trash_source,
    "play_self": _play_self, "add_self_to_hand": _to_hand, "keyword": _keyword,
    "return_to_hand": _leave("hand"), "return_to_deck": _leave("deck"),
    "de_digivolve": _de_digivolve, "recovery": _recovery,
    **{verb: _continuous for verb in CONTINUOUS},
    **CARD_MOVES,
}


class CostUnpaid(Exception):
    """A cost that cannot be paid: the effect does nothing."""


def run_actions(e: Engine, p: Pending) -> list[str]:
    """The effect's costs and actions in order; a delayed one waits for its point (CR 18-1)."""
    record = p.spec.record
    if p.actions is not None:
        todo = p.actions
    elif record is not None:
        todo = [*record.compiled.costs, *record.compiled.actions]
    else:
        return []
    cites: list[str] = []
    first_action = len(todo) - len(record.compiled.actions) if record and p.actions is None else None
    try:
        for position, action in enumerate(todo):
            if first_action is not None and not _governed_ok(e, p, position - first_action):
                e.rec.log(f"{p.label}: '{action.span or action.verb}' skipped: its condition does not hold")
                continue
            if p.actions is None and _delay(e, p, action):
                continue
            verb = VERBS.get(action.verb)
            if verb is None or not action.compiled:
                e.rec.log(f"{p.label}: '{action.span or action.verb}' is not understood; skipped")
                continue
            cites += verb(e, p, action)
    except CostUnpaid:
        e.rec.log(f"{p.label}: its cost cannot be paid; nothing happens")
    put_back_revealed(e, p)
    return cites


def _governed_ok(e: Engine, p: Pending, index: int) -> bool:
    """The conditions that govern only this action ('Then, if ..., draw 1') hold (CR 15-6)."""
    record = p.spec.record
    if record is None or index < 0:
        return True
    return all(e.condition_holds(p, c) for c in record.compiled.conditions if index in c.governs)


def _delay(e: Engine, p: Pending, action: Action) -> bool:
    """'At the end of the turn, ...': the action waits as pending processing at that point."""
    at = action.processed_at or ""
    point = e.index.points.get(at, at)
    if point not in e.index.points.values():
        return False
    later = Pending(p.label, p.player, 0, p.spec, p.holder, p.event, p.default_key, on_field=False,
                    kind="pending", actions=[action])
    e.state.delayed.append((point, later))
    e.rec.log(f"{p.label}: '{action.span or action.verb}' waits for {point}", e.cites("end_of_turn_pending"))
    return True
