"""'If there isn't, …' after 'If [a card] is in this Digimon's digivolution cards, …' (BT18-024): the
earlier condition, negated, spelled out before sentences are split (``ingest.compiler.body``), so each
sentence carries its own condition ('If this Digimon doesn't have [a card] in its digivolution cards').

>>> there_isnt("If a red card is in this Digimon's digivolution cards, draw. If there isn't, trash.")
"If a red card is in this Digimon's digivolution cards, draw. If this Digimon doesn't have a red card \
in its digivolution cards, trash."
"""

from __future__ import annotations

import re

_THERE_ISNT = re.compile(
    r"(?P<if>\bIf (?P<np>an? [^,.]+?) [Ii]s in this Digimon's digivolution cards, [^.]+\. )If there isn't,")


def there_isnt(text: str) -> str:
    """The text with 'If there isn't' written as the earlier condition, negated."""
    return _THERE_ISNT.sub(
        lambda m: f"{m['if']}If this Digimon doesn't have {m['np']} in its digivolution cards,", text)
