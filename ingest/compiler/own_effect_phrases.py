"""'By returning this card to the bottom of the deck, activate its [Main] effects' (BT24-096's [Trash]
effect): with only this card named before it, 'its' is this card's, and the sentence reads as 'activate
this card's [Main] effects' (``ingest.compiler.zones``: its own effect, processed within this one, CR
15-15-7-1). 'Its' after any other card ('if that Digimon is [Jesmon GX], activate 1 of its …') is left
alone.

>>> own_effects("By returning this card to the bottom of the deck, activate its [Main] effects")
"By returning this card to the bottom of the deck, activate this card's [Main] effects"
>>> own_effects("If that Digimon is [Jesmon GX], activate 1 of its [When Digivolving] effects")
'If that Digimon is [Jesmon GX], activate 1 of its [When Digivolving] effects'
"""

from __future__ import annotations

import re

#: A cost paid with this card alone, then 'activate its [X] effect(s)'.
_OWN = re.compile(r"(?i)^(by (?:returning|trashing|placing) this card(?: (?:to|at|as) [^,\[\]]+)?), "
                  r"activate its (\[[^\]]+\] effects?)(\.?)$")


def own_effects(sentence: str) -> str:
    """The sentence with 'its' as 'this card's' when this card is the only card named before it."""
    return _OWN.sub(r"\1, activate this card's \2\3", sentence)
