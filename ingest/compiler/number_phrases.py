"""'Add 2000 to the maximum this DP-based deletion effect can delete', 'add 1 to this effect's level
maximum', 'remove 2000 from this effect's DP maximum', 'add 2 to the number of cards this effect
may play': sentences that change a number printed in the effect they are part of (CR 15-15-4).

Each is an action whose verb names the number (``NUMBER_FIELDS``) and whose ``amount`` is the
change (negative when it removes or reduces); with ``per`` it is multiplied like any amount
('for each of your other Digimon, …'). The number changed is the one an earlier action of the same
effect prints (``target``): the change applies when that action is carried out. A change with no
such action, or with two it could mean, is marked not compiled (``link``) — never guessed.

>>> (a,) = match_number("add 2000 to the maximum this dp-based deletion effect can delete")
>>> a.verb, a.amount
('raise_deletion_max_dp', 2000)
>>> match_number("remove 1 from this effect level maximum")[0].amount
-1
"""

from __future__ import annotations

import re

from ingest.effect_ir import Action, Selector

#: The verb of a change -> the Selector field (or "count") of the number it changes.
NUMBER_FIELDS = {
    "raise_max_dp": "max_dp",
    "raise_deletion_max_dp": "max_dp",  # 'this DP-based deletion effect': a deletion's only
    "raise_max_level": "max_level",
    "raise_max_cost": "max_cost",
    "raise_count": "count",
    # 'reduce this effect's play (digivolution) cost by 1': how much less its play (digivolution) costs
    "reduce_effect_play_cost": "reduction",
    "reduce_effect_digivolve_cost": "reduction",
    # 'increase the DP reduction of this effect by -3000' (ST19-11): the amount of its DP reduction
    "raise_dp_reduction": "dp_reduction",
}
#: The verb of the action whose cost a reduction of the effect's cost reduces.
_REDUCES = {"reduce_effect_play_cost": "play_card", "reduce_effect_digivolve_cost": "digivolve"}
#: Verbs whose number of cards is their ``amount``, not their selector's count.
_AMOUNT_COUNTED = frozenset({"trash_security"})
#: Verbs whose number of cards is the count of the cards they take (``card``): 'place up to 1 [Hybrid]
#: trait card … under this Tamer. For each of your other Tamers, add 2 to the maximum number this effect
#: may place' (BT18-088, QA Q3045).
_CARD_COUNTED = frozenset({"place_under"})
#: The maximum of a total ('any number of Digimon whose total DP adds up to 6000 or less',
#: ``Selector.total``) a change of that field changes instead (QA Q1897, Q3296).
_TOTALS = {"max_dp": "dp", "max_cost": "cost", "max_level": "level"}
#: A persistent change to every DP-based deletion effect of the player ('Add 1000 to the maximum
#: DP you can choose with DP-based deletion effects', QA Q2144, Q3293), or only of this Digimon.
DELETIONS_MAX_DP = "raise_deletions_max_dp"

_THIS = r"(?:with|by) this effect"
#: What each change may be said to change, as printed, and the verb of that change.
_WHAT = [
    (r"the maximum this dp-based deletion effect can delete"
     r"|this dp(?:-based)? deletion effects?(?:'s|')? maximum", "raise_deletion_max_dp"),
    (rf"the maximum dp (?:of the card you can play {_THIS}|this effect can choose|you can choose {_THIS})"
     r"|this effect's (?:playable card's )?dp maximum", "raise_max_dp"),
    (rf"the (?:max |maximum )?level (?:of the (?:digimon|card) )?"
     rf"(?:you can (?:select|choose|delete) {_THIS}|this effect (?:may|can) (?:choose|return|play))"
     r"|this effect(?:'s)? (?:level maximum|choosable levels)", "raise_max_level"),
    (rf"the maximum play cost (?:of the digimon )?(?:you (?:may|can) (?:choose|play) {_THIS}"
     r"|this effect can choose)|this effect's (?:maximum play cost|play cost maximum)|the play cost maximum",
     "raise_max_cost"),
    (rf"the number of cards (?:this effect may play|you play {_THIS}|trashed by this effect)"
     r"|the maximum number this effect may place", "raise_count"),
]
_CHANGE = [
    re.compile(r"(?P<op>add) \+?(?P<n>\d+)(?: dp)? to (?P<what>.+)"),
    re.compile(r"(?P<op>remove|reduce) (?P<n>\d+) from (?P<what>.+)"),
    re.compile(r"(?P<op>reduce|increase) (?P<what>.+) by (?P<n>\d+)"),
]


_DELETIONS = re.compile(
    r"the maximum dp you can choose with (?P<whose>this digimon's )?dp-based deletion effects"
    r"|the maximum (?:dp )?your dp-based deletion effects can delete"
    r"|(?P<whose2>this digimon's) dp(?:-based)? deletion effects' maximums"
)


def _deletions(m: re.Match[str]) -> list[Action] | None:
    """'Add 1000 to the maximum DP you can choose with (this Digimon's) DP-based deletion effects'."""
    if (found := _DELETIONS.fullmatch(m["what"])) is None:
        return None
    this = bool(found["whose"] or found["whose2"])
    whose = Selector(owner="self", this=True) if this else Selector(owner="self", count=None)
    return [Action(verb=DELETIONS_MAX_DP, selector=whose, amount=int(m["n"]), duration="permanent")]


_MAX_DP_DELETION = re.compile(r"it gets \+(?P<n>\d+) to the maximum dp-based deletion effects?")
_REDUCE_THIS_COST = re.compile(r"reduce this effect's (?P<what>play|digivolution) cost by (?P<n>\d+)")
_DP_REDUCTION = re.compile(r"increase the dp reduction of this effect by -(?P<n>\d+)")


def match_number(text: str) -> list[Action] | None:
    """The change a lower-cased sentence makes to a number of its own effect, or None."""
    if (m := _CHANGE[0].fullmatch(text)) and (found := _deletions(m)) is not None:
        return found
    # 'it gets +3000 to the maximum DP-based deletion effects' (BT12-014): the maximum of this deletion
    if m := _MAX_DP_DELETION.fullmatch(text):
        return [Action(verb="raise_deletion_max_dp", amount=int(m["n"]))]
    if m := _REDUCE_THIS_COST.fullmatch(text):
        verb = "reduce_effect_play_cost" if m["what"] == "play" else "reduce_effect_digivolve_cost"
        return [Action(verb=verb, amount=int(m["n"]))]
    # 'increase the DP reduction of this effect by -3000': the DP it takes away, 3000 more (ST19-11)
    if m := _DP_REDUCTION.fullmatch(text):
        return [Action(verb="raise_dp_reduction", amount=-int(m["n"]))]
    for pattern in _CHANGE:
        if (m := pattern.fullmatch(text)) is None:
            continue
        for what, verb in _WHAT:
            if re.fullmatch(what, m["what"]):
                sign = 1 if m["op"] in ("add", "increase") else -1
                return [Action(verb=verb, amount=sign * int(m["n"]))]
    return None


_TRAILING_IF = re.compile(r"(?P<act>reduce [^,]+? by \d+) (?P<cond>if .+)")


#: 'This Digimon with 4 or more ([Vemmon]) digivolution cards gets …' / 'This Digimon with no
#: digivolution cards can't …': the Digimon's own stack as a 'while' condition of the modifier.
_THIS_WITH = re.compile(
    r"(?i)this digimon with (?:(?P<n>\d+) or more (?P<np>\[[^\]]+\] )?|(?P<no>no ))digivolution cards "
    r"(?P<rest>(?:gets|gains|can't|isn't) .+)")


def _this_with(m: re.Match[str]) -> str:
    """The 'while' sentence of a 'this Digimon with … digivolution cards' one (CR 15-6: checked
    continuously while the effect applies)."""
    if m["no"]:
        have = "this Digimon has no digivolution cards"
    elif m["np"]:
        have = f"there are {m['n']} or more {m['np'].strip()} in this Digimon's digivolution cards"
    else:
        have = f"this Digimon has {m['n']} or more digivolution cards"
    return f"While {have}, this Digimon {m['rest']}"


def condition_first(sentence: str) -> str:
    """'Reduce its play cost by 1 if you have a yellow Digimon in play' as 'If you have a yellow
    Digimon in play, reduce its play cost by 1': the same processing condition (CR 15-6), read
    where conditions are read; 'This Digimon with 4 or more digivolution cards gets +2000 DP' as
    'While this Digimon has 4 or more digivolution cards, this Digimon gets +2000 DP'."""
    if (w := _THIS_WITH.fullmatch(sentence.strip().rstrip("."))) is not None:
        return _this_with(w)
    m = _TRAILING_IF.fullmatch(sentence.strip())
    return sentence if m is None else f"{m['cond']}, {m['act']}"


#: The templates, for the action table (``ingest.compiler.actions.TEMPLATES``).
NUMBER_TEMPLATES = [(re.compile(r"(?:add|remove|reduce|increase|it gets \+\d+ to the maximum) .+"),
                     lambda m: match_number(m[0]))]


def _field(action: Action, verb: str) -> str | None:
    """The Selector field (or "amount") holding the number of ``action`` a change of ``verb``
    changes, if the action prints one (CR 15-15-4-3)."""
    field = NUMBER_FIELDS[verb]
    if field == "count" and action.verb in _AMOUNT_COUNTED:
        return "amount"
    if field == "count" and action.verb in _CARD_COUNTED:
        return "card_count" if action.card is not None and action.card.count is not None else None
    if field == "dp_reduction":  # a DP change that reduces DP ('gets -3000 DP'), on no one card of its own
        return "amount" if action.verb == "dp_modify" and (action.amount or 0) < 0 else None
    if field == "reduction":  # the cost the action pays, reduced by ``amount`` (none when it is free)
        paid = action.verb == _REDUCES[verb] and not action.free and action.cost is None
        return "amount" if paid else None
    sel = action.selector
    if sel is None or sel.this or sel.subject or sel.battled:
        return None
    if getattr(sel, field) is None and field in _TOTALS and getattr(sel, "total", None) == _TOTALS[field]:
        return "total_max"
    return field if getattr(sel, field) is not None else None


def _value(action: Action, verb: str) -> int | None:
    field = _field(action, verb)
    if field == "amount":
        return action.amount or (0 if NUMBER_FIELDS[verb] == "reduction" else 1)
    if field == "card_count":
        return None if action.card is None else action.card.count
    return None if field is None or action.selector is None else getattr(action.selector, field)


def target(actions: list[Action], index: int) -> int | None:
    """The position of the action whose number the change at ``index`` changes: the one earlier
    action of the effect that prints that number (a deletion, for 'this DP-based deletion
    effect'); None when there is none, or more than one."""
    verb = actions[index].verb
    found = [i for i, a in enumerate(actions[:index])
             if a.compiled and a.verb not in NUMBER_FIELDS and _value(a, verb) is not None
             and (verb != "raise_deletion_max_dp" or a.verb == "delete")]
    return found[0] if len(found) == 1 else None


def prints(action: Action, verb: str) -> bool:
    """Whether ``action`` shows the number a change of ``verb`` changes (CR 15-15-4-3: a maximum
    the text does not show, 'DP less than or equal to this Digimon's', is not changed)."""
    return _value(action, verb) is not None


def changed(action: Action, verb: str, amount: int) -> Action:
    """``action`` with its number changed by ``amount`` (CR 15-15-4-1, 15-15-4-2)."""
    field, value = _field(action, verb), _value(action, verb)
    assert field is not None and value is not None, "checked by target() when the effect was compiled"
    if field == "amount" and NUMBER_FIELDS[verb] == "dp_reduction":  # -3000 and -3000 more: -6000
        return action.model_copy(update={"amount": min(0, value + amount)})
    if field == "amount":
        return action.model_copy(update={"amount": max(0, value + amount)})
    if field == "card_count":  # the cards it takes, and its amount with them
        assert action.card is not None
        count = max(0, value + amount)
        card = action.card.model_copy(update={"count": count})
        return action.model_copy(update={"card": card, "amount": count})
    assert action.selector is not None
    selector = action.selector.model_copy(update={field: max(0, value + amount)})
    return action.model_copy(update={"selector": selector})


_FURTHER = re.compile(r"(?i)it further gets ")


def further(actions: list[Action]) -> None:
    """'It further gets -3000 DP for each …' (``ingest.compiler.self_phrases``): on the one Digimon
    the DP change right before it chose (``same_targets``), lasting as long; not read otherwise."""
    for before, action in zip([None, *actions], actions, strict=False):
        if not _FURTHER.match(action.span) or not action.compiled:
            continue
        chosen = None if before is None else before.selector
        if before is None or before.verb != "dp_modify" or chosen is None or chosen.this \
                or chosen.subject or chosen.count != 1 or chosen.zone != "battle_area":
            action.verb, action.compiled = "unknown", False
            continue
        action.selector, action.same_targets, action.duration = chosen.model_copy(), True, before.duration


def link(actions: list[Action]) -> None:
    """Mark each change not compiled unless exactly one earlier action prints its number; bind each
    'it further gets' to the DP change before it (``further``)."""
    further(actions)
    for i, action in enumerate(actions):
        if action.verb in NUMBER_FIELDS and action.compiled and target(actions, i) is None:
            action.verb, action.compiled = "unknown", False
