"""The resolution loop: events trigger effects in batches, batches resolve in the order the graph's
ordering rules give, effects are re-checked when they activate, rule checks run in between.

- simultaneous triggers form a batch (CR 15-4-3); a batch formed while another resolves goes
  first (CR 15-4-5); inside one, the turn player's effects first, one chosen at a time (15-4-3-5);
- triggering is not activating: a pending effect fizzles if its card became a new card, lost
  the effect or fails its condition (CR 15-4-4-3/4/5);
- immediate "would" effects interrupt and may prevent (CR 15-8-5); a prevented deletion is no
  deletion; rule checks run between resolutions (CR 17-1) and feed the newest batch (15-4-3-3);
- one trigger condition met several times at once triggers once (CR 15-5-2).

Every handler comes from the registry (``kg.solver.registry``); what has none is reported in
the run's ``unsupported`` list (``kg.solver.support``) and never carried out on a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import kg.solver.handlers  # noqa: F401  (binds every handler into the registry)
from ingest.effect_ir import Condition, Selector
from kg.solver.board import Board
from kg.solver.decisions import Decider, instance_labels
from kg.solver.effect_spec import EffectSpec
from kg.solver.events import TAMER_AS_IS, Event, Pending, PrintedSnapshot, Snapshot
from kg.solver.handlers.keywords_cr16 import specified_subject
from kg.solver.handlers.link import link_rule_check
from kg.solver.handlers.points import point_cites
from kg.solver.handlers.verbs import run_actions
from kg.solver.handlers.zone_effects import trash_holders, zone_cites
from kg.solver.listeners import ByEvent, listener_index, may_listen
from kg.solver.moves import delete
from kg.solver.record import Recorder
from kg.solver.registry import REGISTRY
from kg.solver.rules_index import AttackStep, RulesIndex
from kg.solver.state import PLAYERS, Stack, State, is_face_up, settle
from kg.solver.support import Gap, activated_gaps, effect_gaps, persistent_gaps, trigger_gaps, zone_icon_gaps
from kg.solver.token_cards import is_token

_NONE: frozenset[str] = frozenset()
RULE_CHECK_LIMIT = 64  # rounds of rule checks in a row before the engine gives up and says so


def prevented_by(answers: list[dict[str, object]]) -> str:
    """Why an effect that resolved is 'prevented': it activated, but an immediate effect answering
    it (CR 15-8-5) prevented all it did."""
    by = [str(a["label"]) for a in answers if a["kind"] == "immediate" and a["status"] == "activated"]
    return "it activated, but what it did was prevented" + (f" by {', '.join(by)}" if by else "")


def _unknown(ev: Event) -> KeyError:
    return KeyError(f"the solver emitted {ev.name!r}, which is no dcg:GameEvent of the graph")


class Engine:
    """One run of a scenario: state, derived board, decisions, records."""

    def __init__(self, state: State, board: Board, index: RulesIndex, decider: Decider,
                 recorder: Recorder) -> None:
        self.state, self.board, self.index = state, board, index
        self.decide, self.rec = decider, recorder
        self.batches: list[list[Pending]] = []
        self.collected: list[Pending] = []
        self.batch_count = 0
        self.revealed: list[str] = []  # cards revealed from a deck by the effect being processed
        self.limbo: dict[int, str] = {}   # revealed security cards that belong to no area (CR 13-1-6)
        self.prevented = 0
        self.done = 0
        self.fresh: list[Pending] | None = None  # the batch the last processing formed
        self.running: set[int] = set()  # pending effects whose compiled actions are being carried out
        self.acting: list[str] = []     # the players whose effects' actions are being carried out
        self.activating: list[Snapshot] = []  # the cards whose effects are being carried out (Event.source)
        self.chosen: dict[int, tuple[int, ...]] = {}  # per pending effect: the stacks its last action chose
        self.in_use: set[int] = set()   # Options being used: in no area until they go to the trash
        self.placed: set[int] = set()   # cards an effect placed in the battle area ('place this card')
        self.answered: set[int] = set()  # pending effects the player chose to use as a whole ("you may")
        self.declined: set[int] = set()  # pending effects whose opening "you may" part was declined
        self.xrosed: dict[int, int] = {}  # per stack played by a DigiXros: the cards placed (CR 7-2-2-9)
        board.report = self.report_gaps
        board.gaps_of = lambda record: persistent_gaps(index, record)
        self._trigger_gaps: dict[str, list[Gap]] = {}  # by effect key, for this run's cards
        self._listeners: ByEvent | None = None  # Engine.listening, for the cards counted in _listeners_for
        self._listeners_for, self._cards = -1, board.cards
        self._quiet = _NONE  # the graph's events no card of this run listens to (Engine._by_event)
        self._settled_pile: tuple[tuple[object, ...], ...] | None = None  # Engine.rule_check
        self._effect_gaps: dict[str, list[Gap]] = {}

    # ------------------------------------------------------------ snapshots and cites
    def snap(self, stack: Stack) -> Snapshot:
        """The stack as it is now. While its effects can only be its printed ones, they are worked
        out when read (most snapshots are an event's subject no trigger looks into)."""
        board, state, cards = self.board, self.state, tuple(stack.cards)
        digimon = board.card(stack.top).kind == "Digimon"
        if board.printed_only(state):
            links, owner, turn_player = tuple(stack.links), stack.owner, state.turn_player
            return PrintedSnapshot(stack.uid, owner, stack.alias, cards, digimon, state.position(stack.uid),
                                   lambda: board.live_printed(cards, links, owner, turn_player))
        return Snapshot(stack.uid, stack.owner, stack.alias, cards, digimon, state.position(stack.uid),
                        board.effects(state, stack))

    def cites(self, code: str) -> list[str]:
        """The rule sections and rulings of a situation (ontology/decisions.ttl)."""
        return self.index.situation(code)

    def order_cites(self, code: str) -> list[str]:
        rule = self.index.order_rule(code)
        return list(rule.cites) if rule else []

    def refuse(self, action: str, why: str, cites: Sequence[str] = ()) -> None:
        """A player action the rules do not allow: recorded, nothing happens."""
        self.rec.illegal.append({"action": action, "reason": why})
        self.rec.log(f"{action} refused by the rules: {why}", cites)

    def expiry(self, owner: str, duration: str) -> int | None:
        """The turn at whose end a lasting effect of ``owner`` ends (CR 15-10), from the graph."""
        handler = REGISTRY.handler("duration", duration)
        assert handler is not None, "checked by kg.solver.support before running"
        return handler(self, owner, self.index.durations.get(duration))

    # ------------------------------------------------------------ what cannot be carried out
    def report_gaps(self, label: str | None, gaps: Sequence[Gap]) -> None:
        for gap in gaps:
            self.rec.unsupported_part(label, gap.part, gap.text, gap.why)

    def unsupported_parts(self, p: Pending, cites: Sequence[str], kind: str | None = None) -> bool:
        """True (and reported) when some part of the effect has no handler: it is not carried out."""
        if p.actions is not None:  # delayed processing: just these actions
            gaps = effect_gaps(self.index, p.spec, p.actions)
        else:
            gaps = self._effect_gaps.get(p.spec.key)
            if gaps is None:
                gaps = self._effect_gaps[p.spec.key] = effect_gaps(self.index, p.spec) + activated_gaps(
                    self.index, p.spec, self.board.specs)  # the effects it activates, too (CR 15-15-7-1)
        if not gaps:
            return False
        self.report_gaps(p.label, gaps)
        self.rec.effect(p.label, p.player, p.batch, "unsupported", cites, kind or p.kind,
                        "the engine cannot carry out " + "; ".join(f"{g.part} '{g.text}'" for g in gaps))
        return True

    def report_zone_effects(self) -> None:
        """Effects that work outside the battle area ({Hand}, {Trash} ...) on cards the scenario puts
        there: the engine does not carry them out, so it says so (CR 15-14-2..5)."""
        s = self.state
        for name, player in s.players.items():
            zones = {"hand": player.hand, "trash": player.trash, "security": player.security,
                     "breeding_area": player.breeding.cards if player.breeding else []}
            for zone, cards in zones.items():
                for number in dict.fromkeys(c for c in cards if c and (zone != "security" or is_face_up(c))):
                    for spec in self.board.specs(number):  # never a face-down security card's (CR 15-14-5-1)
                        record = spec.record
                        if record is None:
                            continue
                        icons = [t for t in record.tags if self.index.zone_icons.get(t) == zone]
                        if not icons or not zone_icon_gaps(self.index, spec):
                            continue  # [Counter] from the hand, a face-up card's persistent {Security} effect
                        why = self.index.unsupported.get(("zone_icon", icons[0]), "")
                        if why:
                            self.rec.unsupported_part(f"{name}/{number}/{spec.tag}", "rule", record.text, why)

    def report_field_trigger_gaps(self) -> None:
        """Triggers the engine cannot read on cards already in play when the run starts: said at once,
        because the event they wait for may be one the engine never emits (QA Q5324)."""
        if self._by_event() is not None:  # an index was made: no card of the run has such a trigger
            return
        for stack in self.state.stacks():
            holder = self.snap(stack)
            for spec, _pos in holder.effects:
                self.unreadable_trigger(holder, spec)

    def unreadable_trigger(self, holder: Snapshot, spec: EffectSpec) -> bool:
        """Whether the engine cannot tell whether or how this effect triggers; if so it says so (once
        per effect and run: the gaps are kept by effect key)."""
        gaps = self._trigger_gaps.get(spec.key)
        if gaps is None:
            gaps = self._trigger_gaps[spec.key] = trigger_gaps(self.index, spec)
        if gaps:
            self.report_gaps(self.label(holder, spec), gaps)
        return bool(gaps)

    # ------------------------------------------------------------ triggering
    def _by_event(self) -> ByEvent | None:
        """The listener index of this run's cards (kg.solver.listeners), made again when a token
        entered (its card is new)."""
        count = len(self._cards)
        if self._listeners_for != count:
            kept = self.board.kept.listeners
            if count not in kept:
                by_event = listener_index(self.board, self._cards, self.index.events)
                quiet = self.index.events.difference(by_event) if by_event is not None else _NONE
                kept[count] = (by_event, quiet)
            self._listeners, self._quiet = kept[count]
            self._listeners_for = count
        return self._listeners

    def _is_quiet(self, ev: Event) -> bool:
        """Whether no card of this run listens to the event (its listener index is current)."""
        return ev.name in self._quiet and self._listeners_for == len(self._cards)

    def listening(self, events: Sequence[Event]) -> frozenset[str] | None:
        """The cards whose effects could trigger on these events; None: any card could."""
        by_event = self._by_event()
        if by_event is None:
            return None
        return frozenset().union(*(by_event.get(ev.name, _NONE) for ev in events))

    def collect(self, events: list[Event], extra: Sequence[Snapshot] = ()) -> list[Pending]:
        """Effects these simultaneous events trigger (CR 15-4-3-2); each at most once (CR 15-5-2)."""
        if len(events) == 1 and self._is_quiet(events[0]):
            return []  # no card this run can meet triggers on it: nothing to look at
        with self.board.steady():  # looking changes nothing
            return self._collect(events, extra)

    def _collect(self, events: list[Event], extra: Sequence[Snapshot]) -> list[Pending]:
        for ev in events:
            if ev.name not in self.index.events:
                raise _unknown(ev)
        listening = self.listening(events)
        if listening is not None and not listening:
            return []
        stacks = self.state.stacks()
        on_field = {s.uid for s in stacks}
        holders = [self.snap(s) for s in stacks if may_listen(listening, s)]
        for snap in [*(ev.subject for ev in events if ev.subject), *extra]:
            if snap.uid not in on_field and all(h.uid != snap.uid for h in holders):
                holders.append(snap)
        zone = trash_holders(self)  # {Trash} effects trigger from the trash, not in play (CR 15-14-3-1)
        in_zone = {h.uid for h in zone}
        found: list[Pending] = []
        seen: set[tuple[int, str]] = set()
        for holder in [*holders, *zone]:
            for spec, pos in holder.effects:
                if self.unreadable_trigger(holder, spec):  # said so; nothing is done on a guess
                    continue
                if spec.category != "trigger":
                    continue
                for ev in events:
                    # CR 4-15-2: a card that left the field triggers only on its own leaving (its
                    # [On Deletion]), not on what happened to others at the same time (Q683, Q4325)
                    if holder.uid not in on_field | in_zone and (
                            ev.subject is None or ev.subject.uid != holder.uid):
                        continue
                    if not self.triggers(spec, holder, ev):
                        continue
                    if (holder.uid, spec.key) in seen:
                        self.rec.log(f"{self.label(holder, spec)} already triggered by this event",
                                     self.order_cites("trigger_once"))
                        first = next(f for f in found
                                     if f.holder.uid == holder.uid and f.spec.key == spec.key)
                        first.also.append(ev)  # 'if any of them …' looks at every one (event_conditions)
                        continue
                    seen.add((holder.uid, spec.key))
                    found.append(Pending(self.label(holder, spec), holder.owner, 0, spec, holder, ev,
                                         (holder.pos, pos), on_field=holder.uid in on_field,
                                         cites=zone_cites(self, spec) if holder.uid in in_zone else []))
        return found

    def triggers(self, spec: EffectSpec, holder: Snapshot, ev: Event) -> bool:
        """Whether this event meets the effect's trigger: its event, role and conditions (CR 15-5)."""
        if ev.name not in spec.events:
            return False
        if ev.how == TAMER_AS_IS and not _own_digivolving(spec, holder, ev):
            return False
        if not any(self._meets(holder, ev, role, requires) for role, requires in spec.terms(ev.name)):
            return False
        trigger = spec.record.compiled.trigger if spec.record else None
        sel = getattr(trigger, "selector", None) or specified_subject(spec)  # CR 16-3
        held = getattr(trigger, "object_selector", None)  # the event's object, as it was then
        if held is not None and (ev.obj is None or not self.fits(ev.obj, held, holder)):
            return False
        return sel is None or ev.subject is None or self.fits(ev.subject, sel, holder)

    def _meets(self, holder: Snapshot, ev: Event, role: str, requires: tuple[str, ...]) -> bool:
        """This card has the event's role the timing names, and the timing's conditions hold."""
        party = {"subject": ev.subject, "object": ev.obj}.get(role)
        if role in ("subject", "object") and (party is None or party.uid != holder.uid):
            return False
        for code in requires:
            test = REGISTRY.handler("trigger_condition", code)
            if test is None or not test(self, holder, ev):  # None: reported by trigger_gaps
                return False
        return True

    def fits(self, party: Snapshot, sel: Selector, holder: Snapshot) -> bool:
        """Whether an event's subject or object, as it was, meets a trigger's filter (CR 15-5)."""
        stack = Stack(party.uid, party.alias, party.owner, list(party.cards))
        return self.board.matches(self.state, stack, sel, holder.owner, holder.uid, base=True)

    def immediates(self, ev: Event) -> list[Pending]:
        """Immediate-type effects this 'would' event triggers (CR 15-8-5)."""
        if self._is_quiet(ev):
            return []
        listening = self.listening([ev])
        found: list[Pending] = []
        for stack in self.state.stacks() if listening is None or listening else ():
            if not may_listen(listening, stack):
                continue  # none of its cards has an effect that could answer this event
            holder = self.snap(stack)
            for spec, pos in holder.effects:
                if spec.category == "immediate" and self.triggers(spec, holder, ev):
                    found.append(Pending(self.label(holder, spec), holder.owner, 0, spec, holder, ev,
                                         (holder.pos, pos)))
        return found

    def label(self, holder: Snapshot, spec: EffectSpec, at: str | None = None) -> str:
        """``alias/card/tag``; ``at``: the activation timing a triggering effect is declared at, whose
        tag names that half ('[On Play] [Main]' declared in the main phase: ``…/Main``)."""
        rule = self.index.timings.get(at) if at is not None and at in spec.activated_at else None
        return f"{holder.alias}/{spec.card or holder.cards[-1]}/{rule.tag if rule else spec.tag}"

    def emit(self, *events: Event) -> None:
        """Events happened: what they trigger waits until the current processing ends. An event
        that says no cause, happening while an effect's actions are carried out, was caused by
        that effect ('when an effect plays …', 'by your opponent's effect')."""
        settle(self.state)  # moved cards lose a face-up / face-down mark outside its area (CR 3-1-3-5)
        if self.acting:
            for ev in events:
                if not ev.cause:
                    ev.cause, ev.by = "effect", self.acting[-1]
        for ev in events if self.activating else ():  # whose effect it was (CR 15-2-1)
            if ev.cause == "effect" and ev.source is None:
                ev.source = self.activating[-1]
        self.state.this_turn.update((ev.name, ev.subject.owner) for ev in events  # a Tamer digivolving
                                    if ev.subject is not None and ev.how != TAMER_AS_IS)  # is none (Q2985)
        self.collected.extend(self.collect(list(events)))

    def flush(self, rule_check: bool = False) -> None:
        """Close the current processing: what it triggered forms a batch (CR 15-4-3-2).

        What a rule check triggers joins the batch the preceding processing formed, if that
        one is still waiting (CR 15-4-3-3); otherwise it forms its own.
        """
        found, self.collected = self.collected, []
        if not found:
            if not rule_check:
                self.fresh = None
            return
        joined = rule_check and self.fresh is not None and any(b is self.fresh for b in self.batches)
        if joined:
            batch = self.fresh
            number = batch[0].batch if batch else self._new_batch_number()
        else:
            batch = []
            self.batches.append(batch)
            number = self._new_batch_number()
        for p in found:
            p.batch = number
            batch.append(p)  # type: ignore[union-attr]
        self.fresh = batch
        self._record_batch(number, found)

    def _new_batch_number(self) -> int:
        self.batch_count += 1
        return self.batch_count

    def _record_batch(self, number: int, found: list[Pending]) -> None:
        entry = next((b for b in self.rec.batches if b["batch"] == number), None)
        if entry is None:
            events = "; ".join(dict.fromkeys(p.event.describe() for p in found))
            entry = {"batch": number, "event": events, "effects": [], "constraints": []}
            if len(self.batches) > 1:
                entry["constraints"].append({"rule": "newer batch first", "before": f"batch {number}",
                                             "after": "older pending effects",
                                             "cites": self.order_cites("newest_batch_first")})
            self.rec.batches.append(entry)
        entry["effects"].extend(p.label for p in found)
        tp = self.state.turn_player
        mine = [p.label for p in found if p.player == tp]
        theirs = [p.label for p in found if p.player != tp]
        if mine and theirs:
            for p in found:
                p.cites.extend(self.order_cites("turn_player_first"))
        for a in mine:
            for b in theirs:
                entry["constraints"].append({"rule": "turn player first", "before": a, "after": b,
                                             "cites": self.order_cites("turn_player_first")})
        if len(mine) > 1 or len(theirs) > 1:
            entry["constraints"].append({"rule": "one chosen at a time", "before": None, "after": None,
                                         "cites": self.order_cites("player_choice")})
        for p in found:
            if p.spec.point:
                entry["constraints"].append({"rule": "pending processing waits for its point",
                                             "before": None, "after": p.label,
                                             "cites": self.order_cites("pending_at_point")})

    # ------------------------------------------------------------ resolving
    def resolve(self) -> None:
        """Run rule checks and pending effects until nothing is left (CR 15-4, 17-1)."""
        while self.state.winner is None:
            self.rule_checks()
            pending = [p for batch in self.batches for p in batch]
            if not pending:
                self.batches.clear()
                return
            chosen, cites = self.choose(pending)
            for batch in self.batches:
                if chosen in batch:
                    batch.remove(chosen)
            self.batches = [b for b in self.batches if b]
            self.activate(chosen, cites)
            self.flush()  # derived triggering: a newer batch (CR 15-4-5)

    def choose(self, pending: list[Pending]) -> tuple[Pending, list[str]]:
        """The next effect: the graph's ordering rules by rank narrow the candidates (each sorts by
        its dcg:ordersBy key, preferring dcg:prefers); then the player chooses (CR 15-4-3-4)."""
        group, cites = pending, []
        for rule in self.index.ordering:
            if rule.code == "player_choice":
                break
            if rule.key is None:
                continue
            key = REGISTRY.handler("ordering_key", rule.key)
            assert key is not None, "bound or refused when the rules index was checked"

            def rank(p: Pending, key=key, rule=rule) -> object:  # noqa: ANN001
                value = key(self, p)
                return value != rule.prefers if rule.prefers is not None else -value
            best = min(rank(p) for p in group)  # type: ignore[type-var]
            narrowed = [p for p in group if rank(p) == best]
            if len(narrowed) < len(group):
                cites.extend(rule.cites)
            group = narrowed
        group.sort(key=lambda p: p.default_key)
        if len(group) == 1:
            return group[0], cites
        subjects = [p.event.subject.alias if p.event.subject else None for p in group]
        index = self.decide.order(group[0].player, instance_labels([p.label for p in group], subjects))
        return group[index], cites + self.order_cites("player_choice")

    def fizzle_reason(self, p: Pending) -> tuple[str, str] | None:
        """Why a pending effect can no longer activate (CR 15-4-4-3/4/5), or None."""
        stack = self.state.find(p.holder.uid)
        if p.on_field and stack is None:
            return "its card left the battle area (a new card)", "fizzle_new_card"
        revealed = p.holder.uid in self.limbo  # a security card being checked (CR 13-1-6)
        # a token is considered placed in the trash though it ceases to exist (CR 4-21-5, 15-1-9)
        if not p.on_field and not revealed and not p.within \
                and p.holder.cards[-1] not in self.state.players[p.player].trash \
                and not is_token(p.holder.cards[-1]):
            return "its card left the trash (a new card)", "fizzle_new_card"
        keys = {s.key for s, _ in self.board.effects(self.state, stack)} if stack else set()
        lost = stack is not None and p.spec.key not in keys
        if lost and p.spec.point is None:  # pending processing keeps what triggered (seed-piercing-other-2)
            return "its card no longer has the effect", "fizzle_lost_effect"
        # conditions about the state are checked again on activation (CR 15-4-4-5; dcg:recheckedOnActivation);
        # an effect declared at its activation timing did not trigger: it has none to check (CR 15-8-4-2)
        triggered = p.kind != "activation"
        failed = [c for c in p.spec.terms(p.event.name)[0][1] if c in self.index.rechecked and p.on_field
                  and triggered and not REGISTRY.handler("trigger_condition", c)(self, p.holder, p.event)]  # type: ignore[misc]
        if failed:
            return f"its condition no longer holds ({', '.join(failed)})", "fizzle_condition"
        if not self.within_limit(p):
            return "its usage limit for this turn is used up", "usage_limit"
        # the timing it triggered at, its events read as the trigger match reads them: a [When
        # Digivolving] [When Attacking] effect barred from its [When Digivolving] still activates when
        # attacking (QA Q4327)
        rules = (self.index.timings.get(t) for t in (p.spec.record.timings if p.spec.record else []))
        timings = [r.name for r in rules if r is not None and p.event.name in self.index.timing_events(r)]
        if stack is not None and (barred := self.barred_timing(stack, timings)) is not None:
            return f"{stack.alias} can't activate [{barred}] effects", "cant_activate"
        return self.unmet_condition(p)

    def barred_timing(self, stack: Stack, timings: Sequence[str]) -> str | None:
        """The timing among ``timings`` whose effects a lasting "can't activate [timing] effects" on
        the stack bars ('Any [On Play] effects on Digimon played with this effect don't activate'),
        or None."""
        return next((m.action.timing for m in self.board.modifiers(self.state, stack)
                     if m.action.verb == "cant_activate" and m.action.timing in timings), None)

    def within_limit(self, p: Pending) -> bool:
        """The effect's usage limit ([Once Per Turn], [Twice Per Turn]) allows one more (CR 15-14-1)."""
        if p.spec.limit is None:
            return True
        rule = self.index.usage_limits[p.spec.limit]
        handler = REGISTRY.handler("usage_limit", rule.code)
        assert handler is not None, "bound or refused when the rules index was checked"
        return handler(self, p, rule.amount)

    def unmet_condition(self, p: Pending) -> tuple[str, str] | None:
        """The first processing condition of the whole effect that does not hold (CR 15-6)."""
        record = p.spec.record
        whole = [c for c in record.compiled.conditions if not c.governs] if record else []
        failed = next((c for c in whole if not self.condition_holds(p, c)), None)
        if failed is None:
            return None
        return f"its condition '{failed.span or failed.kind}' does not hold", "fizzle_condition"

    def condition_holds(self, p: Pending, cond: Condition) -> bool:
        """One processing condition, as things are now (CR 15-6). An effect with a condition the
        engine cannot evaluate never gets here: ``unsupported_parts`` stopped it."""
        test = REGISTRY.handler("condition", cond.kind)
        assert test is not None and cond.compiled, "checked by kg.solver.support before running"
        return test(self, p, cond) != cond.negated

    def activate(self, p: Pending, cites: Sequence[str] = ()) -> None:
        """Activate one pending effect, or report why it fizzles, is declined or is unsupported."""
        base = [*p.spec.cites, *p.cites, *cites]
        if self.unsupported_parts(p, base):
            return
        if p.actions is not None:  # delayed processing of an effect that already activated (Q882)
            extra = self.run(p)
            self.rec.effect(p.label, p.player, p.batch, "activated",
                            [*base, *point_cites(self, p.actions[0]), *extra], p.kind)
            return
        why = self.fizzle_reason(p)
        if why is not None:
            self.rec.effect(p.label, p.player, p.batch, "fizzled",
                            [*base, *self.order_cites("fizzle_check"), *self.cites(why[1])], p.kind, why[0])
            return
        if self.declinable(p):
            if not self.decide.optional(p.player, p.label):
                self.rec.effect(p.label, p.player, p.batch, "declined",
                                [*base, *self.cites("optional_declined")], p.kind)
                return
            self.answered.add(id(p))
        self.count_use(p)
        before, mark = (self.prevented, self.done), len(self.rec.effects)
        extra = self.run(p)
        prevented = self.prevented > before[0] and self.done == before[1]
        status, reason = ("prevented", prevented_by(self.rec.effects[mark:])) if prevented \
            else ("activated", "")
        if id(p) in self.declined and self.done == before[1]:  # its "you may" declined, nothing done
            status, reason = "declined", ""
        self.rec.effect(p.label, p.player, p.batch, status, [*base, *extra], p.kind, reason)

    def declinable(self, p: Pending) -> bool:
        """Whether the player answers yes or no to the whole effect as it activates: a "you may"
        effect (CR 15-9-2-2) not declared as activation-type (declaring one is the yes, CR 15-8-4-1;
        its "you may" parts are answered as they are reached, ``run_actions``), or one with an
        optional processing condition ('By paying 1 cost, …'): declined, nothing after it
        happens (CR 15-7-2, 15-7-4; an activation-type one is declared only with it, 15-8-4-4-1)."""
        record = p.spec.record
        if record is not None and record.compiled.costs:
            return True
        return p.spec.optional and p.spec.category != "activation" and p.kind != "activation"

    def count_use(self, p: Pending) -> None:
        if p.spec.limit is not None:
            key = (p.holder.uid, p.spec.key)
            self.state.used[key] = self.state.used.get(key, 0) + 1

    def run(self, p: Pending) -> list[str]:
        """Carry out the effect: its keyword primitive, or its compiled costs and actions."""
        outer = self.rec.context
        self.rec.context = list(p.spec.cites) or self.order_cites("fizzle_check")
        self.activating.append(p.holder)
        try:
            if p.spec.primitive and p.actions is None:
                handler = REGISTRY.handler("primitive", p.spec.primitive)
                assert handler is not None, "checked by kg.solver.support before running"
                return handler(self, p)
            self.acting.append(p.player)
            try:
                return run_actions(self, p)
            finally:
                self.acting.pop()
        finally:
            self.activating.pop()
            self.rec.context = outer

    def activate_now(self, p: Pending) -> None:
        """Activate an activation-type effect ([Main], [Counter]) in a batch of its own."""
        self.batch_count += 1
        p.batch = self.batch_count
        p.on_field = p.on_field and self.state.find(p.holder.uid) is not None
        if p.on_field:
            self.activate(p)
            return
        if self.unsupported_parts(p, [*p.spec.cites, *p.cites]):
            return
        why = self.unmet_condition(p)
        if why is not None:
            self.rec.effect(p.label, p.player, p.batch, "fizzled",
                            [*p.spec.cites, *p.cites, *self.cites(why[1])], p.kind, why[0])
            return
        extra = self.run(p)
        self.rec.effect(p.label, p.player, p.batch, "activated", [*p.spec.cites, *p.cites, *extra], p.kind)

    def run_steps(self, family: str, steps: Sequence[AttackStep],
                  announce: Callable[[Engine, AttackStep], None], *, points_after: bool = False,
                  until: Callable[[], bool] | None = None) -> bool:
        """A procedure's steps in the graph's order (the attack, the turn), each by its registered
        handler; what a step triggers resolves before the next (CR 11-1-4, 6-1). ``until``, asked
        after each step, stops the procedure there (True when it did)."""
        for step in steps:
            ended = self.state.attack is not None and self.state.attack.ended
            if family == "attack_step" and ended and step is not steps[-1]:
                continue  # an attack ended by an effect goes to its end (CR 15-15-1-1)
            if family == "turn_phase":
                self.state.phase = step.code
            handler = REGISTRY.handler(family, step.code)
            assert handler is not None, "bound or refused when the rules index was checked"
            handler(self, step, lambda step=step: announce(self, step))
            self.flush()
            self.resolve()
            if points_after:
                for point in step.points:
                    self.process_point(point)
            if self.state.winner:
                return False
            if until is not None and until():
                return True
        return False

    def turn_must_end(self) -> bool:
        """The turn end condition: the memory is at 1 or more on the opponent's side (CR 6-1-4-1)."""
        return self.state.winner is None and self.state.memory_of(self.state.turn_player) < 0

    def process_point(self, point: str) -> None:
        """Carry out what waits for this processing point (CR 18-1)."""
        handler = REGISTRY.handler("point", point)
        assert handler is not None, "bound or refused when the rules index was checked"
        handler(self, point)

    # ------------------------------------------------------------ rule checks
    def rule_checks(self) -> None:
        """Rule checks, one after another until one finds nothing to do (CR 17-1-2-1): a deletion
        can bring another Digimon to 0 DP, and a prevented deletion is checked again (a [Once Per
        Turn] prevention does not hold twice). Bounded: a check that changes nothing ends it."""
        seen: set[tuple[object, ...]] = set()
        for _ in range(RULE_CHECK_LIMIT):
            if self.state.winner is not None:
                return
            doomed = self.rule_check()
            if not doomed:
                return
            mark = (tuple(sorted(doomed)), len(self.rec.effects), len(self.rec.deleted))
            if mark in seen:  # the same Digimon stay at 0 DP and nothing answered: they stay
                return
            seen.add(mark)
        self.rec.unsupported_part(None, "rule", "rule check", f"rule checks did not settle after "
                                  f"{RULE_CHECK_LIMIT} rounds (an effect prevents a deletion every time)")

    def _pile(self) -> tuple[tuple[object, ...], ...] | None:
        """Every stack's uid, cards and link cards (the breeding area's too), when no lasting or
        persistent effect exists in the run; else None. Then DP is the printed DP and the link cards'
        (Board._dp_of), and whether link cards stay depends on the cards alone (CR 17-1-3-2-5..7):
        a board with the same pile as at a rule check that did nothing needs none again."""
        if self.state.lasting or self.board.has_persistent():
            return None
        breeding = [b for b in (self.state.players[p].breeding for p in PLAYERS) if b is not None]
        return tuple((s.uid, *s.cards, None, *s.links) for s in [*self.state.board(), *breeding])

    def _at_zero_dp(self) -> list[Stack]:
        """The Digimon at 0 DP now."""
        with self.board.steady():
            return [s for s in self.state.board()
                    if self.board.card(s.top).kind == "Digimon" and self.board.dp(self.state, s) <= 0]

    def rule_check(self) -> list[int]:
        """Delete Digimon at 0 DP, all at once (CR 17-1-3-1); what that triggers joins the newest
        batch (CR 15-4-3-3). Returns the uids it tried to delete."""
        pile = self._pile()
        if pile is not None and pile == self._settled_pile:
            return []
        doomed = self._at_zero_dp()
        relinked = link_rule_check(self)  # CR 17-1-3-2-5..7, at the same time (kg.solver.handlers.link)
        self._settled_pile = pile if not doomed and not relinked else None
        if not doomed:
            return relinked
        self.rec.log("rule check: " + ", ".join(s.alias for s in doomed) + " at 0 DP",
                     [*self.order_cites("rule_check"), *self.cites("zero_dp_entry")])
        delete(self, doomed, cause="rule", by=None)
        self.flush(rule_check=True)
        return [s.uid for s in doomed]


def _own_digivolving(spec: EffectSpec, holder: Snapshot, ev: Event) -> bool:
    """Whether the effect answers a Tamer's digivolving as it is: it is the card digivolved into's
    own, on its own digivolving ([When Digivolving], CR 15-16-3-1). Nothing answering a Digimon
    digivolving does (QA Q2985)."""
    subject = ev.subject
    return (subject is not None and holder.uid == subject.uid and spec.card == subject.cards[-1]
            and any(role == "subject" for role, _ in spec.terms(ev.name)))
