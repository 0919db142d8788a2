"""'Return this Digimon to your hand' (EX4-013): this card is its owner's, so 'your hand' is its
owner's hand: the same action as 'return this Digimon to the hand'. Only for this Digimon: another
player's Digimon is never returned to 'your hand'."""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.effect_ir import Action, Selector

#: Added to ``ingest.compiler.actions.TEMPLATES``.
OWN_HAND_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"return this digimon to your hand"),
     lambda m: [Action(verb="return_to_hand", selector=Selector(owner="self", this=True))]),
]
