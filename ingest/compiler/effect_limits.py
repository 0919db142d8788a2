"""'This effect can't …' sentences that narrow the cards an earlier action of the effect may take.

'This effect can't play cards with the same name as any of your Tamers' (BT24-034, BT26-054,
EX10-047): the card the previous ``play_card`` plays may not share a name with a Tamer its player
has in play; 'with the same names as any of your Digimon' likewise with their Digimon
(``Selector.unlike_own``). Folded into that action; any other 'this effect can't' stays unread.

>>> from ingest.effect_ir import Selector
>>> play = Action(verb="play_card", selector=Selector(owner="self", kind="Tamer", zone="hand"))
>>> limits_previous("This effect can't play cards with the same name as any of your Tamers.", [play])
True
>>> play.selector.unlike_own
'Tamer'
"""

from __future__ import annotations

import re

from ingest.compiler.select import lower
from ingest.effect_ir import Action

_SAME_NAME = re.compile(
    r"this effect can't play cards with the same names? as (?:any of )?your (?P<kind>tamers|digimon)\.?")


def limits_previous(sentence: str, actions: list[Action]) -> bool:
    """Fold 'this effect can't play cards with the same name as any of your Tamers' into the
    effect's previous action, a play of cards; False (nothing changed) for anything else."""
    m = _SAME_NAME.fullmatch(lower(sentence).strip())
    if m is None or not actions or actions[-1].verb != "play_card" or actions[-1].selector is None:
        return False
    play = actions[-1]
    play.selector = play.selector.model_copy(
        update={"unlike_own": "Tamer" if m["kind"] == "tamers" else "Digimon"})
    play.span = f"{play.span} {sentence}".strip()
    return True

