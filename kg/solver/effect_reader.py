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
from ontology import DCG, card_iri, local

Props = dict[URIRef, list[Any]]

_EFFECTS = """SELECT ?e ?p ?o ?num WHERE {
  ?e dcg:printedOn ?card . ?e ?p ?o . OPTIONAL { ?card dcg:cardNumber ?num } }"""
_PARTS = """SELECT ?n ?p ?o WHERE {
  ?e dcg:printedOn ?card .
  ?e (dcg:hasTrigger|dcg:hasCondition|dcg:hasCost|dcg:hasAction|dcg:hasKeywordUse)/dcg:hasEitherCondition?
     /(dcg:hasSelector|dcg:hasCardSelector|dcg:hasPerSelector|dcg:hasObjectSelector)?/dcg:hasAlternative* ?n .
  ?n ?p ?o }"""
#: Quoted effects that actions give (dcg:GrantedEffect, CR 15-13), and their parts.
_GRANTED = """SELECT ?n ?p ?o WHERE {
  ?e dcg:printedOn ?card .
  ?e (dcg:hasCondition|dcg:hasCost|dcg:hasAction)/(dcg:grantsEffect|dcg:hasMode) ?g .
  ?g ((dcg:hasTrigger|dcg:hasCondition|dcg:hasCost|dcg:hasAction|dcg:hasKeywordUse)
      /(dcg:hasSelector|dcg:hasCardSelector|dcg:hasPerSelector|dcg:hasObjectSelector)?
      /dcg:hasAlternative*)? ?n .
  ?n ?p ?o }"""


def _cards(card_numbers: list[str] | None) -> dict[str, list[URIRef]]:
    """The ``card`` binding: the cards' IRIs (none: every card)."""
    return {} if card_numbers is None else {"card": [card_iri(n) for n in card_numbers]}


def _grouped(store: Store, query: str, **bindings: list[URIRef]) -> dict[URIRef, Props]:
    nodes: dict[URIRef, Props] = defaultdict(lambda: defaultdict(list))
    for row in store.select(query, **bindings).rows:
        nodes[row[0]][row[1]].append(row[2])  # type: ignore[index]
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
    cards = _cards(card_numbers)
    effects: dict[URIRef, Props] = defaultdict(lambda: defaultdict(list))
    numbers: dict[URIRef, str] = {}
    for e, p, o, num in store.select(_EFFECTS, **cards).rows:
        effects[e][p].append(o)  # type: ignore[index]
        if num is not None:
            numbers[e] = str(num)  # type: ignore[index]
    nodes = _grouped(store, _PARTS, **cards)
    for node, props in _grouped(store, _GRANTED, **cards).items():
        nodes[node] = defaultdict(list, {pred: list(dict.fromkeys(found)) for pred, found in props.items()})
    for props in effects.values():
        for pred, objects in props.items():
            props[pred] = list(dict.fromkeys(objects))
    order = ("main", "inherited", "security", "link", "option", "ace", "dual")
    out: dict[str, list[EffectRecord]] = {n: [] for n in card_numbers or []}
    for e, props in effects.items():
        number = numbers.get(e) or unquote(str(props[DCG.printedOn][0]).rsplit("/", 1)[-1])
        out.setdefault(number, []).append(_record(e, props, number, nodes))
    for records in out.values():
        records.sort(key=lambda r: (order.index(r.part), r.index))
    return out
