"""Decisions a scenario file gives: one target list per choice of an effect, cards named by number
wherever they are, one instance of an effect that triggered more than once (LABEL@ALIAS), and
"you may" parts answered when they are reached (CR 15-9-2-2, 15-7)."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.decisions import Decider, instance_labels
from kg.solver.scenario import DecisionsIn
from kg.solver.simulate import ScenarioError, load_scenario, simulate


def decider(**decisions: Any) -> Decider:
    return Decider(DecisionsIn(**decisions))


# ---------------------------------------------------------------- the Decider alone
def test_one_list_per_choice_in_order_then_the_default() -> None:
    d = decider(targets={"A/X-1/Main": [["b"], [], ["a"]]})
    picks = [d.targets("A", "A/X-1/Main", ["a", "b"], 1) for _ in range(4)]
    assert picks == [["b"], ["a"], ["a"], ["a"]]  # 2nd: [] is the default; 4th: no list left
    assert [t["by"] for t in d.taken] == ["file", "default", "file", "default"]
    assert [t["choice"] for t in d.taken] == [1, 2, 3, 4]


def test_a_flat_list_answers_every_choice() -> None:
    d = decider(targets={"A/X-1/Main": ["b"]})
    assert [d.targets("A", "A/X-1/Main", ["a", "b"], 1) for _ in range(2)] == [["b"], ["b"]]
    assert not d.unused()


def test_cards_by_number_each_copy_once() -> None:
    d = decider(targets={"A/X-1/Main": ["T-2", "T-2", "T-2"]})
    assert d.targets("A", "A/X-1/Main", ["T-1", "T-2", "T-2"], 3) == ["T-2", "T-2"]


def test_instances_of_one_label_are_named_by_their_subject() -> None:
    labels = instance_labels(["r/C-1/OpponentsTurn", "r/C-1/OpponentsTurn", "s/C-2/OnPlay"],
                             ["one", "two", "x"])
    assert labels == ["r/C-1/OpponentsTurn@one", "r/C-1/OpponentsTurn@two", "s/C-2/OnPlay"]
    assert decider(order=["r/C-1/OpponentsTurn@two"]).order("A", labels) == 1
    assert decider(order=["r/C-1/OpponentsTurn"]).order("A", labels) == 0  # the plain label: the first


def test_mixed_target_shapes_are_refused() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario({"scenario": 1, "id": "x", "decisions": {"targets": {"A/X-1/Main": ["a", ["b"]]}}})
    assert info.value.path == "decisions.targets" and "one such list per choice" in info.value.reason


# ---------------------------------------------------------------- through a run
CARDS: dict[str, Any] = {
    "T-ONE": {"name": "One (test card)", "kind": "Digimon", "level": 4, "dp": 4000, "play_cost": 3},
    "T-TWO": {"name": "Two (test card)", "kind": "Digimon", "level": 4, "dp": 5000, "play_cost": 3},
    "T-BOOST": {"name": "Boost (test card)", "kind": "Option", "play_cost": 0, "effect":
                "[Main] 1 of your Digimon gets +2000 DP for the turn. Then, 1 of your Digimon gets "
                "+1000 DP for the turn."},
    "T-RAISE": {"name": "Raise (test card)", "kind": "Digimon", "level": 3, "dp": 1000, "play_cost": 0,
                "effect": "[On Play] Return 1 Digimon card from your trash to the hand."},
    "T-MAY": {"name": "May (test card)", "kind": "Digimon", "level": 3, "dp": 1000, "play_cost": 0,
              "effect": "[On Play] You may suspend 1 of your opponent's Digimon. Then, gain 1 memory."},
    "T-BY": {"name": "By (test card)", "kind": "Digimon", "level": 3, "dp": 1000, "play_cost": 0,
             "effect": "[On Play] By trashing 1 card in your hand, gain 2 memory."},
}


def scenario(hand: list[str], decisions: dict[str, Any], *, trash: list[str] | None = None,
             action: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"scenario": 1, "id": "decisions", "cards": CARDS, "decisions": decisions,
            "players": {"A": {"battle_area": [{"id": "one", "stack": ["T-ONE"]},
                                              {"id": "two", "stack": ["T-TWO"]}],
                              "hand": hand, "trash": trash or []},
                        "B": {"battle_area": [{"id": "foe", "stack": ["T-TWO"]}]}},
            "actions": [action or {"play": {"card": hand[0]}}]}


def dp(report: dict[str, Any]) -> dict[str, int]:
    return {s["id"]: s["dp"] for s in report["final"]["A"]["battle_area"]}


def test_two_choices_of_one_effect_go_to_different_digimon(bundled_store) -> None:
    split = scenario(["T-BOOST"], {"targets": {"A/T-BOOST/Main": [["one"], ["two"]]}},
                     action={"use": {"card": "T-BOOST"}})
    assert dp(simulate(bundled_store, load_scenario(split))) == {"one": 6000, "two": 6000}
    both = scenario(["T-BOOST"], {"targets": {"A/T-BOOST/Main": ["two"]}},
                    action={"use": {"card": "T-BOOST"}})
    assert dp(simulate(bundled_store, load_scenario(both))) == {"one": 4000, "two": 8000}


def test_a_card_in_the_trash_is_chosen_by_number(bundled_store) -> None:
    data = scenario(["T-RAISE"], {"targets": {"T-RAISE/T-RAISE/OnPlay": ["T-TWO"]}}, trash=["T-ONE", "T-TWO"])
    report = simulate(bundled_store, load_scenario(data))
    assert report["final"]["A"]["hand"] == ["T-TWO"] and report["final"]["A"]["trash"] == ["T-ONE"]
    default = simulate(bundled_store, load_scenario(scenario(["T-RAISE"], {}, trash=["T-ONE", "T-TWO"])))
    assert default["final"]["A"]["hand"] == ["T-ONE"]


def test_a_target_the_file_does_not_name_is_refused(bundled_store) -> None:
    data = scenario(["T-RAISE"], {"targets": {"T-RAISE/T-RAISE/OnPlay": [["T-ONE"], ["NOPE"]]}})
    with pytest.raises(ScenarioError) as info:
        simulate(bundled_store, load_scenario(data))
    assert info.value.path == "decisions.targets.T-RAISE/T-RAISE/OnPlay.1.0"


def test_an_instance_suffix_only_in_order(bundled_store) -> None:
    data = scenario(["T-MAY"], {"optional": {"T-MAY/T-MAY/OnPlay@foe": False}})
    with pytest.raises(ScenarioError, match="decisions.order only"):
        simulate(bundled_store, load_scenario(data))


def test_a_declined_you_may_part_is_skipped_and_the_rest_happens(bundled_store) -> None:
    declined = scenario(["T-MAY"], {"optional": {"T-MAY/T-MAY/OnPlay": False}})
    report = simulate(bundled_store, load_scenario(declined))
    foe = report["final"]["B"]["battle_area"][0]
    assert not foe["suspended"] and report["memory"] == 1  # CR 15-9-2-2: the 'Then' part still happens
    assert {e["label"]: e["status"] for e in report["effects"]}["T-MAY/T-MAY/OnPlay"] == "activated"
    used = simulate(bundled_store, load_scenario(scenario(["T-MAY"], {})))
    assert used["final"]["B"]["battle_area"][0]["suspended"] and used["memory"] == 1


def test_a_declined_by_cost_stops_the_whole_effect(bundled_store) -> None:
    data = scenario(["T-BY", "T-ONE"], {"optional": {"T-BY/T-BY/OnPlay": False}})
    report = simulate(bundled_store, load_scenario(data))
    assert report["memory"] == 0 and report["final"]["A"]["hand"] == ["T-ONE"]  # CR 15-7-2
    assert {e["label"]: e["status"] for e in report["effects"]}["T-BY/T-BY/OnPlay"] == "declined"
    paid = simulate(bundled_store, load_scenario(scenario(["T-BY", "T-ONE"], {})))
    assert paid["memory"] == 2 and paid["final"]["A"]["hand"] == []
