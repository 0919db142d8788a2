"""The ``simulate`` (human, --all-orders) and ``triggers`` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from queries.cli import app

EXAMPLE_2 = Path(__file__).resolve().parents[1] / "scenarios" / "piercing-example-2.yaml"


def test_all_orders_json(bundled_dir: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", str(EXAMPLE_2), "--all-orders", "--json",
                                      "--store", str(bundled_dir)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"scenario", "branches", "differs_in"}
    assert len(data["branches"]) == 2 and "deleted" not in data["differs_in"]
    human = CliRunner().invoke(app, ["simulate", str(EXAMPLE_2), "--all-orders", "--store", str(bundled_dir)])
    assert human.exit_code == 0 and "differs in" in human.output


def test_triggers(bundled_dir: Path) -> None:
    result = CliRunner().invoke(app, ["triggers", str(EXAMPLE_2), "--json", "--store", str(bundled_dir)])
    assert result.exit_code == 0, result.output
    batches = json.loads(result.output)
    assert any("zwart/BT5-112/OnDeletion" in b["effects"] for b in batches)
    human = CliRunner().invoke(app, ["triggers", str(EXAMPLE_2), "--store", str(bundled_dir)])
    assert human.exit_code == 0 and "zwart/BT5-112/OnDeletion" in human.output


def test_human_report_fits_80_columns(bundled_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cites go on their own indented lines; nothing is cut to an ellipsis or wrapped into blanks."""
    from rich.console import Console

    import queries.cli_solver as cli_solver

    monkeypatch.setattr(cli_solver, "out", Console(width=80))
    example_1 = EXAMPLE_2.with_name("piercing-example-1.yaml")
    result = CliRunner().invoke(app, ["simulate", str(example_1), "--store", str(bundled_dir)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert "…" not in result.output
    assert "     cites: CR 16-7, CR 15-4-3-5, CR 16-7-4, CR 18-1" in lines
    assert sum(1 for line in lines if not line.strip()) <= 3  # before the checks and the decisions
