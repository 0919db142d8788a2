"""``dcgkg coverage``: how much of a card pool the solver can play out, at three levels (trigger
read, fully compiled, executable: every code bound to a handler), with the missing handlers
ranked by the cards each one alone holds back, and the text shapes the compiler does not read."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from queries.cli_app import Bar, Output, app, fail, progress_bar

if TYPE_CHECKING:
    from rich.table import Table

out = Output()
BUNDLED = Path(__file__).resolve().parents[1] / "ingest" / "bundled" / "seed-cards.json"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "cards.json"
TOP = 15
SHAPES = 10  # shapes listed per family


def pool(corpus: Path | None) -> Path:
    """The cards file to measure: the corpus given, else the bundled cards, else the shared corpus."""
    if corpus is not None:
        path = corpus / "cards.json" if corpus.is_dir() else corpus
        if not path.exists():
            fail(f"{path}: no cards.json there (--corpus)")
        return path
    for path in (BUNDLED, SHARED):
        if path.exists():
            return path
    fail("no card pool: give --corpus DIR (a folder holding cards.json)")


def measure(path: Path, bar: Bar | None = None) -> dict[str, Any]:
    """Compile every effect of the cards in ``path`` and count what compiled; ``bar`` moves on
    once a card."""
    from ingest.cards import CardError, parse_card, records_of
    from ingest.common import read_json
    from ingest.effects import compile_card
    from kg.build import ontology_store
    from kg.solver.coverage import Coverage
    from kg.solver.rules_index import solver_index
    from kg.solver.text_families import Uncompiled, failed_parts, shape

    records = records_of(read_json(path))
    if bar is not None:
        bar.step(0, total=len(records))
    index = solver_index(ontology_store())
    levels, uncompiled = Coverage(), Uncompiled()
    counts = Counter(cards=0, effects=0, triggers_compiled=0, actions_compiled=0, skipped=0)
    triggers: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    for raw in records:
        if bar is not None:
            bar.step()
        try:
            card = parse_card(raw)
        except (CardError, KeyError):
            counts["skipped"] += 1
            continue
        counts["cards"] += 1
        compiled_card = compile_card(card.number, **card.texts)
        levels.add_card(index, compiled_card)
        uncompiled.add_card(card.number, compiled_card)
        for effect in compiled_card:
            compiled = effect.compiled
            counts["effects"] += 1
            counts["triggers_compiled"] += compiled.trigger_compiled
            counts["actions_compiled"] += compiled.actions_compiled
            parts = failed_parts(effect)
            for kind, text in parts:
                if kind == "trigger":
                    triggers[shape(text)] += 1
            for found in dict.fromkeys(shape(t) for k, t in parts if k not in ("trigger", "effect")):
                actions[found] += 1
    effects = counts["effects"] or 1
    return {
        "pool": str(path), **counts, **levels.report(TOP),
        "trigger_share": round(counts["triggers_compiled"] / effects, 4),
        "action_share": round(counts["actions_compiled"] / effects, 4),
        "uncompiled_triggers": [{"shape": s, "count": n} for s, n in triggers.most_common(TOP)],
        "uncompiled_actions": [{"shape": s, "count": n} for s, n in actions.most_common(TOP)],
        "uncompiled_families": uncompiled.report(SHAPES),
    }


@app.command("coverage")
def coverage_command(
    corpus: Annotated[Path | None, typer.Option(
        "--corpus", help="A folder holding cards.json (default: the bundled cards).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable report.")] = False,
) -> None:
    """Compile every effect of a card pool; report the share of triggers and actions understood."""
    from rich.table import Table

    from ingest.cards import CardError
    from ingest.common import IngestError

    try:
        with progress_bar("compiling the cards") as bar:
            report = measure(pool(corpus), bar)
    except (IngestError, CardError) as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps(report, indent=2))
        return
    out.print(f"{report['pool']}: {report['cards']:,} cards ({report['cards_with_effects']:,} with effect "
              f"text), {report['effects']:,} effects")
    out.print(f"executable: {report['cards_executable']:,} cards "
              f"({report['card_shares']['executable']:.1%} of those with text) can be played out in full")
    levels = Table(title="three levels: cards (all their effects) and effects")
    for column in ("level", "cards", "share", "effects", "share "):
        levels.add_column(column, justify="left" if column == "level" else "right")
    for key, name in (("trigger_read", "trigger read"), ("compiled", "fully compiled"),
                      ("executable", "executable")):
        levels.add_row(name, f"{report['cards_' + key]:,}", f"{report['card_shares'][key]:.1%}",
                       f"{report['effects_' + key]:,}", f"{report['effect_shares'][key]:.1%}")
    out.print(levels)
    out.print(f"triggers compiled: {report['triggers_compiled']:,} ({report['trigger_share']:.1%})")
    out.print(f"actions compiled:  {report['actions_compiled']:,} ({report['action_share']:.1%})")
    missing = Table(title="missing handlers, by the cards each one alone holds back")
    for column in ("code", "alone", "in all", "why"):
        missing.add_column(column, justify="right" if column in ("alone", "in all") else "left")
    for row in report["missing_handlers"]:
        missing.add_row(row["code"], str(row["cards_it_alone_holds_back"]), str(row["cards_held_back"]),
                        row["why"])
    out.print(missing if report["missing_handlers"] else "missing handlers: none")
    families = report["uncompiled_families"]
    out.print(families_table(families) if families else "not compiled: nothing, every effect compiled whole")


def clauses(n: int) -> str:
    """'1 clause', '12 different clauses'."""
    return "1 clause" if n == 1 else f"{n:,} different clauses"


def families_table(families: list[dict[str, Any]], shown: int = 5) -> Table:
    """What the compiler did not read, by family (cards held back), each with its commonest
    clauses, whole, and a card printing it."""
    from rich.table import Table

    table = Table(title="not compiled, by family: the cards each holds back, and its commonest clauses")
    table.add_column("family")
    table.add_column("cards", justify="right")
    table.add_column("clause not compiled (names as [X], numbers as N)", overflow="fold")
    table.add_column("e.g.", no_wrap=True)
    for family in families:
        table.add_row(family["family"], f"{family['cards']:,}", clauses(family["shapes"]), "",
                      style="bold")
        for row in family["top"][:shown]:
            table.add_row("", f"{row['cards']:,}", row["shape"], row["example_card"])
    return table
