"""Filters of a selector: '[Agumon] or [Greymon] in its name' (any of them, Q2341) and
'non-[X]' (any card but that exact name, BT10-069)."""

from __future__ import annotations

import pytest

from ingest.compiler.select import card_select
from ingest.effect_ir import Selector
from kg.solver.board import card_matches
from kg.solver.card_facts import CardInfo


@pytest.mark.parametrize(("name", "fits"), [("Agumon", True), ("MetalGreymon", True), ("Gabumon", False)])
def test_any_of_the_names_in_its_name(name: str, fits: bool) -> None:
    sel = Selector(owner="self", name_contains="Agumon/Greymon")
    assert card_matches(CardInfo(number="X", name=name), sel) is fits


def test_non_x_is_any_other_name() -> None:
    sel = card_select("1 black or purple non-[DarkKnightmon (X Antibody)] Digimon card", "trash")
    assert sel is not None and sel.not_name == "DarkKnightmon (X Antibody)" and sel.color == "Black/Purple"
    other = CardInfo(number="A", name="DarkKnightmon", colors=["Purple"])
    same = CardInfo(number="B", name="DarkKnightmon (X Antibody)", colors=["Purple"])
    assert card_matches(other, sel) and not card_matches(same, sel)


def test_level_at_most_this_digimons_digivolution_cards() -> None:
    sel = card_select("1 Digimon card with a level less than or equal to the number of this Digimon's "
                      "digivolution cards", "trash")
    assert sel is not None and sel.level_at_most_sources  # RB1-031 Arcturusmon, Q4107
