"""``dcgkg card NUMBER``: each effect's printed text beside what the compiler understood of it, in
words, and whether the engine can carry it out (if not, why); ``--json``; the Python API
``KnowledgeGraph.understood``; and the same words in the simulate report (``reads``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from queries.api import KnowledgeGraph
from queries.cli import app

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.fixture(scope="module")
def cli() -> CliRunner:
    return CliRunner()


def test_card_from_the_bundled_graph(cli: CliRunner) -> None:
    result = cli.invoke(app, ["card", "bt5-086", "--store", ":memory:"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "BT5-086 Omnimon (Digimon): 3 effect(s), read from the graph",
        "",
        "1. WhenDigivolving (main): executable",
        "   printed: [When Digivolving] <Blitz> (This Digimon can attack when your opponent has 1 or more "
        "memory.)",
        "   understood:",
        "   - trigger: When this Digimon digivolves [When Digivolving]",
        "   - action: <Blitz>: if the opponent has 1 or more memory, this Digimon may attack (an attack "
        "declared by the effect)",
        "",
        "2. WhenDigivolving#2 (main): executable",
        "   printed: [When Digivolving] Unsuspend this Digimon.",
        "   understood:",
        "   - trigger: When this Digimon digivolves [When Digivolving]",
        "   - action: unsuspend this Digimon",
        "",
        "3. AllTurns (main): executable",
        "   printed: [All Turns] If an opponent's effect would delete this Digimon or return it to its "
        "owner's hand or deck, you may prevent it from leaving play by trashing a level 6 Digimon card in "
        "this card's digivolution cards.",
        "   understood:",
        "   - trigger: When this Digimon would leave the battle area, by being deleted or returned to the "
        "hand or deck, by an opponent's effect [All Turns]",
        "   - cost: trash 1 level 6 card among this card's digivolution cards",
        "   - action: you may: prevent that",
    ]


def test_card_not_understood_says_why(cli: CliRunner, corpus: Path) -> None:
    """BT1-084 (compiled from the corpus text): the part not understood is named, and why the engine
    cannot carry the effect out."""
    result = cli.invoke(app, ["card", "BT1-084", "--store", ":memory:", "--corpus", str(corpus)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"BT1-084 Omnimon (Digimon): 2 effect(s), compiled from {corpus}"
    assert lines[2:9] == [
        "1. WhenDigivolving (main): not fully understood, not executable",
        "   printed: [When Digivolving] Choose 1 of your opponent's Digimon. Delete all of your opponent's "
        "Digimon that share a name with it.",
        "   understood:",
        "   - trigger: When this Digimon digivolves [When Digivolving]",
        "   - action: choose 1 of your opponent's Digimon",
        '   - action: not understood: "Delete all of your opponent\'s Digimon that share a name with it"',
        "   why not: action 'Delete all of your opponent's Digimon that share a name with it': this part of "
        "the text was not understood",
    ]


def test_card_json(cli: CliRunner, corpus: Path) -> None:
    result = cli.invoke(app, ["card", "EX2-065", "--json", "--store", ":memory:", "--corpus", str(corpus)])
    assert result.exit_code == 0, result.output
    reading = json.loads(result.output)
    assert (reading["number"], reading["name"], reading["kind"]) == ("EX2-065", "Ai & Mako", "Tamer")
    first = reading["effects"][0]
    assert first["printed"] == "[Start of Your Turn] If you have 2 memory or less, set your memory to 3."
    assert first["reads"] == (
        "At the start of your turn [Start of Your Turn]: if you have 2 memory or less, set the memory to 3 "
        "on your side."
    )
    assert [p["part"] for p in first["parts"]] == ["trigger", "condition", "action"]
    assert first["executable"] is True and first["gaps"] == []


def test_unknown_card(cli: CliRunner) -> None:
    result = cli.invoke(app, ["card", "XX-999", "--store", ":memory:"])
    assert result.exit_code == 2
    assert "unknown card 'XX-999'" in result.output


def test_python_api(kg: KnowledgeGraph) -> None:
    reading = kg.understood("BT2-074")
    assert (reading.number, reading.name) == ("BT2-074", "Devimon")
    assert [(e.part, e.reads, e.executable) for e in reading.effects] == [
        (
            "main",
            "When this Digimon is deleted in battle after losing the battle <Retaliation>: <Retaliation>: "
            "delete the Digimon this Digimon battled (by effect).",
            True,
        ),
        (
            "inherited",
            "When this Digimon is deleted in battle after losing the battle <Retaliation>: "
            "<Retaliation>: delete the Digimon this Digimon battled (by effect).",
            True,
        ),
    ]


def test_simulate_report_reads(cli: CliRunner) -> None:
    """The report's effects carry the same words, in JSON and as one line of the text report."""
    scenario = str(SCENARIOS / "add-and-trash-such-guilmon.yaml")
    as_json = cli.invoke(app, ["simulate", scenario, "--json", "--store", ":memory:"])
    assert as_json.exit_code == 0, as_json.output
    (effect,) = json.loads(as_json.output)["effects"]
    assert effect["label"] == "BT24-066/BT24-066/OnPlay"
    assert effect["reads"].startswith(
        "When this Digimon is played [On Play]: reveal the top 3 cards of your deck;"
    )
    text = cli.invoke(app, ["simulate", scenario, "--store", ":memory:"])
    assert "     reads: When this Digimon is played [On Play]: reveal the top 3 cards of" in text.output
