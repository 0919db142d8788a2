"""What using and playing a card require and cost: an Option's color requirements (CR 4-22, 9-1-1),
waived by its own effect while its condition holds (CR 15-8-2), and cost reductions answering
'would be played / used' (CR 15-8-5, 7-1-2-2, 9-1-6), never below 0 (CR 1-3-9)."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.simulate import load_scenario, simulate

CARDS: dict[str, Any] = {
    "T-RED": {"name": "Red 3000 (test card)", "kind": "Digimon", "level": 3, "dp": 3000, "colors": ["Red"]},
    "T-TAMER": {"name": "Green Tamer (test card)", "kind": "Tamer", "colors": ["Green"]},
    "T-OPP": {"name": "Vanilla 3000 (test card)", "kind": "Digimon", "level": 3, "dp": 3000, "play_cost": 3},
    "T-BLACK-OPT": {"name": "Black delete (test card)", "kind": "Option", "play_cost": 2, "colors": ["Black"],
                    "effect": "While you have a Tamer in play, you can ignore this card's color requirements."
                              "[Main] Delete 1 of your opponent's Digimon."},
    "T-CHEAP": {"name": "Cheap (test card)", "kind": "Digimon", "level": 3, "dp": 2000, "play_cost": 3,
                "colors": ["Red"],
                "effect": "When this card would be played, if your opponent has 2 or more Digimon in play, "
                          "reduce the play cost by 4."},
}


def run(store: Any, mine: list[str], hand: list[str], actions: list[dict[str, Any]],
        theirs: int = 1) -> dict[str, Any]:
    return simulate(store, load_scenario({
        "scenario": 1, "id": "requirements", "cards": CARDS, "memory": 3,
        "players": {"A": {"hand": hand,
                          "battle_area": [{"id": f"m{i}", "stack": [n]} for i, n in enumerate(mine)]},
                    "B": {"battle_area": [{"id": f"o{i}", "stack": ["T-OPP"]} for i in range(theirs)]}},
        "decisions": {"targets": {"A/T-BLACK-OPT/Main": ["o0"]}},
        "actions": actions}))


@pytest.mark.parametrize(("mine", "used"), [(["T-RED"], False), (["T-RED", "T-TAMER"], True)])
def test_color_requirements_unless_waived(bundled_store: Any, mine: list[str], used: bool) -> None:
    report = run(bundled_store, mine, ["T-BLACK-OPT"], [{"use": {"card": "T-BLACK-OPT"}}])
    assert report["unsupported"] == []
    assert report["deleted"] == (["o0"] if used else [])
    assert report["memory"] == (1 if used else 3)  # nothing is paid for a refused use (CR 9-1-8)
    refused = [x for x in report["illegal_actions"] if x["action"] == "use T-BLACK-OPT"]
    assert bool(refused) != used
    if refused:
        assert "CR 4-22" in refused[0]["reason"]
        assert report["final"]["A"]["hand"] == ["T-BLACK-OPT"]


@pytest.mark.parametrize(("theirs", "memory"), [(1, 0), (2, 3)])
def test_would_be_played_reduces_before_paying_never_below_zero(bundled_store: Any, theirs: int,
                                                               memory: int) -> None:
    report = run(bundled_store, [], ["T-CHEAP"], [{"play": {"card": "T-CHEAP"}}], theirs=theirs)
    assert report["unsupported"] == []
    assert report["final"]["A"]["battle_area"][0]["id"] == "T-CHEAP"
    assert report["memory"] == memory  # 3 - 3, or 3 - max(0, 3 - 4): no memory gained (CR 1-3-9)
