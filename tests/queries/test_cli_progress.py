"""Slow commands show a progress bar on a terminal (and nothing in a pipe), in plain words."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from kg.build import Inputs, build
from kg.store import open_store
from kg.validate import validate
from queries import cli_app


def test_the_bar_shows_on_a_terminal_and_not_in_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(cli_app, "err", Console(file=screen, force_terminal=True, width=100))
    with cli_app.progress_bar("compiling the cards") as bar:
        bar.step(0, total=3)
        bar.step()
    assert "compiling the cards" in screen.getvalue() and "1/3" in screen.getvalue()
    piped = io.StringIO()
    monkeypatch.setattr(cli_app, "err", Console(file=piped, force_terminal=False))
    with cli_app.progress_bar("compiling the cards") as bar:
        bar.step(0, total=3)
    assert piped.getvalue() == ""


def test_build_tells_its_steps_in_plain_words() -> None:
    said: list[str] = []
    store = open_store(":memory:")
    report = build(store, Inputs(corpus=[], pages=[]), progress=said.append)
    assert said == ["reading the bundled sources", f"writing {report.triples:,} triples to {store.location}"]


def test_validate_tells_each_shape_it_checks(bundled_store) -> None:
    seen: list[tuple[int, int, str]] = []
    assert validate(bundled_store, progress=lambda done, total, cls: seen.append((done, total, cls))) == []
    assert [done for done, _total, _cls in seen] == list(range(len(seen)))
    assert {total for _done, total, _cls in seen} == {len(seen)}
    assert "Card" in {cls for _done, _total, cls in seen}


def test_build_table_in_plain_words(tmp_path) -> None:
    from typer.testing import CliRunner

    from queries.cli import app

    result = CliRunner().invoke(app, ["build", "--store", str(tmp_path / "store")])
    assert result.exit_code == 0, result.output
    assert "bundled rule sections" in result.stdout and "rule_sections" not in result.stdout
    assert "loading" not in result.output
