"""``dcgkg coverage``: how much of a card pool the solver can play out, at three levels (trigger
read, fully compiled, executable: every code bound to a handler), with the missing handlers
ranked by the cards each one alone holds back, and the text shapes the compiler does not read."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ingest.cards import CardError, parse_card, records_of
from ingest.common import IngestError, read_json
from ingest.effects import compile_card
from kg.build import ontology_store
from kg.solver.coverage import Coverage
from kg.solver.rules_index import solver_index
from queries.cli_app import Output, app, fail

out = Output()
BUNDLED = Path(__file__).resolve().parents[1] / "ingest" / "bundled" / "seed-cards.json"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "cards.json"
TOP = 15


def shape(text: str, words: int = 6) -> str:
    """A text's pattern: lower case, names as [X], numbers as N, its first few words.

    >>> shape("Delete 1 of your opponent's Digimon with [Greymon] in its name and 3000 DP")
    "delete N of your opponent's digimon"
    """
    text = re.sub(r"\[[^\]]*\]", "[X]", text.lower())
    text = re.sub(r"[+-]?\d+", "N", text)
    return " ".join(text.replace(",", "").split()[:words])


def core(span: str) -> str:
    """The part of a sentence a template must match: without its opening condition ('If …,'),
    cost ('By …,') and 'you may' (those are reported on their own when they fail).

    >>> core("If you have a Tamer, by suspending this Tamer, you may swap the DP of 2 Digimon")
    'swap the DP of 2 Digimon'
    """
    for _ in range(3):
        span = re.sub(r"^(?:(?:if|while) [^,]+, |by [^,]+, |you may |then, )", "", span, flags=re.IGNORECASE)
    return span


def cost_of(span: str) -> str:
    """The cost phrase of a sentence ('By trashing 1 card in your hand, …' -> 'trashing 1 card …')."""
    m = re.search(r"\bby ((?:[^,]|,(?! ))+)", span, flags=re.IGNORECASE)
    return m[1] if m else span


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


def measure(path: Path) -> dict[str, Any]:
    """Compile every effect of the cards in ``path`` and count what compiled."""
    records = records_of(read_json(path))
    index = solver_index(ontology_store())
    levels = Coverage()
    counts = Counter(cards=0, effects=0, triggers_compiled=0, actions_compiled=0, skipped=0)
    triggers: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    for raw in records:
        try:
            card = parse_card(raw)
        except (CardError, KeyError):
            counts["skipped"] += 1
            continue
        counts["cards"] += 1
        compiled_card = compile_card(card.number, **card.texts)
        levels.add_card(index, compiled_card)
        for effect in compiled_card:
            compiled = effect.compiled
            counts["effects"] += 1
            counts["triggers_compiled"] += compiled.trigger_compiled
            counts["actions_compiled"] += compiled.actions_compiled
            if not compiled.trigger_compiled:
                body = re.sub(r"^(\s*\[[^\]]*\])+", "", effect.text).strip()
                triggers[shape(body.split(",")[0], 10)] += 1
            failed = [shape(p.span) for p in compiled.conditions if not p.compiled]
            failed += [shape(cost_of(p.span)) for p in compiled.costs if not p.compiled]
            failed += [shape(core(p.span)) for p in compiled.actions if not p.compiled]
            for found in dict.fromkeys(failed):
                actions[found] += 1
    effects = counts["effects"] or 1
    return {
        "pool": str(path), **counts, **levels.report(TOP),
        "trigger_share": round(counts["triggers_compiled"] / effects, 4),
        "action_share": round(counts["actions_compiled"] / effects, 4),
        "uncompiled_triggers": [{"shape": s, "count": n} for s, n in triggers.most_common(TOP)],
        "uncompiled_actions": [{"shape": s, "count": n} for s, n in actions.most_common(TOP)],
    }


@app.command("coverage")
def coverage_command(
    corpus: Annotated[Path | None, typer.Option(
        "--corpus", help="A folder holding cards.json (default: the bundled cards).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable report.")] = False,
) -> None:
    """Compile every effect of a card pool; report the share of triggers and actions understood."""
    try:
        report = measure(pool(corpus))
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
    out.print(missing)
    for key, title in (("uncompiled_triggers", "most common uncompiled triggers"),
                       ("uncompiled_actions", "most common uncompiled actions")):
        table = Table(title=title)
        table.add_column("shape")
        table.add_column("count", justify="right")
        for row in report[key]:
            table.add_row(row["shape"], str(row["count"]))
        out.print(table)
