"""Compiled effects read back from the graph: the inverse of ``ingest.effect_rdf``, with the same
field tables, so a round trip through any store reproduces the record exactly."""

from __future__ import annotations

from collections import defaultdict
from typing import Any
from urllib.parse import unquote

from pydantic import BaseModel
from rdflib import Literal, URIRef

from ingest.compiler.semantics import durations, table
from ingest.effect_ir import Action, CompiledEffect, Condition, EffectRecord, KeywordUse, Selector, Trigger
from ingest.effect_rdf import ACTION, CONDITION, KEYWORD_USE, PARTS, SELECTOR, SELECTORS, TRIGGER
from kg.store import Store
from kg.store.batches import select_batched
from ontology import DCG, card_iri, local

Props = dict[URIRef, list[Any]]

_EFFECTS = """SELECT ?e ?num WHERE { ?e dcg:printedOn ?card . OPTIONAL { ?card dcg:cardNumber ?num } }"""
_LINKS = """SELECT ?x ?l ?n WHERE { ?x ?l ?n }"""
_PROPS = """SELECT ?n ?p ?o WHERE { ?n ?p ?o }"""

_PART_OF = (DCG.hasTrigger, DCG.hasCondition, DCG.hasCost, DCG.hasAction, DCG.hasKeywordUse)
_SELECTOR_OF = tuple(SELECTORS.values())
#: The nodes an effect's record is read from, as a walk from the effect one link at a time:
#: state -> (links, next state). An effect's parts are
#: ``(trigger|condition|cost|action|keyword use)/hasEitherCondition?/(selector link)?/hasAlternative*``
#: of it, and the quoted effects its conditions, costs and actions give (dcg:GrantedEffect,
#: CR 15-13; dcg:EffectMode) with theirs, ``(trigger|...)/(selector link)?/hasAlternative*``.
#: Simple lookups from known nodes, not property paths or ``?e dcg:printedOn ?card ; ?p ?o``: a
#: server's planner may read those from the wrong end (Virtuoso ran the path query past its time
#: limit on the full corpus, and took seconds over the effects' own triples).
_WALK: dict[str, tuple[tuple[tuple[URIRef, ...], str], ...]] = {
    "effect": ((_PART_OF, "part"), ((DCG.hasCondition, DCG.hasCost, DCG.hasAction), "granting")),
    "part": (((DCG.hasEitherCondition,), "joined"), (_SELECTOR_OF, "selector"),
             ((DCG.hasAlternative,), "selector")),
    "joined": ((_SELECTOR_OF, "selector"), ((DCG.hasAlternative,), "selector")),
    "selector": (((DCG.hasAlternative,), "selector"),),
    "granting": (((DCG.grantsEffect, DCG.hasMode), "granted"),),
    "granted": ((_PART_OF, "joined"),),
}
#: The states whose nodes are read (an effect is read by _EFFECTS; "granting" nodes are parts).
_READ = frozenset(_WALK) - {"effect", "granting"}


def _walk(store: Store, effects: list[URIRef]) -> set[URIRef]:
    """Every node the records of these effects are read from (see _WALK)."""
    seen: set[tuple[URIRef, str]] = {(e, "effect") for e in effects}
    frontier = dict.fromkeys(effects, {"effect"})
    while frontier:
        links = sorted({link for states in frontier.values() for state in states
                        for found, _next in _WALK[state] for link in found})
        reached: dict[URIRef, set[str]] = defaultdict(set)
        for x, link, n in select_batched(store, _LINKS, "x", list(frontier), l=links).rows:
            for state in frontier[x]:  # type: ignore[index]
                for found, after in _WALK[state]:
                    if link in found and (n, after) not in seen:
                        seen.add((n, after))  # type: ignore[arg-type]
                        reached[n].add(after)  # type: ignore[index]
        frontier = reached
    return {node for node, state in seen if state in _READ}


def _grouped(rows: list[tuple[Any, ...]]) -> dict[URIRef, Props]:
    """Node -> predicate -> its objects, each once, in the order found."""
    nodes: dict[URIRef, Props] = defaultdict(lambda: defaultdict(list))
    for node, pred, obj in rows:
        if obj not in nodes[node][pred]:
            nodes[node][pred].append(obj)
    return nodes


def _py(term: Any) -> Any:
    return term.toPython() if isinstance(term, Literal) else term


def _read(props: Props, spec: dict[str, tuple[URIRef, str]]) -> dict[str, Any]:
    """Model fields from a node's properties; absent means None / False / [] (see _fields)."""
    names = durations()
    out: dict[str, Any] = {}
    for name, (pred, how) in spec.items():
        values = props.get(pred, [])
        if how == "iris":
            out[name] = sorted(local(v) for v in values)
        elif how == "lits":
            out[name] = sorted(_py(v) for v in values)
        elif values:
            value = values[0]
            out[name] = _py(value) if how == "lit" else local(value) if how == "iri" else names[local(value)]
        elif name in ("count", "compiled"):
            out[name] = None if name == "count" else False
    return out


def _model(
    cls: type[BaseModel], node: Any, nodes: dict[URIRef, Props], spec: dict[str, tuple[URIRef, str]]
) -> Any:
    props = nodes.get(node, {})
    data = _read(props, spec)
    for field, link in SELECTORS.items():
        if link in props:
            data[field] = _selector(props[link][0], nodes)
    if DCG.hasEitherCondition in props:  # 'if X or Y': the conditions it joins, in printed order
        joined = _ordered(props, DCG.hasEitherCondition, nodes)
        data["either"] = [_model(Condition, n, nodes, CONDITION) for n in joined]
    if DCG.grantsEffect in props:  # the quoted effect a gain_effect action gives
        granted = props[DCG.grantsEffect][0]
        data["granted"] = _record(granted, nodes[granted], "", nodes)
    if DCG.hasMode in props:  # the effects a modal choice picks from, in printed order
        data["modes"] = [_record(m, nodes[m], "", nodes) for m in _ordered(props, DCG.hasMode, nodes)]
    return cls(**data)


def _selector(node: Any, nodes: dict[URIRef, Props]) -> Selector:
    props = nodes[node]
    alternatives = [_selector(a, nodes) for a in _ordered(props, DCG.hasAlternative, nodes)]
    return Selector(**_read(props, SELECTOR), any_of=alternatives)


def _ordered(props: Props, pred: URIRef, nodes: dict[URIRef, Props]) -> list[Any]:
    items = props.get(pred, [])
    return sorted(items, key=lambda n: _py(nodes[n][DCG.position][0]))


def _text_order(names: set[str], text: str) -> list[str]:
    lowered = text.lower()
    semantics = table()

    def where(name: str) -> int:
        spots = [lowered.find(f"[{p.lower()}]") for p in semantics[name].printed]
        return min((s for s in spots if s >= 0), default=len(lowered))

    return sorted(names, key=lambda n: (where(n), n))


def _record(e: URIRef, props: Props, number: str, nodes: dict[URIRef, Props]) -> EffectRecord:
    text = str(props[DCG.text][0])
    timings = _text_order({local(t) for t in props.get(DCG.timing, [])}, text)
    tags = _text_order({local(t) for t in props.get(DCG.tag, [])} - set(timings), text)
    compiled = CompiledEffect(
        category=local(props[DCG.category][0]),  # type: ignore[arg-type]
        trigger_compiled=_py(props[DCG.triggerCompiled][0]),
        actions_compiled=_py(props[DCG.actionsCompiled][0]),
        trigger=_model(Trigger, props[DCG.hasTrigger][0], nodes, TRIGGER)
        if DCG.hasTrigger in props
        else None,
    )
    for field, link, _segment, _cls in PARTS:
        cls, spec = (Condition, CONDITION) if field == "conditions" else (Action, ACTION)
        setattr(compiled, field, [_model(cls, n, nodes, spec) for n in _ordered(props, link, nodes)])
    return EffectRecord(
        card=number,
        part=str(props[DCG.textPart][0]),
        index=_py(props[DCG.position][0]),  # type: ignore[arg-type]
        text=text,
        timings=timings,
        tags=tags,
        label_tag=str(props[DCG.effectLabel][0]),
        keywords=[
            _model(KeywordUse, n, nodes, KEYWORD_USE) for n in _ordered(props, DCG.hasKeywordUse, nodes)
        ],
        compiled=compiled,
    )


def load_effects(store: Store, card_numbers: list[str] | None = None) -> dict[str, list[EffectRecord]]:
    """The effects of the given cards (all cards if None) read back from a store, by card number,
    in text-part order (main, inherited, security, …) then position."""
    if card_numbers is None:
        rows = store.select(_EFFECTS).rows
    else:
        rows = select_batched(store, _EFFECTS, "card", [card_iri(n) for n in card_numbers]).rows
    numbers = {e: str(num) for e, num in rows if num is not None}
    found = list(dict.fromkeys(e for e, _num in rows))
    nodes = _grouped(select_batched(store, _PROPS, "n", [*found, *sorted(_walk(store, found), key=str)]).rows)
    effects = {e: nodes[e] for e in found}
    order = ("main", "inherited", "security", "link", "option", "ace", "dual")
    out: dict[str, list[EffectRecord]] = {n: [] for n in card_numbers or []}
    for e, props in effects.items():
        number = numbers.get(e) or unquote(str(props[DCG.printedOn][0]).rsplit("/", 1)[-1])
        out.setdefault(number, []).append(_record(e, props, number, nodes))
    for records in out.values():
        records.sort(key=lambda r: (order.index(r.part), r.index))
    return out
