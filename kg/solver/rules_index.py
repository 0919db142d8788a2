"""The solver's index of the rules, compiled once per store from the graph's timing edges.

Timings and keywords (their category, triggering event, role of the effect's own card, trigger
conditions, live turns, primitive and processing point), the ordering rules by rank, the attack
procedure's steps in order (a networkx path over ``dcg:nextStep``) and the situations of
``decisions.ttl`` all come from SPARQL over the store; nothing here names a timing or keyword.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from dataclasses import dataclass, field

import networkx as nx

from kg.solver.bindings import check_bindings
from kg.store import Store
from ontology import DCG, local


def section(iri: object) -> str:
    """``rule:16-7-4`` -> ``CR 16-7-4``."""
    return f"CR {local(iri)}"


@dataclass(frozen=True)
class TimingRule:
    """How a timing or keyword works, as the graph says."""

    name: str
    tag: str
    is_keyword: bool
    category: str                       # roleOf of the category: trigger, persistent, immediate ...
    events: frozenset[str] = frozenset()  # local names of the triggering game events
    this_role: str = "subject"          # roleOf of the event role
    requires: tuple[str, ...] = ()      # roleOf codes of the trigger conditions
    live: str = "any"                   # roleOf of the turn window
    primitive: str | None = None        # roleOf of the primitive
    point: str | None = None            # roleOf of the processing point, for pending processing
    cites: tuple[str, ...] = ()
    optional: bool = False              # dcg:optionalProcessing: the player may decline it
    at_once: bool = False               # dcg:activatesAtOnce: never waits as pending ([Security])
    floor: int | None = None            # dcg:levelFloor: processing stops at this level (De-Digivolve)


@dataclass(frozen=True)
class OrderingRule:
    name: str
    label: str
    rank: int
    code: str
    cites: tuple[str, ...]
    key: str | None = None               # dcg:ordersBy: the sort key (an ordering_key handler)
    prefers: object = None               # dcg:prefers: the key value that goes first; None: highest first


@dataclass(frozen=True)
class AttackStep:
    """A step of the attack procedure or a phase of the turn, in the graph's dcg:nextStep order."""

    name: str
    code: str                     # roleOf: declaration, counter, block, confirmation, end_of_attack
    points: tuple[str, ...]       # processing points held at the end of the step
    cites: tuple[str, ...]
    timings: tuple[str, ...] = ()  # activation timings usable at this step (dcg:activatedAt)
    emits: tuple[str, ...] = ()    # dcg:emits: the events the step itself announces


@dataclass(frozen=True)
class UsageLimitRule:
    name: str
    code: str                     # roleOf: the handler (per_turn)
    amount: int


@dataclass(frozen=True)
class DurationRule:
    code: str
    whose: str | None             # dcg:endsWithTurnOf: any, owner, opponent; None: no end of its own
    from_next_turn: bool = False  # dcg:fromNextTurn: counting from the next turn


@dataclass(frozen=True)
class Situation:
    name: str
    label: str
    cites: tuple[str, ...]


@dataclass
class RulesIndex:
    """Everything the state machine reads from the graph."""

    timings: dict[str, TimingRule] = field(default_factory=dict)   # by local name
    keywords: dict[str, TimingRule] = field(default_factory=dict)  # by local name
    by_event: dict[str, list[TimingRule]] = field(default_factory=dict)
    conditions: dict[str, str] = field(default_factory=dict)       # local name -> roleOf
    roles: dict[str, str] = field(default_factory=dict)            # local name -> roleOf
    points: dict[str, str] = field(default_factory=dict)           # processing point -> roleOf
    rechecked: frozenset[str] = frozenset()  # condition codes checked again on activation
    categories: dict[str, str] = field(default_factory=dict)       # local name -> roleOf
    ordering: list[OrderingRule] = field(default_factory=list)
    attack_steps: list[AttackStep] = field(default_factory=list)
    situations: dict[str, Situation] = field(default_factory=dict)  # by roleOf code
    cites_of: dict[str, tuple[str, ...]] = field(default_factory=dict)  # any local name -> cites
    ruling_ids: dict[str, str] = field(default_factory=dict)
    constants: dict[str, int] = field(default_factory=dict)        # dcg:GameConstant by roleOf
    events: frozenset[str] = frozenset()                           # dcg:GameEvent local names
    announced: frozenset[str] = frozenset()  # events a step or phase announces itself (dcg:emits)
    #: an event that happens whenever one of its members does (dcg:happensAs) -> its members
    either: dict[str, frozenset[str]] = field(default_factory=dict)
    #: events whose 'that Digimon' is their object, not their subject (dcg:thatParty)
    that_is_object: frozenset[str] = frozenset()
    turn_phases: list[AttackStep] = field(default_factory=list)
    usage_limits: dict[str, UsageLimitRule] = field(default_factory=dict)  # by local name
    durations: dict[str, DurationRule] = field(default_factory=dict)       # by roleOf
    #: (family, code) -> why the graph declares it unsupported (dcg:unsupported)
    unsupported: dict[tuple[str, str], str] = field(default_factory=dict)
    #: family -> code -> the local name of the graph node that names it (checked against handlers)
    graph_codes: dict[str, dict[str, str]] = field(default_factory=dict)
    zone_icons: dict[str, str] = field(default_factory=dict)       # ZoneIcon local name -> zone roleOf

    def happening(self, events: frozenset[str] | set[str]) -> frozenset[str]:
        """The events an effect listening to ``events`` answers: an event that happens as others
        do (dcg:happensAs) stands for them."""
        return frozenset(m for ev in events for m in self.either.get(ev, (ev,)))

    def timing_events(self, rule: TimingRule) -> frozenset[str]:
        """The events a timing's effects answer: its dcg:triggeredBy events, each that happens as
        others do standing for them. What triggers an effect (EffectSpec.events) and what a barred
        timing ('can't activate [X] effects', Engine.fizzle_reason) reads are both this."""
        return self.happening(set(rule.events))

    def rule(self, name: str) -> TimingRule | None:
        return self.timings.get(name) or self.keywords.get(name)

    def keyword_by_tag(self, tag: str) -> TimingRule | None:
        return next((k for k in self.keywords.values() if k.tag == tag), None)

    def tags(self) -> set[str]:
        return {r.tag for r in [*self.timings.values(), *self.keywords.values()]}

    def situation(self, code: str) -> list[str]:
        """The cites of a situation of ``decisions.ttl`` (empty if the graph lacks it)."""
        found = self.situations.get(code)
        return list(found.cites) if found else []

    def order_rule(self, code: str) -> OrderingRule | None:
        return next((r for r in self.ordering if r.code == code), None)

    def constant(self, code: str) -> int:
        """A number the rules fix (``ontology/timings.ttl``, dcg:GameConstant)."""
        if code not in self.constants:
            raise KeyError(f"the graph has no dcg:GameConstant with dcg:roleOf {code!r}")
        return self.constants[code]

    def step(self, code: str) -> AttackStep | None:
        return next((s for s in self.attack_steps if s.code == code), None)


_RULES = """
SELECT ?t ?kind ?tag ?cat ?event ?role ?live ?prim ?point ?opt ?once ?floor WHERE {
  VALUES ?kind { dcg:Timing dcg:Keyword }
  ?t a ?kind ; dcg:labelTag ?tag .
  OPTIONAL { ?t dcg:category/dcg:roleOf ?cat }
  OPTIONAL { ?t dcg:triggeredBy ?event }
  OPTIONAL { ?t dcg:thisRole/dcg:roleOf ?role }
  OPTIONAL { ?t dcg:liveIn/dcg:roleOf ?live }
  OPTIONAL { ?t dcg:primitive/dcg:roleOf ?prim }
  OPTIONAL { ?t dcg:processedAt/dcg:roleOf ?point }
  OPTIONAL { ?t dcg:optionalProcessing ?opt }
  OPTIONAL { ?t dcg:activatesAtOnce ?once }
  OPTIONAL { ?t dcg:levelFloor ?floor }
}"""
_REQUIRES = """
SELECT ?t ?code WHERE { VALUES ?cls { dcg:Timing dcg:Keyword } ?t a ?cls ; dcg:requires/dcg:roleOf ?code }"""
_CODES = """
SELECT ?x ?code ?cls WHERE {
  VALUES ?cls { dcg:TriggerCondition dcg:EventRole dcg:EffectCategory dcg:ProcessingPoint }
  ?x a ?cls ; dcg:roleOf ?code }"""
_RECHECKED = """
SELECT ?code WHERE { ?c a dcg:TriggerCondition ; dcg:roleOf ?code ; dcg:recheckedOnActivation true }"""
_STEP_TIMINGS = """SELECT ?s ?t WHERE { ?t dcg:activatedAt ?s }"""
_SECTIONS = """
SELECT ?s ?sec WHERE {
  VALUES ?cls { dcg:Timing dcg:Keyword dcg:OrderingRule dcg:AttackStep dcg:Situation dcg:GameEvent
                dcg:ProcessingPoint dcg:EffectCategory dcg:UsageLimit dcg:TurnPhase dcg:ZoneIcon }
  ?s a ?cls ; dcg:ruleSection ?sec }"""
_ORDERING = """
SELECT ?r ?label ?rank ?code ?key ?prefers WHERE {
  ?r a dcg:OrderingRule ; dcg:rank ?rank ; dcg:roleOf ?code . OPTIONAL { ?r rdfs:label ?label }
  OPTIONAL { ?r dcg:ordersBy ?key } OPTIONAL { ?r dcg:prefers ?prefers } }"""
_STEPS = """
SELECT ?s ?code ?next ?point ?emits WHERE {
  ?s a ?cls ; dcg:roleOf ?code .
  OPTIONAL { ?s dcg:nextStep ?next } OPTIONAL { ?s dcg:hasPoint/dcg:roleOf ?point }
  OPTIONAL { ?s dcg:emits ?emits } }"""
_EVENTS = """SELECT ?e WHERE { ?e a dcg:GameEvent }"""
_EITHER = """SELECT ?e ?m WHERE { ?e a dcg:GameEvent ; dcg:happensAs ?m }"""
_THAT_OBJECT = """SELECT ?e WHERE { ?e dcg:thatParty "object" }"""
_LIMITS = """SELECT ?u ?code ?amount WHERE { ?u a dcg:UsageLimit ; dcg:roleOf ?code ; dcg:amount ?amount }"""
_DURATIONS = """
SELECT ?code ?whose ?next WHERE { ?d a dcg:Duration ; dcg:roleOf ?code .
  OPTIONAL { ?d dcg:endsWithTurnOf ?whose } OPTIONAL { ?d dcg:fromNextTurn ?next } }"""
_ZONE_ICONS = """SELECT ?i ?zone WHERE { ?i a dcg:ZoneIcon ; dcg:worksIn/dcg:roleOf ?zone }"""
_UNSUPPORTED = """
SELECT ?x ?cls ?code ?family ?why WHERE { ?x dcg:unsupported ?why ; a ?cls .
  OPTIONAL { ?x dcg:roleOf ?code } OPTIONAL { ?x dcg:codeFamily ?family } }"""
_GRAPH_CODES = """
SELECT ?x ?cls ?code WHERE {
  VALUES ?cls { dcg:TriggerCondition dcg:Primitive dcg:AttackStep dcg:TurnPhase dcg:Duration
                dcg:UsageLimit dcg:Zone dcg:ProcessingPoint dcg:PlayDeclaration }
  ?x a ?cls ; dcg:roleOf ?code }"""

#: The registry family of the codes each class of graph node names (by dcg:roleOf).
FAMILY_OF_CLASS = {"TriggerCondition": "trigger_condition", "Primitive": "primitive",
                   "AttackStep": "attack_step", "TurnPhase": "turn_phase", "Duration": "duration",
                   "UsageLimit": "usage_limit", "Zone": "zone", "ProcessingPoint": "point",
                   "GameEvent": "event", "Keyword": "keyword", "OrderingRule": "ordering",
                   "ZoneIcon": "zone_icon", "PlayDeclaration": "declaration"}
_CONSTANTS = """
SELECT ?code ?amount WHERE { ?c a dcg:GameConstant ; dcg:roleOf ?code ; dcg:amount ?amount }"""
_SITUATIONS = """
SELECT ?s ?code ?label ?ruling ?rid WHERE {
  ?s a dcg:Situation ; dcg:roleOf ?code . OPTIONAL { ?s rdfs:label ?label }
  OPTIONAL { { ?s dcg:decidedBy ?ruling . OPTIONAL { ?ruling dcg:rulingId ?rid } }
             UNION { ?s dcg:illustratedBy ?ruling } } }"""


def compile_index(store: Store) -> RulesIndex:
    """Query the store and build the index (a handful of SPARQL round trips)."""
    index = RulesIndex()
    sections: dict[str, list[str]] = defaultdict(list)
    for s, sec in store.select(_SECTIONS):
        sections[local(s)].append(section(sec))
    index.cites_of = {k: tuple(sorted(set(v))) for k, v in sections.items()}
    requires: dict[str, list[str]] = defaultdict(list)
    for t, code in store.select(_REQUIRES):
        requires[local(t)].append(str(code))
    for x, code, cls in store.select(_CODES):
        table = {"TriggerCondition": index.conditions, "EventRole": index.roles,
                 "EffectCategory": index.categories, "ProcessingPoint": index.points}[local(cls)]
        table[local(x)] = str(code)
    index.rechecked = frozenset(str(code) for (code,) in store.select(_RECHECKED))
    _rules(index, store, requires)
    for r, label, rank, code, key, prefers in store.select(_ORDERING):
        index.ordering.append(OrderingRule(local(r), str(label or local(r)), int(rank.toPython()),  # type: ignore[union-attr]
                                           str(code), index.cites_of.get(local(r), ()),
                                           str(key) if key is not None else None,
                                           prefers.toPython() if prefers is not None else None))  # type: ignore[union-attr]
    index.ordering.sort(key=lambda o: o.rank)
    index.attack_steps = _steps(index, store, "AttackStep")
    index.turn_phases = _steps(index, store, "TurnPhase")
    _codes(index, store)
    _situations(index, store)
    index.constants = {str(code): int(amount.toPython())  # type: ignore[union-attr]
                       for code, amount in store.select(_CONSTANTS)}
    return index


def _rules(index: RulesIndex, store: Store, requires: dict[str, list[str]]) -> None:
    events: dict[str, set[str]] = defaultdict(set)
    rows = store.select(_RULES).rows
    for t, _kind, _tag, _cat, event, *_rest in rows:
        if event is not None:
            events[local(t)].add(local(event))
    for t, kind, tag, cat, _event, role, live, prim, point, opt, once, floor in rows:
        name = local(t)
        rule = TimingRule(
            name=name, tag=str(tag), is_keyword=local(kind) == "Keyword",
            category=str(cat or "persistent"), events=frozenset(events[name]),
            this_role=str(role or "subject"), requires=tuple(sorted(set(requires[name]))),
            live=str(live or "any"), primitive=str(prim) if prim else None,
            point=str(point) if point else None, cites=index.cites_of.get(name, ()),
            optional=_true(opt), at_once=_true(once),
            floor=int(floor.toPython()) if floor is not None else None)  # type: ignore[union-attr]
        (index.keywords if rule.is_keyword else index.timings)[name] = rule
    by_event: dict[str, list[TimingRule]] = defaultdict(list)
    for rule in [*index.timings.values(), *index.keywords.values()]:
        for event in rule.events:
            by_event[event].append(rule)
    index.by_event = dict(by_event)


def _true(term: object) -> bool:
    return term is not None and bool(term.toPython())  # type: ignore[attr-defined]


def _steps(index: RulesIndex, store: Store, cls: str) -> list[AttackStep]:
    """The steps of one procedure (dcg:AttackStep or dcg:TurnPhase) in dcg:nextStep order."""
    graph = nx.DiGraph()
    points: dict[str, set[str]] = defaultdict(set)
    emits: dict[str, set[str]] = defaultdict(set)
    for s, code, nxt, point, event in store.select(_STEPS, cls=DCG[cls]):
        graph.add_node(local(s), code=str(code))
        if nxt is not None:
            graph.add_edge(local(s), local(nxt))
        if point is not None:
            points[local(s)].add(str(point))
        if event is not None:
            emits[local(s)].add(local(event))
    timings: dict[str, set[str]] = defaultdict(set)
    for s, t in store.select(_STEP_TIMINGS):
        timings[local(s)].add(local(t))
    return [AttackStep(name, graph.nodes[name]["code"], tuple(sorted(points[name])),
                       index.cites_of.get(name, ()), tuple(sorted(timings[name])), tuple(sorted(emits[name])))
            for name in nx.topological_sort(graph)]


def _codes(index: RulesIndex, store: Store) -> None:
    """Events, usage limits, durations, unsupported declarations and every code graph nodes name."""
    index.events = frozenset(local(e) for (e,) in store.select(_EVENTS))
    index.announced = frozenset(e for step in [*index.attack_steps, *index.turn_phases] for e in step.emits)
    either: dict[str, set[str]] = defaultdict(set)
    for e, m in store.select(_EITHER):
        either[local(e)].add(local(m))
    index.either = {e: frozenset(ms) for e, ms in either.items()}
    index.that_is_object = frozenset(local(e) for (e,) in store.select(_THAT_OBJECT))
    for u, code, amount in store.select(_LIMITS):
        index.usage_limits[local(u)] = UsageLimitRule(local(u), str(code), int(amount.toPython()))  # type: ignore[union-attr]
    for code, whose, nxt in store.select(_DURATIONS):
        index.durations[str(code)] = DurationRule(str(code), str(whose) if whose is not None else None,
                                                  _true(nxt))
    codes: dict[str, dict[str, str]] = defaultdict(dict)
    for x, cls, code in store.select(_GRAPH_CODES):
        codes[FAMILY_OF_CLASS[local(cls)]][str(code)] = local(x)
    codes["event"] = {e: e for e in index.events}
    index.zone_icons = {local(i): str(zone) for i, zone in store.select(_ZONE_ICONS)}
    codes["zone_icon"] = {i: i for i in index.zone_icons}
    for rule in index.ordering:
        if rule.key is not None:
            codes["ordering_key"][rule.key] = rule.name
        else:
            codes["ordering"][rule.code] = rule.name
    for x, cls, code, family, why in store.select(_UNSUPPORTED):
        fam = str(family) if family is not None else FAMILY_OF_CLASS.get(local(cls))
        if fam is None:
            continue
        name = str(code) if code is not None and fam not in ("event", "keyword", "zone_icon") else local(x)
        index.unsupported[(fam, name)] = str(why)
    index.graph_codes = dict(codes)


def _situations(index: RulesIndex, store: Store) -> None:
    rulings: dict[str, list[str]] = defaultdict(list)
    labels: dict[str, tuple[str, str]] = {}
    for s, code, label, ruling, rid in store.select(_SITUATIONS):
        labels[str(code)] = (local(s), str(label or local(s)))
        if ruling is not None:
            rulings[str(code)].append(str(rid) if rid else local(ruling))
    for code, (name, label) in labels.items():
        cites = [*index.cites_of.get(name, ()), *sorted(set(rulings[code]))]
        index.situations[code] = Situation(name, label, tuple(cites))


_CACHE: weakref.WeakKeyDictionary[Store, tuple[int, RulesIndex]] = weakref.WeakKeyDictionary()


def solver_index(store: Store) -> RulesIndex:
    """The index for this store, compiled on first use and cached per store and graph generation."""
    generation = store.generation
    cached = _CACHE.get(store)
    if cached is not None and cached[0] == generation:
        return cached[1]
    index = compile_index(store)
    check_bindings(index)
    _CACHE[store] = (generation, index)
    return index


def clear_cache() -> None:
    """Forget every compiled index (for benchmarks)."""
    _CACHE.clear()
