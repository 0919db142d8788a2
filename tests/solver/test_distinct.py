"""'With different names/colors' (manual, 'With different XX'; QA Q6099): a card with several names or
colours may stand for any one of them, and cards chosen together must each have their own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ingest.effect_ir import Action, Selector
from kg.build import ontology_store
from kg.solver.distinct import all_different, different_first, keep_different
from kg.solver.rules_index import solver_index
from kg.solver.support import action_gaps

CARDS = {"RB1": (["A"], ["Red", "Blue"]), "RB2": (["B"], ["Red", "Blue"]), "R1": (["C"], ["Red"]),
         "R2": (["C"], ["Red"]), "Y": (["D", "C"], ["Yellow"])}


class _Board:
    def card(self, number: str) -> Any:
        names, colors = CARDS[number]
        return SimpleNamespace(names=names, colors=colors)


def test_two_red_and_blue_cards_have_different_colors_but_not_with_a_third() -> None:
    board: Any = _Board()
    assert all_different(board, ["RB1", "RB2"], "colors")  # one red, one blue (QA Q6099)
    assert not all_different(board, ["RB1", "RB2", "R1"], "colors")  # only two colours among three
    assert not all_different(board, ["R1", "R2"], "colors")


def test_a_card_with_two_names_stands_for_either() -> None:
    board: Any = _Board()
    assert all_different(board, ["R1", "Y"], "names")  # 'Y' is also named 'D'
    assert keep_different(board, ["R1", "R2", "Y"], "names") == ["R1", "Y"]
    assert different_first(board, ["R1", "R2", "Y"], "names") == ["R1", "Y", "R2"]


def test_a_verb_that_does_not_keep_cards_different_reports_it() -> None:
    play = Action(verb="play_card", span="play 2 Digimon cards with different colors",
                  selector=Selector(owner="self", kind="Digimon", count=2, zone="hand", different="colors"))
    place = Action(verb="place_under", span="place up to 2 cards with different colors under this Tamer",
                   selector=Selector(owner="self", kind="Tamer", this=True),
                   card=Selector(owner="self", kind="card", count=2, up_to=True, zone="hand",
                                 different="colors"))
    index = solver_index(ontology_store())
    assert [g.code for g in action_gaps(index, "action", play)] == ["field:different"]
    assert action_gaps(index, "action", place) == []
