"""Two costs joined by 'or' after 'by' ('By deleting this Digimon or returning 1 [Shaman] or [TS] trait
card from your trash to the bottom of the deck, …', BT26-073): the player pays one of the two, whole
(CR 15-7-3: a cost is paid in full or not at all).

The phrase compiles to one ``pay_either`` cost with 2 ``modes``, each way's cost actions as the costs
of a record of its own; the solver (kg/solver/handlers/either_cost.py) pays the way the player chooses.
Both halves must be cost phrases understood whole, or nothing is compiled.

>>> from ingest.compiler.costs import match_cost
>>> [m.text for m in match_cost("trashing the bottom face-down card from under any of your tamers or "
...                             "your top security card")[0].modes]
['trashing the bottom face-down card from under any of your tamers', 'trashing your top security card']
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.effect_ir import Action, CompiledEffect, EffectRecord

#: The verbs a cost phrase starts with ('trashing …'), as ``ingest.compiler.costs`` reads them.
_GERUND = re.compile(r"(trashing|suspending|unsuspending|deleting|returning|placing|adding|paying) ")
#: BT26-072 'trashing 1 card in your hand or placing it face down under …': 'it' is that card.
_IT_FROM_HAND = re.compile(r"trashing (?P<card>1 card) in your hand$")


def _second_way(first: str, second: str) -> str | None:
    """The second way as a whole cost phrase: its own verb ('or returning …'), the first way's verb
    before a noun phrase of its own ('trashing A or your top security card'), or None."""
    if _GERUND.match(second):
        if (m := _IT_FROM_HAND.match(first)) and second.startswith("placing it "):
            return f"placing {m['card']} from your hand {second[len('placing it '):]}"
        return second
    verb = _GERUND.match(first)
    if verb and re.match(r"(?:your|the) ", second):
        return f"{verb[0]}{second}"
    return None


#: EX6-054 'returning 1 [Lucemon]from this Digimon's digivolution cards or from your trash to the bottom
#: of the deck' (as printed): one card, from either place, to the same end.
_TWO_PLACES = re.compile(r"(?P<head>returning \d+ .+?) ?from (?P<a>this digimon's digivolution cards) "
                         r"or from (?P<b>your trash) (?P<tail>to the bottom of the deck)")


def _ways(text: str) -> list[tuple[str, str]]:
    """The candidate (first way, second way) readings of 'A or B'."""
    if m := _TWO_PLACES.fullmatch(text):
        return [(f"{m['head']} from {m['a']} {m['tail']}", f"{m['head']} from {m['b']} {m['tail']}")]
    found = []
    for m in re.finditer(r",? or ", text):
        first = text[: m.start()]
        if (second := _second_way(first, text[m.end() :])) is not None:
            found.append((first, second))
    return found


def match_either_cost(text: str, one: Callable[[str], list[Action] | None]) -> list[Action] | None:
    """The ``pay_either`` cost of 'A or B', each way read by ``one`` (a single cost phrase), if some
    ' or ' splits the phrase into two ways both understood whole."""
    for first, second in _ways(text):
        if (a := one(first)) is None or (b := one(second)) is None:
            continue
        modes = [
            EffectRecord(card="", index=n, text=way,
                         compiled=CompiledEffect(costs=costs, trigger_compiled=True, actions_compiled=True))
            for n, (way, costs) in enumerate([(first, a), (second, b)], 1)
        ]
        return [Action(verb="pay_either", amount=1, modes=modes)]
    return None
