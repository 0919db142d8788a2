"""'Activate 1 of the effects below:' followed by bulleted effects (``・``): a modal choice.

The player chooses which of the listed effects activates, within the effect that lists them
(CR 15-15-7-1: an effect that activates other effects). The opening sentence compiles to one
``choose_effects`` action (``amount``: how many of them are activated); each bullet is an effect
of its own, compiled whole (its own 'If …,' conditions, 'By …,' costs and actions) and carried by
that action as one of its ``modes``, in printed order. A 'By …,' cost printed in a bullet is the
cost of that effect only, not of the whole. The action is compiled only if every mode is.

This module does not import ``ingest.compiler.actions`` (which imports its template table).

>>> head, modes = split_modes("[Main] Activate 1 of the effects below:・Gain 1 memory.・<Draw 1>")
>>> head, modes
('[Main] Activate 1 of the effects below:', ['Gain 1 memory.', '<Draw 1>'])
>>> (a,) = match_table_modal("activate 1 of the effects below:")
>>> a.verb, a.amount
('choose_effects', 1)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.effect_ir import Action, CompiledEffect, Condition, EffectRecord

Body = tuple[list[Condition], list[Action], list[Action]]

_HOW_MANY = r"(?P<n>\d+|one)"
_LISTED = r"(?:effects below|following effects)"
_OPENER = rf"activate {_HOW_MANY} of the {_LISTED}:?"
#: 'If you have no other Digimon in play, activate all of the effects below instead' (BT5-082).
_INSTEAD = rf"activate all of the {_LISTED} instead"
#: The opening sentence, at the end of the text before the first bullet (then maybe the 'instead').
_OPENS = re.compile(rf"(?i)\b{_OPENER}\s*\.?(?:\s*if [^.]+, {_INSTEAD}\.?)?\s*$")


def _opener(m: re.Match[str]) -> list[Action] | None:
    """'activate 1 of the effects below': choose that many of the effects listed after it."""
    n = 1 if m["n"] == "one" else int(m["n"])
    return [Action(verb="choose_effects", amount=n)]


#: Added to ``ingest.compiler.actions.TEMPLATES``.
MODAL_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(_OPENER), _opener),
    # 'instead' may be cut off the sentence; how many ('all') is set when the listed effects are known
    (re.compile(rf"activate all of the {_LISTED}(?: instead)?"), lambda m: [Action(verb="choose_effects")]),
]


def match_table_modal(text: str) -> list[Action] | None:
    """The opener's action for one lower-cased sentence, if it is one."""
    for pattern, build in MODAL_TEMPLATES:
        if m := pattern.fullmatch(text):
            return build(m)
    return None


_BULLET = re.compile(r"\s*・\s*")


def split_modes(text: str) -> tuple[str, list[str]] | None:
    """The text up to the opening sentence and the bulleted effects after it; None unless the
    text before the first bullet ends with the opener and at least two effects follow it."""
    head, *bullets = _BULLET.split(text.strip())
    bullets = [b.strip() for b in bullets]
    if len(bullets) < 2 or not all(bullets) or not _OPENS.search(head):
        return None
    return head, bullets


def modal_body(
    text: str,
    compile_body: Callable[[str], Body],
    compile_mode: Callable[[str], CompiledEffect],
) -> Body:
    """Conditions, costs and actions of an action text; a modal choice's bullets become the
    ``modes`` of its ``choose_effects`` action, the last action of the text before them. Any
    other text is compiled as before (bullets as sentences of the one effect)."""
    found = split_modes(text)
    if found is None:
        return compile_body(text)
    head, bullets = found
    conditions, costs, actions = compile_body(head)
    choosers = _choosers(actions, len(bullets))
    if not choosers:
        return compile_body(text)  # not an opener this module reads: nothing changes
    modes = [
        EffectRecord(card="", index=n, text=bullet, compiled=compile_mode(bullet))
        for n, bullet in enumerate(bullets, 1)
    ]
    understood = all(m.compiled.actions_compiled and m.compiled.trigger_compiled for m in modes)
    for chooser in choosers:
        chooser.modes = modes
        chooser.compiled = chooser.compiled and understood
    return conditions, costs, actions


def _choosers(actions: list[Action], listed: int) -> list[Action]:
    """The choices the text before the bullets ends with: 'Activate 1 of the effects below', or
    that and 'If X, activate all of the effects below instead' (CR 18-2: the body's 'instead'
    reading puts the first under not-X, the second under X; at most one of them activates,
    ``kg.solver.handlers.modal``). [] when it is not exactly one of those."""
    last = actions[-2:] if len(actions) >= 2 and actions[-2].verb == "choose_effects" else actions[-1:]
    if not last or any(a.verb != "choose_effects" for a in last) or not last[0].amount \
            or last[0].amount >= listed:
        return []
    if len(last) == 2:
        if last[1].amount is not None:
            return []
        last[1].amount = listed  # all of them, in the order the player chooses (CR 15-15-7-2)
    elif last[0].amount is None:
        return []
    return last
