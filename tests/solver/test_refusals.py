"""Bad scenario files are refused before anything runs: exit code 2, file, key path, expectation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from kg.solver.simulate import ScenarioError, load_scenario, simulate
from queries.cli import app

EXAMPLE = Path(__file__).resolve().parents[1] / "scenarios" / "piercing-example-1.yaml"


def base() -> dict[str, Any]:
    data = yaml.safe_load(EXAMPLE.read_text())
    data.pop("expect")
    return data


def with_(change: Any) -> dict[str, Any]:
    data = base()
    change(data)
    return data


BAD = {
    "unknown top key": (lambda d: d.update(extra=1), "extra", "unknown key"),
    "unknown nested key": (lambda d: d["players"]["A"]["battle_area"][0].update(colour="red"),
                           "players.A.battle_area.0.colour", "unknown key"),
    "security neither list nor count": (lambda d: d["players"]["A"].update(security="five"),
                                        "players.A.security", "a count of blank cards"),
    "missing id": (lambda d: d.pop("id"), "id", "required"),
    "bad version": (lambda d: d.update(scenario=2), "scenario", "1"),
    "two verbs in an action": (lambda d: d["actions"][0].update(play={"card": "BT1-009"}),
                               "actions.0", "exactly one"),
    "unknown card": (lambda d: d["players"]["B"]["battle_area"][0].update(stack=["NOPE-1"]),
                     "players.B.battle_area.0.stack.0", "unknown card number"),
    "duplicate alias": (lambda d: d["players"]["B"]["battle_area"].append(
        {"id": "omnimon", "stack": ["BT1-009"], "suspended": True}),
        "players.B.battle_area.1.id", "duplicate"),
    "attacker on the wrong side": (lambda d: d.update(actions=[{"attack": {"attacker": "devimon",
                                                                           "target": "player"}}]),
                                   "actions.0.attack.attacker", "turn player A"),
    "target not suspended": (lambda d: d["players"]["B"]["battle_area"][0].update(suspended=False),
                             "actions.0.attack.target", "not suspended"),
    "played this turn without Rush": (
        lambda d: d["players"]["A"]["battle_area"][0].update(played_this_turn=True),
        "actions.0.attack.attacker", "<Rush>"),
    "unknown alias in decisions": (lambda d: d.update(decisions={"order": ["ghost/BT3-016/Piercing"]}),
                                   "decisions.order.0", "unknown SOURCE"),
    "unknown tag in decisions": (lambda d: d.update(decisions={"order": ["omnimon/BT3-016/Pierce"]}),
                                 "decisions.order.0", "unknown TAG"),
    "unknown card in a label": (lambda d: d.update(decisions={"optional": {"omnimon/NOPE-1/AllTurns": True}}),
                                "decisions.optional.omnimon/NOPE-1/AllTurns", "unknown CARD"),
    "unknown blocker": (lambda d: d.update(decisions={"block": "ghost"}), "decisions.block", "unknown alias"),
    # a card number the file lists nowhere is no alias a card could get by entering play
    "digivolving an unknown alias": (lambda d: d.update(actions=[{"digivolve": {"id": "BT1-009",
                                                                                "card": "BT3-016"}}]),
                                     "actions.0.digivolve.id", "unknown alias"),
    "not a label": (lambda d: d.update(decisions={"order": ["Piercing"]}), "decisions.order.0",
                    "SOURCE/CARD/TAG"),
    "counter that is not a label": (lambda d: d.update(decisions={"counter": "Blast"}), "decisions.counter",
                                    "SOURCE/CARD/TAG"),
    "counter naming an unknown source": (lambda d: d.update(decisions={"counter": "ghost/BT3-016/Counter"}),
                                         "decisions.counter", "unknown SOURCE"),
}


@pytest.mark.parametrize("name", BAD)
def test_refused_by_the_api(name: str, bundled_store) -> None:
    change, path, reason = BAD[name]
    with pytest.raises(ScenarioError) as info:
        simulate(bundled_store, load_scenario(with_(change)))
    assert info.value.path == path
    assert reason in info.value.reason


@pytest.mark.parametrize("name", ["unknown nested key", "unknown card", "target not suspended",
                                  "unknown alias in decisions"])
def test_refused_by_the_command_line(name: str, bundled_dir: Path, tmp_path: Path) -> None:
    change, path, reason = BAD[name]
    file = tmp_path / "bad.yaml"
    file.write_text(yaml.safe_dump(with_(change)))
    result = CliRunner().invoke(app, ["simulate", str(file), "--json", "--store", str(bundled_dir)])
    assert result.exit_code == 2
    assert str(file) in result.output and path in result.output and reason in result.output


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(missing)
    broken = tmp_path / "broken.yaml"
    broken.write_text("scenario: [1\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario(broken)
    assert info.value.file == str(broken)
    listing = tmp_path / "list.json"
    listing.write_text(json.dumps([1, 2]))
    with pytest.raises(ScenarioError, match="expected a mapping"):
        load_scenario(listing)


def test_runs_with_exit_code_0(bundled_dir: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", str(EXAMPLE), "--json", "--store", str(bundled_dir)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["security_checks"]["A"] == 1 and report["deleted"] == ["devimon"]
    human = CliRunner().invoke(app, ["simulate", str(EXAMPLE), "--store", str(bundled_dir)])
    assert human.exit_code == 0 and "devimon" in human.output


def test_internal_error_exits_1(bundled_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kg.solver.simulate

    def broken(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(kg.solver.simulate, "simulate", broken)
    result = CliRunner().invoke(app, ["simulate", str(EXAMPLE), "--store", str(bundled_dir)])
    assert result.exit_code == 1


def test_an_attack_after_other_actions_is_judged_when_it_is_reached(bundled_store) -> None:
    """The file's board decides only the first action: a Digimon played this turn that digivolves
    into a card with <Rush> may then attack; without it the attack is refused when reached (spec:
    'refused … as soon as it is reached'), not when the file is read."""
    def fresh_then(actions: list[dict[str, Any]]) -> dict[str, Any]:
        data = base()
        data["players"]["A"]["battle_area"][0].update(played_this_turn=True, stack=["BT3-016"])
        data["players"]["A"]["hand"] = ["T-RUSH", "T-SLOW"]
        data["players"]["A"]["deck"] = 3
        data["memory"] = 5
        data["cards"] = {
            "T-RUSH": {"name": "Rush (test card)", "level": 6, "dp": 13000, "digivolve_cost": 1,
                       "effect": "<Rush>"},
            "T-SLOW": {"name": "Slow (test card)", "level": 6, "dp": 13000, "digivolve_cost": 1}}
        data["actions"] = actions
        return data
    attack = {"attack": {"attacker": "omnimon", "target": "devimon"}}
    rush = simulate(bundled_store, load_scenario(fresh_then([
        {"digivolve": {"id": "omnimon", "card": "T-RUSH"}}, attack])))
    assert rush["illegal_actions"] == [] and "devimon" in rush["deleted"]
    slow = simulate(bundled_store, load_scenario(fresh_then([
        {"digivolve": {"id": "omnimon", "card": "T-SLOW"}}, attack])))
    assert [x["action"] for x in slow["illegal_actions"]] == ["attack omnimon -> devimon"]
    assert slow["deleted"] == []
