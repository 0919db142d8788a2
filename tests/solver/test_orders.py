"""--all-orders: every answer to every order choice, compared."""

from __future__ import annotations

from pathlib import Path

from kg.solver.simulate import load_scenario, simulate

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def test_example_2_both_orders_same_outcome(bundled_store) -> None:
    result = simulate(bundled_store, load_scenario(SCENARIOS / "piercing-example-2.yaml"), all_orders=True)
    assert result["scenario"] == "piercing-example-2"
    firsts = {b["report"]["effects"][1]["label"] for b in result["branches"]}
    assert firsts == {"herc/ST4-13/Piercing", "herc/ST4-11/YourTurn"}
    assert len(result["branches"]) == 2
    for key in ("deleted", "security_checks", "winner", "final", "memory"):
        assert key not in result["differs_in"]
    assert "effects" in result["differs_in"]
    for branch in result["branches"]:
        assert branch["report"]["deleted"] == ["zwart", "herc"]
        assert branch["report"]["security_checks"]["A"] == 0


def test_default_order_is_board_order_and_recorded(bundled_store) -> None:
    scenario = load_scenario(SCENARIOS / "piercing-other-5.yaml")
    scenario.decisions.order = []
    report = simulate(bundled_store, scenario)
    order = [d for d in report["decisions"] if d["kind"] == "order"]
    assert order[0]["chosen"] == "herc/ST4-11/YourTurn" and order[0]["by"] == "default"
    assert report["security_checks"]["A"] == 1


def test_unused_file_decision_is_marked(bundled_store) -> None:
    scenario = load_scenario(SCENARIOS / "piercing-example-1.yaml")
    scenario.decisions.block = "devimon"
    report = simulate(bundled_store, scenario)
    assert {"kind": "block", "chosen": "devimon", "by": "file", "used": False} in report["decisions"]


def test_optional_effects_branch_too(bundled_store) -> None:
    """Example 1: declining Omnimon's protection changes the outcome, and --all-orders shows it."""
    result = simulate(bundled_store, load_scenario(SCENARIOS / "piercing-example-1.yaml"), all_orders=True)
    reports = [b["report"] for b in result["branches"]]
    outcomes = {(tuple(r["deleted"]), r["security_checks"]["A"]) for r in reports}
    assert outcomes == {(("devimon",), 1), (("devimon", "omnimon"), 0)}
    assert {"deleted", "security_checks"} <= set(result["differs_in"])
