"""The ``dcgkg`` command line. Each command family lives in its own ``cli_*`` module."""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer
from rich.console import Console

app = typer.Typer(
    name="dcgkg",
    help="The Digimon Card Game rules knowledge graph: build it, query it, solve triggers.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
err = Console(stderr=True)

StoreOption = Annotated[
    str | None,
    typer.Option("--store", envvar="DCGKG_STORE",
                 help="Store: a directory, ':memory:', or a SPARQL endpoint URL."),
]


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error for the user (no stack trace) and exit."""
    err.print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(code)


def _register() -> None:
    # Importing each module registers its commands on ``app``.
    from queries import cli_coverage, cli_graph, cli_query, cli_solver  # noqa: F401


_register()


def main() -> None:
    app()


if __name__ == "__main__":  # `python -m queries.cli`: run the registered app, not this copy
    from queries.cli import main as registered_main

    registered_main()
