"""'… Then, it may attack.': 'it' is the Digimon the action before spoke of, not this card.

'This Digimon gains <Raid> for the turn. Then, it may attack' (BT14-101): this Digimon.
'1 of your Digimon gains <Rush>, <Security A. +1> and +5000 DP for the turn. Then, it may attack'
(BT25-057, an Option card): the Digimon that gained them (the same choice, ``same_targets``).
'… that Digimon gets +3000 DP for the turn. Then, it may attack' (BT24-082): the triggering
event's subject. Anything else stays not compiled (no guess). Found by the session 19 audit.
"""

from __future__ import annotations

import re

from ingest.effect_ir import Action

_IT = re.compile(r"(?i)(?:then, )?it (?:may|can) attack\.?")


def it_attacks(parts: list[Action]) -> None:
    """Point each 'it may attack' at the Digimon of the cost or action right before it."""
    for before, action in zip(parts, parts[1:], strict=False):
        if action.verb != "attack" or not _IT.fullmatch(action.span.strip()):
            continue
        chosen = before.selector
        if chosen is None or chosen.this:
            continue  # 'this Digimon …. Then, it may attack': this Digimon, as compiled
        if chosen.subject:
            action.selector = chosen.model_copy()
        elif (
            chosen.owner == "self"
            and chosen.kind == "Digimon"
            and chosen.count == 1
            and chosen.zone == "battle_area"
        ):
            action.selector, action.same_targets = chosen.model_copy(), True
        else:
            action.compiled = False
