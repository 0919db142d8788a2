"""The command line as a whole: module layout without cycles, ``--store :memory:``, ``simulate
--strict`` and the INCOMPLETE warning, ``--version``, and output to a closed pipe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from queries.cli import app

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"
CYCLES_TOOL = ROOT.parent / "shared" / "tools" / "import_cycles.py"

#: A card whose [On Play] effect says 'reduce the cost by 1' with no play or digivolution to reduce
#: (compiled by hand: the compiler leaves it uncompiled), which no handler carries out.
UNSUPPORTED = """scenario: 1
id: unsupported-reduce-the-cost
title: an [On Play] effect that reduces a cost it does not name, which the engine cannot carry out
memory: 5
players:
  A:
    hand: [T-X]
  B:
    security: 2
cards:
  T-X:
    name: Test Player (test card)
    kind: Digimon
    level: 3
    dp: 3000
    play_cost: 3
    effects:
      - card: T-X
        text: "[On Play] Reduce the cost by 1."
        timings: [OnPlay]
        label_tag: OnPlay
        compiled:
          trigger: {event: CardPlayed}
          actions: [{verb: reduce_cost, amount: 1, span: "reduce the cost by 1"}]
actions:
  - play: {card: T-X}
"""


@pytest.fixture(scope="module")
def cli() -> CliRunner:
    return CliRunner()


@pytest.fixture
def unsupported_file(tmp_path: Path) -> Path:
    path = tmp_path / "unsupported.yaml"
    path.write_text(UNSUPPORTED, encoding="utf-8")
    return path


# ---------------------------------------------------------------- layout

def test_queries_has_no_import_cycle() -> None:
    if not CYCLES_TOOL.exists():
        pytest.skip(f"{CYCLES_TOOL} is not there (../shared missing)")
    done = subprocess.run([sys.executable, str(CYCLES_TOOL), "queries"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cycles=0" in done.stdout


def test_every_command_is_registered(cli: CliRunner) -> None:
    result = cli.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("build", "sparql", "validate", "diagram", "serve", "simulate", "triggers", "coverage"):
        assert command in result.output


def test_version(cli: CliRunner) -> None:
    result = cli.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"dcgkg {version('dcg-kg')}\n"


def test_a_store_that_cannot_answer_is_exit_2_without_a_traceback(cli: CliRunner) -> None:
    example = str(SCENARIOS / "piercing-example-1.yaml")
    for command in (["simulate", example], ["triggers", example]):
        result = cli.invoke(app, [*command, "--store", "http://127.0.0.1:9/sparql"])
        assert result.exit_code == 2, result.output
        assert "the store could not answer: cannot reach the SPARQL server at http://127.0.0.1:9/sparql" \
            in result.output and "Traceback" not in result.output


# ---------------------------------------------------------------- --store :memory:

def test_memory_store_simulates_like_a_built_store(cli: CliRunner, store_dir: str) -> None:
    example = str(SCENARIOS / "piercing-example-1.yaml")
    built = cli.invoke(app, ["simulate", example, "--json", "--store", store_dir])
    memory = cli.invoke(app, ["simulate", example, "--json", "--store", ":memory:"])
    assert built.exit_code == 0 and memory.exit_code == 0, memory.output
    built_report, memory_report = json.loads(built.stdout), json.loads(memory.stdout)
    assert memory_report["deleted"] == built_report["deleted"] == ["devimon"]
    assert memory_report["security_checks"] == built_report["security_checks"] == {"A": 1, "B": 0}
    human = cli.invoke(app, ["simulate", example, "--store", ":memory:"])
    assert human.exit_code == 0 and "nothing triggered" not in human.output


def test_memory_store_from_the_environment(cli: CliRunner) -> None:
    query = "SELECT (COUNT(?c) AS ?cards) WHERE { ?c a dcg:Card }"
    result = cli.invoke(app, ["sparql", query, "--format", "json"], env={"DCGKG_STORE": ":memory:"})
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["results"]["bindings"]
    assert int(rows[0]["cards"]["value"]) > 0


def test_memory_store_for_the_other_commands(cli: CliRunner) -> None:
    example_2 = str(SCENARIOS / "piercing-example-2.yaml")
    triggers = cli.invoke(app, ["triggers", example_2, "--json", "--store", ":memory:"])
    assert triggers.exit_code == 0, triggers.output
    assert any("zwart/BT5-112/OnDeletion" in b["effects"] for b in json.loads(triggers.stdout))
    diagram = cli.invoke(app, ["diagram", "keyword", "Piercing", "--format", "mermaid",
                               "--store", ":memory:"])
    assert diagram.exit_code == 0 and "BT3-016" in diagram.stdout
    validate = cli.invoke(app, ["validate", "--store", ":memory:"])
    assert validate.exit_code == 0 and "no SHACL violations" in validate.output


def test_build_into_memory_builds_what_it_is_told(cli: CliRunner) -> None:
    result = cli.invoke(app, ["build", "--store", ":memory:", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["store"] == ":memory:" and summary["triples"] > 1000


# ---------------------------------------------------------------- --strict and INCOMPLETE

def test_strict_exits_3_when_something_is_unsupported(cli: CliRunner, unsupported_file: Path,
                                                      store_dir: str) -> None:
    strict = cli.invoke(app, ["simulate", str(unsupported_file), "--strict", "--json", "--store", store_dir])
    assert strict.exit_code == 3, strict.output
    report = json.loads(strict.stdout)
    assert report["unsupported"], report
    assert [e["label"] for e in report["unsupported"]] == ["T-X/T-X/OnPlay"]
    assert report["unsupported"][0]["part"] == "action"
    assert "reduce the cost by 1" in report["unsupported"][0]["text"]
    human = cli.invoke(app, ["simulate", str(unsupported_file), "--strict", "--store", store_dir])
    assert human.exit_code == 3
    lenient = cli.invoke(app, ["simulate", str(unsupported_file), "--json", "--store", store_dir])
    assert lenient.exit_code == 0 and json.loads(lenient.stdout)["unsupported"] == report["unsupported"]
    branches = cli.invoke(app, ["simulate", str(unsupported_file), "--all-orders", "--strict", "--json",
                                "--store", store_dir])
    assert branches.exit_code == 3


def test_strict_exits_0_when_everything_ran_and_2_for_a_refused_file(cli: CliRunner, store_dir: str,
                                                                     tmp_path: Path) -> None:
    example = str(SCENARIOS / "piercing-example-1.yaml")
    complete = cli.invoke(app, ["simulate", example, "--strict", "--json", "--store", store_dir])
    assert complete.exit_code == 0 and json.loads(complete.stdout)["unsupported"] == []
    human = cli.invoke(app, ["simulate", example, "--strict", "--store", store_dir])
    assert human.exit_code == 0 and "INCOMPLETE" not in human.output
    refused = tmp_path / "refused.yaml"
    refused.write_text(UNSUPPORTED.replace("hand: [T-X]", "hand: [T-X]\n    wings: 2"), encoding="utf-8")
    result = cli.invoke(app, ["simulate", str(refused), "--strict", "--store", store_dir])
    assert result.exit_code == 2 and "wings" in result.output


def test_the_human_report_says_incomplete_first(cli: CliRunner, unsupported_file: Path,
                                                store_dir: str) -> None:
    result = cli.invoke(app, ["simulate", str(unsupported_file), "--store", store_dir])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("INCOMPLETE: the engine could not carry out 1 part(s) of this scenario")
    head = " ".join(" ".join(lines[:6]).split())
    assert "T-X/T-X/OnPlay, action:" in head and "reduce the cost by 1" in head
    assert "why: 'reduce the cost' names no play or digivolution whose cost it reduces" in head
    assert result.output.index("INCOMPLETE") < result.output.index("unsupported-reduce-the-cost")
    branches = cli.invoke(app, ["simulate", str(unsupported_file), "--all-orders", "--store", store_dir])
    assert branches.output.splitlines()[0].startswith("INCOMPLETE:")


def test_triggers_warns_first(cli: CliRunner, unsupported_file: Path, store_dir: str) -> None:
    human = cli.invoke(app, ["triggers", str(unsupported_file), "--store", store_dir])
    assert human.exit_code == 0, human.output
    assert human.output.splitlines()[0].startswith("INCOMPLETE:")
    assert human.output.index("INCOMPLETE") < human.output.index("batch 1")
    as_json = cli.invoke(app, ["triggers", str(unsupported_file), "--json", "--store", store_dir])
    assert as_json.exit_code == 0
    assert json.loads(as_json.stdout)[0]["effects"] == ["T-X/T-X/OnPlay"]  # stdout stays JSON
    assert as_json.stderr.startswith("INCOMPLETE:")
    complete = cli.invoke(app, ["triggers", str(SCENARIOS / "piercing-example-2.yaml"), "--store", store_dir])
    assert "INCOMPLETE" not in complete.output


# ---------------------------------------------------------------- a closed pipe

PIPED = {
    "coverage": ["coverage"],
    "coverage-json": ["coverage", "--json"],
    "version": ["--version"],
    "help": ["--help"],
    "command-help": ["sparql", "--help"],
    "sparql-list": ["sparql", "--list"],
    "simulate": ["simulate", str(SCENARIOS / "piercing-example-1.yaml"), "--store", ":memory:"],
}


@pytest.mark.parametrize("args", list(PIPED.values()), ids=list(PIPED))
def test_output_to_a_closed_pipe_ends_quietly(args: list[str]) -> None:
    """``dcgkg coverage | head -1``: the reader is gone before anything is written."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "queries", *args], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, check=False, timeout=120)
    finally:
        os.close(write_end)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
