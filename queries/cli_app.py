"""The ``dcgkg`` Typer app and what its commands share: the ``--store`` option, errors for
the user, ``--version``, and a quiet end on a closed pipe. The store a command works on is
:func:`queries.graph_store.open_graph_store` (``:memory:`` is the bundled graph, built first).

The command modules (:mod:`queries.cli_graph`, :mod:`queries.cli_query`,
:mod:`queries.cli_solver`, :mod:`queries.cli_coverage`) import :data:`app` from here and register
their commands on it; :mod:`queries.cli` imports them all. Nothing here imports a command module.

Start-up stays quick (``dcgkg --help``, ``dcgkg sparql NAME``): at import, the command modules
load only typer and this module; rich, the store, rdflib, the solver and the ingesters are
imported inside the commands that use them (tests/queries/test_startup.py checks it).
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

DISTRIBUTION = "dcg-kg"


@cache
def _console_class() -> type[Console]:
    """The rich console class the commands print with (rich is imported on first use: ``dcgkg
    --help`` and ``import queries.cli`` need not wait for it)."""
    from rich.console import Console

    class BrokenPipeConsole(Console):
        """On a closed pipe it raises :class:`BrokenPipeError` (rich's own default is to exit
        1), which :class:`Commands` turns into a quiet exit 0."""

        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return BrokenPipeConsole


class Output:
    """The commands' rich console, made on first use; every attribute is the console's."""

    def __init__(self, stderr: bool = False) -> None:
        self.stderr = stderr
        self._console: Console | None = None

    @property
    def console(self) -> Console:
        if self._console is None:
            self._console = _console_class()(stderr=self.stderr)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.console, name)


def real_console(console: Output | Console) -> Console:
    """The rich console itself behind an :class:`Output` (a test may put a plain one in its place)."""
    return console.console if isinstance(console, Output) else console


err = Output(stderr=True)


def escape(text: str) -> str:
    """Text with rich markup escaped (:func:`rich.markup.escape`, imported on first use)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


class Bar:
    """A progress bar's handle: :meth:`step` moves it on, :meth:`say` tells what is being done.
    Without a terminal there is no bar (``progress`` is None) and every call does nothing."""

    def __init__(self, progress: Progress | None, task: Any) -> None:
        self.progress, self.task = progress, task

    def step(self, done: int = 1, total: int | None = None) -> None:
        if self.progress is None:
            return
        if total is not None:
            self.progress.update(self.task, total=total)
        self.progress.advance(self.task, done)

    def at(self, done: int, total: int, what: str) -> None:
        """``done`` of ``total`` steps are done; the next is ``what``."""
        if self.progress is not None:
            self.progress.update(self.task, completed=done, total=total, description=what)

    def say(self, what: str) -> None:
        if self.progress is not None:
            self.progress.update(self.task, description=what)


@contextmanager
def progress_bar(what: str, total: int | None = None, counted: bool = True) -> Iterator[Bar]:
    """A progress bar on standard error while a slow command works (only on a terminal; it is
    gone when the work is done, so the command's own output stays as it was). ``counted``: show
    the steps done of the total (else a pulsing bar and the time taken)."""
    console = real_console(err)
    if not console.is_terminal:  # rich.progress is not even imported
        yield Bar(None, None)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(),
               *([MofNCompleteColumn()] if counted else []), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        yield Bar(progress, progress.add_task(what, total=total))


StoreOption = Annotated[
    str | None,
    typer.Option("--store", envvar="DCGKG_STORE",
                 help="Store: a directory, ':memory:' (the bundled graph, built in memory), "
                      "or a SPARQL endpoint URL."),
]


def plain(text: str | None) -> str | None:
    r"""A docstring or option help as a user reads it: no reST markup (double back-quotes, roles),
    and a paragraph's single line breaks joined (the help wraps to the terminal).

    >>> plain("Run it; ``--param k=v`` binds ?k,\n see :ref:`library`.\n\nNext.")
    'Run it; --param k=v binds ?k, see library.\n\nNext.'
    """
    if text is None:
        return None
    text = re.sub(r":\w+:`([^`<]*?)(?:\s*<[^>]*>)?`", r"\1", text)
    text = re.sub(r"``([^`]*)``", r"\1", text)
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


class ReadableHelp:
    """What every command's help shares: a flag shows no value (``--json``, not ``--json <bool>``),
    arguments read ``FILE`` / ``[ARG]`` in the usage line, help texts carry no reST, and help
    printed into a closed pipe (``dcgkg --help | head -1``) ends with exit 0."""

    help: str | None
    params: list[Any]

    def _tidy(self) -> None:
        self.help = plain(self.help)
        for param in self.params:
            param.help = plain(param.help)

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)  # type: ignore[misc]
        _plain_values(params)  # --help included
        for param in params:
            if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
                param.metavar = ""  # the help's type column shows the metavar: nothing for a flag
            elif isinstance(param, TyperArgument) and param.metavar is None:
                param.metavar = param.name.upper()
        return params

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                old = param.get_usage_pieces(ctx)[0]
                name = param.name.upper() + ("..." if param.nargs != 1 else "")
                pieces[pieces.index(old)] = name if param.required else f"[{name}]"
        return pieces

    def format_help(self, ctx: Any, formatter: Any) -> None:
        try:
            super().format_help(ctx, formatter)  # type: ignore[misc]
        except SystemExit as exc:  # rich's console exits 1 on a closed pipe
            if isinstance(exc.__context__, BrokenPipeError):
                raise typer.Exit(0) from None
            raise


def _plain_values(params: list[Any]) -> None:
    """Let the ``str``, ``list[str]`` and ``bool`` parameters take their values without pydantic.

    Typer (0.29) coerces every value through a pydantic ``TypeAdapter``, so that each command
    loads pydantic (a tenth of a second) even when all it takes is text. Given a text for a
    ``str`` (texts for a ``list[str]``, a bool for a ``bool``), that adapter returns it as it is
    (the texts as a list), which is what this does; any other value, or a parameter with a
    parser, goes the adapter's way. With a Typer that coerces otherwise, this changes nothing.
    """
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:
        return

    class PlainText(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if isinstance(value, self.annotation if self.annotation in (str, bool) else ()):
                return value
            if self.annotation == list[str] and isinstance(value, list | tuple) and all(
                    isinstance(item, str) for item in value):
                return list(value)
            return build_runtime_param(param.type_descriptor)._coerce_value(value, param=param, ctx=ctx)

    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if (descriptor is not None and getattr(param, "_runtime_param", False) is None
                and descriptor.annotation in (str, bool, list[str])
                and descriptor.parameter_info.parser is None):
            try:
                param._runtime_param = PlainText(descriptor.parameter_info, descriptor.annotation)
            except TypeError:  # a Typer whose RuntimeParam is built otherwise: its own way, then
                return


class Command(ReadableHelp, TyperCommand):
    """A ``dcgkg`` command (see :class:`ReadableHelp`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._tidy()


class Commands(ReadableHelp, TyperGroup):
    """The command group. When the reader of the output goes away (``dcgkg coverage | head -1``),
    the command ends quietly with exit 0, whatever it was printing."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._tidy()

    def invoke(self, ctx: Any) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a buffered print fails here, not at interpreter exit
        except BrokenPipeError:
            _discard_stdout()
            raise typer.Exit(0) from None
        return result


class App(typer.Typer):
    """The Typer app; its commands are :class:`Command` unless told otherwise."""

    def command(self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any) -> Any:
        return super().command(*args, cls=cls or Command, **kwargs)


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


app = App(
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
    from importlib.metadata import PackageNotFoundError, version

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
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)
