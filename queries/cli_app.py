"""The ``dcgkg`` Typer app and what its commands share: the ``--store`` option, errors for
the user, ``--version``, and a quiet end on a closed pipe. The store a command works on is
:func:`queries.api.open_graph_store` (``:memory:`` is the bundled graph, built first).

The command modules (:mod:`queries.cli_graph`, :mod:`queries.cli_query`,
:mod:`queries.cli_solver`, :mod:`queries.cli_coverage`) import :data:`app` from here and register
their commands on it; :mod:`queries.cli` imports them all. Nothing here imports a command module.
"""

from __future__ import annotations

import errno
import os
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from typer.core import TyperGroup

DISTRIBUTION = "dcg-kg"



class Output(Console):
    """The commands' rich console. On a closed pipe it raises :class:`BrokenPipeError` (rich's own
    default is to exit 1), which :class:`Commands` turns into a quiet exit 0."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


err = Output(stderr=True)

StoreOption = Annotated[
    str | None,
    typer.Option("--store", envvar="DCGKG_STORE",
                 help="Store: a directory, ':memory:' (the bundled graph, built in memory), "
                      "or a SPARQL endpoint URL."),
]


class Commands(TyperGroup):
    """The command group. When the reader of the output goes away (``dcgkg coverage | head -1``),
    the command ends quietly with exit 0, whatever it was printing."""

    def invoke(self, ctx: Any) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a buffered print fails here, not at interpreter exit
        except BrokenPipeError:
            _discard_stdout()
            raise typer.Exit(0) from None
        return result


def _discard_stdout() -> None:
    """Point standard output at /dev/null, so that flushing what is left at exit cannot fail."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file descriptor (a test's captured output)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


app = typer.Typer(
    name="dcgkg",
    cls=Commands,
    help="The Digimon Card Game rules knowledge graph: build it, query it, solve triggers.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def package_version() -> str:
    """The installed version of the ``dcg-kg`` distribution.

    >>> package_version().count(".") >= 1
    True
    """
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def _print_version(value: bool) -> None:
    if not value:
        return
    try:
        print(f"dcgkg {package_version()}", flush=True)
    except BrokenPipeError:  # parsed before any command runs, so Commands.invoke cannot catch it
        _discard_stdout()
    raise typer.Exit()


@app.callback()
def options(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the version of dcg-kg and exit.")] = False,
) -> None:
    """The Digimon Card Game rules knowledge graph: build it, query it, solve triggers."""


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error for the user (no stack trace) and exit."""
    err.print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(code)
