"""What a compiled effect *is* for the state machine: its category, triggering events, role,
trigger conditions and live turns, read from the rules index (the graph), not from code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ingest.effect_ir import EffectRecord

if TYPE_CHECKING:
    from kg.solver.rules_index import RulesIndex, TimingRule


@dataclass(frozen=True)
class EffectSpec:
    key: str                    # card/part/index, or grant:Keyword for a granted keyword
    card: str
    tag: str
    category: str               # roleOf of the category: trigger, immediate, persistent, activation ...
    #                             or "unknown": the trigger was not understood (never guessed)
    events: frozenset[str] = frozenset()
    this_role: str = "subject"
    requires: tuple[str, ...] = ()
    live: str = "any"
    keyword: str | None = None
    value: int = 0
    primitive: str | None = None
    point: str | None = None
    record: EffectRecord | None = None
    cites: tuple[str, ...] = ()
    limit: str | None = None    # local name of its dcg:UsageLimit ([Once Per Turn] ...)
    security: bool = False
    may: bool = False           # the keyword's processing is optional (dcg:optionalProcessing)
    #: each trigger timing's own (events, role, conditions) when the effect prints more than one:
    #: '[Start of Your Main Phase] [On Deletion]' triggers at either on that timing's terms (CR 15-5)
    windows: tuple[tuple[frozenset[str], str, tuple[str, ...]], ...] = ()
    #: the activation timings ([Main], [Counter]) a trigger-type effect is also declared at: each icon is
    #: a timing of the one effect (CR 15-16-1); it triggers at its trigger timing (CR 15-8-3) and is
    #: declared at these (CR 15-8-4-2, 15-16-7, 15-16-14); one [X Per Turn] counts both (CR 15-14-1-1,
    #: 15-14-1-2; QA Q2299): ``Engine.count_use`` keys uses by the effect, not by its timing
    activated_at: frozenset[str] = frozenset()

    @property
    def activatable(self) -> bool:
        """The player declares it (CR 15-8-4): an activation-type effect, or the activated half of an
        effect that also triggers ('[On Play] [Main]')."""
        return self.category == "activation" or bool(self.activated_at)

    def terms(self, event: str) -> list[tuple[str, tuple[str, ...]]]:
        """The (role, conditions) under which this event triggers the effect: one per timing
        that the event belongs to."""
        found = [(role, requires) for events, role, requires in self.windows if event in events]
        return found or [(self.this_role, self.requires)]

    @property
    def optional(self) -> bool:
        """A "you may" effect: the keyword says so, or every compiled action is optional."""
        record = self.record
        return self.may or bool(record and record.compiled.actions
                                and all(a.optional for a in record.compiled.actions))


def _live(windows: list[TimingRule]) -> str:
    narrow = [w.live for w in windows if w.live != "any"]
    return narrow[0] if narrow else "any"


def _codes(index: RulesIndex, names: list[str]) -> tuple[str, ...]:
    return tuple(index.conditions.get(n, n) for n in names)


def keyword_spec(index: RulesIndex, card: str, rule: TimingRule, value: int | None,
                 key: str, record: EffectRecord | None = None, live: str = "any") -> EffectSpec:
    """The spec of a keyword effect, as the keyword's node in the graph defines it."""
    return EffectSpec(key=key, card=card, tag=rule.tag, category=rule.category, events=rule.events,
                      this_role=rule.this_role, requires=rule.requires, live=live,
                      keyword=rule.name, value=value or 0, primitive=rule.primitive,
                      point=rule.point, record=record, cites=rule.cites, may=rule.optional)


def spec_of(index: RulesIndex, record: EffectRecord) -> EffectSpec:
    """The spec of one printed effect."""
    key = f"{record.card}/{record.part}/{record.index}"
    timings = [t for t in (index.timings.get(n) for n in record.timings) if t is not None]
    windows = [t for t in timings if not t.events and t.category != "activation"]
    triggers = [t for t in timings if t.events]
    comp = record.compiled
    live = _live(windows + triggers)  # a trigger timing lives in its turns too (dcg:liveIn, CR 15-16-12)
    limit = next((t for t in record.tags if t in index.usage_limits), None)
    cites = tuple(c for t in timings for c in t.cites)
    tag = record.label_tag or (timings[0].tag if timings else "")
    common = {"key": key, "card": record.card, "record": record, "limit": limit,
              "security": any(t.at_once for t in timings)}  # CR 15-16-10 (dcg:activatesAtOnce)
    own = [index.keywords[k.keyword] for k in record.keywords
           if k.how == "has" and k.keyword in index.keywords]
    # an effect that opens with a keyword whose processing is optional is a "may"
    # ('[When Digivolving] <Digi-Burst 2>・…', CR 16-14-2; '[On Play] <Blitz>', CR 16-16-3)
    opening = next(iter([*comp.costs, *comp.actions]), None)
    common["may"] = opening is not None and any(k.optional and k.name == opening.keyword for k in own)
    if not comp.trigger_compiled:
        return EffectSpec(tag=tag, category="unknown", live=live, cites=cites, **common)
    activations = frozenset(t.name for t in timings if t.category == "activation")
    if activations and not triggers:
        # an activated keyword (<Blast Digivolve> at [Counter]) runs the keyword's primitive, unless
        # the text's own compiled actions say more ("<Draw 1>. Then, trash 1 card in your hand")
        says_more = comp.actions_compiled and any(a.verb != "keyword" for a in comp.actions)
        acting = None if says_more else next((k for k in own if k.primitive), None)
        return EffectSpec(tag=tag, category="activation", live=live,
                          cites=cites + (acting.cites if acting else ()),
                          primitive=acting.primitive if acting else None,
                          keyword=acting.name if acting else None,
                          **{**common, "may": False})  # activating it is the player's choice already
    if triggers:
        extra = _codes(index, comp.trigger.requires) if comp.trigger else ()
        events = frozenset().union(*(index.timing_events(t) for t in triggers))
        requires = tuple(sorted({r for t in triggers for r in t.requires} | set(extra)))
        windows = tuple((index.timing_events(t), t.this_role, tuple(sorted({*t.requires, *extra})))
                        for t in triggers) if len(triggers) > 1 else ()
        # '[When Digivolving] [Main]': it triggers, and is declared at its activation timings too
        return EffectSpec(tag=tag, category="trigger", events=events, this_role=triggers[0].this_role,
                          requires=requires, live=live, cites=cites, windows=windows,
                          activated_at=activations, **common)
    if comp.trigger is not None:
        category = "immediate" if comp.category == "ImmediateType" else "trigger"
        # no timing tag: the effect category's section (CR 15-8-3, 15-8-5) and the event's decide it
        decided = (*index.cites_of.get(comp.category, ()), *index.cites_of.get(comp.trigger.event, ()))
        return EffectSpec(tag=tag, category=category, events=index.happening({comp.trigger.event}),
                          this_role=index.roles.get(comp.trigger.this_role, "subject"),
                          requires=_codes(index, comp.trigger.requires), live=live,
                          cites=tuple(dict.fromkeys(cites + decided)), **common)
    if own:
        rule = own[0]
        value = next(k.value for k in record.keywords if k.keyword == rule.name)
        spec = keyword_spec(index, record.card, rule, value, key, record, live)
        return EffectSpec(**{**spec.__dict__, "tag": record.label_tag or rule.tag,
                             "cites": rule.cites + cites, "limit": limit})
    category = index.categories.get(comp.category, "persistent")
    return EffectSpec(tag=tag, category=category, live=live, cites=cites, **common)
