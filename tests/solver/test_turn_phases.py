"""The turn's phases as the scenario drives them: the breeding phase's move (CR 6-4, 4-17)."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.simulate import load_scenario, simulate
from tests.solver.helpers import ontology_store


@pytest.fixture(scope="module")
def store() -> Any:
    return ontology_store()


def run(store: Any, breeding: dict[str, Any], decisions: dict[str, Any]) -> dict[str, Any]:
    data = {"scenario": 1, "id": "breeding", "memory": 1,
            "cards": {"T-EGG": {"name": "Egg", "kind": "Digi-Egg", "level": 2},
                      "T-ROOKIE": {"name": "Rookie", "kind": "Digimon", "level": 3, "dp": 3000,
                                   "effect": "[When Moving] Gain 2 memory."}},
            "players": {"A": {"deck": 3}, "B": {"breeding_area": breeding, "deck": 3}},
            "actions": [{"end_turn": {}}], "decisions": decisions}
    return simulate(store, load_scenario(data))


def test_a_digimon_moves_only_when_its_player_says_so(store: Any) -> None:
    stay = run(store, {"id": "r", "stack": ["T-EGG", "T-ROOKIE"]}, {})
    assert stay["final"]["B"]["breeding_area"]["id"] == "r" and stay["final"]["B"]["battle_area"] == []
    assert stay["effects"] == []
    moved = run(store, {"id": "r", "stack": ["T-EGG", "T-ROOKIE"]}, {"breeding": {"B": "move"}})
    assert moved["final"]["B"]["breeding_area"] is None
    assert [s["stack"] for s in moved["final"]["B"]["battle_area"]] == [["T-EGG", "T-ROOKIE"]]
    assert [(e["label"], e["status"]) for e in moved["effects"]] == [("r/T-ROOKIE/WhenMoving", "activated")]
    assert moved["memory"] == -(3 + 2)  # B starts with 3, gains 2; seen from A
    assert moved["unsupported"] == []


def test_a_digi_egg_cannot_be_moved(store: Any) -> None:
    report = run(store, {"id": "egg", "stack": ["T-EGG"]}, {"breeding": {"B": "move"}})
    assert report["final"]["B"]["breeding_area"]["id"] == "egg"
    assert "CR 4-17-2" in report["illegal_actions"][0]["reason"]


def test_the_turn_ends_once_the_memory_is_on_the_opponents_side(store: Any) -> None:
    """CR 6-1-4-1: playing past the memory ends the turn; the file's next action is the next turn's."""
    data = {"scenario": 1, "id": "memory-passes", "memory": 5,
            "cards": {"T-BIG": {"name": "Big", "kind": "Digimon", "level": 6, "dp": 9000, "play_cost": 8},
                      "T-A": {"name": "A", "kind": "Digimon", "level": 4, "dp": 5000}},
            "players": {"A": {"hand": ["T-BIG"], "battle_area": [{"id": "a", "stack": ["T-A"]}], "deck": 3},
                        "B": {"deck": 3, "security": 2}},
            "actions": [{"play": {"card": "T-BIG"}}, {"attack": {"attacker": "a", "target": "player"}}]}
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    assert [i["action"] for i in report["illegal_actions"]] == ["attack a -> player"]  # it is B's turn now
    assert report["final"]["B"]["security"] == 2
    assert any("turn 1 (A) ends" in line for line in report["log"])
