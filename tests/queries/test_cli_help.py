"""Every command's help reads cleanly: flags take no value, arguments are named in capitals in the
usage line, and no reST markup reaches the reader."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from queries.cli import app

COMMANDS = ["build", "sparql", "validate", "diagram", "serve", "simulate", "triggers", "coverage"]
runner = CliRunner(env={"COLUMNS": "120", "NO_COLOR": "1"})


def help_of(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_has_no_value_on_a_flag_and_no_rest(command: str | None) -> None:
    text = help_of(*([command] if command else []))
    assert "<bool>" not in text
    assert re.search(r"--help\s+Show this message", text)
    assert "``" not in text and ":ref:" not in text and ":func:" not in text
    assert "list[" not in text and "{" not in text.split("\n\n")[0] + text.splitlines()[1]


def test_flags_and_arguments_as_a_user_reads_them() -> None:
    simulate = help_of("simulate")
    assert "simulate [OPTIONS] FILE" in simulate
    assert re.search(r"--json\s+Print the JSON report\.", simulate)
    assert "diagram [OPTIONS] KIND [ARG]" in help_of("diagram")
    sparql = help_of("sparql")
    assert "sparql [OPTIONS] [QUERY]" in sparql
    assert "--param keyword=Piercing binds ?keyword to dcg:Piercing" in " ".join(sparql.split())
    assert re.search(r"--param\s+-p\s+<name=value>", sparql)
    assert re.search(r"--corpus\s+<dir>", help_of("build"))


def test_a_paragraph_is_wrapped_not_broken_where_the_docstring_breaks() -> None:
    root = " ".join(help_of().split())
    assert "a scenario's trigger batches, or the ontology" in root.replace("│ ", "").replace(" │", "")
