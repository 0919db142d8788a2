"""Compiled action verbs (the effect compiler's ``Action.verb``): what an effect does, one
handler per verb. Costs and actions of an effect run through ``run_actions`` in order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ingest.compiler.per import by_count
from ingest.effect_ir import Action, Selector
from kg.solver.board import CONTINUOUS
from kg.solver.events import Event, Pending
from kg.solver.field_events import option_placed
from kg.solver.granted import GRANTS
from kg.solver.handlers.assembly import by_effect
from kg.solver.handlers.card_moves import (
    _pick,
    added_to_hand,
    put_back_revealed,
    trashed_from_security,
    zone_cards,
)
from kg.solver.handlers.cost_changes import reduced_play_cost
from kg.solver.handlers.effect_numbers import renumbered
from kg.solver.handlers.effect_results import (
    begin,
    counted,
    deleted,
    deleted_dps,
    deleted_levels,
    mark,
    marked,
    note,
    suspended,
    trash_sizes,
    trashed,
)
from kg.solver.handlers.memory_rules import may_gain
from kg.solver.handlers.payment import CostNotCarriedOut, CostUnpaid, is_cost
from kg.solver.handlers.play_rules import may_play_by_effect
from kg.solver.handlers.points import delay
from kg.solver.handlers.selector_values import remember, resolve, within_total
from kg.solver.handlers.static_verbs import (
    NOT_A_CHANGE,
    changed_only,
    every_next_unsuspend,
    held_by_every,
    note_changed,
    source_kind,
)
from kg.solver.moves import Placed, delete, enter_play, prohibited, suspend, trash_sources, unsuspend
from kg.solver.registry import REGISTRY
from kg.solver.security_events import added_to_security
from kg.solver.state import Lasting, Stack, opponent, settle
from kg.solver.statics import keyword_proof
from kg.solver.wording import change_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine

Verb = Callable[["Engine", Pending, Action], list[str]]


# ---------------------------------------------------------------- targets and lasting effects
def holder_stack(e: Engine, p: Pending) -> Stack | None:
    return e.state.find(p.holder.uid)


def subject_stack(e: Engine, p: Pending) -> Stack | None:
    """The player's Digimon the effect's event is about ('from that Digimon's digivolution cards', the
    zone ``subject_sources``), if it is still in play."""
    subject = p.event.subject
    stack = e.state.find(subject.uid) if subject is not None else None
    return stack if stack is not None and stack.owner == p.player else None


def same_level_count(e: Engine, stack: Stack) -> int:
    """The most digivolution cards of the stack that share one level (a card without a level has none)."""
    levels = [lv for n in stack.sources if (lv := e.board.card(n).level) is not None]
    return max((levels.count(lv) for lv in set(levels)), default=0)


def legal_targets(e: Engine, p: Pending, sel: Selector | None) -> list[Stack]:
    """The stacks a selector can pick now, in board order (no choice made yet)."""
    if sel is None or sel.this:
        stack = holder_stack(e, p)
        return [stack] if stack else []
    if sel.battled or sel.subject:  # 'that Digimon': the subject, or the party dcg:thatParty names
        named_object = sel.battled or p.event.name in e.index.that_is_object
        party = p.event.obj if named_object else p.event.subject
        stack = e.state.find(party.uid) if party else None
        return [stack] if stack else []
    if sel.those:  # '1 of those Digimon': the subjects of the events that triggered it (CR 15-5-2)
        uids = dict.fromkeys(ev.subject.uid for ev in [p.event, *p.also] if ev is not None and ev.subject)
        return [s for s in e.state.board() if s.uid in uids]
    sel = resolve(e, p, sel) or sel  # 'with DP less than or equal to the chosen Digimon'
    legal = [s for s in e.state.board() if e.board.matches(e.state, s, sel, p.player, p.holder.uid)]
    if sel.unchosen:  # 'delete all other Digimon': all but those the effect chose
        legal = [s for s in legal if s.uid not in e.chosen.get(id(p), ())]
    return extremes(e, legal, sel.extreme) if sel.extreme else legal


def choose(e: Engine, p: Pending, sel: Selector | None) -> list[Stack]:
    """The stacks an action applies to: the first legal ones in board order, or the file's."""
    legal = legal_targets(e, p, sel)
    if sel is not None and sel.total is not None:  # 'any number … whose total DP adds up to N or less'
        return within_total(e, p, sel, legal)
    if sel is None or sel.this or sel.battled or sel.subject or sel.count is None:
        return legal
    chosen = e.decide.targets(p.player, p.label, [s.alias for s in legal], sel.count)
    e.rec.log(f"{p.label}: chooses {', '.join(chosen) or 'nothing'}")
    return [s for s in legal if s.alias in chosen]


def targets(e: Engine, p: Pending, a: Action) -> list[Stack]:
    """The stacks an action applies to; 'that Digimon' (``same_targets``) is the earlier action's
    choice, as long as those stacks are still in play."""
    if a.same_targets:
        uids = e.chosen.get(id(p), ())
        uids = changed_only(e, p, uids) if a.changed_only else uids  # 'cards this effect suspended'
        return affected_only(e, p, a, [s for s in (e.state.find(uid) for uid in uids) if s is not None])
    chosen = choose(e, p, a.selector)
    e.chosen[id(p)] = tuple(s.uid for s in chosen)
    remember(e, p, chosen)  # 'the deleted Digimon's level' after it has gone
    return affected_only(e, p, a, chosen)


def affected_only(e: Engine, p: Pending, a: Action, chosen: list[Stack]) -> list[Stack]:
    """The chosen stacks the effect changes: one that isn't affected by it stays chosen but is not
    changed (CR 15-15-5-1, 15-15-5-3); a lasting change is kept and waits (CR 15-15-5-2)."""
    if a.verb in CONTINUOUS or a.verb in GRANTS or a.verb in NOT_A_CHANGE:
        return chosen
    source = source_kind(e.board, p)
    unaffected = [s for s in chosen if not e.board.affected(e.state, s, p.player, source)]
    for stack in unaffected:
        e.rec.log(f"{p.label}: {stack.alias} isn't affected by this effect", e.cites("unaffected"))
    return [s for s in chosen if s not in unaffected]


def extremes(e: Engine, stacks: list[Stack], extreme: str) -> list[Stack]:
    """The stacks with the highest or lowest DP or level among ``stacks``."""
    def value(stack: Stack) -> int:
        info = e.board.card(stack.top)
        if extreme.endswith("_dp"):
            return e.board.dp(e.state, stack)
        if extreme.endswith("_sources"):  # 'with the fewest digivolution cards'
            return len(stack.sources)
        return (info.play_cost if extreme.endswith("_cost") else info.level) or 0
    if extreme.endswith("_cost"):  # a Digimon with no play cost has no highest or lowest one (Q5796)
        stacks = [s for s in stacks if e.board.card(s.top).play_cost is not None]
    if not stacks:
        return []
    best = (max if extreme.startswith("highest") else min)(value(s) for s in stacks)  # lowest, fewest: min
    return [s for s in stacks if value(s) == best]


def lasting(e: Engine, p: Pending, action: Action) -> list[str]:
    """A continuous change that lasts for the action's duration (CR 15-10); a global one
    ("all of your Digimon") reaches Digimon that enter later (Global Effects page)."""
    sel = resolve(e, p, action.selector)  # a global one compared with the chosen Digimon: as it is now
    global_ = sel is not None and sel.count is None and not sel.this and not action.same_targets
    reached = None if global_ else tuple(s.uid for s in targets(e, p, action))
    attack_only = action.duration == "this_attack" and e.state.attack is not None  # ends with the attack
    ends = e.expiry(p.player, action.duration)
    e.state.lasting.append(Lasting(p.label, p.player, action, sel, reached, ends, p.spec.cites,
                                   attack_only=attack_only, source=source_kind(e.board, p)))
    e.done += 1
    what = ("the Security Digimon" if sel is not None and sel.zone == "security"
            else "every Digimon that meets it, now and later" if global_
            else ", ".join(s.alias for s in e.state.board() if s.uid in (reached or ())) or "no target")
    e.rec.log(f"{p.label}: {change_words(action, what)}",
              e.cites("global_effect") if global_ else [])
    return e.cites("global_effect") if global_ else []


for _verb in sorted(CONTINUOUS):
    REGISTRY.bind("verb", _verb, lasting)


# ---------------------------------------------------------------- verbs
def _bind(*verbs: str) -> Callable[[Verb], Verb]:
    return REGISTRY.register("verb", *verbs)


@_bind("delete")
def _delete(e: Engine, p: Pending, a: Action) -> list[str]:
    chosen = targets(e, p, a)
    dps = {s.uid: e.board.dp(e.state, s) for s in chosen}  # as they were when deleted
    levels = {s.uid: e.board.card(s.top).level or 0 for s in chosen}  # 'Lv.-': none (QA Q3796)
    gone = delete(e, chosen, cause="effect", by=p.player)
    deleted(e, p, [s.owner for s in gone])
    deleted_dps(e, p, [dps[s.uid] for s in gone if s.uid in dps])
    deleted_levels(e, p, [(s.owner, levels[s.uid]) for s in gone if s.uid in levels])
    return []


def _each(move: Callable[..., None]) -> Verb:
    """Apply a move (suspend, unsuspend) by effect to every stack the selector picks."""
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        changed = []
        for stack in targets(e, p, a):
            was = stack.suspended
            move(e, stack, cause="effect", by=p.player)
            e.done += stack.suspended != was  # only a change counts as done ('if this effect suspended')
            changed += [stack.uid] if stack.suspended != was else []
        note_changed(e, p, changed)  # 'cards this effect suspended' (static_verbs.changed_only)
        return []
    return run


_suspend_each = _each(suspend)


@_bind("suspend")
def _suspend(e: Engine, p: Pending, a: Action) -> list[str]:
    """Suspend the chosen cards; whose cards went from unsuspended to suspended is kept for 'if this
    effect suspended your Digimon' (``effect_results``)."""
    before = {s.uid: s.suspended for s in e.state.board()}
    cites = _suspend_each(e, p, a)
    suspended(e, p, [s.owner for s in e.state.board() if s.suspended and not before.get(s.uid, True)
                     and e.board.card(s.top).kind == "Digimon"])
    return cites


@_bind("choose")
def _choose(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Choose 1 of your Digimon': the stacks picked, for the actions after it ('that Digimon',
    'the chosen Digimon'); nothing happens to them."""
    targets(e, p, a)
    return []


@_bind("choose_more")
def _choose_more(e: Engine, p: Pending, a: Action) -> list[str]:
    """'… and 1 of their level 5 Digimon': more stacks picked, added to the effect's choice so far,
    so that the action after them is done to all at once ('delete 1 of your opponent's level 3 and
    1 of their level 5 Digimon': one deletion, CR 3-1-3-3)."""
    before = e.chosen.get(id(p), ())
    picked = choose(e, p, a.selector)  # compared with what was chosen before ('as much DP as it')
    remember(e, p, picked)
    e.chosen[id(p)] = before + tuple(s.uid for s in picked if s.uid not in before)
    return []
REGISTRY.bind("verb", "unsuspend", _each(unsuspend))


def _security_owner(p: Pending, a: Action) -> str:
    """Whose security stack 'trash the top security card' speaks of: the opponent's unless it says yours."""
    return p.player if a.selector is not None and a.selector.owner == "self" else opponent(p.player)


@_bind("skips_next_unsuspend")
def _skips_next_unsuspend(e: Engine, p: Pending, a: Action) -> list[str]:
    """'… can't (doesn't) unsuspend during your opponent's next unsuspend phase': each chosen Digimon
    stays suspended in its owner's next unsuspend phase (CR 6-2-1; ``turn._unsuspend_phase``); the
    mark lasts until that turn ends, and effects at other times may still unsuspend it."""
    s = e.state
    sel = a.selector
    if sel is not None and sel.count is None and not (sel.this or sel.subject or a.same_targets):
        return every_next_unsuspend(e, p, a)  # 'all of their Digimon': those that fit then (QA Q2416)
    for stack in targets(e, p, a):
        ends = s.turn + (2 if stack.owner == s.turn_player else 1)  # its owner's next turn
        s.lasting.append(Lasting(p.label, p.player, a, a.selector, (stack.uid,), ends, p.spec.cites,
                                 source=source_kind(e.board, p)))
        e.rec.log(f"{p.label}: {stack.alias} doesn't unsuspend in its owner's next unsuspend phase")
        e.done += 1
    return []


def skips_unsuspend(e: Engine, stack: Stack) -> bool:
    """Whether an effect keeps this Digimon suspended in this unsuspend phase (CR 6-2-1)."""
    return any(m.action.verb == "skips_next_unsuspend" for m in e.board.modifiers(e.state, stack)) \
        or held_by_every(e, stack) is not None


@_bind("trash_security")
def _trash_security(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash the top N security cards of one player, or of both at once ('both players' security
    stacks': the effect's player's first; one who has none trashes nothing, QA Q2631)."""
    both = a.selector is not None and a.selector.owner == "any"
    moved: dict[str, list[str]] = {}
    for owner in (p.player, opponent(p.player)) if both else (_security_owner(p, a),):
        pile = e.state.players[owner]
        # 'trash all of your security cards': no amount, every card
        every = a.amount is None and a.selector is not None and a.selector.count is None
        gone = moved[owner] = [(c or "(blank)") for c in pile.security[:None if every else a.amount or 1]]
        del pile.security[:len(gone)]
        pile.trash.extend(gone)
        e.done += len(gone)
        e.rec.log(f"{p.label}: {owner} trashes the top of security ({len(pile.security)} left)")
    trashed_from_security(e, moved, p.player)
    return []


def draw(e: Engine, player: str, count: int) -> int:
    """Draw ``count`` cards from the top of the deck (fewer if it runs out); how many were drawn."""
    pile = e.state.players[player]
    drawn = 0
    for _ in range(count):
        if pile.deck:
            pile.hand.append(pile.deck.pop(0) or "(blank)")
            drawn += 1
    return drawn


@_bind("draw")
def _draw(e: Engine, p: Pending, a: Action) -> list[str]:
    """An effect's draw: the effect's player's, the opponent's, or both players' ('both players
    <Draw 1>': the effect's player first). The drawn cards are added to the hands by an effect, at
    the same time (QA Q1795, Q2775)."""
    owner = a.selector.owner if a.selector is not None else "self"
    both = (p.player, opponent(p.player))
    players = {"self": both[:1], "opponent": both[1:]}.get(owner, both)
    moved: dict[str, list[str]] = {}
    for who in players:
        hand = e.state.players[who].hand
        drawn = draw(e, who, a.amount or a.keyword_value or 1)
        moved[who] = hand[len(hand) - drawn:]
        e.rec.log(f"{p.label}: {who} draws {drawn}")
    e.done += 1
    added_to_hand(e, moved, p.player)
    return []


def _memory(sign: int) -> Verb:
    """Gain or lose memory: the effect's player, or the opponent ('your opponent loses 2 memory').
    Memory that would move toward a player who can't gain it now does not move (CR 4-1-4)."""
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        who = opponent(p.player) if a.selector is not None and a.selector.owner == "opponent" else p.player
        amount = a.amount or 0
        toward = who if sign > 0 else opponent(who)  # the side the gauge moves to
        if amount and not may_gain(e, p, toward):
            return []
        e.state.pay(who, -sign * amount)
        e.rec.log(f"{p.label}: {who} {'gains' if sign > 0 else 'loses'} {amount} memory")
        e.done += 1
        return []
    return run


REGISTRY.bind("verb", "gain_memory", _memory(1))
REGISTRY.bind("verb", "lose_memory", _memory(-1))


@_bind("set_memory")
def _set_memory(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Set your memory to N': the gauge moves to N on this player's side."""
    owner = p.player if a.selector is None or a.selector.owner != "opponent" else opponent(p.player)
    change = (a.amount or 0) - e.state.memory_of(owner)
    if change and not may_gain(e, p, owner if change > 0 else opponent(owner)):
        return []
    e.state.pay(owner, -change)
    e.done += 1
    return []


@_bind("prevent")
def _prevent(e: Engine, p: Pending, a: Action) -> list[str]:
    e.prevented += 1
    return e.cites("prevented_deletion")


@_bind("trash_source")
def _trash_source(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash digivolution cards of this Digimon that match the selector's level and name: the
    player's choice when more fit (``decisions.targets`` by card number, else the first ones)."""
    stack = holder_stack(e, p)
    sel = a.selector or Selector(owner="self")
    if stack is None:
        raise CostUnpaid
    need = a.amount or 1
    gone = _pick(e, p, list(stack.sources), sel.model_copy(update={"count": need}))
    if len(gone) < need:  # all N or none (CR 15-7)
        raise CostUnpaid
    # trashed at once: one event each, together (CR 15-5-2); what <Digi-Burst> trashes is
    # trashed by activating it (CR 16-14-1)
    trash_sources(e, stack, gone, how="digi_burst" if a.keyword == "DigiBurst" else "")
    mark(e, p)
    e.rec.log(f"{p.label}: trashes {', '.join(gone)} from {stack.alias}'s digivolution cards")
    return []


@_bind("play_self")
def play_self(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play a revealed security card (or this card from the trash) without paying the cost, or with
    its play cost reduced by ``amount`` ({Trash} [Main] 'play this card with the play cost reduced by 4')."""
    number = p.holder.cards[-1]
    if not a.free and a.amount is None:  # 'play this card' for its full cost: in no card text, not read here
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                               "playing this card for its cost is not implemented")
        return []
    from_trash = p.holder.uid not in e.limbo and p.holder.uid not in e.in_use  # as take_this takes it
    if not may_play_by_effect(e, p.label, p.player, e.board.card(number).kind):  # it stays where it is
        return []
    if not take_this(e, p, "played"):
        return []
    placed: list[Placed] = []

    def assemble() -> int:  # CR 7-3-2-10 (QA Q7110): after the effects answering the play
        placed.append(by_effect(e, p, number))
        return placed[0].reduction
    if not a.free:  # CR 7-1-3-2: the play cost, reduced
        paid = reduced_play_cost(e, p.label, p.player, number, a.amount or 0, declare=assemble)
        e.state.pay(p.player, paid)
        e.rec.log(f"{p.label}: plays {number} for {paid} memory (its play cost reduced by {a.amount})",
                  e.cites("cost_reduced"))
    else:
        assemble()
    stack = enter_play(e, p.player, number, played=True, origin="trash" if from_trash else "",
                       under=placed[0].cards)
    # 'At the end of the turn, return this Digimon to your hand' (EX4-013), 'At the end of the battle, play
    # this card …. At turn end, delete this Digimon' (BT23-025): the Digimon this effect played, for its
    # later actions, waiting ones too (CR 18-1)
    e.chosen[id(p)] = (stack.uid,)
    for _point, later in e.state.delayed:
        if isinstance(later, Pending) and later.spec is p.spec and later.holder.uid == p.holder.uid \
                and any(x.same_targets for x in later.actions or ()):
            e.chosen[id(later)] = (stack.uid,)
    return []


def take_this(e: Engine, p: Pending, what: str) -> bool:
    """Take the card the effect is on out of where it is now (a revealed security card, an Option
    being used, the hand for a {Hand} effect, the trash); False, and logged, if it is no longer there."""
    if e.limbo.pop(p.holder.uid, None) is not None:
        return True
    if p.holder.uid in e.in_use:
        e.in_use.discard(p.holder.uid)
        return True
    number, trash = p.holder.cards[-1], e.state.players[p.player].trash
    hand = e.state.players[p.player].hand
    if p.spec.record is not None and "HandIcon" in p.spec.record.tags and number in hand:
        hand.remove(number)  # a {Hand} effect's card, revealed from the hand (CR 15-14-2-1)
        return True
    if number not in trash:
        e.rec.log(f"{p.label}: {number} is no longer where it was; it is not {what}")
        return False
    trash.remove(number)
    return True


@_bind("place_self")
def _place_self(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Place this card in the battle area': the card the effect is on (an Option being used, a
    revealed security card, this card in the trash) enters the battle area without being played."""
    number = p.holder.cards[-1]
    if e.state.find(p.holder.uid) is not None:
        e.rec.log(f"{p.label}: {number} is already in the battle area")
        return []
    if not take_this(e, p, "placed"):
        return []
    e.placed.add(p.holder.uid)
    option_placed(e, enter_play(e, p.player, number, played=False))
    return []


@_bind("change_attack_target")
def _change_attack_target(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Switch the attack target to 1 of your opponent's Digimon' (CR 11-5: the attack goes on
    against the new target)."""
    attack, attacker = e.state.attack, None
    if attack is not None:
        attacker = e.state.find(attack.attacker)
    if attack is None or attacker is None:
        e.rec.log(f"{p.label}: no attack is going on; the target does not change")
        return []
    if prohibited(e, attacker, "cant_change_attack_target"):  # CR 15-1-3
        e.rec.log(f"{p.label}: {attacker.alias}'s attack target can't be changed", e.cites("prohibition"))
        return []
    chosen = [s for s in targets(e, p, a) if s.uid != attack.target and s.uid != attacker.uid]
    if not chosen:
        e.rec.log(f"{p.label}: no Digimon to switch the attack target to")
        return []
    attack.target, attack.target_alias = chosen[0].uid, chosen[0].alias
    e.rec.log(f"{p.label}: the attack target becomes {chosen[0].alias}")
    e.emit(Event("AttackTargetSwitched", e.snap(attacker), e.snap(chosen[0]), cause="effect", by=p.player))
    e.done += 1
    return []


@_bind("add_self_to_hand")
def _to_hand(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Add this card to the hand': the card the effect is on (a revealed security card, this card
    in the trash) goes to its owner's hand; nothing happens if it is no longer there."""
    if e.state.find(p.holder.uid) is not None:
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                               "adding this card to the hand from the battle area is not implemented")
        return []
    from_trash = p.holder.uid not in e.limbo and p.holder.uid not in e.in_use  # as take_this takes it
    if take_this(e, p, "added to the hand"):
        number = p.holder.cards[-1]
        e.state.players[p.player].hand.append(number)
        e.rec.log(f"{p.label}: {number} is added to {p.player}'s hand")
        e.done += 1
        added_to_hand(e, {p.player: [number]}, p.player, {number: "trash"} if from_trash else None)
    return []




def _trash_sources(where: str, up_to: bool = False) -> Verb:
    """Trash N digivolution cards from the top or the bottom of each chosen Digimon, any N of them
    (the player chooses which; by default from the top), or all of them. 'Any N from your
    opponent's Digimon' are N in all, from one or several of them (QA Q2393, Q4289): the player
    first names a Digimon for each card (``decisions.targets``: aliases, repeated for two from one),
    then which of its cards. 'Up to N from the bottom' (``up_to``): how many is the player's, who
    names the cards among the bottom N (by default all N); as many as named go, from the bottom."""
    def run(e: Engine, p: Pending, a: Action) -> list[str]:
        chosen_stacks = targets(e, p, a)
        if where == "any" and a.selector is not None and a.selector.count is None:
            hosts = [s for s in chosen_stacks if s.sources]
            slots = [s.alias for s in hosts for _ in s.sources]
            picked = e.decide.targets(p.player, p.label, slots, min(a.amount or 1, len(slots)))
            counts = [(s, picked.count(s.alias)) for s in hosts]
        else:
            counts = [(s, len(s.sources) if where == "all" else min(a.amount or 1, len(s.sources)))
                      for s in chosen_stacks]
        for stack, n in counts:
            sources = stack.sources
            if n == 0:
                continue
            if where == "any":
                positions = list(range(len(sources) - 1, -1, -1))  # top first
                picked = e.decide.targets(p.player, p.label, [sources[i] for i in positions], n)
                chosen: set[int] = set()
                for number in picked:
                    chosen.add(next(i for i in positions if sources[i] == number and i not in chosen))
            else:
                if up_to:  # 'up to 2 … from the bottom': the player may take fewer (bottom ones first)
                    n = len(e.decide.targets(p.player, p.label, sources[:n], n))
                chosen = set(range(n)) if where == "bottom" else set(range(len(sources) - n, len(sources)))
            gone = [c for i, c in enumerate(sources) if i in chosen]
            trash_sources(e, stack, gone)
            e.rec.log(f"{p.label}: trashes {', '.join(gone)} from {stack.alias}'s digivolution cards")
            e.done += 1
        return []
    return run


REGISTRY.bind("verb", "trash_top_sources", _trash_sources("top"))
REGISTRY.bind("verb", "trash_bottom_sources", _trash_sources("bottom"))
REGISTRY.bind("verb", "trash_all_sources", _trash_sources("all"))
REGISTRY.bind("verb", "trash_any_sources", _trash_sources("any"))
REGISTRY.bind("verb", "trash_bottom_sources_up_to", _trash_sources("bottom", up_to=True))


@_bind("de_digivolve")
def _de_digivolve(e: Engine, p: Pending, a: Action) -> list[str]:
    """Trash up to N cards from the top, never below the keyword's level floor (CR 16-12)."""
    rule = next((k for k in e.index.keywords.values() if k.primitive == "de_digivolve"), None)
    floor = rule.floor if rule and rule.floor is not None else 0
    for stack in targets(e, p, a):
        if keyword_proof(e.board, e.state, stack, "DeDigivolve", p.player):  # CR 15-15-5
            e.rec.log(f"{p.label}: {stack.alias} isn't affected by <De-Digivolve> effects",
                      e.cites("unaffected"))
            continue
        for time in range(1 if a.times is None else a.times):  # 'for each …': once more each (Q4568)
            if time and not affected_only(e, p, a, [stack]):  # its new top card may not be affected
                break
            for _ in range(a.amount or a.keyword_value or 1):
                if len(stack.cards) < 2 or (e.board.card(stack.top).level or 0) <= floor:
                    break
                e.state.players[stack.owner].trash.append(stack.cards.pop())
                e.done += 1
    return list(rule.cites) if rule else []


@_bind("recovery")
def _recovery(e: Engine, p: Pending, a: Action) -> list[str]:
    """Top cards of the deck onto the security stack (CR 16-6)."""
    pile = e.state.players[p.player]
    added = []
    for _ in range(a.amount or a.keyword_value or 1):
        if pile.deck:
            pile.security.insert(0, pile.deck.pop(0))
            added.append(pile.security[0])
            e.done += 1
    added_to_security(e, p.player, added, p.player)  # SecurityCardAdded (dcg:SecurityCardAdded)
    return []


@_bind("activate_effect")
def _activate_effect(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Activate this card's [Main] effect', 'activate 1 of this Digimon's [On Play] effects': that
    effect of the same card activates now, within this one; with several, the player chooses."""
    if a.selector is not None and a.selector.count is None:
        return _activate_all(e, p, a)
    number = p.spec.card or p.holder.cards[-1]
    found = [spec for spec in e.board.specs(number)
             if spec.record is not None and a.timing in spec.record.timings and spec.key != p.spec.key]
    if not found:
        e.rec.log(f"{p.label}: {number} has no [{a.timing}] effect to activate")
        return []
    stack = e.state.find(p.holder.uid)
    if stack is not None and e.barred_timing(stack, [a.timing or ""]) is not None:  # QA Q4328
        e.rec.log(f"{p.label}: {stack.alias} can't activate [{a.timing}] effects", e.cites("cant_activate"))
        return e.cites("cant_activate")
    labels = [e.label(p.holder, spec) for spec in found]
    cites = e.cites("activated_within")  # CR 15-15-7-1: processed within this effect
    for _ in range(1 if a.times is None else a.times):  # 'for each Tamer you have in play, activate …'
        chosen = e.decide.targets(p.player, p.label, labels, 1) if len(found) > 1 else labels
        spec = found[labels.index(chosen[0])]
        inner = Pending(chosen[0], p.player, p.batch, spec, p.holder, p.event, p.default_key,
                        on_field=p.on_field, kind=p.kind, within=True)  # not pending: no CR 15-4-4-3 check
        e.rec.log(f"{p.label}: activates {inner.label}", cites)
        e.activate(inner)
    return cites


def _activate_all(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Activate this Digimon's [On Play] effects' (EX5-061): every effect of that timing the Digimon
    has, its top card's and those on its digivolution cards (QA Q3660), one after another within this
    effect (CR 15-15-7-1), in the order its player chooses; none if it has left play."""
    stack = e.state.find(p.holder.uid)
    if stack is None:
        e.rec.log(f"{p.label}: {p.holder.alias} is no longer in play; no effect to activate")
        return []
    if e.barred_timing(stack, [a.timing or ""]) is not None:  # QA Q4328
        e.rec.log(f"{p.label}: {stack.alias} can't activate [{a.timing}] effects", e.cites("cant_activate"))
        return e.cites("cant_activate")
    found = [spec for spec, _pos in e.board.printed(stack)
             if spec.record is not None and a.timing in spec.record.timings and spec.key != p.spec.key]
    if not found:
        e.rec.log(f"{p.label}: {stack.alias} has no [{a.timing}] effect to activate")
        return []
    cites = e.cites("activated_within")
    while found:
        labels = [e.label(stack, spec) for spec in found]
        chosen = e.decide.targets(p.player, p.label, labels, 1) if len(found) > 1 else labels
        spec = found.pop(labels.index(chosen[0]))
        inner = Pending(chosen[0], p.player, p.batch, spec, stack, p.event, p.default_key,
                        on_field=p.on_field, kind=p.kind, within=True)  # not pending: no CR 15-4-4-3 check
        e.rec.log(f"{p.label}: activates {inner.label}", cites)
        e.activate(inner)
    return cites


@_bind("keyword")
def _keyword(e: Engine, p: Pending, a: Action) -> list[str]:
    """Run a keyword's own processing ('<Draw 1>' inside a longer effect)."""
    rule = e.index.keywords.get(a.keyword or "")
    handler = REGISTRY.handler("primitive", rule.primitive) if rule else None
    if handler is None:  # the engine lists it as unsupported before it runs (kg.solver.support)
        return []
    spec = p.spec
    if a.keyword_value is not None and a.keyword_value != spec.value:  # '… Then, <Recovery +3>': the
        p.spec = replace(spec, value=a.keyword_value)  # value printed here, not the effect's (CR 16-6)
    try:
        return handler(e, p)
    finally:
        p.spec = spec


# ---------------------------------------------------------------- running an effect
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
    e.running.add(id(p))
    begin(e, p)
    answers: dict[str, bool] = {}  # the player's yes / no per "you may" sentence
    declined = False  # the previous action was a declined "you may"
    try:
        for position, action in enumerate(todo):
            if first_action is not None and not _governed_ok(e, p, position - first_action):
                e.rec.log(f"{p.label}: '{action.span or action.verb}' skipped: its condition does not hold")
                continue
            if p.actions is None and delay(e, p, action):
                continue
            if _declines(e, p, action, answers) or (declined and action.same_targets):
                declined = True
                if position == 0:
                    e.declined.add(id(p))
                e.rec.log(f"{p.label}: '{action.span or action.verb}' not done: the player declines it",
                          e.cites("optional_declined"))
                continue
            declined = False
            if is_cost(p, action) and not payable(e, p, action):
                raise CostUnpaid
            if position == 0 and p.actions is None and record is not None and len(record.compiled.costs) > 1 \
                    and not all(payable(e, p, c) for c in record.compiled.costs):
                raise CostUnpaid  # 'by paying 1 cost and placing …': none paid unless all can be (CR 15-7-3)
            verb = REGISTRY.handler("verb", action.verb)
            assert verb is not None and action.compiled, "checked by kg.solver.support before running"
            settle(e.state)  # a card moved earlier is placed by its new area's rules (CR 3-1-3-5)
            before, in_trash = e.done, trash_sizes(e)
            cites += verb(e, p, multiplied(e, p, renumbered(e, p, action)))  # CR 15-15-4, 4-27
            trashed(e, p, action, in_trash)
            note(e, p, position, action, marked(e, p) or e.done > before)
    except CostUnpaid:
        e.rec.log(f"{p.label}: its cost cannot be paid; nothing happens", e.cites("cost_unpaid"))
    except CostNotCarriedOut:
        e.rec.log(f"{p.label}: the engine cannot carry out its cost, so nothing it pays for is done",
                  e.cites("cost_unpaid"))
    finally:
        e.running.discard(id(p))
    put_back_revealed(e, p)
    return cites


def _declines(e: Engine, p: Pending, action: Action, answers: dict[str, bool]) -> bool:
    """A "you may" action of an effect the player did not answer as a whole (``Engine.declinable``):
    they choose when it is reached, once per sentence (CR 15-9-2-2); declined, it is not done and
    what it would have revealed or chosen is not there for the actions after it."""
    if not action.optional or id(p) in e.answered or (is_cost(p, action) and not action.pays):
        return False
    if action.span not in answers:
        answers[action.span] = e.decide.optional(p.player, p.label)
    return not answers[action.span]


def multiplied(e: Engine, p: Pending, action: Action) -> Action:
    """'For each …' / 'for every N …': the action with its amount (or keyword value) times the
    number counted when the effect resolves."""
    if action.per is None:
        return action
    done = counted(e, p, action)
    value = done.amount if done.amount is not None else done.keyword_value
    if done.times is not None:  # '<De-Digivolve 1>' that many times (ingest.compiler.per.REPEATED)
        value = done.times
    if by_count(action) and done.selector is not None:  # 'for each …, delete 1 of …': that many (CR 4-27-4)
        value = done.selector.count
    e.rec.log(f"{p.label}: '{action.span}' counted: {value}", e.cites("counted_for_each"))
    return done


def payable(e: Engine, p: Pending, cost: Action) -> bool:
    """Whether a cost can be paid in full before it is paid (CR 15-7): enough Digimon to suspend
    that are unsuspended (to unsuspend that are suspended; to delete or return that are there),
    enough cards to trash from the hand or the security stack."""
    sel = cost.selector
    need = (sel.count if sel is not None and sel.count is not None else 1) if cost.verb != "trash_card" \
        else (cost.amount or (sel.count if sel is not None else None) or 1)
    if cost.verb in ("return_to_hand", "return_to_deck") and sel is not None and sel.this \
            and holder_stack(e, p) is None and p.holder.uid not in e.limbo and p.holder.uid not in e.in_use:
        return p.holder.cards[-1] in e.state.players[p.player].trash  # this card in the trash (CR 15-14-3-1)
    if cost.verb in ("suspend", "unsuspend", "delete", "return_to_hand", "return_to_deck"):
        legal = legal_targets(e, p, sel)
        if cost.verb == "suspend":
            legal = [s for s in legal if not s.suspended and not prohibited(e, s, "cant_suspend")]
        elif cost.verb == "unsuspend":
            legal = [s for s in legal if s.suspended]
        return len(legal) >= need
    if cost.verb == "trash_card":
        chosen = sel or Selector(owner="self", kind="card", zone="hand")
        return sum(1 for n in zone_cards(e, p, chosen) if n and e.board.card_fits(n, chosen)) >= need
    if cost.verb == "trash_security":  # 'both players' top security cards': each must have one (QA Q3096)
        owners = (p.player, opponent(p.player)) if sel is not None and sel.owner == "any" \
            else (_security_owner(p, cost),)
        return all(len(e.state.players[o].security) >= (cost.amount or 1) for o in owners)
    if cost.verb == "trash_source":  # all N or none: a cost is never paid in part (CR 15-7)
        stack = holder_stack(e, p)
        fits = sel or Selector(owner="self")
        return stack is not None and sum(e.board.card_fits(c, fits) for c in stack.sources)\
            >= (cost.amount or 1)
    if cost.verb in ("place_under", "place_under_face_down") and sel is not None and not sel.this \
            and sel.zone == "battle_area":  # somewhere to place it (QA Q3760) and, from a zone, the cards
        card = cost.card  # to place ('1 [Kumamon] and [Korikakumon]': both, QA Q2947)
        if card is not None and not card.this and card.zone != "battle_area" and sum(
                1 for n in zone_cards(e, p, card) if n and e.board.card_fits(n, card)) < (cost.amount or 1):
            return False
        return cost.same_targets or bool(legal_targets(e, p, sel))
    if cost.verb in ("sources_to_hand", "sources_to_deck_bottom") and sel is not None:  # cost_moves
        stack = subject_stack(e, p) if sel.zone == "subject_sources" else holder_stack(e, p)
        fits = sum(e.board.card_fits(c, sel) for c in stack.sources) if stack is not None else 0
        return fits >= (cost.amount or 1)
    if cost.verb == "trash_same_level_sources" and sel is not None and not sel.this:  # BT23-089
        return any(same_level_count(e, s) >= (cost.amount or 2) for s in legal_targets(e, p, sel))
    if cost.verb == "top_to_bottom_source" and sel is not None and not sel.this:  # one with cards under it
        return any(s.sources for s in legal_targets(e, p, sel))
    if cost.verb in ("trash_top_sources", "trash_bottom_sources", "trash_any_sources"):
        return sum(len(s.sources) >= (cost.amount or 1) for s in legal_targets(e, p, sel)) >= need
    return True  # the other costs check themselves as they are paid (they raise CostUnpaid)


def _governed_ok(e: Engine, p: Pending, index: int) -> bool:
    """The conditions that govern only this action ('Then, if ..., draw 1') hold (CR 15-6)."""
    record = p.spec.record
    if record is None or index < 0:
        return True
    return all(e.condition_holds(p, c) for c in record.compiled.conditions if index in c.governs)
