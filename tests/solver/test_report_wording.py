"""Readable reports (issue 9, readability): log lines in words, every decision with its options,
batches numbered as ``simulate`` numbers them, pending processing and prevented effects said as
what they are, close-match hints in scenario errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from kg.solver.simulate import ScenarioError, load_scenario, simulate
from queries.cli import app

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
EXAMPLE_1 = SCENARIOS / "piercing-example-1.yaml"
FIREDRAKE = SCENARIOS / "chosen-dp-firedrake-strike.yaml"


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """One line per log step, so the tests can find whole lines."""
    import queries.cli_solver as cli_solver

    monkeypatch.setattr(cli_solver, "out", Console(width=200))


def run(bundled_dir: Path, *args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--store", str(bundled_dir)])
    assert result.exit_code == 0, result.output
    return result.output


def data(path: Path, **changes: Any) -> dict[str, Any]:
    scenario = yaml.safe_load(path.read_text(encoding="utf-8"))
    scenario.pop("expect", None)
    return {**scenario, **changes}


def write(path: Path, scenario: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(scenario), encoding="utf-8")
    return path


# ---------------------------------------------------------------- 1. log lines in words
def test_a_dp_change_says_how_much_to_whom_and_until_when(bundled_store: Any) -> None:
    report = simulate(bundled_store, load_scenario(SCENARIOS / "qa-q0643-heavens-charm-deletes.yaml"))
    steps = [s["text"] for s in report["steps"]]
    assert "A/ST3-14/Main: -2000 DP to small until the end of the turn" in steps
    assert not any("dp_modify" in line or "this_turn" in line for line in report["log"])


def test_blank_check_pending_and_prevented_in_words(bundled_store: Any) -> None:
    report = simulate(bundled_store, load_scenario(EXAMPLE_1))
    lines = [line.split(" [")[0] for line in report["log"]]
    assert "omnimon checks a blank security card (no effect)" in lines
    assert "omnimon/BT3-016/Piercing (pending processing): activated" in lines
    retaliation = next(e for e in report["effects"] if e["label"] == "devimon/BT2-074/Retaliation")
    assert retaliation["status"] == "prevented"  # the spec's status, kept; the reason says what happened
    assert retaliation["reason"] == "it activated, but what it did was prevented by omnimon/BT5-086/AllTurns"


def test_text_report_names_keywords_and_timings_as_printed(bundled_dir: Path) -> None:
    lines = [line.strip() for line in run(bundled_dir, "simulate", str(EXAMPLE_1)).splitlines()]
    first = lines.index("1. omnimon/BT3-016/Piercing  activated")
    assert lines[first + 1] == "<Piercing> of Durandamon (BT3-016) in omnimon's stack"
    assert "[All Turns] of Omnimon (BT5-086) in omnimon's stack" in lines
    fourth = lines.index("4. omnimon/BT3-016/Piercing  activated")
    assert lines[fourth + 1] == ("<Piercing>'s security check (pending processing, immediately before "
                                 "the end of attack) of Durandamon (BT3-016) in omnimon's stack")


@pytest.mark.parametrize(("name", "line"), [
    ("keyword-use-req-in-text-machinas-ascension", "A/P-237/Main: plays T-MAQ from the hand or trash without "
                                                   "paying the cost"),
    ("qa-q2130-maelstrom-plays-seadramon-from-blue-sources",
     "A/BT11-098/Main: plays T-SEADRAMON from the blue digivolution cards without paying the cost"),
    ("qa-q3170-knight-device-trashed-on-opponents-turn",
     "A/BT19-095/Main: its effect ends (it lasted until the end of the turn)"),
    ("end-of-turn-delayed-memory",
     "mg/BT1-021/WhenAttacking: 'At end of turn, lose 3 memory' waits for the end of the turn"),
    ("emergency-shutdown-no-options-next-turn",
     "A/EX1-072/Main: 'Your opponent can't use Option cards until the end of their next turn' "
     "(it lasts until the end of the opponent's next turn)"),
])
def test_no_internal_code_names_in_log_lines(bundled_store: Any, name: str, line: str) -> None:
    """Zones, durations and processing points in words; no snake_case code outside quoted card text."""
    steps = [s["text"] for s in simulate(bundled_store, load_scenario(SCENARIOS / f"{name}.yaml"))["steps"]]
    assert line in steps
    assert not [t for t in steps if re.search(r"\b[a-z]+_[a-z_]+\b", re.sub(r"'[^']*'", "", t))]


# ---------------------------------------------------------------- 2. every decision, with its options
def test_a_target_choice_is_recorded_even_with_one_legal_answer(bundled_store: Any) -> None:
    wanted = {"targets": {"A/BT7-093/Main": [["hybrid"], ["five"]]}}
    report = simulate(bundled_store, load_scenario(data(FIREDRAKE, decisions=wanted)))
    targets = [d for d in report["decisions"] if d["kind"] == "targets"]
    assert [(d["choice"], d["options"], d["chosen"], d["by"], d.get("forced")) for d in targets] == [
        (1, ["hybrid"], ["hybrid"], "file", True), (2, ["five"], ["five"], "file", True)]
    assert not [d for d in report["decisions"] if d.get("used") is False]


def test_text_report_lists_decisions_with_options_and_defaults(bundled_dir: Path, tmp_path: Path) -> None:
    answered = data(FIREDRAKE, decisions={"targets": {"A/BT7-093/Main": [["hybrid"]]}})
    text = run(bundled_dir, "simulate", str(write(tmp_path / "firedrake.yaml", answered)))
    assert "1. targets of A/BT7-093/Main, choice 1 (player A): hybrid, of hybrid (the only legal choice)" \
        in text
    assert "2. targets" not in text  # choice 2 had one legal answer and the file said nothing: no decision
    example = run(bundled_dir, "simulate", str(EXAMPLE_1))
    assert "1. use omnimon/BT5-086/AllTurns? (player A): yes, of yes | no (the default)" in example


def test_block_decision_with_its_options(bundled_dir: Path) -> None:
    text = run(bundled_dir, "simulate", str(SCENARIOS / "qa-q0665-metalgreymon-blocker-self.yaml"))
    assert ". block (player A): mg, of none | mg (from the file)" in text


# ---------------------------------------------------------------- 3. batches as the user sees them
def test_triggers_numbers_every_batch_the_report_numbers(bundled_dir: Path) -> None:
    lines = run(bundled_dir, "triggers", str(EXAMPLE_1)).splitlines()
    assert lines[0] == "batch 1: deleted in battle: devimon (with omnimon)"
    assert ("batch 2: omnimon/BT5-086/AllTurns: immediate effect, activated at once "
            "(not a batch of triggers)") in lines
    option = run(bundled_dir, "triggers", str(FIREDRAKE)).splitlines()
    assert option[0].startswith("batch 1: A/BT7-093/Main: activation effect")  # not "nothing" from batch 2 on


# ---------------------------------------------------------------- 4. close matches in scenario errors
@pytest.mark.parametrize(("changes", "hint"), [
    ({"decisions": {"blok": "none"}}, "decisions.blok: unknown key; did you mean decisions.block?"),
    ({"decisions": {"order": ["omnimon/BT3-016/WhenAttack"]}}, "did you mean WhenAttacking"),
    ({"actions": [{"attack": {"attacker": "omnimom", "target": "devimon"}}]},
     "unknown alias 'omnimom'; did you mean omnimon?"),
    ({"actions": [{"atack": {"attacker": "omnimon", "target": "devimon"}}]},
     "did you mean actions.0.attack?"),
])
def test_scenario_errors_suggest_close_matches(bundled_store: Any, changes: dict[str, Any],
                                              hint: str) -> None:
    with pytest.raises(ScenarioError) as refused:
        simulate(bundled_store, load_scenario(data(EXAMPLE_1, **changes)))
    assert hint in str(refused.value)


def test_unknown_card_number_suggests_graph_cards(bundled_store: Any) -> None:
    scenario = data(EXAMPLE_1)
    scenario["players"]["A"]["battle_area"][0]["stack"] = ["BT3-016", "BT5-0866"]
    with pytest.raises(ScenarioError, match=r"unknown card number 'BT5-0866'.*did you mean BT5-086"):
        simulate(bundled_store, load_scenario(scenario))
