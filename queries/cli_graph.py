"""Commands that build, query and validate the graph: ``build``, ``sparql``, ``validate``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ingest.common import IngestError
from kg.build import Inputs, build
from kg.store import StoreError, open_store
from queries.cli import StoreOption, app, fail
from queries.results import render_select

out = Console()
err = Console(stderr=True)


@app.command("build")
def build_command(
    corpus: Annotated[list[Path] | None, typer.Option(
        "--corpus", help="A folder laid out like shared/corpus (repeatable).")] = None,
    pages: Annotated[list[Path] | None, typer.Option(
        "--pages", help="A wiki page in the seeds' shape, or a folder of them (repeatable).")] = None,
    store: StoreOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable summary.")] = False,
) -> None:
    """Build the graph from the bundled sources plus any corpus folders and wiki pages."""
    inputs = Inputs(corpus=list(corpus or []), pages=list(pages or []))
    for page in inputs.pages:
        if not page.exists():
            fail(f"{page}: no such file or folder (--pages)")
    try:
        target = open_store(store)
        with err.status("building") as status:
            report = build(target, inputs, progress=lambda msg: status.update(f"loading {msg}"))
    except IngestError as exc:
        fail(f"{exc.problem}; the previous graph is unchanged")
    except StoreError as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps(report.model_dump(mode="json"), indent=2))
        return
    table = Table(title=f"built {report.store} in {report.seconds}s")
    table.add_column("loaded")
    table.add_column("count", justify="right")
    totals: dict[str, int] = {}
    for counts in report.sources.values():
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    for key in sorted(totals):
        table.add_row(key, f"{totals[key]:,}")
    table.add_row("triples", f"{report.triples:,}")
    out.print(table)
    if report.problems:
        err.print(f"[yellow]{len(report.problems)} problem(s):[/]")
        for problem in report.problems[:50]:
            err.print(f"  {problem}", highlight=False, markup=False)
        if len(report.problems) > 50:
            err.print(f"  ... and {len(report.problems) - 50} more (see --json)")


@app.command("sparql")
def sparql_command(
    query: Annotated[str, typer.Argument(help="A SPARQL query, or a .rq file.")],
    store: StoreOption = None,
    fmt: Annotated[str, typer.Option("--format", help="table, json or csv")] = "table",
) -> None:
    """Run a SPARQL 1.1 query; the standard prefixes and dcg: are predeclared."""
    if fmt not in ("table", "json", "csv"):
        fail(f"--format must be table, json or csv, not {fmt!r}")
    text = query
    if query.endswith(".rq"):
        try:
            text = Path(query).read_text(encoding="utf-8")
        except OSError as exc:
            fail(f"{query}: cannot read: {exc}")
    try:
        target = open_store(store, create=False)
        print(render_select(target, text, fmt), end="")
    except StoreError as exc:
        fail(str(exc))


@app.command("validate")
def validate_command(store: StoreOption = None) -> None:
    """Check the graph against the SHACL shapes and list every violation."""
    from kg.validate import validate

    try:
        violations = validate(open_store(store, create=False))
    except StoreError as exc:
        fail(str(exc))
    if not violations:
        out.print("[green]valid:[/] no SHACL violations")
        return
    for violation in violations:
        out.print(str(violation), highlight=False, markup=False)
    fail(f"{len(violations)} SHACL violation(s)", code=1)
