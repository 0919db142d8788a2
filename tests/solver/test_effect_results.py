"""'If this effect deleted one of your Digimon' (CR 15-6): only a deletion of that player's Digimon
by the effect's earlier action counts (ST17-04 Wendigomon's wording, Q826)."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.simulate import load_scenario, simulate

CARDS: dict[str, Any] = {
    "T-CULL": {"name": "Cull (test card)", "kind": "Digimon", "level": 4, "dp": 4000, "play_cost": 0,
               "effect": "[On Play] Delete 1 level 3 or lower Digimon. If this effect deleted one of your "
                         "Digimon, gain 2 memory."},
    "T-SMALL": {"name": "Small (test card)", "kind": "Digimon", "level": 3, "dp": 2000, "play_cost": 3},
}


def run(store: Any, mine: bool) -> dict[str, Any]:
    small = [{"id": "small", "stack": ["T-SMALL"]}]
    return simulate(store, load_scenario({
        "scenario": 1, "id": "cull", "cards": CARDS,
        "players": {"A": {"hand": ["T-CULL"], "battle_area": small if mine else []},
                    "B": {"battle_area": [] if mine else small}},
        "actions": [{"play": {"card": "T-CULL"}}]}))


@pytest.mark.parametrize(("mine", "memory"), [(True, 2), (False, 0)])
def test_only_a_deletion_of_your_own_digimon_counts(bundled_store: Any, mine: bool, memory: int) -> None:
    report = run(bundled_store, mine)
    assert report["deleted"] == ["small"] and report["unsupported"] == []
    assert report["memory"] == memory
