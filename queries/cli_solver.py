"""Commands that run scenarios through the rules: ``simulate`` and ``triggers``."""

from __future__ import annotations

import json
import sys
import textwrap
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from queries.cli_app import Output, StoreOption, app, escape, fail

if TYPE_CHECKING:
    from kg.store import Store
    from queries.report_words import ReportWords

out = Output()
err = Output(stderr=True)

FileArg = Annotated[Path, typer.Argument(help="A scenario file (YAML or JSON), see spec/scenario.md.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the JSON report.")]


def _store(spec: str | None) -> Store:
    """The store to resolve card numbers in (``:memory:``: the bundled graph, built first); the
    bundled graph in memory if the directory holds no graph yet."""
    from kg.store import MEMORY
    from queries.graph_store import open_graph_store

    store = open_graph_store(spec, create=True)
    if getattr(store, "is_built", True):
        return store
    err.print(f"[yellow]no graph at {store.location}: using the bundled cards only "
              "(run 'dcgkg build' for the full corpus)[/]")
    return open_graph_store(MEMORY)


def _run(task: Callable[[], Any]) -> Any:
    """Exit 2 for a refused file or a store that cannot answer, 1 for anything else that goes
    wrong (a bug)."""
    from kg.solver.registry import UnboundCode
    from kg.solver.scenario import ScenarioError
    from kg.store import StoreError

    try:
        return task()
    except (ScenarioError, UnboundCode) as exc:  # a refused file, or a graph the solver cannot bind
        fail(str(exc), code=2)
    except StoreError as exc:  # a server that times out or refuses: its words, no traceback
        fail(f"the store could not answer: {exc}", code=2)
    except Exception as exc:  # noqa: BLE001 - any other failure is an internal error
        err.print(traceback.format_exc(), highlight=False)
        fail(f"internal error: {exc}", code=1)


def unsupported_of(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``unsupported`` entries of a report, or of every branch of an ``--all-orders`` result,
    each once, in the order first met.

    >>> entry = {"label": "a/X-1/OnPlay", "part": "action", "text": "Play 1 card", "why": "not yet"}
    >>> unsupported_of({"branches": [{"report": {"unsupported": [entry]}},
    ...                              {"report": {"unsupported": [entry]}}]}) == [entry]
    True
    >>> unsupported_of({"unsupported": []})
    []
    """
    reports = [b["report"] for b in result["branches"]] if "branches" in result else [result]
    found: list[dict[str, Any]] = []
    for report in reports:
        found.extend(e for e in report.get("unsupported", []) if e not in found)
    return found


@app.command("simulate")
def simulate_command(
    file: FileArg,
    as_json: JsonOption = False,
    all_orders: Annotated[bool, typer.Option(
        "--all-orders", help="Explore every answer to every order choice and compare.")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Exit 3 when the engine could not carry out part of the scenario "
                         "(the report's 'unsupported' list is not empty).")] = False,
    store: StoreOption = None,
) -> None:
    """Run a scenario through the rules and report what triggered, in what order, and why.

    When the engine could not carry out part of the scenario, the readable report says so
    first (INCOMPLETE: ...) and --strict exits 3.
    """
    from kg.solver.scenario import load_scenario
    from kg.solver.simulate import simulate  # lazy: the solver is slow to load, --help need not wait

    opened: dict[str, Any] = {}

    def task() -> dict[str, Any]:
        opened["scenario"] = scenario = load_scenario(file)
        opened["store"] = graph = _store(store)
        return simulate(graph, scenario, all_orders=all_orders)

    result = _run(task)
    unsupported = unsupported_of(result)
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    elif all_orders:
        _show_branches(result, unsupported)
    else:
        _show_report(result, unsupported, _words(opened, result))
    if strict and unsupported:
        sys.stdout.flush()  # the report first, then the reason for the exit status
        err.print(f"incomplete: {len(unsupported)} unsupported part(s); exit 3 (--strict)", highlight=False)
        raise typer.Exit(3)


@app.command("triggers")
def triggers_command(file: FileArg, store: StoreOption = None, as_json: JsonOption = False) -> None:
    """Show each batch of simultaneous triggers and the rules that order it."""
    from kg.solver.scenario import load_scenario
    from kg.solver.simulate import simulate  # lazy: the solver is slow to load, --help need not wait

    opened: dict[str, Any] = {}

    def task() -> dict[str, Any]:
        opened["scenario"] = scenario = load_scenario(file)
        opened["store"] = graph = _store(store)
        return simulate(graph, scenario)

    result = _run(task)
    batches, unsupported = result["batches"], unsupported_of(result)
    if as_json:
        if unsupported:  # the JSON is the list of batches; the warning goes to standard error
            err.print(f"INCOMPLETE: the engine could not carry out {len(unsupported)} part(s) of this "
                      "scenario; the batches may be wrong (see 'dcgkg simulate --json', key "
                      "'unsupported')", highlight=False, markup=False, soft_wrap=True)
        print(json.dumps(batches, indent=2, ensure_ascii=False))
        return
    _show_incomplete(unsupported, "the batches below may be wrong")
    words = _words(opened, result)
    for batch in numbered_batches(result):
        if "kind" in batch:  # a number the report's effects carry, but no trigger batch
            _say(f"batch {batch['batch']}: {batch['label']}: {batch['kind']} effect, activated at once "
                 "(not a batch of triggers)", style="bold")
            _say(words.effect(batch), 2, hang=2)
            continue
        _say(f"batch {batch['batch']}: {words.event(batch['event'])}", style="bold")
        _say("triggered: " + ", ".join(batch["effects"]), 2, hang=11)
        for label in dict.fromkeys(batch["effects"]):
            _say(f"{label}: {words.effect({'label': label})}", 4, hang=4)
        for c in batch["constraints"]:
            order = f": {c['before']} before {c['after']}" if c["before"] else \
                (f": {c['after']}" if c["after"] else "")
            _say(c["rule"] + order, 2)
            _cites(c["cites"], 4)
    if not batches:
        out.print("nothing triggered")


def numbered_batches(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The report's trigger batches and, under their own numbers, the effects that took a batch
    number without triggering (an activation-type [Main] or [Counter], an immediate effect, a
    [Security] effect: CR 15-8-4, 15-8-5), in number order, so the numbers read as in ``simulate``.

    >>> numbered_batches({"batches": [{"batch": 2, "effects": ["x/Y/P"]}],
    ...                   "effects": [{"label": "A/Z/Main", "batch": 1, "kind": "activation"},
    ...                               {"label": "x/Y/P", "batch": 2, "kind": "trigger"}]})
    [{'batch': 1, 'label': 'A/Z/Main', 'kind': 'activation'}, {'batch': 2, 'effects': ['x/Y/P']}]
    """
    found = {b["batch"]: b for b in report["batches"]}
    for e in report["effects"]:
        if e["batch"] is not None and e["batch"] not in found:
            found[e["batch"]] = {"batch": e["batch"], "label": e["label"], "kind": e["kind"]}
    return [found[n] for n in sorted(found)]


def _words(opened: dict[str, Any], report: dict[str, Any]) -> ReportWords:
    """The readable names for this report's labels (the graph's, and the scenario's own cards)."""
    from queries.report_words import ReportWords, label_numbers

    own = {n: c.name for n, c in opened["scenario"].cards.items() if c.name}
    return ReportWords.of(opened["store"], label_numbers(report), own)


def _say(text: str, indent: int = 0, hang: int = 2, style: str = "") -> None:
    """Print plain text wrapped to the terminal, continuation lines indented further."""
    from rich.text import Text

    width = max(40, out.width)
    lines = textwrap.wrap(text, width, initial_indent=" " * indent,
                          subsequent_indent=" " * (indent + hang), break_on_hyphens=False) or [""]
    for line in lines:
        out.print(Text(line, style=style), soft_wrap=True)


def _cites(cites: list[str], indent: int) -> None:
    if cites:
        _say("cites: " + ", ".join(cites), indent, hang=7, style="dim")


def _show_incomplete(unsupported: list[dict[str, Any]],
                     consequence: str = "the answer below may be wrong") -> None:
    """Say first, plainly, that the answer is incomplete, and what the engine could not carry out."""
    if not unsupported:
        return
    _say(f"INCOMPLETE: the engine could not carry out {len(unsupported)} part(s) of this scenario; "
         f"{consequence}:", hang=2, style="bold red")
    for entry in unsupported:
        _say(f"- {entry['label'] or 'a rule step'}, {entry['part']}: \"{entry['text']}\"", 2, hang=2)
        _say(f"why: {entry['why']}", 4, hang=5)
    out.print()


def _show_report(report: dict[str, Any], unsupported: list[dict[str, Any]],
                 words: ReportWords | None = None) -> None:
    from rich.text import Text

    _show_incomplete(unsupported)
    out.rule(f"[bold]{escape(report['scenario'])}[/]")
    for key in ("title", "source"):
        if report.get(key):
            _say(f"{key}: {report[key]}", hang=len(key) + 2)
    out.print()
    out.print(Text("effects, in the order they resolved", style="bold"))
    for n, e in enumerate(report["effects"], 1):
        style = {"activated": "green", "fizzled": "yellow", "prevented": "magenta"}.get(e["status"], "")
        line = Text(f"{n:>3}. {e['label']}  ")
        line.append(e["status"], style=style)
        out.print(line, soft_wrap=True)
        if words is not None:
            _say(words.effect(e), 5, hang=2)
        _say(f"player {e['player']}, batch {e['batch']}, {e['kind']}", 5)
        if e.get("reads"):
            _say(f"reads: {e['reads']}", 5, hang=7)
        if e.get("reason"):
            _say(f"why: {e['reason']}", 5, hang=5)
        _cites(e["cites"], 5)
    if not report["effects"]:
        _say("nothing triggered", 5)
    out.print()
    checks = ", ".join(f"{p}: {n}" for p, n in report["security_checks"].items())
    for key, value in (("security checks", checks), ("deleted", ", ".join(report["deleted"]) or "-"),
                       ("winner", report["winner"] or "-"), ("memory", str(report["memory"]))):
        _say(f"{key:<16} {value}", hang=17)
    for player, side in report["final"].items():
        _say(f"player {player}: security {side['security']}, trash {len(side['trash'])}, "
             f"hand {len(side['hand'])}, deck {side['deck']}")
        for stack in side["battle_area"]:
            _say(f"{stack['id']} [{' '.join(stack['stack'])}] {stack['dp']} DP"
                 + (", suspended" if stack["suspended"] else ""), 5)
    if report["decisions"]:
        out.print()
        out.print(Text("decisions, in the order they were taken", style="bold"))
    for n, d in enumerate(report["decisions"], 1):
        _say(f"{n:>3}. {decision_words(d)}", hang=5)
    for line in report["illegal_actions"]:
        _say(f"refused: {line['action']}: {line['reason']}", hang=9, style="red")
    out.rule("log")
    for step in report["steps"]:
        _say(step["text"])
        _cites(step["cites"], 4)


def decision_words(d: dict[str, Any]) -> str:
    """One decision of the report in words: who chose what, among which options, and whether the
    file or the default answered it.

    >>> decision_words({"kind": "order", "player": "A", "options": ["a/X/P", "a/Y/Q"],
    ...                 "chosen": "a/Y/Q", "by": "file"})
    'order (player A): a/Y/Q, of a/X/P | a/Y/Q (from the file)'
    >>> decision_words({"kind": "optional", "player": "A", "options": ["o/X/AllTurns"],
    ...                 "chosen": "yes", "by": "default"})
    'use o/X/AllTurns? (player A): yes, of yes | no (the default)'
    >>> decision_words({"kind": "targets", "player": "A", "options": ["small"], "chosen": ["small"],
    ...                 "by": "default", "effect": "A/ST3-14/Main", "choice": 1, "forced": True})
    'targets of A/ST3-14/Main, choice 1 (player A): small, of small (the only legal choice)'
    >>> decision_words({"kind": "block", "chosen": "devimon", "by": "file", "used": False})
    'block: devimon (from the file; unused: the rules never asked for it)'
    """
    chosen = d["chosen"]
    chosen = ", ".join(chosen) or "nothing" if isinstance(chosen, list) else str(chosen)
    if d.get("used") is False:
        return f"{d['kind']}: {chosen} (from the file; unused: the rules never asked for it)"
    what = {"optional": f"use {d['options'][0]}?" if d.get("options") else "optional",
            "targets": f"targets of {d.get('effect')}, choice {d.get('choice')}",
            "modes": f"effects of {d.get('effect')} to activate",
            "breeding": f"breeding area ({d.get('stack')})"}.get(d["kind"], d["kind"])
    options = ["yes", "no"] if d["kind"] == "optional" else d.get("options", [])
    by = {"file": "from the file", "default": "the default", "branch": "this branch"}.get(d["by"], d["by"])
    if d.get("forced"):
        by = "the only legal choice"
    return f"{what} (player {d.get('player', '?')}): {chosen}, of {' | '.join(map(str, options))} ({by})"


def _show_branches(result: dict[str, Any], unsupported: list[dict[str, Any]]) -> None:
    _show_incomplete(unsupported, "the branches below may be wrong")
    out.rule(f"[bold]{escape(result['scenario'])}[/]: {len(result['branches'])} branch(es)")
    for n, branch in enumerate(result["branches"], 1):
        report = branch["report"]
        chosen = [d["chosen"] for d in branch["decisions"]
                  if d["kind"] == "order" and d.get("used") is not False]
        _say(f"branch {n}: order {' > '.join(map(str, chosen)) or '(no choice)'}", hang=4)
        _say(f"deleted {', '.join(report['deleted']) or '-'}; checks "
             f"{', '.join(f'{p}: {c}' for p, c in report['security_checks'].items())}; "
             f"winner {report['winner'] or '-'}; memory {report['memory']}", 4)
    _say(f"differs in: {', '.join(result['differs_in']) or 'nothing'}", hang=4)
