"""EffectRecord <-> triples, both ways.

Every part of an effect has an IRI under the effect's IRI: ``…/trigger``, ``…/condition/1``,
``…/cost/1``, ``…/action/1``, ``…/action/1/selector``, ``…/keyword/1``. Fields are written
only when they say something (not None, False, "" or []), and read back with those defaults,
so a round trip through any store reproduces the record exactly. Multi-valued fields that are
sets (trigger conditions, selector keywords) are kept sorted; timings and tags are kept in the
order they are printed in the effect's text.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any
from urllib.parse import unquote

from pydantic import BaseModel
from rdflib import Literal, URIRef
from rdflib.namespace import RDF

from ingest.common import Triple, lit
from ingest.compiler.semantics import durations, table
from ingest.effect_ir import Action, CompiledEffect, Condition, EffectRecord, KeywordUse, Selector, Trigger
from kg.store import Store
from ontology import DCG, card_iri, effect_iri, local

#: field -> (predicate, how the value is written): lit, lits (a sorted list), iri, iris, duration.
SELECTOR = {
    "owner": (DCG.targetOwner, "lit"),
    "kind": (DCG.targetKind, "lit"),
    "this": (DCG.isThis, "lit"),
    "battled": (DCG.isBattled, "lit"),
    "subject": (DCG.isEventSubject, "lit"),
    "count": (DCG["count"], "lit"),
    "up_to": (DCG.upTo, "lit"),
    "other": (DCG.other, "lit"),
    "max_dp": (DCG.maxDp, "lit"),
    "min_dp": (DCG.minDp, "lit"),
    "max_level": (DCG.maxLevel, "lit"),
    "min_level": (DCG.minLevel, "lit"),
    "max_cost": (DCG.maxCost, "lit"),
    "min_cost": (DCG.minCost, "lit"),
    "extreme": (DCG.extreme, "lit"),
    "with_keywords": (DCG.withKeyword, "iris"),
    "without_keywords": (DCG.withoutKeyword, "iris"),
    "dp_at_most_this": (DCG.dpAtMostThis, "lit"),
    "sources_at_most_this": (DCG.sourcesAtMostThis, "lit"),
    "without_sources": (DCG.withoutSources, "lit"),
    "with_sources": (DCG.withSources, "lit"),
    "name_contains": (DCG.nameContains, "lit"),
    "trait": (DCG.traitFilter, "lit"),
    "zone": (DCG.zone, "lit"),
    "name": (DCG.exactName, "lit"),
    "text_contains": (DCG.textContains, "lit"),
    "color": (DCG.colorFilter, "lit"),
    "state": (DCG.cardState, "lit"),
}
ACTION = {
    "verb": (DCG.verb, "lit"),
    "amount": (DCG.amount, "lit"),
    "keyword": (DCG.keyword, "iri"),
    "keyword_value": (DCG.keywordValue, "lit"),
    "duration": (DCG.hasDuration, "duration"),
    "optional": (DCG.optional, "lit"),
    "free": (DCG.free, "lit"),
    "suspended": (DCG.entersSuspended, "lit"),
    "cost": (DCG.fixedCost, "lit"),
    "ignore_requirements": (DCG.ignoresRequirements, "lit"),
    "without_battling": (DCG.withoutBattling, "lit"),
    "timing": (DCG.activatesTiming, "iri"),
    "processed_at": (DCG.processedAt, "iri"),
    "same_targets": (DCG.sameTargets, "lit"),
    "per_every": (DCG.perEvery, "lit"),
    "span": (DCG.sourceSpan, "lit"),
    "compiled": (DCG.compiled, "lit"),
}
CONDITION = {
    "kind": (DCG.conditionKind, "lit"),
    "amount": (DCG.amount, "lit"),
    "negated": (DCG.negated, "lit"),
    "governs": (DCG.governsAction, "lits"),
    "span": (DCG.sourceSpan, "lit"),
    "compiled": (DCG.compiled, "lit"),
}
TRIGGER = {
    "event": (DCG.onEvent, "iri"),
    "this_role": (DCG.thisRole, "iri"),
    "requires": (DCG.requires, "iris"),
    "span": (DCG.sourceSpan, "lit"),
}
KEYWORD_USE = {
    "keyword": (DCG.keyword, "iri"),
    "value": (DCG.keywordValue, "lit"),
    "how": (DCG.keywordHow, "lit"),
}
#: Selector-valued fields of a part: field -> link predicate (the node is ``…/<field>``).
SELECTORS = {"selector": DCG.hasSelector, "card": DCG.hasCardSelector, "per": DCG.hasPerSelector}
#: The lists of parts of a compiled effect: field, link predicate, IRI segment, class.
PARTS = (
    ("conditions", DCG.hasCondition, "condition", DCG.Condition),
    ("costs", DCG.hasCost, "cost", DCG.Action),
    ("actions", DCG.hasAction, "action", DCG.Action),
)


def _duration_iri(name: str) -> URIRef:
    return DCG[next(k for k, v in durations().items() if v == name)]


def _fields(node: URIRef, model: BaseModel, spec: dict[str, tuple[URIRef, str]]) -> list[Triple]:
    triples: list[Triple] = []
    for name, (pred, how) in spec.items():
        value = getattr(model, name)
        if value is None or value is False or value == "" or value == []:
            continue
        if how == "lit":
            triples.append((node, pred, lit(value)))
        elif how == "iri":
            triples.append((node, pred, DCG[value]))
        elif how == "iris":
            triples.extend((node, pred, DCG[v]) for v in value)
        elif how == "lits":
            triples.extend((node, pred, lit(v)) for v in value)
        else:
            triples.append((node, pred, _duration_iri(value)))
    return triples


def _part(
    node: URIRef,
    cls: URIRef,
    model: BaseModel,
    spec: dict[str, tuple[URIRef, str]],
    position: int | None = None,
) -> list[Triple]:
    triples: list[Triple] = [(node, RDF.type, cls), *_fields(node, model, spec)]
    if position is not None:
        triples.append((node, DCG.position, lit(position)))
    for field, link in SELECTORS.items():
        selector = getattr(model, field, None)
        if selector is not None:
            sel = URIRef(f"{node}/{field}")
            triples += [(node, link, sel), *_part(sel, DCG.Selector, selector, SELECTOR)]
    for n, alternative in enumerate(getattr(model, "any_of", []), 1):
        alt = URIRef(f"{node}/alt/{n}")
        triples += [(node, DCG.hasAlternative, alt), *_part(alt, DCG.Selector, alternative, SELECTOR, n)]
    return triples


def effect_triples(record: EffectRecord) -> list[Triple]:
    """The triples of one effect and all its compiled parts."""
    e = effect_iri(record.card, record.part, record.index)
    card = card_iri(record.card)
    compiled = record.compiled
    triples: list[Triple] = [
        (e, RDF.type, DCG.Effect),
        (card, DCG.hasEffect, e),
        (e, DCG.printedOn, card),
        (e, DCG.text, lit(record.text)),
        (e, DCG.textPart, lit(record.part)),
        (e, DCG.position, lit(record.index)),
        (e, DCG.category, DCG[compiled.category]),
        (e, DCG.isInherited, lit(record.inherited)),
        (e, DCG.isSecurity, lit(record.security)),
        (e, DCG.effectLabel, lit(record.label_tag)),
        (e, DCG.triggerCompiled, lit(compiled.trigger_compiled)),
        (e, DCG.actionsCompiled, lit(compiled.actions_compiled)),
    ]
    triples += [(e, DCG.timing, DCG[t]) for t in record.timings]
    triples += [(e, DCG.tag, DCG[t]) for t in [*record.timings, *record.tags]]
    how_prop = {"has": DCG.hasKeyword, "grants": DCG.grantsKeyword, "mentions": DCG.mentionsKeyword}
    for n, use in enumerate(record.keywords, 1):
        node = URIRef(f"{e}/keyword/{n}")
        triples += [
            (e, how_prop[use.how], DCG[use.keyword]),
            (e, DCG.hasKeywordUse, node),
            *_part(node, DCG.KeywordUse, use, KEYWORD_USE, n),
        ]
    if compiled.trigger is not None:
        node = URIRef(f"{e}/trigger")
        triples += [(e, DCG.hasTrigger, node), *_part(node, DCG.Trigger, compiled.trigger, TRIGGER)]
    for field, link, segment, cls in PARTS:
        spec = CONDITION if field == "conditions" else ACTION
        for n, item in enumerate(getattr(compiled, field), 1):
            node = URIRef(f"{e}/{segment}/{n}")
            triples += [(e, link, node), *_part(node, cls, item, spec, n)]
    return triples


# ---------------------------------------------------------------- reading back

Props = dict[URIRef, list[Any]]

_EFFECTS = """SELECT ?e ?p ?o ?num WHERE {
  ?e dcg:printedOn ?card . ?e ?p ?o . OPTIONAL { ?card dcg:cardNumber ?num } }"""
_PARTS = """SELECT ?n ?p ?o WHERE {
  ?e dcg:printedOn ?card .
  ?e (dcg:hasTrigger|dcg:hasCondition|dcg:hasCost|dcg:hasAction|dcg:hasKeywordUse)
     /(dcg:hasSelector|dcg:hasCardSelector|dcg:hasPerSelector)?/dcg:hasAlternative? ?n .
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
