"""'Neither player's Digimon can be deleted in battle for the turn' (BT3-099): a global lasting
prohibition on every Digimon, both players', those played later in the turn too (Global Effects
page). Only deletion as a result of battle is prevented, a battle with a Security Digimon included
(QA Q1132); effects and 0 DP still delete (Q1133)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.effect_ir import Action, Selector

#: Added to ``ingest.compiler.actions.TEMPLATES``.
NEITHER_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"neither player's digimon can be deleted in battle for the turn"),
     lambda m: [Action(verb="cant_be_deleted_in_battle", selector=Selector(owner="any", count=None),
                       duration="this_turn")]),
]
