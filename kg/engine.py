"""The resolution loop: events trigger effects in batches, batches resolve in the order the graph's
ordering rules give, effects are re-checked when they activate, rule checks run in between.

- simultaneous triggers form a batch (CR 15-4-3); a batch formed while another resolves goes
  first (CR 15-4-5); inside one, the turn player's effects first, one chosen at a time (15-4-3-5);
- triggering is not activating: a pending effect fizzles if its card became a new card, lost
  the effect or fails its condition (CR 15-4-4-3/4/5);
- immediate "would" effects interrupt and may prevent (CR 15-8-5); a prevented deletion is no
  deletion; rule checks run between resolutions (CR 17-1) and feed the newest batch (15-4-3-3);
- one trigger condition met several times at once triggers once (CR 15-5-2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ingest.effect_ir import Action, Condition
from kg.conditions import CONDITIONS, PROCESSING
from kg.derive import Board
from kg.effects import EffectSpec
from kg.record import Decider, Recorder
from kg.rules_index import RulesIndex
from kg.state import Stack, State


@dataclass
class Snapshot:
    """A card or stack as it was when an event happened (CR 15-8-3-8, 15-8-3-9-4)."""

    uid: int
    owner: str
    alias: str
    cards: tuple[str, ...]
    is_digimon: bool
    pos: int
    effects: list[tuple[EffectSpec, int]] = field(default_factory=list)


@dataclass
class Event:
    name: str
    subject: Snapshot | None = None
    obj: Snapshot | None = None
    cause: str = ""            # battle, effect, rule
    by: str | None = None      # the player whose effect caused it
    other_deleted: bool = False

    def describe(self) -> str:
        parts = [self.name]
        if self.subject:
            parts.append(self.subject.alias)
        if self.obj:
            parts.append(f"(with {self.obj.alias})")
        return " ".join(parts)


@dataclass
class Pending:
    label: str
    player: str
    batch: int
    spec: EffectSpec
    holder: Snapshot
    event: Event
    default_key: tuple[int, int]
    on_field: bool = True
    kind: str = "trigger"
    cites: list[str] = field(default_factory=list)  # ordering rules that placed it in its batch
    actions: list[Action] | None = None  # delayed processing: only these actions (CR 18-1)


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

    # ------------------------------------------------------------ snapshots and cites
    def snap(self, stack: Stack) -> Snapshot:
        kind = self.board.card(stack.top).kind
        return Snapshot(stack.uid, stack.owner, stack.alias, tuple(stack.cards), kind == "Digimon",
                        self.state.position(stack.uid), self.board.effects(self.state, stack))

    def cites(self, code: str) -> list[str]:
        """The rule sections and rulings of a situation (ontology/decisions.ttl)."""
        return self.index.situation(code)

    def order_cites(self, code: str) -> list[str]:
        rule = self.index.order_rule(code)
        return list(rule.cites) if rule else []

    # ------------------------------------------------------------ triggering
    def collect(self, events: list[Event], extra: Sequence[Snapshot] = ()) -> list[Pending]:
        """Effects these simultaneous events trigger (CR 15-4-3-2); each at most once (CR 15-5-2)."""
        holders = [self.snap(s) for s in self.state.stacks()]
        on_field = {h.uid for h in holders}
        for snap in [*(ev.subject for ev in events if ev.subject), *extra]:
            if snap.uid not in on_field and all(h.uid != snap.uid for h in holders):
                holders.append(snap)
        found: list[Pending] = []
        seen: set[tuple[int, str]] = set()
        for holder in holders:
            for spec, pos in holder.effects:
                if spec.category != "trigger":
                    continue
                for ev in events:
                    if not self._triggers(spec, holder, ev):
                        continue
                    if (holder.uid, spec.key) in seen:
                        self.rec.log(f"{self.label(holder, spec)} already triggered by this event",
                                     self.cites("trigger_once"))
                        continue
                    seen.add((holder.uid, spec.key))
                    found.append(Pending(self.label(holder, spec), holder.owner, 0, spec, holder, ev,
                                         (holder.pos, pos), on_field=holder.uid in on_field))
        return found

    def _triggers(self, spec: EffectSpec, holder: Snapshot, ev: Event) -> bool:
        if ev.name not in spec.events:
            return False
        role = {"subject": ev.subject, "object": ev.obj}.get(spec.this_role)
        if spec.this_role in ("subject", "object") and (role is None or role.uid != holder.uid):
            return False
        if not all(code in CONDITIONS and CONDITIONS[code](self, holder, ev) for code in spec.requires):
            return False
        trigger = spec.record.compiled.trigger if spec.record else None
        sel = getattr(trigger, "selector", None)
        if sel is not None and ev.subject is not None:
            subject = Stack(ev.subject.uid, ev.subject.alias, ev.subject.owner, list(ev.subject.cards))
            return self.board.matches(self.state, subject, sel, holder.owner, holder.uid, base=True)
        return True

    def label(self, holder: Snapshot, spec: EffectSpec) -> str:
        return f"{holder.alias}/{spec.card or holder.cards[-1]}/{spec.tag}"

    def emit(self, *events: Event) -> None:
        """Events happened: what they trigger waits until the current processing ends."""
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
            self.rule_check()
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
        """The next effect: ordering rules by rank up to the player's choice, then the choice."""
        tp = self.state.turn_player
        keys: dict[str, Callable[[Pending], int]] = {
            "immediate_first": lambda p: int(p.kind != "immediate"),
            "security_first": lambda p: int(not p.spec.security),
            "newest_batch_first": lambda p: -p.batch,
            "turn_player_first": lambda p: int(p.player != tp),
        }
        group, cites = pending, []
        for rule in self.index.ordering:
            if rule.code == "player_choice":
                break
            key = keys.get(rule.code)
            if key is None:
                continue
            best = min(key(p) for p in group)
            narrowed = [p for p in group if key(p) == best]
            if len(narrowed) < len(group):
                cites.extend(rule.cites)
            group = narrowed
        group.sort(key=lambda p: p.default_key)
        if len(group) == 1:
            return group[0], cites
        index = self.decide.order(group[0].player, [p.label for p in group])
        return group[index], cites + self.order_cites("player_choice")

    def fizzle_reason(self, p: Pending) -> tuple[str, str] | None:
        """Why a pending effect can no longer activate (CR 15-4-4-3/4/5), or None."""
        stack = self.state.find(p.holder.uid)
        if p.on_field and stack is None:
            return "its card left the battle area (a new card)", "fizzle_new_card"
        revealed = p.holder.uid in self.limbo  # a security card being checked (CR 13-1-6)
        if not p.on_field and not revealed and p.holder.cards[-1] not in self.state.players[p.player].trash:
            return "its card left the trash (a new card)", "fizzle_new_card"
        keys = {s.key for s, _ in self.board.effects(self.state, stack)} if stack else set()
        lost = stack is not None and p.spec.key not in keys
        if lost and p.spec.point is None:  # pending processing keeps what triggered (seed-piercing-other-2)
            return "its card no longer has the effect", "fizzle_lost_effect"
        # conditions about the state are checked again on activation (CR 15-4-4-5; dcg:recheckedOnActivation)
        failed = [c for c in p.spec.requires if c in self.index.rechecked and p.on_field
                  and not CONDITIONS[c](self, p.holder, p.event)]
        if failed:
            return f"its condition no longer holds ({', '.join(failed)})", "fizzle_condition"
        if p.spec.once_per_turn and self.state.used.get((p.holder.uid, p.spec.key), 0) >= 1:
            return "already used this turn", "fizzle_condition"
        return self.unmet_condition(p)

    def unmet_condition(self, p: Pending) -> tuple[str, str] | None:
        """The first processing condition of the whole effect that does not hold (CR 15-6)."""
        record = p.spec.record
        whole = [c for c in record.compiled.conditions if not c.governs] if record else []
        failed = next((c for c in whole if not self.condition_holds(p, c)), None)
        if failed is None:
            return None
        return f"its condition '{failed.span or failed.kind}' does not hold", "fizzle_condition"

    def condition_holds(self, p: Pending, cond: Condition) -> bool:
        """One processing condition, as things are now (CR 15-6); one not understood counts as met
        and the log says so."""
        test = PROCESSING.get(cond.kind)
        if test is None or not cond.compiled:
            self.rec.log(f"{p.label}: condition '{cond.span or cond.kind}' is not understood; taken as met")
            return True
        return test(self, p, cond) != cond.negated

    def activate(self, p: Pending, cites: Sequence[str] = ()) -> None:
        """Activate one pending effect, or report why it fizzles or is declined."""
        base = [*p.spec.cites, *p.cites, *cites]
        if p.actions is not None:  # delayed processing of an effect that already activated (Q882)
            extra = self.run(p)
            self.rec.effect(p.label, p.player, p.batch, "activated",
                            [*base, *self.cites("end_of_turn_pending"), *extra], p.kind)
            return
        why = self.fizzle_reason(p)
        if why is not None:
            self.rec.effect(p.label, p.player, p.batch, "fizzled",
                            [*base, *self.order_cites("fizzle_check"), *self.cites(why[1])], p.kind, why[0])
            return
        if p.spec.optional and not self.decide.optional(p.player, p.label):
            self.rec.effect(p.label, p.player, p.batch, "declined", base, p.kind)
            return
        if p.spec.once_per_turn:
            key = (p.holder.uid, p.spec.key)
            self.state.used[key] = self.state.used.get(key, 0) + 1
        before = self.prevented, self.done
        extra = self.run(p)
        prevented = self.prevented > before[0] and self.done == before[1]
        status = "prevented" if prevented else "activated"
        self.rec.effect(p.label, p.player, p.batch, status, [*base, *extra], p.kind)

    def run(self, p: Pending) -> list[str]:
        """Carry out the effect: its keyword primitive, or its compiled costs and actions."""
        from kg.actions import run_actions
        from kg.primitives import PRIMITIVES

        outer = self.rec.context
        self.rec.context = list(p.spec.cites) or self.order_cites("fizzle_check")
        try:
            if p.spec.primitive and p.actions is None:
                handler = PRIMITIVES.get(p.spec.primitive)
                if handler is None:
                    self.rec.log(f"{p.label}: no handler for primitive {p.spec.primitive}; nothing done")
                    return []
                return handler(self, p)
            return run_actions(self, p)
        finally:
            self.rec.context = outer

    def activate_now(self, p: Pending) -> None:
        """Activate an activation-type effect ([Main], [Counter]) in a batch of its own."""
        self.batch_count += 1
        p.batch = self.batch_count
        p.on_field = p.on_field and self.state.find(p.holder.uid) is not None
        if p.on_field:
            self.activate(p)
            return
        why = self.unmet_condition(p)
        if why is not None:
            self.rec.effect(p.label, p.player, p.batch, "fizzled",
                            [*p.spec.cites, *p.cites, *self.cites(why[1])], p.kind, why[0])
            return
        extra = self.run(p)
        self.rec.effect(p.label, p.player, p.batch, "activated", [*p.spec.cites, *p.cites, *extra], p.kind)

    # ------------------------------------------------------------ rule checks
    def rule_check(self) -> None:
        """Delete Digimon at 0 DP, all at once (CR 17-1); what that triggers joins the newest batch
        (CR 15-4-3-3)."""
        doomed = [s for s in self.state.board()
                  if self.board.card(s.top).kind == "Digimon" and self.board.dp(self.state, s) <= 0]
        if not doomed:
            return
        self.rec.log("rule check: " + ", ".join(s.alias for s in doomed) + " at 0 DP",
                     [*self.order_cites("rule_check"), *self.cites("zero_dp_entry")])
        from kg.actions import delete

        delete(self, doomed, cause="rule", by=None)
        self.flush(rule_check=True)
