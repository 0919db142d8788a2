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

from kg.store import Store
from ontology import local


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


@dataclass(frozen=True)
class AttackStep:
    name: str
    code: str                     # roleOf: declaration, counter, block, confirmation, end_of_attack
    points: tuple[str, ...]       # processing points held at the end of the step
    cites: tuple[str, ...]
    timings: tuple[str, ...] = ()  # activation timings usable at this step (dcg:activatedAt)


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
                dcg:ProcessingPoint dcg:EffectCategory dcg:UsageLimit }
  ?s a ?cls ; dcg:ruleSection ?sec }"""
_ORDERING = """
SELECT ?r ?label ?rank ?code WHERE {
  ?r a dcg:OrderingRule ; dcg:rank ?rank ; dcg:roleOf ?code . OPTIONAL { ?r rdfs:label ?label } }"""
_STEPS = """
SELECT ?s ?code ?next ?point WHERE {
  ?s a dcg:AttackStep ; dcg:roleOf ?code .
  OPTIONAL { ?s dcg:nextStep ?next } OPTIONAL { ?s dcg:hasPoint/dcg:roleOf ?point } }"""
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
    for r, label, rank, code in store.select(_ORDERING):
        index.ordering.append(OrderingRule(local(r), str(label or local(r)), int(rank.toPython()),  # type: ignore[union-attr]
                                           str(code), index.cites_of.get(local(r), ())))
    index.ordering.sort(key=lambda o: o.rank)
    _steps(index, store)
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


def _steps(index: RulesIndex, store: Store) -> None:
    graph = nx.DiGraph()
    points: dict[str, set[str]] = defaultdict(set)
    for s, code, nxt, point in store.select(_STEPS):
        graph.add_node(local(s), code=str(code))
        if nxt is not None:
            graph.add_edge(local(s), local(nxt))
        if point is not None:
            points[local(s)].add(str(point))
    timings: dict[str, set[str]] = defaultdict(set)
    for s, t in store.select(_STEP_TIMINGS):
        timings[local(s)].add(local(t))
    for name in nx.topological_sort(graph):
        index.attack_steps.append(AttackStep(name, graph.nodes[name]["code"],
                                             tuple(sorted(points[name])), index.cites_of.get(name, ()),
                                             tuple(sorted(timings[name]))))


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
    _CACHE[store] = (generation, index)
    return index


def clear_cache() -> None:
    """Forget every compiled index (for benchmarks)."""
    _CACHE.clear()
