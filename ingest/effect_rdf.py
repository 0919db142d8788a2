"""EffectRecord -> triples: how an effect is written into the graph (``kg.solver.effect_reader``
reads it back with the same field tables).

Every part of an effect has an IRI under the effect's IRI: ``…/trigger``, ``…/condition/1``,
``…/cost/1``, ``…/action/1``, ``…/action/1/selector``, ``…/keyword/1``. Fields are written
only when they say something (not None, False, "" or []), and read back with those defaults,
so a round trip through any store reproduces the record exactly. Multi-valued fields that are
sets (trigger conditions, selector keywords) are kept sorted; timings and tags are kept in the
order they are printed in the effect's text.
"""

from __future__ import annotations

from pydantic import BaseModel
from rdflib import URIRef

from ingest.common import DCG, RDF, Triple, lit
from ingest.compiler.semantics import durations
from ingest.effect_ir import EffectRecord
from ontology import card_iri, effect_iri

#: field -> (predicate, how the value is written): lit, lits (a sorted list), iri, iris, duration.
SELECTOR = {
    "owner": (DCG.targetOwner, "lit"),
    "kind": (DCG.targetKind, "lit"),
    "this": (DCG.isThis, "lit"),
    "battled": (DCG.isBattled, "lit"),
    "subject": (DCG.isEventSubject, "lit"),
    "those": (DCG.amongEventSubjects, "lit"),
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
    "level_at_most_sources": (DCG.levelAtMostSources, "lit"),
    "compare": (DCG.compareValue, "lit"),
    "compare_op": (DCG.compareOp, "lit"),
    "compare_to": (DCG.compareTo, "lit"),
    "max_sources": (DCG.maxSources, "lit"),
    "min_sources": (DCG.minSources, "lit"),
    "total": (DCG.totalValue, "lit"),
    "total_max": (DCG.totalMax, "lit"),
    "unchosen": (DCG.unchosen, "lit"),
    "not_trait": (DCG.notTrait, "lit"),
    "name_or_trait": (DCG.nameOrTrait, "lit"),
    "without_sources": (DCG.withoutSources, "lit"),
    "with_inherited": (DCG.withInherited, "lit"),
    "unlike_own_cards": (DCG.unlikeOwnCards, "lit"),
    "unlike_own": (DCG.unlikeOwn, "lit"),
    "with_sources": (DCG.withSources, "lit"),
    "with_xros": (DCG.withDigiXros, "lit"),
    "same_name_as_this": (DCG.sameNameAsThis, "lit"),
    "same_orientation_as_this": (DCG.sameOrientationAsThis, "lit"),
    "different": (DCG.differentIn, "lit"),
    "source_kind": (DCG.sourceKind, "lit"),
    "source_min_colors": (DCG.sourceMinColors, "lit"),
    "token": (DCG.token, "lit"),
    "min_colors": (DCG.minColors, "lit"),
    "max_colors": (DCG.maxColors, "lit"),
    "name_contains": (DCG.nameContains, "lit"),
    "name_lacks": (DCG.nameLacks, "lit"),
    "trait": (DCG.traitFilter, "lit"),
    "trait_contains": (DCG.traitContains, "lit"),
    "trait_contains_except": (DCG.traitContainsExcept, "lit"),
    "zone": (DCG.zone, "lit"),
    "name": (DCG.exactName, "lit"),
    "not_name": (DCG.notName, "lit"),
    "text_contains": (DCG.textContains, "lit"),
    "color": (DCG.colorFilter, "lit"),
    "not_color": (DCG.notColor, "lit"),
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
    "ignore_level": (DCG.ignoresLevel, "lit"),
    "without_battling": (DCG.withoutBattling, "lit"),
    "timing": (DCG.activatesTiming, "iri"),
    "processed_at": (DCG.processedAt, "iri"),
    "same_targets": (DCG.sameTargets, "lit"),
    "pays": (DCG.paysMidway, "lit"),
    "per_every": (DCG.perEvery, "lit"),
    "times": (DCG.times, "lit"),
    "per_colors": (DCG.perColors, "lit"),
    "per_done": (DCG.perDone, "lit"),
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
SELECTORS = {"selector": DCG.hasSelector, "card": DCG.hasCardSelector, "per": DCG.hasPerSelector,
             "object_selector": DCG.hasObjectSelector}
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
    values = model.__dict__  # a model's fields (getattr would look in the class first)
    for name, (pred, how) in spec.items():
        value = values[name]
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
    values = model.__dict__  # the fields this kind of part has (not every part has all of these)
    for field, link in SELECTORS.items():
        selector = values.get(field)
        if selector is not None:
            sel = URIRef(f"{node}/{field}")
            triples += [(node, link, sel), *_part(sel, DCG.Selector, selector, SELECTOR)]
    for n, one in enumerate(values.get("either", []), 1):  # 'if X or Y': the conditions it joins
        sub = URIRef(f"{node}/either/{n}")
        triples += [(node, DCG.hasEitherCondition, sub), *_part(sub, DCG.Condition, one, CONDITION, n)]
    for n, alternative in enumerate(values.get("any_of", []), 1):
        alt = URIRef(f"{node}/alt/{n}")
        triples += [(node, DCG.hasAlternative, alt), *_part(alt, DCG.Selector, alternative, SELECTOR, n)]
    return triples


def effect_triples(record: EffectRecord) -> list[Triple]:
    """The triples of one effect and all its compiled parts."""
    e = effect_iri(record.card, record.part, record.index)
    card = card_iri(record.card)
    return [(e, RDF.type, DCG.Effect), (card, DCG.hasEffect, e), (e, DCG.printedOn, card),
            *_effect(e, record)]


def _effect(e: URIRef, record: EffectRecord) -> list[Triple]:
    """An effect's own triples: text, tags, keywords and compiled parts; a quoted effect an action
    gives (``gain_effect``, CR 15-13) is a ``dcg:GrantedEffect`` node ``…/action/N/granted``."""
    compiled = record.compiled
    triples: list[Triple] = [
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
            own = item.__dict__  # conditions have neither 'granted' nor 'modes'
            if own.get("granted") is not None:
                granted = URIRef(f"{node}/granted")
                triples += [(node, DCG.grantsEffect, granted), (granted, RDF.type, DCG.GrantedEffect),
                            *_effect(granted, item.granted)]
            for m, mode in enumerate(own.get("modes", []), 1):  # a modal choice's effects
                option = URIRef(f"{node}/mode/{m}")
                triples += [(node, DCG.hasMode, option), (option, RDF.type, DCG.EffectMode),
                            *_effect(option, mode)]
    return triples


# ---------------------------------------------------------------- reading back
