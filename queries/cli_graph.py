"""Commands that build, query, validate and clean the graph: ``build``, ``sparql``, ``validate``, ``gc``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from queries import library
from queries.cli_app import Output, StoreOption, app, escape, fail, progress_bar
from queries.names import UnknownName, unknown_terms

if TYPE_CHECKING:
    from rich.table import Table

    from kg.build import BuildReport
    from kg.store import Store
    from kg.store.garbage import Freed

out = Output()
err = Output(stderr=True)

WaitOption = Annotated[str | None, typer.Option(  # text, read by _seconds (typer's numbers load pydantic)
    "--wait", metavar="SECONDS",
    help="How long to wait for another build of the same store to finish (default 300; 0: not at all).")]


@app.command("build")
def build_command(
    corpus: Annotated[list[str] | None, typer.Option(
        "--corpus", metavar="<dir>", help="A folder laid out like shared/corpus (repeatable).")] = None,
    pages: Annotated[list[str] | None, typer.Option(
        "--pages", metavar="<path>",
        help="A wiki page in the seeds' shape, or a folder of them (repeatable).")] = None,
    store: StoreOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable summary.")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="Read every source again, even those unchanged since the last build.")] = False,
    wait: WaitOption = None,
) -> None:
    """Build the graph from the bundled sources plus any corpus folders and wiki pages.

    Into a store on disk, only sources changed since the last build are read again, and a build
    with nothing changed writes nothing (it says "unchanged"). One build at a time writes a
    store: another waits for it (--wait); what killed builds left is removed first.
    """
    from kg.build_plan import Inputs

    inputs = Inputs(corpus=[Path(c) for c in corpus or []], pages=[Path(p) for p in pages or []])
    for page in inputs.pages:
        if not page.exists():
            fail(f"{page}: no such file or folder (--pages)")
    if not force and (recorded := _recorded(store, inputs)) is not None:  # answered without the ingesters
        _tidy(Path(recorded["store"]))
        _say_unchanged(recorded, as_json)
        return
    from ingest.common import IngestError
    from kg.build import build
    from kg.store import StoreError, open_store
    from kg.store.lock import StoreBusy

    try:
        target = open_store(store)
        with _writing(target, wait), progress_bar("building the graph", counted=False) as bar:
            report = build(target, inputs, progress=bar.say, force=force)
    except IngestError as exc:
        fail(f"{exc.problem}; the previous graph is unchanged")
    except StoreBusy as exc:
        fail(f"{exc}; try again once it is done, or give --wait SECONDS")
    except StoreError as exc:
        fail(str(exc))
    if as_json or report.unchanged:
        _say_unchanged(report.model_dump(mode="json"), as_json)
        return
    out.print(_build_table(report))
    _say_problems([str(p) for p in report.problems])


@contextmanager
def _writing(target: Store, wait: str | None) -> Iterator[None]:
    """Hold an on-disk store's lock (telling when another build has to be waited for) and remove
    what killed builds left in it; nothing for a store in memory or on a server."""
    from kg.store import OxigraphStore
    from kg.store.lock import DEFAULT_WAIT

    if not isinstance(target, OxigraphStore) or target.root is None:
        yield
        return
    with target.locked(_seconds(wait, DEFAULT_WAIT), say=_warn):
        _say_freed(target.collect_garbage(), target.root)
        yield


def _seconds(wait: str | None, default: float) -> float:
    """The --wait value in seconds (``default`` when not given); exit 2 on one that is not."""
    if wait is None:
        return default
    try:
        seconds = float(wait)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):
        fail(f"--wait takes a number of seconds (0 or more), not {wait!r}")
    return seconds


def _tidy(root: Path) -> None:
    """Remove what killed builds left in a store an unchanged build does not write (skipped while
    another build holds the store: that build removes it)."""
    from kg.store import OxigraphStore, StoreError

    try:
        _say_freed(OxigraphStore(root, create=False).collect_garbage(wait=0), root)
    except (StoreError, OSError):
        return


def _say_freed(freed: Freed, root: Path) -> None:
    if freed:
        err.print(f"removed what killed builds left in {root}: {freed.summary()}",
                  highlight=False, soft_wrap=True)


def _warn(message: str) -> None:
    err.print(f"[yellow]{escape(message)}[/]", highlight=False, soft_wrap=True)


def _recorded(store: str | None, inputs: Any) -> dict[str, Any] | None:
    """The recorded report when the on-disk store was built from exactly these inputs (kg.build_plan)."""
    from kg.build_plan import recorded_build
    from kg.store import on_disk, resolve_location

    location = resolve_location(store)
    return recorded_build(Path(location), inputs) if on_disk(location) else None


def _say_unchanged(report: dict[str, Any], as_json: bool) -> None:
    """A report as JSON, or an unchanged build's line (and its problems, as the build printed them)."""
    if as_json:
        print(json.dumps(report, indent=2))
        return
    out.print(f"{report['store']} is unchanged: nothing changed since the last build "
              f"({report['triples']:,} triples; --force rebuilds)", highlight=False)
    _say_problems([f"{p['file']}: {p['where']}: {p['message']} ({p['action']})" for p in report["problems"]])


def _say_problems(problems: list[str]) -> None:
    if problems:
        err.print(f"[yellow]{len(problems)} problem(s):[/]")
        for problem in problems[:50]:
            err.print(f"  {problem}", highlight=False, markup=False)
        if len(problems) > 50:
            err.print(f"  ... and {len(problems) - 50} more (see --json)")


def _build_table(report: BuildReport) -> Table:
    from rich.table import Table

    reused = f", {len(report.reused)} unchanged source(s) reused" if report.reused else ""
    table = Table(title=f"built {report.store} in {report.seconds}s{reused}")
    table.add_column("loaded")
    table.add_column("count", justify="right")
    totals: dict[str, int] = {}
    for counts in report.sources.values():
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    for key in sorted(totals):
        table.add_row(key.replace("_", " "), f"{totals[key]:,}")  # bundled rule sections
    table.add_row("triples", f"{report.triples:,}")
    return table


@app.command("sparql")
def sparql_command(
    query: Annotated[str | None, typer.Argument(
        help="A SPARQL query, a .rq file, or the name of a library query (see --list).")] = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", "-p", metavar="<name=value>",
        help="NAME=VALUE for the query's parameters (repeatable).")] = None,
    list_queries: Annotated[bool, typer.Option("--list", help="List the named queries.")] = False,
    store: StoreOption = None,
    fmt: Annotated[str, typer.Option("--format", help="table, json or csv")] = "table",
    allow_service: Annotated[list[str] | None, typer.Option(
        "--allow-service", metavar="URL", help="A SERVICE endpoint the query may call (repeatable).")] = None,
    timeout: Annotated[str, typer.Option(
        "--timeout", metavar="SECONDS", help="Stop the query after this long (default 30).")] = "30",
    max_rows: Annotated[str, typer.Option(
        "--max-rows", metavar="N", help="Show at most N rows, then say so (default 10000; 0: all).")
    ] = "10000",
    max_memory_mb: Annotated[str, typer.Option(
        "--max-memory-mb", metavar="MB",
        help="Stop a query that needs more memory (default 1000; 0: no bound).")] = "1000",
) -> None:
    """Run a SPARQL 1.1 query; the standard prefixes and dcg: are predeclared.

    Library queries and .rq files declare parameters in their header (# @param keyword Keyword);
    --param keyword=Piercing binds ?keyword to dcg:Piercing. dcgkg sparql --list names them.

    Tables show IRIs as prefixed names (dcg:AllTurns); a syntax error says where and what was
    expected; a dcg: term the vocabulary does not have is named, with its closest term.

    The query runs in a child process that is stopped after --timeout seconds or when it needs
    more than --max-memory-mb; an answer of more than --max-rows rows shows that many, says so
    and exits 2.
    """
    from kg.store import StoreError, bind
    from queries.bounded_query import Bounds, QueryBounded, run_bounded
    from queries.graph_store import open_graph_store
    from queries.sparql_guard import QueryRefused, check

    if list_queries:
        out.print(library_table())
        return
    if query is None:
        fail("give a query, a .rq file or a query name (dcgkg sparql --list shows the names)")
    if fmt not in ("table", "json", "csv"):
        fail(f"--format must be table, json or csv, not {fmt!r}")
    seconds = _number("--timeout", timeout, float)
    rows, memory = _number("--max-rows", max_rows, int), _number("--max-memory-mb", max_memory_mb, int)
    if seconds <= 0:
        fail(f"--timeout must be above 0 seconds, not {timeout}")
    bounds = Bounds(timeout=seconds, max_memory=memory * 1_000_000, max_rows=rows or None)
    hints: list[str] = []
    try:
        named = _named_query(query)
        hints = unknown_terms(named.text)
        target = open_graph_store(store)
        check(named.text, allowed_services=allow_service or ())  # before any parser sees it
        values = library.bindings(target, named, library.parse_params(param or []))
        with progress_bar("querying", counted=False):
            answer = run_bounded(target, bind(named.text, values), fmt, bounds)
    except (StoreError, library.QueryError, UnknownName, QueryRefused, QueryBounded) as exc:
        fail("\n".join([str(exc), *(f"hint: {hint}" for hint in hints)]))
    for hint in hints:
        err.print(f"[yellow]warning:[/] {escape(hint)}", highlight=False, soft_wrap=True)
    print(answer.text, end="")
    if answer.cut_at is not None:
        fail(f"the answer has more than {answer.cut_at:,} rows: only the first {answer.cut_at:,} are shown "
             "(--max-rows N shows more, --max-rows 0 all)")


def _number(option: str, text: str, kind: type[float] | type[int]) -> float | int:
    """An option's number (read as text: typer's number options load pydantic); exit 2 if it is none."""
    try:
        value = kind(text)
    except ValueError:
        fail(f"{option} must be {'a number' if kind is float else 'a whole number'}, not {text!r}")
    if value < 0 or value != value or value == float("inf"):
        fail(f"{option} must be a finite number, 0 or more, not {text}")
    return value


def _named_query(query: str) -> library.NamedQuery:
    """The query a ``sparql`` argument names: a library query, a .rq file, or SPARQL text."""
    if query.endswith(".rq"):
        try:
            return library.parse(Path(query).stem, Path(query).read_text(encoding="utf-8"), Path(query))
        except OSError as exc:
            raise library.QueryError(f"{query}: cannot read: {exc.strerror}") from None
    if query in library.library() or re.fullmatch(r"[\w-]+", query):
        return library.query(query)
    return library.parse("query", query)


def library_table() -> Table:
    """The named queries with their parameters and what they answer."""
    from rich.table import Table

    table = Table("name", "parameters", "answers", title="named queries (dcgkg sparql NAME --param k=v)")
    for named in library.library().values():
        params = ", ".join(f"{p.name} ({p.kind})" for p in named.params.values())
        table.add_row(named.name, params, named.description.split(". ")[0].rstrip("."))
    return table


@app.command("validate")
def validate_command(store: StoreOption = None) -> None:
    """Check the graph against the SHACL shapes and list every violation."""
    from kg.store import StoreError
    from kg.validate import validate  # lazy: pyshacl is slow to load, and --help need not wait
    from queries.graph_store import open_graph_store

    try:
        with progress_bar("checking the graph against the SHACL shapes") as bar:
            violations = validate(open_graph_store(store), progress=lambda done, total, cls: bar.at(
                done, total, f"checking every {cls}"))
    except StoreError as exc:
        fail(str(exc))
    if not violations:
        out.print("[green]valid:[/] no SHACL violations")
        return
    for violation in violations:
        out.print(str(violation), highlight=False, markup=False)
    fail(f"{len(violations)} SHACL violation(s)", code=1)


@app.command("gc")
def gc_command(store: StoreOption = None, wait: WaitOption = None) -> None:
    """Remove what killed builds left in a store: generations CURRENT does not name, temporary files.

    Prints each folder and file removed and the bytes freed. A build of the store that is running
    is waited for (--wait), never disturbed; the live graph is never touched.
    """
    from kg.store import OxigraphStore, StoreError, on_disk, resolve_location
    from kg.store.garbage import megabytes
    from kg.store.lock import DEFAULT_WAIT, StoreBusy

    location = resolve_location(store)
    if not on_disk(location):
        fail(f"gc cleans a store on disk, not {location}")
    root = Path(location)
    if not root.is_dir():
        fail(f"{root}: no such store (no folder there)")
    try:
        freed = OxigraphStore(root, create=False).collect_garbage(
            _seconds(wait, DEFAULT_WAIT), say=_warn)
    except StoreBusy as exc:
        fail(f"{exc}; nothing removed (try again once it is done, or give --wait SECONDS)")
    except StoreError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot clean {root}: {exc.filename}: {exc.strerror}")
    for path, size in (*freed.folders, *freed.files):
        out.print(f"removed {path} ({megabytes(size)})", highlight=False, markup=False, soft_wrap=True)
    if freed:
        out.print(f"{root}: freed {freed.summary()}", highlight=False, markup=False, soft_wrap=True)
    else:
        out.print(f"{root}: nothing to remove (no generation but the live one, no temporary file)",
                  highlight=False, markup=False, soft_wrap=True)
