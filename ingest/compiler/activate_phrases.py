"""'Activate the following effect twice.・X', 'Activate the effect below 4 times:・X', 'For each Digimon you
have in play, activate the effect below.・X': the one bulleted effect (``・``) activates that many times,
one after another, within the effect that lists it (CR 15-15-7-1: an effect that activates another).

The opening sentence compiles to one ``repeat_effect`` action (``times``: how many times; a 'for each …'
opener counts when the effect resolves, ``ingest.compiler.per``, body.py's 'for each …, A'); the bullet
is an effect of its own, compiled whole under the same trigger and carried by that action as its one
``modes`` entry, as a modal choice's bullets are (``ingest.compiler.modal_phrases``, whose reading any
other text keeps). The action is compiled only if the bullet is.

This module does not import ``ingest.compiler.actions`` (which imports its template table).

>>> [(a.verb, a.times) for a in match_activate("activate the following effect twice")]
[('repeat_effect', 2)]
>>> head, bullet = split_repeated("Activate the effect below 4 times:・Gain 1 memory.")
>>> head, bullet
('Activate the effect below 4 times:', 'Gain 1 memory.')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.modal_phrases import Body, modal_body
from ingest.effect_ir import Action, CompiledEffect, EffectRecord

_ONE_LISTED = r"(?:the following effect|the effect below)"
_TIMES = {"once": 1, "twice": 2}
#: 'activate the following effect twice' / '… the effect below 4 times:' / 'activate the effect below'
_OPENER = rf"activate {_ONE_LISTED}(?: (?P<n>once|twice|(?P<d>\d+) times))?:?"
#: 'Activate the effect below. For each color your Digimon have, activate it again.' (EX4-068): once,
#: then once more for each one counted (QA Q3509, Q3510)
_AGAIN = r"activate it again"
_OPENS = re.compile(rf"(?i)\b{_OPENER}\s*\.?(?:\s*for (?:each|every) [^,.]+, {_AGAIN}\.?)?\s*$")


def _repeat(m: re.Match[str]) -> list[Action] | None:
    """The listed effect, that many times (once with no number: 'for each …' multiplies it)."""
    times = int(m["d"]) if m["d"] else _TIMES.get(m["n"] or "once")
    return None if times is None else [Action(verb="repeat_effect", times=times)]


def _again(m: re.Match[str]) -> list[Action]:
    """'activate it again': the listed effect once more; read only after the opener, which gives it
    the effect it repeats (``listed_body``)."""
    return [Action(verb="repeat_effect", times=1, compiled=False)]


#: Added to ``ingest.compiler.actions.TEMPLATES``.
ACTIVATE_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(_OPENER), _repeat),
    (re.compile(_AGAIN), _again),
]


def match_activate(text: str) -> list[Action] | None:
    """The opener's action for one lower-cased sentence, if it is one."""
    for pattern, build in ACTIVATE_TEMPLATES:
        if m := pattern.fullmatch(text):
            return build(m)
    return None


_BULLET = re.compile(r"\s*・\s*")


def split_repeated(text: str) -> tuple[str, str] | None:
    """The text up to the opening sentence and the one bulleted effect after it; None unless the text
    before the bullet ends with the opener and exactly one effect follows it."""
    head, *bullets = _BULLET.split(text.strip())
    if len(bullets) != 1 or not bullets[0].strip() or not _OPENS.search(head):
        return None
    return head, bullets[0].strip()


def listed_body(
    text: str,
    compile_body: Callable[[str], Body],
    compile_mode: Callable[[str], CompiledEffect],
) -> Body:
    """Conditions, costs and actions of an action text: a repeated listed effect becomes the one mode of
    the ``repeat_effect`` action the text before it ends with; any other text is read by
    ``modal_body`` (a modal choice, or sentence by sentence)."""
    found = split_repeated(text)
    if found is None:
        return modal_body(text, compile_body, compile_mode)
    head, bullet = found
    conditions, costs, actions = compile_body(head)
    if not actions or actions[-1].verb != "repeat_effect":
        return modal_body(text, compile_body, compile_mode)
    mode = EffectRecord(card="", index=1, text=bullet, compiled=compile_mode(bullet))
    ready = mode.compiled.actions_compiled and mode.compiled.trigger_compiled
    repeats = [a for a in actions if a.verb == "repeat_effect" and not a.modes]
    for number, repeat in enumerate(repeats):  # '… activate it again': the same listed effect
        repeat.modes = [mode]
        repeat.compiled = (repeat.compiled or number > 0) and ready
    return conditions, costs, actions
