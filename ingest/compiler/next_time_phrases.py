"""'The next time one of your Digimon would digivolve this turn, reduce the digivolution cost by 1'
(ST12-15): an effect of the player that waits, for the turn, for the first digivolution it names and
then answers it once, as an immediate effect answering 'would digivolve' (CR 15-8-5; QA Q3219: a
digivolution it does not name does not use it up; Q763, Q980: a digivolution by an effect too).

The waiting effect is compiled as the trigger it answers with ('[All Turns] When one of your Digimon
would digivolve, reduce the digivolution cost by 1'), carried by a ``next_time_effect`` action lasting
``this_turn`` (``Action.granted``; kg.solver.handlers.next_time carries it out). A wording whose
trigger does not compile whole stays uncompiled.

>>> (a,) = next_time("The next time one of your Digimon would digivolve this turn, reduce the "
...                  "digivolution cost by 1.")
>>> a.verb, a.duration, a.granted.compiled.trigger.event, a.granted.compiled.actions[0].amount
('next_time_effect', 'this_turn', 'WouldDigivolve', 1)
>>> next_time("The next time one of your Digimon digivolves this turn, you may trash 1 card.") is None
True
"""

from __future__ import annotations

import re

from ingest.compiler.grants import granted
from ingest.effect_ir import Action

#: 'the next time one of your [green] Digimon digivolves [into X] this turn, reduce the memory cost of
#: the digivolution by N'; 'for the turn, the next time you would digivolve one of your green Digimon
#: from level 5 to level 6, decrease the digivolution cost by 4' (BT1-109). Matched in lower case: names
#: and traits keep theirs (select.lower).
_NEXT_TIME = re.compile(
    r"(?i)(?:(?:for the turn, )?the next time (?:"
    r"one of your (?P<np>(?:[a-z]+ )?)digimon (?:would digivolve|digivolves)(?P<into> into .+?)?"
    r"|you would digivolve one of your (?P<np2>(?:[a-z]+ )?)digimon from level (?P<a>\d) to level (?P<b>\d))"
    # 'for the turn, when one of your Digimon would next digivolve, reduce …' (EX5-029): the same
    r"|for the turn, when one of your (?P<np3>(?:[a-z]+ )?)digimon would next digivolve)"
    r"(?: this turn)?, (?:reduce|decrease) the (?:digivolution cost|memory cost of the digivolution)"
    r" by (?P<n>\d+)\.?")


def next_time(sentence: str) -> list[Action] | None:
    """The sentence as one ``next_time_effect`` action, or None if it is not such a sentence or the
    waiting effect's trigger does not compile."""
    if (m := _NEXT_TIME.fullmatch(sentence.strip())) is None:
        return None
    if m["a"]:  # 'digivolve one of your green Digimon from level 5 to level 6': a level 5 one into a level 6
        when = f"one of your {m['np2']}level {m['a']} Digimon would digivolve into a level {m['b']} card"
    else:
        when = f"one of your {m['np'] or m['np3'] or ''}Digimon would digivolve{m['into'] or ''}"
    record = granted(f"[All Turns] When {when}, reduce the digivolution cost by {m['n']}.")
    if record is None or record.compiled.trigger is None or record.compiled.trigger.event != "WouldDigivolve":
        return None
    return [Action(verb="next_time_effect", granted=record, duration="this_turn", amount=int(m["n"]))]
