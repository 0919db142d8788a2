"""Cost phrases after 'by' read in session 19 (appended to ``ingest.compiler.costs.COSTS``), each a
regex matched against the whole lower-cased phrase. CR 15-7-3: a cost is paid in full, or what it pays
for does not happen.

>>> [(a.verb, a.selector.name) for a in match_s19_cost(
...     "placing 1 card from your hand face down under any of your [Keenan Crier]s")]
[('place_under_face_down', 'Keenan Crier')]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import Builder, match_table
from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action


def _hand_card_under_named(m: re.Match[str]) -> list[Action] | None:
    """'placing 1 card from your hand face down under any of your [Keenan Crier]s' (BT26-072, as its
    second way 'placing it face down …'): 1 card of the hand goes face down under 1 of your cards with
    that name, chosen, at the bottom of the cards under it (CR 4-7-9, 4-4-2; QA Q7094)."""
    card, onto = card_select(m["card"], "hand"), select(f"1 of your {m['name']}")
    if card is None or card.count != 1 or card.up_to or onto is None or onto.name is None or onto.this:
        return None
    return [Action(verb="place_under_face_down", amount=1, selector=onto, card=card)]


#: Session 19's cost phrases (CR 15-7).
S19_COST_PHRASES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (
            r"placing (?P<card>1 card) from your hand face down under any of your (?P<name>\[[^\]]+\])s?",
            _hand_card_under_named,
        ),
    ]
]


def match_s19_cost(text: str) -> list[Action] | None:
    """The actions of one lower-cased cost phrase of this module, if one matches it whole."""
    return match_table(S19_COST_PHRASES, text)
