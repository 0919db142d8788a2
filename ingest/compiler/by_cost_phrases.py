"""Cost phrases after 'by' read in session 18 (appended to ``ingest.compiler.costs.COSTS``), each a
regex matched against the whole lower-cased phrase. CR 15-7-3: a cost is paid in full, or what it pays
for does not happen.

>>> [(a.verb, a.amount) for a in match_by_cost("trashing the top security card of 1 player with the most "
...                                            "security cards")]
[('trash_security_of_most', 1)]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import Builder, match_table
from ingest.effect_ir import Action, Selector


def _security_of_most(m: re.Match[str]) -> list[Action]:
    """'trashing the top security card of 1 player with the most security cards' (BT25-043, ST23-05):
    the top card of the stack of whichever player has more security cards; on a tie the effect's player
    chooses which (QA Q6312, Q6167)."""
    return [Action(verb="trash_security_of_most", amount=1,
                   selector=Selector(owner="any", kind="card", count=1, zone="security"))]


#: Session 18's cost phrases (CR 15-7).
BY_COST_PHRASES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"trashing the top security card of 1 player with the most security cards", _security_of_most),
    ]
]


def match_by_cost(text: str) -> list[Action] | None:
    """The actions of one lower-cased cost phrase of this module, if one matches it whole."""
    return match_table(BY_COST_PHRASES, text)
