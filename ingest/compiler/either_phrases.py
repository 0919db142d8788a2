"""'Suspend 1 of your opponent's Digimon, or 2 of your opponent's Digimon with 5000 DP or less'
(BT1-111, P-044): the player does one of the two, never a mix (QA Q982); the first may pick a
Digimon that would fit the second (Q983, Q4161). So for 'Unsuspend this Digimon or 1 of your blue
Tamers' (BT12-029).

The text compiles to one ``do_either`` action with 2 ``modes``, each the verb with one of the two
objects, compiled as a sentence of its own under the same trigger: the solver
(kg/solver/handlers/one_of_two.py) does the way chosen, a choice within this one effect (no other
effect activates), and a choice the scenario does not make is reported, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.modal_phrases import Body
from ingest.effect_ir import Action, CompiledEffect, EffectRecord

#: The whole action text: a verb, its first object, '(,) or' and its second object.
_EITHER = [
    re.compile(r"(?i)^(?P<verb>suspend) (?P<first>1 of your opponent's digimon)\s*[,，] or "
               r"(?P<second>\d+ of your opponent's digimon with \d+ dp or less)\.?$"),
    # 'Unsuspend this Digimon or 1 of your blue Tamers' (BT12-029)
    re.compile(r"(?i)^(?P<verb>unsuspend) (?P<first>this digimon) or "
               r"(?P<second>1 of your [a-z]+ tamers)\.?$"),
]


def either_body(text: str, compile_mode: Callable[[str], CompiledEffect]) -> Body | None:
    """The one choice of the two ways, or None when the text is not this shape."""
    m = next((found for pattern in _EITHER if (found := pattern.match(text.strip()))), None)
    if m is None:
        return None
    ways = [f"{m['verb']} {m['first']}.", f"{m['verb']} {m['second']}."]
    modes = [EffectRecord(card="", index=n, text=way, compiled=compile_mode(way))
             for n, way in enumerate(ways, 1)]
    understood = all(mode.compiled.actions_compiled and mode.compiled.trigger_compiled for mode in modes)
    choice = Action(verb="do_either", amount=1, modes=modes, span=text.strip().rstrip("."),
                    compiled=understood)
    return [], [], [choice]


#: 'Suspend 1 Digimon, then unsuspend 1 Digimon' (P-109): two actions one after the other, as
#: 'Suspend 1 Digimon. Then, unsuspend 1 Digimon.' (the same Digimon may be chosen for both: QA Q4213).
_THEN = re.compile(r"(?i)^(?P<a>(?:un)?suspend 1 digimon), then (?P<b>(?:un)?suspend 1 digimon)\.?$")


def then_body(text: str, compile_body: Callable[[str], Body]) -> Body | None:
    """The two sentences of 'A, then B', or None when the text is not this shape."""
    m = _THEN.match(text.strip())
    return None if m is None else compile_body(f"{m['a']}. Then, {m['b']}.")
