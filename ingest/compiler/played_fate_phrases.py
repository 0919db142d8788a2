"""What becomes of the Digimon an effect just played: 'The Digimon this effect played can't
digivolve and is deleted at the end of your opponent's turn' (BT23-017, BT23-037, BT23-048).

Both parts act on the play's own choice (``Action.same_targets``, checked by
``removal.check_references``). The prohibition has no duration of its own: it lasts while that
Digimon stays in play (QA Q5561: if it is not deleted then, it still can't digivolve), a new card
once it leaves (CR 3-1-3-1-1). The deletion is pending processing at the first end of a turn of the
effect's player's opponent (CR 18-1: ``EndOfOpponentsTurnPoint``).
"""

from __future__ import annotations

import re

from ingest.compiler.select import PLAYED_REF
from ingest.effect_ir import Action

_FATE = re.compile(
    rf"(?i)^{PLAYED_REF.pattern} can['’]t digivolve and is deleted at the end of your opponent['’]s turn\.?$")


def played_fate(sentence: str, before: list[Action]) -> list[Action] | None:
    """The two parts of the sentence on the Digimon the previous action played, or None when the
    sentence is not this one or the previous action is not a play of a Digimon."""
    if _FATE.match(sentence.strip()) is None or not before or before[-1].verb != "play_card":
        return None
    played = before[-1].selector
    if played is None or played.kind != "Digimon" or played.count != 1 or played.up_to:
        return None
    target = played.model_copy(update={"zone": "battle_area"})  # in the battle area now
    span = sentence.strip().rstrip(".")
    return [
        Action(verb="cant_digivolve", selector=target, same_targets=True, duration="permanent", span=span),
        Action(verb="delete", selector=target.model_copy(), same_targets=True,
               processed_at="EndOfOpponentsTurnPoint", span=span),
    ]
