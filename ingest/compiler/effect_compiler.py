"""Effect text -> CompiledEffect: category, trigger, processing conditions, costs and actions.

- A timing with its own event ([On Play], [When Attacking], [Security] …) gives the trigger
  from the ontology: ``dcg:triggeredBy``, ``dcg:thisRole``, ``dcg:requires`` (CR 15-16).
- [Main] and [Counter] are activation-type (CR 15-8-4): no trigger.
- A window timing ([Your Turn], [All Turns], [Opponent's Turn], CR 15-16-8) takes its trigger
  from the 'When …' clause; without one the effect is persistent (CR 15-8-2).
- A keyword effect (``<Piercing>`` alone) has the keyword's category and no trigger of its own:
  the solver reads the keyword's event and conditions from the graph (CR 16).

>>> from ingest.effects import compile_card
>>> text = ("[Your Turn][Once Per Turn] When this Digimon deletes an opponent's Digimon in battle "
...         "and survives, trash the top card of your opponent's security stack.")
>>> e = compile_card("ST4-11", inherited=text)[0]
>>> e.compiled.trigger.event, e.compiled.actions[0].verb, e.compiled.actions_compiled
('DeletedInBattle', 'trash_security', True)
"""

from __future__ import annotations

import re

from ingest.compiler.activate_phrases import listed_body
from ingest.compiler.body import compile_body
from ingest.compiler.digivolve import as_permissions
from ingest.compiler.either_phrases import either_body, then_body
from ingest.compiler.keywords import Parameter, parameter
from ingest.compiler.name_lists import join_lists
from ingest.compiler.option_bars import bars_need_a_duration
from ingest.compiler.referent_phrases import this_card_it
from ingest.compiler.semantics import semantics
from ingest.compiler.trigger_more_phrases import when_as_while
from ingest.compiler.triggers import attack_target, clause_end, opens_with_trigger, when_trigger
from ingest.compiler.vocabulary import WHILE_KINDS
from ingest.compiler.when_if_phrases import if_digivolves_reducing, while_then_when
from ingest.effect_ir import Action, CompiledEffect, Condition, EffectRecord, Selector, Trigger
from ingest.text import strip_reminders
from ingest.vocab import head_tags


def _from_timing(name: str) -> Trigger | None:
    meaning = semantics(name)
    if meaning.event is None:
        return None
    return Trigger(
        event=meaning.event,
        this_role=meaning.role or "SubjectRole",
        requires=sorted(meaning.requires),
        span=f"[{meaning.printed[0] if meaning.printed else name}]",
    )


def _keyword_effect(record: EffectRecord, body: str) -> CompiledEffect:
    use = record.keywords[0]
    meaning = semantics(use.keyword)
    compiled = CompiledEffect(category=meaning.category, trigger_compiled=True)  # type: ignore[arg-type]
    rest = body[body.index(">") + 1 :].strip(" .") if ">" in body else ""
    if rest:
        return _with_actions(compiled, rest)
    # A keyword printed with a parameter (<Decoy ([D-Brigade])>) is narrower than its rule: its
    # specified cards are the action's selector (CR 16-3); one not understood stays uncompiled.
    printed = re.match(r"<[^<>]*>", body)
    param = parameter(use.keyword, printed[0]) if printed else Parameter()
    compiled.actions = [
        Action(
            verb="keyword",
            keyword=use.keyword,
            keyword_value=use.value if param is None or param.value is None else param.value,
            selector=param.selector if param is not None else None,
            span=body.strip(),
            compiled=meaning.primitive is not None and param is not None,
        )
    ]
    compiled.actions_compiled = compiled.actions[0].compiled
    return compiled


#: Verbs whose effect lasts (a modifier or a restriction) rather than happening once.
LASTING = {
    "gain_keyword",
    "dp_modify",
    "cant_attack",
    "cant_block",
    "cant_suspend",
    "cant_unsuspend",
    "ignore_color_requirements",
    "cant_digivolve",
    "cant_be_deleted",
    "cant_be_deleted_in_battle",
    "cant_be_deleted_by_opponents_effects",
    "cant_change_attack_target",
    "cant_activate",
    "cant_be_blocked",
    "cant_be_attacked",
    "can_attack_unsuspended",
    "cant_gain_memory_except_by_tamers",
    "cant_be_returned",
    "cant_be_returned_by_opponents_effects",
    "gain_source_effects",  # ingest/compiler/static_phrases.py
    "unaffected",
    "cant_have_dp_reduced",
    "digivolves_only_into",
    "also_colored",
    "no_option_security",
    "cant_attack_digimon",
    "unaffected_by_keyword",  # 'isn't affected by <De-Digivolve> effects': static_phrases.py
    "attacks_only_suspended",  # 'can only attack suspended Digimon': prohibition_phrases.py
    "cant_unsuspend_in_unsuspend_phase",  # '… don't unsuspend during their unsuspend phase': same
    "set_original_dp",  # 'change the original DP of …': original_dp_phrases.py
}


#: 'Reduce the cost by N' in an effect answering a play or a digivolution that is about to happen.
_REDUCED = {"WouldBePlayed": "reduce_play_cost", "WouldDigivolve": "reduce_digivolve_cost"}


def _resolve_cost_reductions(trigger: Trigger | None, actions: list[Action]) -> None:
    """'The cost' is the cost of the play or digivolution the trigger names (CR 15-8-5);
    under any other trigger it is unknown and stays uncompiled."""
    for action in actions:
        if action.verb == "reduce_cost":
            verb = _REDUCED.get(trigger.event if trigger else "")
            action.verb, action.compiled = verb or "reduce_cost", verb is not None
        if action.per is not None and action.per.subject and action.per.zone == "sources" \
                and (trigger is None or trigger.event != "WouldDigivolve"):
            action.compiled = False  # 'its digivolution cards': the Digimon about to digivolve's only


#: Trigger conditions saying the event's subject is not this card.
_OTHER_SUBJECT = {"SubjectIsOther", "SubjectIsOpponents"}


def _it_is_the_subject(trigger: Trigger | None, actions: list[Action]) -> None:
    """'When one of your other Digimon digivolves, you may unsuspend it': under a trigger whose
    subject is another card, a bare 'it' is that card (the event's subject), not this one
    (BT8-044 Azulongmon, Q1732; BT5-044). So it is under a 'When …' clause naming any card as its
    subject ('When one of your Digimon attacks, it may digivolve', EX11-069 on a Tamer; 'When you or
    your opponent play a level 4 or lower Digimon, suspend it', BT4-060): the event's subject, which
    is this card only when this card is that subject. A sentence that also says 'this Digimon' keeps
    'it' as this."""
    if trigger is None or trigger.this_role != "AnyRole":
        return
    named = trigger.span.lower().startswith(("when ", "whenever ", "if "))
    if not (named or _OTHER_SUBJECT & set(trigger.requires)):
        return
    for action in actions:
        sel = action.selector
        if sel is not None and sel.this and re.search(r"(?i)\bit\b", action.span) \
                and not re.search(r"(?i)\bthis (?:digimon|tamer|card)\b", action.span):
            action.selector = Selector(owner="any", kind=sel.kind, subject=True)


def _mode(compiled: CompiledEffect, text: str) -> CompiledEffect:
    """One bulleted effect of a modal choice, compiled on its own under the same trigger."""
    return _with_actions(compiled.model_copy(update={"conditions": [], "costs": [], "actions": []}), text)


def _with_actions(compiled: CompiledEffect, text: str) -> CompiledEffect:
    conditions, costs, actions = either_body(text, lambda way: _mode(compiled, way)) \
        or then_body(text, compile_body) \
        or listed_body(text, compile_body, lambda bullet: _mode(compiled, bullet))  # either_phrases.py
    # CR 16-14: a keyword that trashes digivolution cards (<Digi-Burst>) is paid as a cost.
    costs += [a for a in actions if a.verb == "trash_source" and a.keyword]
    actions = [a for a in actions if not (a.verb == "trash_source" and a.keyword)]
    compiled.conditions, compiled.costs, compiled.actions = conditions, costs, actions
    if compiled.category == "Persistent":
        # CR 15-8-2: a persistent effect applies while it exists (and its condition holds); a
        # condition on what happened (this effect's results, how it triggered) cannot hold there.
        compiled.conditions = conditions = [
            c
            if c.kind in WHILE_KINDS
            else Condition(kind="unknown", span=c.span, governs=c.governs, compiled=False)
            for c in conditions
        ]
        for action in actions:
            if action.verb in LASTING and action.duration == "instant":
                action.duration = "while_condition" if conditions else "permanent"
        as_permissions(actions)  # 'X can digivolve into Y for a cost of 4, ignoring …' (digivolve.py)
    bars_need_a_duration(compiled.category, actions)  # 'can't use Option cards' (option_bars.py)
    _resolve_cost_reductions(compiled.trigger, actions)
    _it_is_the_subject(compiled.trigger, actions)
    for part in [*costs, *actions]:  # 'that Digimon' with no earlier choice: the event's subject
        by_subject = part.selector is not None and part.selector.compare_to == "subject"  # subject_reference
        if part.selector is not None and (part.selector.subject or by_subject) and not part.same_targets:
            part.compiled = (
                part.compiled and compiled.trigger is not None and compiled.trigger.this_role == "AnyRole"
            )
    parts = [*conditions, *costs, *actions]
    compiled.actions_compiled = bool(actions) and all(p.compiled for p in parts)
    return compiled


def _triggered(category: str, trigger: Trigger | None) -> CompiledEffect:
    """An effect of ``category`` with its trigger, compiled if it was understood."""
    return CompiledEffect(category=category, trigger=trigger, trigger_compiled=trigger is not None)  # type: ignore[arg-type]


#: The longest effect text the compiler reads (the longest real one has 766 characters): some of its
#: patterns scan the rest of the text at each bracket or stop, so the time grows with the square of
#: a hostile text's length (a 20,000-character run of ' and [' took over 20 s; 4,000 take < 1 s).
MAX_COMPILED_TEXT = 4_000


def compile_record(record: EffectRecord) -> CompiledEffect:
    """Compile one effect from its text and the tags the splitter found; a text longer than
    ``MAX_COMPILED_TEXT`` is left uncompiled (the card loader reports it)."""
    if len(record.text) > MAX_COMPILED_TEXT:
        return CompiledEffect()
    _timings, _tags, _unknown, body = head_tags(record.text)
    body = strip_reminders(body).strip()
    first = record.timings[0] if record.timings else None
    if first is None and body.startswith("<") and record.keywords and record.keywords[0].how == "has":
        return _keyword_effect(record, body)
    category = semantics(first).category if first else "Window"
    if category == "ActivationType":
        return _with_actions(CompiledEffect(category="ActivationType", trigger_compiled=True), body)
    if category != "Window":
        trigger = _from_timing(first)  # type: ignore[arg-type]
        target = attack_target(body) if trigger and trigger.event == "AttackDeclared" else None
        if target is not None and trigger is not None:
            trigger.requires = sorted({*trigger.requires, *target[0]})
            trigger.span += " " + body[: len(body) - len(target[1])].strip(" ,")
            body = target[1]
        return _with_actions(_triggered(category, trigger), body)
    body = when_as_while(body)
    body = while_then_when(body)  # 'While …, when playing this card from your hand, …' (when_if_phrases)
    body = if_digivolves_reducing(body)  # 'If one of your Digimon digivolves into …, … reduce the … cost'
    if not opens_with_trigger(body):
        return _with_actions(CompiledEffect(category="Persistent", trigger_compiled=True), body)
    body = join_lists(body)  # '… with [A], [B], or [C] in its traits, …' is one filter (name_lists.py)
    end = clause_end(body)
    clause, rest = (body[:end], body[end + 1 :]) if end > 0 else (body, "")
    trigger, category = when_trigger(clause)
    rest = this_card_it(clause, rest)  # '…, you may play it …': this card (referent_phrases.py)
    return _with_actions(_triggered(category, trigger), rest.strip())
