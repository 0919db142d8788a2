"""Each step of the attack procedure cites the rule sections and rulings that decided that step,
and only those: a plain attack cites no <Piercing> ruling; a <Piercing> attack still does."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.simulate import load_scenario, simulate
from tests.solver.helpers import digimon, effect, kw, ontology_store

DECLARED = ["CR 11-2"]
COUNTER = ["CR 11-3", "CR 15-16-14"]
NO_BLOCK = ["CR 11-4"]
REVEAL = ["CR 13-1-8"]
COUNT = ["CR 13-1-2", "CR 13-1-3", "CR 13-1-8-5"]
BATTLE = ["CR 14-2-1", "CR 14-2-2"]
END = ["CR 11-6"]


@pytest.fixture(scope="module")
def store() -> Any:
    return ontology_store()


def run(store: Any, a: list[dict[str, Any]], b: list[dict[str, Any]], cards: dict[str, Any],
        target: str = "player", security: Any = 3, **decisions: Any) -> dict[str, Any]:
    return simulate(store, load_scenario({
        "scenario": 1, "id": "cites", "source": "unit test", "cards": cards,
        "players": {"A": {"battle_area": a, "security": 3}, "B": {"battle_area": b, "security": security}},
        "actions": [{"attack": {"attacker": "x", "target": target}}], "decisions": decisions}))


def steps(report: dict[str, Any]) -> dict[str, list[str]]:
    """Log text -> cites (the first step with that text)."""
    found: dict[str, list[str]] = {}
    for step in report["steps"]:
        found.setdefault(step["text"], step["cites"])
    return found


def piercing_cites(report: dict[str, Any]) -> set[str]:
    return {c for s in [*report["steps"], *report["effects"]] for c in s["cites"] if "piercing" in c}


def test_plain_attack_on_the_player(store: Any) -> None:
    report = run(store, [{"id": "x", "stack": ["T-X"]}], [], {"T-X": digimon("X", 6000)})
    assert steps(report) == {"attack declared: x -> player": DECLARED,
                             "counter timing: no [Counter] effect is used": COUNTER,
                             "block timing: no block": NO_BLOCK,
                             "x checks a blank security card (no effect)": REVEAL,
                             "x checked 1 of 1 card(s)": COUNT,
                             "end of attack": END}
    assert piercing_cites(report) == set()


def test_block_cites_the_block_rules_and_blocker(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000), "T-B": digimon("Wall", 3000, effects=[kw("Blocker")]),
             "T-T": digimon("Target", 1000)}
    report = run(store, [{"id": "x", "stack": ["T-X"]}], [{"id": "wall", "stack": ["T-B"]}], cards,
                 block="wall")
    got = steps(report)
    assert got["wall blocks: it becomes the target"] == [*NO_BLOCK, "CR 12-1-1", "CR 12-1-7-1", "CR 16-5"]
    assert got["battle: x (6000 DP) vs wall (3000 DP); loses: wall"] == BATTLE
    assert got["wall is deleted (battle)"] == ["CR 4-15"]
    assert piercing_cites(report) == set()


def test_piercing_after_a_block_cites_its_ruling(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000, effects=[kw("Piercing")]),
             "T-B": digimon("Wall", 3000, effects=[kw("Blocker")])}
    report = run(store, [{"id": "x", "stack": ["T-X"]}], [{"id": "wall", "stack": ["T-B"]}], cards,
                 block="wall")
    got = steps(report)
    assert "seed-piercing-6" not in got["wall blocks: it becomes the target"]
    scheduled = got["x/T-X/Piercing: security check scheduled before the end of the attack"]
    assert scheduled == ["CR 16-7-4", "CR 18-1", "CR 16-7-2", "seed-piercing-6"]
    checked = next(e for e in report["effects"] if e["kind"] == "pending")
    assert checked["status"] == "activated" and "seed-piercing-other-5" in checked["cites"]
    assert "seed-piercing-other-2" not in checked["cites"]  # it still has <Piercing>


def test_security_digimon_battle_won_and_lost(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000), "T-S": digimon("Small", 3000), "T-L": digimon("Large", 9000)}
    won = steps(run(store, [{"id": "x", "stack": ["T-X"]}], [], cards, security=["T-S"]))
    assert won["x (6000 DP) battles Security Digimon T-S (3000 DP)"] == ["CR 13-1-7", "CR 13-1-8-3", *BATTLE]
    assert won["Security Digimon T-S loses but is not deleted"] == ["CR 14-2-3", "Q1119"]
    lost = run(store, [{"id": "x", "stack": ["T-X"]}], [], cards, security=["T-L"])
    assert steps(lost)["x loses to the Security Digimon"] == ["CR 14-2-2"]
    assert piercing_cites(lost) == set()


def test_jamming_cites_jamming_only(store: Any) -> None:
    cards = {"T-X": digimon("X", 2000, effects=[kw("Jamming")]), "T-L": digimon("Large", 9000)}
    got = steps(run(store, [{"id": "x", "stack": ["T-X"]}], [], cards, security=["T-L"]))
    assert got["x loses but has <Jamming>: not deleted"] == ["CR 16-9"]


def test_piercing_security_battle_cites_piercing(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000, effects=[kw("Piercing")]), "T-T": digimon("Target", 1000),
             "T-S": digimon("Small", 3000)}
    report = run(store, [{"id": "x", "stack": ["T-X"]}], [{"id": "t", "stack": ["T-T"], "suspended": True}],
                 cards, target="t", security=["T-S"])
    got = steps(report)
    battle = got["x (6000 DP) battles Security Digimon T-S (3000 DP)"]
    assert {"seed-piercing-1", "seed-piercing-2", "Q1119"} <= set(battle)
    assert got["Security Digimon T-S loses but is not deleted"] == [
        "CR 14-2-3", "Q1119", "CR 16-7-2", "seed-piercing-3"]
    assert got["x checked 1 of 1 card(s)"] == COUNT


@pytest.mark.parametrize(("values", "target", "extra"), [
    ([1], "player", ["CR 16-4"]),
    ([1, 1], "player", ["CR 16-4", "Q946"]),
    ([1], "t", ["CR 16-4", "CR 16-7-5", "seed-piercing-4"]),
    ([-1], "t", ["CR 16-4", "CR 16-7-5", "seed-piercing-5"]),
])
def test_security_a_changes_the_count(store: Any, values: list[int], target: str, extra: list[str]) -> None:
    keywords = [kw("SecurityA", v, index=i + 2) for i, v in enumerate(values)]
    if target != "player":
        keywords.append(kw("Piercing"))
    cards = {"T-X": digimon("X", 6000, effects=keywords), "T-T": digimon("Target", 1000)}
    report = run(store, [{"id": "x", "stack": ["T-X"]}], [{"id": "t", "stack": ["T-T"], "suspended": True}],
                 cards, target=target)
    count = 1 + sum(values)
    cites = steps(report)[f"x checked {count} of {count} card(s)"]
    assert cites == [*COUNT, *extra]


def test_direct_attack_on_empty_security(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000), "T-Z": digimon("Z", 6000, effects=[kw("SecurityA", -1)])}
    win = steps(run(store, [{"id": "x", "stack": ["T-X"]}], [], cards, security=0))
    assert win["x attacks a player with no security: A wins"] == ["CR 1-2-3", "CR 11-5", "Q1000"]
    none = steps(run(store, [{"id": "x", "stack": ["T-Z"]}], [], cards, security=0))
    assert none["x checks 0 cards: no win"] == ["CR 1-2-3", "CR 11-5", "Q644"]


def test_security_runs_out(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000, effects=[kw("SecurityA", 1)])}
    got = steps(run(store, [{"id": "x", "stack": ["T-X"]}], [], cards, security=1))
    assert got["no security cards left: the checks stop, nobody wins"] == ["CR 1-2-3", "CR 13-1-8-5"]


def test_retaliation_without_piercing_cites_no_piercing_ruling(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000), "T-R": digimon("Avenger", 1000, effects=[kw("Retaliation")])}
    report = run(store, [{"id": "x", "stack": ["T-X"]}], [{"id": "r", "stack": ["T-R"], "suspended": True}],
                 cards, target="r")
    retaliation = next(e for e in report["effects"] if e["label"].endswith("Retaliation"))
    assert retaliation["status"] == "activated" and "CR 16-13" in retaliation["cites"]
    assert piercing_cites(report) == set()


def test_end_of_attack_after_the_attacker_left(store: Any) -> None:
    end = effect(["EndOfAttack"], [{"verb": "draw", "amount": 1}])
    cards = {"T-X": digimon("X", 1000, effects=[end]), "T-T": digimon("Target", 6000)}
    target = [{"id": "t", "stack": ["T-T"], "suspended": True}]
    got = steps(run(store, [{"id": "x", "stack": ["T-X"]}], target, cards, target="t"))
    gone = got["the attacker has left: its [End of Attack] effects do not activate"]
    assert gone == ["CR 15-16-15", "Q1499"]
