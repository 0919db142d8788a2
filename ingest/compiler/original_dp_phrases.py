"""'Change the original DP of 1 of your opponent's Digimon to 3000 until the end of your opponent's
next turn' (BT1-105, BT3-014, BT18-039): a lasting change of the chosen Digimon's original DP.

The original DP is the DP printed on its top card (QA Q972, Q1056); for the duration it is treated
as the number instead, and DP changes add to that number (Q974, Q975, Q1057, Q2962). It stays on the
Digimon when it digivolves (Q976); a later change of the original DP wins (Q2963); a Digimon without
DP has none to change (Q2964). The solver reads it in ``Board.dp`` (kg/solver/board.py). The
duration must be written: none is read as lasting nowhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import select
from ingest.effect_ir import Action

#: The verb: the chosen Digimon's original DP is ``amount`` for the duration.
SET_ORIGINAL_DP = "set_original_dp"
#: The durations these cards write (ingest.compiler.actions imports this module: its table is not used).
_DURATIONS = {
    "for the turn": "this_turn",
    "until the end of your opponent's next turn": "until_end_of_opponents_next_turn",
    "until the end of your opponent's turn": "until_end_of_opponents_turn",
    "until the end of their turn": "until_end_of_opponents_turn",
    "until your opponent's turn ends": "until_end_of_opponents_turn",
}
_DURATION = "|".join(re.escape(d) for d in _DURATIONS)


def _original_dp(m: re.Match[str]) -> list[Action] | None:
    sel = select(m["sel"])
    if sel is None or sel.count is None or sel.kind not in ("Digimon",) or sel.this or sel.subject:
        return None
    return [Action(verb=SET_ORIGINAL_DP, selector=sel, amount=int(m["n"]), duration=_DURATIONS[m["dur"]])]


#: Added to ``ingest.compiler.actions.TEMPLATES``.
ORIGINAL_DP_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(rf"change the original dp of (?P<sel>.+?) to (?P<n>\d+) (?P<dur>{_DURATION})"), _original_dp),
]
