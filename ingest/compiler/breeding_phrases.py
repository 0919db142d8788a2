"""Moving a Digimon out of the breeding area by an effect: 'you may move 1 of your level 3 or higher
Digimon from the breeding area to the battle area' (P-130, BT14-088; CR 4-17): the effect's player's
Digimon in the breeding area, if it fits the words (``move_from_breeding``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import select
from ingest.effect_ir import Action, Selector


def _move(m: re.Match[str]) -> list[Action] | None:
    sel = select(m["sel"])
    if sel is None or sel.owner != "self" or sel.count != 1 or sel.this or sel.kind != "Digimon":
        return None
    return [Action(verb="move_from_breeding", selector=sel.model_copy(update={"zone": "breeding_area"}))]


BREEDING_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"move (?P<sel>1 of your .+?) from (?:the|your) breeding area to (?:the|your) battle area"),
     _move),
]


def _hatch(m: re.Match[str]) -> list[Action]:
    """'You may hatch in your breeding area' / 'hatch 1 Digi-Egg card to an empty space in your
    breeding area' (CR 4-18): the top card of the effect's player's Digi-Egg deck, into the breeding
    area (``hatch``, kg/solver/handlers/breeding_moves.py)."""
    return [Action(verb="hatch", selector=Selector(owner="self", kind="player"))]


BREEDING_TEMPLATES += [
    (re.compile(r"hatch (?:a digi-egg |1 digi-egg card )?in your breeding area"), _hatch),
    (re.compile(r"hatch 1 digi-egg card to an empty space in your breeding area"), _hatch),
]
