"""Commands that run scenarios through the rules: ``simulate`` and ``triggers``."""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from queries.cli import StoreOption, app, fail

out = Console()
err = Console(stderr=True)

FileArg = Annotated[Path, typer.Argument(help="A scenario file (YAML or JSON), see spec/scenario.md.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the JSON report.")]


def _store(spec: str | None) -> Any:
    """The store to resolve card numbers in; a bundled graph in memory if none was built yet."""
    from kg.build import Inputs, build
    from kg.store import open_store

    store = open_store(spec)
    if getattr(store, "is_built", True):
        return store
    err.print(f"[yellow]no graph at {store.location}: using the bundled cards only "
              "(run 'dcgkg build' for the full corpus)[/]")
    memory = open_store(":memory:")
    build(memory, Inputs(corpus=[], pages=[]))
    return memory


def _run(task: Callable[[], Any]) -> Any:
    """Exit 2 for a refused file, 1 for anything else that goes wrong (a bug)."""
    from kg.scenario import ScenarioError

    try:
        return task()
    except ScenarioError as exc:
        fail(str(exc), code=2)
    except Exception as exc:  # noqa: BLE001 - any other failure is an internal error
        err.print(traceback.format_exc(), highlight=False)
        fail(f"internal error: {exc}", code=1)


@app.command("simulate")
def simulate_command(
    file: FileArg,
    as_json: JsonOption = False,
    all_orders: Annotated[bool, typer.Option(
        "--all-orders", help="Explore every answer to every order choice and compare.")] = False,
    store: StoreOption = None,
) -> None:
    """Run a scenario through the rules and report what triggered, in what order, and why."""
    from kg.simulate import load_scenario, simulate

    def task() -> dict[str, Any]:
        scenario = load_scenario(file)
        return simulate(_store(store), scenario, all_orders=all_orders)

    result = _run(task)
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    elif all_orders:
        _show_branches(result)
    else:
        _show_report(result)


@app.command("triggers")
def triggers_command(file: FileArg, store: StoreOption = None, as_json: JsonOption = False) -> None:
    """Show each batch of simultaneous triggers and the rules that order it."""
    from kg.simulate import load_scenario, trigger_batches

    batches = _run(lambda: trigger_batches(_store(store), load_scenario(file)))
    if as_json:
        print(json.dumps(batches, indent=2, ensure_ascii=False))
        return
    for batch in batches:
        table = Table(title=f"batch {batch['batch']}: {batch['event']}", title_justify="left")
        table.add_column("constraint")
        table.add_column("before", no_wrap=True)
        table.add_column("after", no_wrap=True)
        table.add_column("cites")
        for c in batch["constraints"]:
            table.add_row(c["rule"], c["before"] or "", c["after"] or "", ", ".join(c["cites"]))
        out.print(table)
        out.print("  triggered: " + ", ".join(batch["effects"]))
    if not batches:
        out.print("nothing triggered")


def _show_report(report: dict[str, Any]) -> None:
    out.rule(f"[bold]{report['scenario']}[/] {report.get('title', '')}")
    table = Table(title="effects, in the order they resolved", title_justify="left")
    for column in ("#", "effect", "player", "batch", "kind", "status"):
        table.add_column(column, no_wrap=True)
    table.add_column("cites")
    for n, e in enumerate(report["effects"], 1):
        style = {"activated": "green", "fizzled": "yellow", "prevented": "magenta"}.get(e["status"], "")
        table.add_row(str(n), e["label"], e["player"], str(e["batch"]), e["kind"],
                      f"[{style}]{e['status']}[/]" if style else e["status"], ", ".join(e["cites"]))
    out.print(table)
    checks = ", ".join(f"{p}: {n}" for p, n in report["security_checks"].items())
    out.print(f"security checks  {checks}")
    out.print(f"deleted          {', '.join(report['deleted']) or '-'}")
    out.print(f"winner           {report['winner'] or '-'}")
    out.print(f"memory           {report['memory']}")
    for player, side in report["final"].items():
        board = "; ".join(f"{s['id']} [{' '.join(s['stack'])}] {s['dp']} DP"
                          + (" suspended" if s["suspended"] else "") for s in side["battle_area"])
        out.print(f"player {player}         {board or 'no Digimon'} | security {side['security']} | "
                  f"trash {len(side['trash'])} | hand {len(side['hand'])} | deck {side['deck']}")
    for d in report["decisions"]:
        out.print(f"decision         {d['kind']}: {d['chosen']} ({d['by']}"
                  + (", unused" if d.get("used") is False else "") + ")")
    for line in report["illegal_actions"]:
        out.print(f"[red]refused[/]          {line['action']}: {line['reason']}")
    out.rule("log")
    for line in report["log"]:
        out.print(line, highlight=False)


def _show_branches(result: dict[str, Any]) -> None:
    out.rule(f"[bold]{result['scenario']}[/]: {len(result['branches'])} branch(es)")
    for n, branch in enumerate(result["branches"], 1):
        report = branch["report"]
        chosen = [d["chosen"] for d in branch["decisions"]
                  if d["kind"] == "order" and d.get("used") is not False]
        out.print(f"branch {n}: order {' > '.join(map(str, chosen)) or '(no choice)'} -> "
                  f"deleted {report['deleted']}, checks {report['security_checks']}, "
                  f"winner {report['winner']}")
    out.print(f"differs in: {', '.join(result['differs_in']) or 'nothing'}")
