"""What the engine can carry out: for an effect, every part that has no handler in the registry
or that the graph declares unsupported, as ``Gap`` records. The engine reports these in the
run's ``unsupported`` list and does not carry the effect out; ``dcgkg coverage`` counts an effect
as executable only when it has none.

The functions are pure (one scenario's ``cards:`` may reuse another's card numbers): the engine
keeps what they find for the length of one run.

Nothing here guesses: an uncompiled part, an unbound code and an Action field no handler reads
(``per``: 'for each …') are each a gap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ingest.effect_ir import Action, EffectRecord, Selector
from kg.solver import distinct
from kg.solver.board import CONTINUOUS
from kg.solver.effect_spec import spec_of
from kg.solver.gaps import Gap
from kg.solver.granted import GRANTS, own_statics
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.effect_spec import EffectSpec
    from kg.solver.rules_index import RulesIndex

#: Verbs that act on stacks in the battle area: their selector must speak of the battle area.
STACK_VERBS = frozenset({"delete", "suspend", "unsuspend", "return_to_hand", "return_to_deck",
                         "de_digivolve", *CONTINUOUS})
#: Zones whose cards a 'for each …' multiplier can count (Board.count).
COUNTED_ZONES = frozenset({"battle_area", "trash", "hand", "security", "deck", "sources"})
#: Cost reductions and the 'would …' event whose play or digivolution they reduce (CR 15-8-5).
ANSWERING = {"reduce_digivolve_cost": "WouldDigivolve", "reduce_play_cost": "WouldBePlayed",
             "increase_digivolve_cost": "WouldDigivolve",
             "reduce_play_or_digivolve_cost": "WouldBePlayedOrDigivolve"}
#: Verbs that take cards from the zone their selector names (a zone handler of the registry).
ZONE_VERBS = frozenset({"add_to_hand", "trash_card", "play_card", "play_each", "play_within_total"})


def missing(index: RulesIndex, family: str, code: str) -> str | None:
    """Why ``code`` of ``family`` cannot be carried out, or None when a handler is bound."""
    declared = index.unsupported.get((family, code))
    if declared:
        return declared
    if family == "event" and code in index.announced:
        return None  # the step or phase that announces it emits it (dcg:emits)
    if family == "event" and code in index.either:  # it happens as its members do (dcg:happensAs)
        return next(filter(None, (missing(index, family, m) for m in sorted(index.either[code]))), None)
    if REGISTRY.handler(family, code) is None:
        return f"no handler for the {family.replace('_', ' ')} {code!r}"
    return None


def _gap(part: str, family: str, code: str, text: str, why: str | None) -> list[Gap]:
    return [Gap(part, f"{family}:{code}", text, why)] if why else []


def keyword_missing(index: RulesIndex, keyword: str) -> str | None:
    """Why a keyword cannot be carried out: declared unsupported, no primitive, or a primitive
    with no handler; None when it can."""
    rule = index.keywords.get(keyword)
    if rule is None:
        return f"the graph has no keyword {keyword!r}"
    if ("keyword", keyword) in index.unsupported:
        return index.unsupported[("keyword", keyword)]
    if rule.primitive is None:
        return f"the keyword {keyword!r} has no primitive"
    return missing(index, "primitive", rule.primitive)


def trigger_gaps(index: RulesIndex, spec: EffectSpec) -> list[Gap]:
    """Gaps that keep the engine from telling whether, or how, this effect exists and triggers:
    an unsupported keyword, a trigger not understood, an event never emitted, a trigger condition
    with no handler. Checked whenever the engine looks at the effect's card."""
    gaps: list[Gap] = []
    record = spec.record
    text = record.text if record else f"<{spec.keyword}>"
    if spec.keyword:
        gaps += _gap("keyword", "keyword", spec.keyword, text, keyword_missing(index, spec.keyword))
    if record is not None:
        trigger = record.compiled.trigger
        span = trigger.span if trigger and trigger.span else record.text
        if not record.compiled.trigger_compiled:
            gaps.append(Gap("trigger", "", record.text, "the trigger was not understood"))
        unknown = [t for t in record.timings if index.rule(t) is None]
        gaps += [Gap("trigger", f"timing:{t}", span, f"the graph has no timing {t!r}") for t in unknown]
        gaps += zone_icon_gaps(index, spec)
    if spec.category in ("trigger", "immediate"):
        for event in sorted(spec.events):
            why = missing(index, "event", event)
            gaps += _gap("trigger", "event", event, text if record is None else span,
                         f"{why}: the engine never emits it" if why else None)
        for code in spec.requires:
            gaps += _gap("trigger", "trigger_condition", code, text if record is None else span,
                         missing(index, "trigger_condition", code))
    return gaps


def zone_icon_gaps(index: RulesIndex, spec: EffectSpec) -> list[Gap]:
    """An effect that works outside the battle area (CR 15-14-2..5): a persistent {Security} effect
    of a face-up security card is carried out (``Board.persistent``, CR 15-14-5-1); a [Counter]
    effect from the hand at the counter timing; a triggered {Trash} effect from the trash
    (``zone_effects.trash_holders``, CR 15-14-3-1), and a {Trash} or {Hand} [Main] effect activated
    there (``turn.activate_in_zone``, CR 15-14-2-1); any other is declared unsupported by its icon."""
    record = spec.record
    gaps: list[Gap] = []
    for icon in [t for t in record.tags if t in index.zone_icons] if record else []:
        zone = index.zone_icons[icon]
        if (zone == "security" and spec.category == "persistent") or (
                zone == "hand" and spec.category == "activation" and "Counter" in record.timings) or (
                zone == "trash" and (spec.category == "trigger" or (
                    spec.category == "activation" and "Main" in record.timings))) or (
                zone == "hand" and spec.category == "activation" and "Main" in record.timings):
            continue
        gaps += _gap("trigger", "zone_icon", icon, record.text, index.unsupported.get(("zone_icon", icon)))
    return gaps


def _selector_gaps(index: RulesIndex, part: str, action: Action, sel: Selector | None) -> list[Gap]:
    if sel is None:
        return []
    gaps = _gap(part, "zone", sel.zone, action.span or action.verb, missing(index, "zone", sel.zone))
    for alt in sel.any_of:
        gaps += _selector_gaps(index, part, action, alt)
    return gaps


def action_gaps(index: RulesIndex, part: str, action: Action, persistent: bool = False) -> list[Gap]:
    """Gaps of one cost or action: not understood, no verb handler, a duration, zone or point
    with no handler, or a field no handler reads."""
    text = action.span or action.verb
    if not action.compiled:
        return [Gap(part, "", text, "this part of the text was not understood")]
    # a verb another move consults (REGISTRY.consulted: who may gain memory, colour requirements …)
    # is read from persistent effects only; elsewhere it is a gap
    consulted = REGISTRY.is_consulted("verb", action.verb)
    if consulted and not persistent:
        return [Gap(part, f"verb:{action.verb}", text,
                    f"{action.verb!r} outside a persistent effect is not implemented")]
    if persistent and action.verb not in CONTINUOUS | GRANTS and not consulted and action.verb != "keyword":
        return [Gap(part, f"verb:{action.verb}", text,
                    f"a persistent effect that does {action.verb!r} is not implemented")]
    gaps = _gap(part, "verb", action.verb, text, missing(index, "verb", action.verb))
    if action.keyword:  # run ('<Draw 1>') or granted ('gains <Blocker>'): the keyword must be carried out
        gaps += _gap("keyword", "keyword", action.keyword, text, keyword_missing(index, action.keyword))
    if action.verb in CONTINUOUS | GRANTS and not persistent:
        gaps += _gap(part, "duration", action.duration, text, missing(index, "duration", action.duration))
    if action.processed_at:
        point = index.points.get(action.processed_at, action.processed_at)
        gaps += _gap(part, "point", point, text, missing(index, "point", point))
    if action.per is not None and action.per.zone not in COUNTED_ZONES:
        gaps.append(Gap(part, f"zone:{action.per.zone}", text,
                        f"counting cards in the {action.per.zone} ('for each …') is not implemented"))
    if action.per_done is not None and persistent:  # only a resolving effect's actions do things
        gaps.append(Gap(part, f"per_done:{action.per_done}", text,
                        "counting what a persistent effect did ('… by this effect') is not implemented"))
    sel = action.selector
    # Board.security_dp
    security_dp = action.verb == "dp_modify" and sel is not None and sel.zone == "security"
    if action.verb in STACK_VERBS and sel is not None and not sel.this and sel.zone != "battle_area" \
            and not security_dp:
        gaps.append(Gap(part, f"zone:{sel.zone}", text,
                        f"{action.verb!r} of cards in the {sel.zone} is not implemented"))
    if action.verb in ZONE_VERBS:
        gaps += _selector_gaps(index, part, action, sel)
    gaps += _selector_gaps(index, part, action, action.card)  # the card digivolved into or placed
    for cards in (sel, action.card):  # 'with different names': only where a handler keeps them so
        if cards is not None and cards.different and action.verb not in distinct.HONOURED:
            gaps.append(Gap(part, "field:different", text,
                            f"choosing cards with different {cards.different} is not implemented here"))
    if action.verb == "play_card" and sel is not None and sel.owner != "self":
        gaps.append(Gap(part, "field:owner", text, "playing the opponent's cards is not implemented"))
    if action.granted is not None:  # the gained effect must be carried out too (CR 15-13)
        gaps += _granted_gaps(index, part, action, action.granted)
    for mode in action.modes:  # each effect a modal choice offers must be carried out (CR 15-15-7-1)
        gaps += _body_gaps(index, mode, persistent=False)
    return gaps


def _granted_gaps(index: RulesIndex, part: str, action: Action, granted: EffectRecord) -> list[Gap]:
    spec = spec_of(index, granted)
    if spec.category == "persistent" and own_statics(granted, CONTINUOUS) is not None:
        return record_gaps(index, spec)  # changes to its own Digimon: Board._lasting (CR 15-13-1)
    if spec.category == "persistent":
        why = "a gained persistent effect is not implemented"
        return [Gap(part, f"verb:{action.verb}", granted.text, why)]
    return record_gaps(index, spec)


def effect_gaps(index: RulesIndex, spec: EffectSpec, only: Sequence[Action] | None = None) -> list[Gap]:
    """Gaps that keep the engine from carrying out the effect now (its primitive, or its
    conditions, costs and actions; ``only``: just these delayed actions)."""
    if only is not None:
        return [g for a in only for g in action_gaps(index, "action", a)]
    gaps: list[Gap] = []
    if spec.primitive:
        gaps += _gap("keyword", "primitive", spec.primitive, f"<{spec.keyword}>",
                     missing(index, "primitive", spec.primitive))
    elif spec.keyword:
        why = keyword_missing(index, spec.keyword)
        gaps += _gap("keyword", "keyword", spec.keyword, f"<{spec.keyword}>", why)
    if spec.record is not None:  # the rest of the text must be carried out too ('<Draw 2>. Then …')
        gaps += _body_gaps(index, spec.record, persistent=False)
    return _unique(gaps)


def activated_gaps(
    index: RulesIndex, spec: EffectSpec, specs: Callable[[str], Sequence[EffectSpec]]
) -> list[Gap]:
    """Gaps of the card's own effects this one activates ('Activate this card's [Main] effect', 'for each
    Tamer, activate this Digimon's [When Digivolving] effect'): they are processed within it (CR
    15-15-7-1), so what the engine cannot do there, it cannot do here; ``specs``: a card's effects."""
    actions = spec.record.compiled.actions if spec.record is not None else []
    timings = {a.timing for a in actions if a.verb == "activate_effect" and a.timing}
    others = [s for s in specs(spec.card) if timings and s.key != spec.key and s.record is not None
              and timings & set(s.record.timings)]
    return _unique(g for other in others for g in effect_gaps(index, other))


def _body_gaps(index: RulesIndex, record: EffectRecord, *, persistent: bool) -> list[Gap]:
    compiled = record.compiled
    family = "while" if persistent else "condition"
    gaps: list[Gap] = []
    for use in record.keywords:  # the keywords the effect has or grants must be carried out too
        if use.how in ("has", "grants"):
            why = keyword_missing(index, use.keyword)
            gaps += _gap("keyword", "keyword", use.keyword, f"<{use.keyword}>", why)
    for cond in [*compiled.conditions, *(sub for c in compiled.conditions for sub in c.either)]:
        if not cond.compiled:
            gaps.append(Gap("condition", "", cond.span or cond.kind, "this condition was not understood"))
        else:
            why = missing(index, family, cond.kind)
            gaps += _gap("condition", family, cond.kind, cond.span or cond.kind, why)
    for cost in compiled.costs:
        gaps += action_gaps(index, "cost", cost, persistent)
    for action in compiled.actions:
        gaps += action_gaps(index, "action", action, persistent)
        answered = compiled.trigger.event if compiled.trigger else None
        if action.verb in ANSWERING and answered != ANSWERING[action.verb]:  # CR 15-8-5
            gaps.append(Gap("action", f"verb:{action.verb}", action.span or action.verb,
                            f"a cost reduced outside an effect answering {ANSWERING[action.verb]!r}"))
    if not compiled.actions and not compiled.costs and not record.keywords:
        gaps.append(Gap("action", "", record.text, "the effect's actions were not understood"))
    return _unique(gaps)


def persistent_gaps(index: RulesIndex, record: EffectRecord) -> list[Gap]:
    """Gaps of a persistent effect ('while …, this Digimon gets +1000 DP')."""
    return _body_gaps(index, record, persistent=True)


def record_gaps(index: RulesIndex, spec: EffectSpec) -> list[Gap]:
    """Every gap of one printed effect, whatever happens in a game: for coverage."""
    gaps = list(trigger_gaps(index, spec))
    record = spec.record
    if record is not None and spec.category == "persistent" and not spec.keyword:
        gaps += persistent_gaps(index, record)
    elif spec.category != "unknown":
        gaps += effect_gaps(index, spec)
    if spec.limit is not None and spec.limit not in index.usage_limits:
        gaps.append(Gap("rule", f"usage_limit:{spec.limit}", spec.limit, "unknown usage limit"))
    return _unique(gaps)


def _unique(gaps: Iterable[Gap]) -> list[Gap]:
    return list(dict.fromkeys(gaps))
