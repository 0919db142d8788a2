"""``dcgkg coverage``: how much of a card pool's effect text the compiler understands."""

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
        for effect in compile_card(card.number, **card.texts):
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
        "pool": str(path), **counts,
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
    out.print(f"{report['pool']}: {report['cards']:,} cards, {report['effects']:,} effects")
    out.print(f"triggers compiled: {report['triggers_compiled']:,} ({report['trigger_share']:.1%})")
    out.print(f"actions compiled:  {report['actions_compiled']:,} ({report['action_share']:.1%})")
    for key, title in (("uncompiled_triggers", "most common uncompiled triggers"),
                       ("uncompiled_actions", "most common uncompiled actions")):
        table = Table(title=title)
        table.add_column("shape")
        table.add_column("count", justify="right")
        for row in report[key]:
            table.add_row(row["shape"], str(row["count"]))
        out.print(table)
