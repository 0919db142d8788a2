"""Golden scenarios (tests/scenarios/*.yaml): each file names its source and the outcome it expects."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.solver.expectations import mismatches
from kg.solver.simulate import load_scenario, simulate

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_golden(path: Path, bundled_store) -> None:
    scenario = load_scenario(path)
    assert scenario.source, "a golden scenario names where its situation comes from"
    assert scenario.expect, "a golden scenario says what it expects"
    report = simulate(bundled_store, scenario)
    problems = mismatches(report, scenario.expect)
    assert not problems, "\n".join([*problems, *report["log"]])
    if "illegal_actions" not in scenario.expect:
        assert not report["illegal_actions"]
    if "unsupported" not in scenario.expect:  # a golden answer is complete: nothing was guessed
        assert report["unsupported"] == [], report["unsupported"]
    for entry in report["effects"]:
        assert entry["cites"], f"{entry['label']} cites nothing"
    for step in report["steps"]:
        assert step["cites"], f"log step cites nothing: {step['text']}"
