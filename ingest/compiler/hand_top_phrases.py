"""'Reveal 1 purple card from your hand and place it on top of your deck' (P-077; as a cost, BT7-045:
'… to have this Digimon get +3000 DP'): one card of the player's hand that fits, shown to both players
(CR 15-15-3-8-1), goes on top of their deck (``hand_to_deck_top``, kg/solver/handlers/hand_to_deck.py).

This module does not import ``ingest.compiler.actions`` (which imports its template table).

>>> (a,) = match_hand_top("reveal 1 purple card from your hand and place it on top of your deck")
>>> a.verb, a.amount, a.selector.color, a.selector.zone
('hand_to_deck_top', 1, 'Purple', 'hand')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import card_select
from ingest.effect_ir import Action


def _to_top(m: re.Match[str]) -> list[Action] | None:
    """One fitting card of the hand, revealed, on top of the deck: exactly 1 (a count, not 'up to')."""
    selector = card_select(m["sel"], "hand")
    if selector is None or selector.count != 1 or selector.up_to:
        return None
    return [Action(verb="hand_to_deck_top", amount=1, selector=selector)]


#: Added to ``ingest.compiler.actions.TEMPLATES``.
HAND_TOP_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"reveal (?P<sel>1 .+?) from your hand and place it on top of your deck"), _to_top),
]


def match_hand_top(text: str) -> list[Action] | None:
    """The action of one lower-cased sentence, if it is this wording."""
    for pattern, build in HAND_TOP_TEMPLATES:
        if (m := pattern.fullmatch(text)) and (found := build(m)) is not None:
            return found
    return None
