"""(Rule) texts about building a deck: '(Rule) You can include up to 50 copies of cards with this
card's card number in your deck' (CR 2-3-4-6; early printings leave out '(Rule)', QA Q2094). They
change what a deck may hold (CR 1-4-1-2-2) and nothing during a game."""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.effect_ir import Action

RULE_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"(?:you|a player) can include up to (?P<n>\d+) copies of cards with this "
                r"card's card number in (?:your|their) deck"),
     lambda m: [Action(verb="deck_copies", amount=int(m["n"]), duration="permanent")]),
]
