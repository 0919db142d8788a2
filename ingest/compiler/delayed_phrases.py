"""'It' in delayed processing after a play: 'You may play 1 [Hawkmon] …. At the next end of your
opponent's turn, return it to the hand' (BT16-084) means the Digimon the effect played, never the
card whose effect it is: the same choice as the play's (``Action.same_targets``)."""

from __future__ import annotations

import re

from ingest.effect_ir import Action

_DELAYED_IT = re.compile(
    r"(?i)^(?:at the next end of your opponent['’]s turn|at the end of (?:the|your) turn|at turn end), "
    r"(?:delete|return) it(?: to (?:the|its owner's|your) hand)?$")


def played_it(sentence: str, parts: list[Action], before: list[Action]) -> None:
    """Point this sentence's parts at the Digimon the previous action played, when the sentence is a
    delayed 'delete it' / 'return it to the hand' right after a play; otherwise leave them alone."""
    if _DELAYED_IT.match(sentence) is None or not before or before[-1].verb != "play_card":
        return
    played = before[-1].selector
    if played is None:
        return
    for part in parts:  # the played Digimon is in the battle area now, not in the zone it left
        part.selector, part.same_targets = played.model_copy(update={"zone": "battle_area"}), True
