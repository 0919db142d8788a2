"""The moves every part of the solver shares: a card enters the battle area, a Digimon digivolves,
a stack leaves the battle area (deleted, returned, trashed). Each emits its game events and
lets immediate "would" effects answer first (CR 15-8-5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kg.solver.events import TAMER_AS_IS, Event, Pending, Snapshot
from kg.solver.registry import REGISTRY
from kg.solver.rule_lines import digivolve_from_name_cost
from kg.solver.state import Stack
from kg.solver.token_cards import is_token

if TYPE_CHECKING:
    from ingest.effect_ir import Action
    from kg.solver.engine import Engine

#: Where the cards of a stack that leaves the battle area go: top card, and the cards under it.
DESTINATIONS = ("trash", "hand", "deck_bottom", "deck_top")


def leave(e: Engine, stack: Stack, top_to: str = "trash") -> None:
    """Take a stack out of the battle area: its top card to ``top_to``, the cards under it to the
    trash (CR 4-15; a returned Digimon's digivolution cards are trashed)."""
    player = e.state.players[stack.owner]
    player.battle_area = [s for s in player.battle_area if s.uid != stack.uid]
    player.trash.extend(stack.links)  # its link cards are trashed at the same time (CR 4-9-6)
    if is_token(stack.top):  # CR 4-21-5: a token leaving the field ceases to exist (nothing under it, 4-21-3)
        return
    if top_to == "trash":
        player.trash.extend(stack.cards)
        return
    player.trash.extend(stack.sources)
    if top_to == "hand":
        player.hand.append(stack.top)
    elif top_to == "deck_top":
        player.deck.insert(0, stack.top)
    else:
        player.deck.append(stack.top)


@REGISTRY.register("event", "Deleted", "DeletedInBattle")
def delete(e: Engine, targets: list[Stack], *, cause: str, by: str | None,
           battled: dict[int, Snapshot] | None = None) -> list[Snapshot]:
    """Delete these Digimon at once, unless an immediate effect prevents it (CR 15-8-5)."""
    answered_together(e, targets, ("WouldBeDeleted", "WouldLeaveBattleArea"), cause, by)
    remaining = [t for t in targets if not protected(e, t, cause, by)
                 and not would_be_deleted(e, t, cause, by)]
    gone = [e.snap(t) for t in remaining if e.state.find(t.uid) is not None]
    for snap in gone:
        stack = e.state.find(snap.uid)
        assert stack is not None
        leave(e, stack)
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


#: Why one effect answering several Digimon that would leave at once is reported (answered_together).
TOGETHER = ("one effect answers several Digimon that would leave the battle area at once; it applies to "
            "all of them in one activation (QA Q3098, Q4268), the engine answers them one at a time: not "
            "implemented")


def answered_together(e: Engine, targets: Sequence[Stack], names: Sequence[str], cause: str,
                      by: str | None) -> None:
    """Several Digimon would leave the battle area at the same time and one immediate effect answers
    more than one of them ('… would leave the battle area, … they don't leave'): such an effect keeps
    them all with one activation (CR 15-8-5; QA Q3098, Q4268), which the engine does not model, as it
    answers each Digimon in turn. Reported as unsupported rather than answered wrong."""
    if len(targets) < 2:
        return
    answering: dict[tuple[int, str], tuple[Pending, set[int]]] = {}
    for target in targets:
        snap = e.snap(target)
        for name in names:
            for p in e.immediates(Event(name, snap, cause=cause, by=by)):
                answering.setdefault((p.holder.uid, p.spec.key), (p, set()))[1].add(target.uid)
    for p, reached in answering.values():
        if len(reached) > 1:
            text = p.spec.record.text if p.spec.record is not None else p.spec.key
            e.rec.unsupported_part(p.label, "trigger", text, TOGETHER)


@REGISTRY.register("event", "WouldBeDeleted", "WouldLeaveBattleArea")
def would_be_deleted(e: Engine, target: Stack, cause: str, by: str | None) -> bool:
    """Immediate-type effects answering the deletion activate now; True if one prevented it."""
    snap = e.snap(target)
    found: list[Pending] = []
    for name in ("WouldBeDeleted", "WouldLeaveBattleArea"):  # a deletion is both (CR 15-8-5)
        seen = {(p.holder.uid, p.spec.key) for p in found}
        found += [p for p in e.immediates(Event(name, snap, cause=cause, by=by, how="deletion"))
                  if (p.holder.uid, p.spec.key) not in seen]
    while found:
        if e.state.find(target.uid) is None:
            break
        # the turn player's first; among one player's, the one that player chooses (CR 15-4-3-4)
        p, order = e.choose(found)
        found.remove(p)
        p.kind, p.batch = "immediate", e.batch_count + 1
        e.batch_count += 1
        cites = [*e.order_cites("immediate_first"), *order]
        if e.unsupported_parts(p, [*p.spec.cites, *cites]):
            continue
        why = e.fizzle_reason(p)  # checked again on activation, usage limit included (CR 15-4-4)
        if why is not None:
            e.rec.effect(p.label, p.player, p.batch, "fizzled",
                         [*p.spec.cites, *cites, *e.cites(why[1])], "immediate", why[0])
            continue
        if e.declinable(p):  # a "you may" or a 'By X,' cost: declined, nothing is paid (CR 15-7-4)
            if not e.decide.optional(p.player, p.label):
                e.rec.effect(p.label, p.player, p.batch, "declined",
                             [*p.spec.cites, *cites, *e.cites("optional_declined")], "immediate")
                continue
            e.answered.add(id(p))
        e.count_use(p)
        before = e.prevented
        extra = e.run(p)
        e.rec.effect(p.label, p.player, p.batch, "activated", [*p.spec.cites, *cites, *extra], "immediate")
        if e.prevented > before:
            e.rec.log(f"deletion of {target.alias} prevented: it is not deleted",
                      e.cites("prevented_deletion"))
            return True
    return False


@dataclass
class Placed:
    """What a play declaration (a DigiXros, an Assembly) did: the cards placed under the played card,
    bottom first (CR 7-2-2-8, 7-3-2-6), and the play cost reduction (CR 7-2-3-3, 7-3-3-3)."""

    cards: list[str] = field(default_factory=list)
    reduction: int = 0


@REGISTRY.register("event", "CardPlayed")
def enter_play(e: Engine, owner: str, number: str, *, played: bool, suspended: bool = False,
               origin: str = "", under: Sequence[str] = ()) -> Stack:
    """Put a card into the battle area as a new stack; ``played`` emits CardPlayed (CR 7), with
    where the card was played from (``origin``: Event.origin); ``under``: the cards placed under it
    by a play declaration (a DigiXros, an Assembly), bottom first (CR 7-2-3-3, 7-3-3-3)."""
    s = e.state
    stack = Stack(s.new_uid(), s.fresh_alias(number), owner, [*under, number], suspended=suspended,
                  played_this_turn=True)
    s.players[owner].battle_area.append(stack)
    e.done += 1
    how = "plays" if played else "places (not played)"
    e.rec.log(f"{owner} {how} {number} as {stack.alias}", e.index.cites_of.get("CardPlayed", ()))
    if played:
        e.emit(Event("CardPlayed", e.snap(stack), origin=origin))
    return stack


def prohibited(e: Engine, stack: Stack, verb: str) -> bool:
    """A lasting or persistent "can't …" (``verb``: cant_digivolve, cant_suspend …) reaches the
    stack: the prohibition wins over an effect or action that would make it (CR 15-1-3)."""
    return any(m.action.verb == verb for m in e.board.modifiers(e.state, stack))


def can_digivolve(e: Engine, stack: Stack) -> bool:
    """Whether the stack may digivolve now: no "can't digivolve" reaches it (CR 15-1-3)."""
    if prohibited(e, stack, "cant_digivolve"):
        e.rec.log(f"{stack.alias} can't digivolve", e.cites("prohibition"))
        return False
    return True


def card_snapshot(e: Engine, owner: str, number: str, event: str) -> Snapshot:
    """A single card out of play (in the trash, in a hand, just placed) as an event's party, with
    its own effects that answer ``event`` ('When an effect trashes this digivolution card')."""
    own = [(spec, 0) for spec in e.board.specs(number) if event in spec.events]
    return Snapshot(e.state.new_uid(), owner, owner, (number,), False, -1, own)


@REGISTRY.register("event", "SourceTrashed")
def trash_sources(e: Engine, stack: Stack, numbers: list[str], *, how: str = "") -> None:
    """Trash these digivolution cards of the stack (cards of one number are alike: which copy
    goes does not matter). SourceTrashed for each, at once: its subject the trashed card, its object
    the Digimon it was under (CR 4-8-1); ``how`` says what trashed them ("digi_burst", CR 16-14).
    The cards under a Digimon that leaves the battle area are not trashed this way (CR 4-15)."""
    for number in numbers:
        stack.cards.remove(number)
    e.state.players[stack.owner].trash.extend(numbers)
    host = e.snap(stack)
    events = [Event("SourceTrashed", card_snapshot(e, stack.owner, n, "SourceTrashed"), host, how=how)
              for n in numbers]
    if events:
        e.emit(*events)


@REGISTRY.register("event", "TrashedFromLinks")
def trash_links(e: Engine, stack: Stack, numbers: list[str]) -> None:
    """An effect trashes these link cards of the stack (CR 4-9): they go to their owner's trash and
    the Digimon no longer has their link DP and link effects (CR 4-3-4, 4-3-5). TrashedFromLinks
    for each, at once: its subject the trashed card, its object the Digimon it was linked to. The
    link cards replaced past the limit (CR 4-9-5, QA Q5006) or trashed as a Digimon leaves or
    becomes a new card (CR 4-9-6) are not trashed this way."""
    for number in numbers:
        stack.links.remove(number)
    e.state.players[stack.owner].trash.extend(numbers)
    host = e.snap(stack)
    events = [Event("TrashedFromLinks", card_snapshot(e, stack.owner, n, "TrashedFromLinks"), host)
              for n in numbers]
    if events:
        e.emit(*events)


@REGISTRY.register("event", "SourcePlaced")
def place_sources(e: Engine, stack: Stack, numbers: list[str], *, top: bool = False) -> None:
    """Place these cards under the stack, at the bottom under the cards already there (CR 4-4-2)
    or, with ``top``, just under its top card. SourcePlaced for each, at once: its subject the placed
    card, its object the Digimon or Tamer it went under (CR 4-8-1)."""
    if top:
        stack.cards[-1:-1] = numbers
    else:
        stack.cards[:0] = numbers
    host = e.snap(stack)
    events = [Event("SourcePlaced", card_snapshot(e, stack.owner, n, "SourcePlaced"), host) for n in numbers]
    if events:
        e.emit(*events)


def tamer_requirement(e: Engine, stack: Stack, number: str) -> int | None:
    """The cost of ``number``'s printed '[Digivolve] [Tamer name]: Cost N' requirement that the
    stack's Tamer meets (CR 8-1-3-1, 8-1-3-2), or None."""
    top = e.board.card(stack.top) if stack.cards else None
    if top is None or top.kind != "Tamer":
        return None
    return digivolve_from_name_cost(e.board.card(number), top.name)


ONTO_TAMER = "digivolve_onto_tamer"
REGISTRY.consulted("verb", ONTO_TAMER, "kg.solver.moves.tamer_as_digimon when a card digivolves onto a Tamer")


def tamer_as_digimon(e: Engine, stack: Stack, number: str) -> Action | None:
    """``number``'s permission to digivolve onto this Tamer as if it were a Digimon of a level ('You
    may digivolve this card from your hand onto one of your red Tamers as if that card is a level 3
    red Digimon'): the compiled action, or None. The Tamer is then a Digimon that digivolves, with
    the cards under it as its digivolution cards (QA Q1157, Q2723, Q3382); it is no requirement
    ignored (QA Q1743). A permission with conditions is not read here."""
    if e.board.card(stack.top).kind != "Tamer":
        return None
    for spec in e.board.specs(number):
        record = spec.record
        if record is None or record.compiled.conditions:
            continue
        for action in record.compiled.actions:
            if (action.verb == ONTO_TAMER and action.selector is not None
                    and e.board.matches(e.state, stack, action.selector, stack.owner, None, base=True)):
                return action
    return None


def from_tamer(e: Engine, stack: Stack, number: str) -> bool:
    """Whether ``number`` digivolves from the stack's Tamer as it is, by its printed '[Digivolve]
    [Tamer name]' requirement, not as a Digimon (CR 8-1-3-1; QA Q3002, Q3034). A card's 'digivolve
    onto a Tamer as if it is a Digimon' permission does treat it as one (QA Q2200)."""
    return tamer_requirement(e, stack, number) is not None


@REGISTRY.register("event", "Digivolved")
def evolve(e: Engine, stack: Stack, number: str, cost: int, *, as_digimon: bool = False,
           origin: str = "hand", tamer_by_effect: bool = False) -> None:
    """Place the card on the stack, pay, draw 1 (CR 8-1-3-3); [When Digivolving] triggers, unless
    a Tamer digivolves as it is: then nothing answering a Digimon digivolving does (QA Q3002).
    ``as_digimon``: the Tamer digivolves as a Digimon, by the card's permission (QA Q2724).
    ``origin``: where the card digivolved into came from (Event.origin: "hand", "trash" …).
    ``tamer_by_effect``: an effect digivolves a Tamer ('that Tamer digivolves into this card'): it is
    no Digimon digivolving either (QA Q2985), so only the card digivolved into answers it, by its
    own [When Digivolving] (CR 15-16-3-1; Event.how TAMER_AS_IS)."""
    owner = e.state.players[stack.owner]
    as_is = not as_digimon and from_tamer(e, stack, number)
    e.state.pay(stack.owner, cost)
    stack.cards.append(number)
    if owner.deck:  # CR 8-1-3-3: the bonus draw happens for a Tamer too (QA Q3003)
        owner.hand.append(owner.deck.pop(0) or "(blank)")
    e.rec.log(f"{stack.alias} digivolves into {number}" + ("" if cost else " without paying the cost"),
              e.index.cites_of.get("Digivolved", ()))
    if as_is:
        e.rec.log(f"{stack.alias} digivolved from a Tamer as it is, not as a Digimon: no 'when digivolving' "
                  "or 'when a Digimon digivolves' effect triggers", e.cites("tamer_digivolves"))
        return
    if owner.breeding is stack:  # CR 3-4-7-4, 3-4-7-6 (QA Q4300): no effect answers it there
        e.rec.log(f"{stack.alias} digivolved in the breeding area: its [When Digivolving] effects and "
                  "'when a Digimon digivolves' effects don't trigger", e.cites("breeding_digivolves"))
        return
    if tamer_by_effect:
        e.rec.log(f"{stack.alias} digivolved from a Tamer as it is, not as a Digimon: no 'when a Digimon "
                  "digivolves' effect triggers, only the [When Digivolving] of the card digivolved into",
                  e.cites("tamer_digivolves_by_effect"))
    e.emit(Event("Digivolved", e.snap(stack), origin=origin, how=TAMER_AS_IS if tamer_by_effect else ""))


@REGISTRY.register("event", "Suspended")
def suspend(e: Engine, stack: Stack, *, cause: str = "", by: str | None = None, how: str = "") -> None:
    """Suspend a card in play; Suspended happens only if it was unsuspended. "Can't suspend" keeps
    it unsuspended (CR 15-1-3: the prohibition wins). ``how``: "alliance", by <Alliance> (CR 16-24-1)."""
    if not stack.suspended and prohibited(e, stack, "cant_suspend"):
        e.rec.log(f"{stack.alias} can't suspend", e.cites("prohibition"))
        return
    if not stack.suspended:
        stack.suspended = True
        e.emit(Event("Suspended", e.snap(stack), cause=cause, by=by, how=how))


@REGISTRY.register("event", "Unsuspended")
def unsuspend(e: Engine, stack: Stack, *, cause: str = "", by: str | None = None) -> None:
    """Unsuspend a card in play; Unsuspended happens only if it was suspended. A lasting or
    persistent "can't unsuspend" keeps it suspended (CR 15-1-3: the prohibition wins); one 'in the
    unsuspend phase' does during that phase, its [Start of Your Turn] effects too (CR 6-2-1-1; QA Q5075)."""
    barred = {"cant_unsuspend", "cant_unsuspend_in_unsuspend_phase"} if e.state.phase == "unsuspend" \
        else {"cant_unsuspend"}
    if stack.suspended and any(m.action.verb in barred for m in e.board.modifiers(e.state, stack)):
        e.rec.log(f"{stack.alias} can't unsuspend: it stays suspended", e.cites("prohibition"))
        return
    if stack.suspended:
        stack.suspended = False
        e.emit(Event("Unsuspended", e.snap(stack), cause=cause, by=by))
