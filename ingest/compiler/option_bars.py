"""'[Opponent's Turn] While all of your Digimon are suspended, your opponent can't use Option cards'
(BT8-057): a persistent bar on the opponent, for as long as the effect applies (its timing and its
condition, CR 15-8-2-2): they use no Option card, from the hand or by an effect (CR 9-1). Options
used before it applied are not undone (QA Q1736); activating <Delay> on an Option already in the
battle area is no use of an Option card (QA Q1737). The persistent verb is ``options_barred``, consulted
by ``kg.solver.handlers.play_rules.may_use_option`` (a lasting 'can't use Option cards until …' is
``cant_use_options``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.effect_ir import Action, Selector


def _no_options(m: re.Match[str]) -> list[Action]:
    return [Action(verb="cant_use_options", selector=Selector(owner="opponent", kind="player"))]


OPTION_BAR_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"your opponent can't use option cards"), _no_options),
]


def bars_need_a_duration(category: str, actions: list[Action]) -> None:
    """Outside a persistent effect, 'can't use Option cards' with no duration printed says not how long
    it lasts: not read (no guess); a persistent one applies while it does (``options_barred``)."""
    for action in actions:
        if action.verb != "cant_use_options" or action.duration != "instant":
            continue
        if category == "Persistent":
            action.verb, action.duration = "options_barred", "while_condition"
        else:
            action.compiled = False
