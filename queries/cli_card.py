"""``dcgkg card NUMBER``: each effect of a card, its printed text beside what the compiler
understood of it in words, and whether the engine can carry it out (if not, why)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from queries.cli_app import Output, StoreOption, app, fail

if TYPE_CHECKING:
    from queries.card_reading import CardReading

out = Output()


def card_lines(card: CardReading) -> list[str]:
    """The readable report of ``dcgkg card``, one string a line."""
    head = " ".join(x for x in (card.number, card.name or "", f"({card.kind})" if card.kind else "") if x)
    lines = [f"{head}: {len(card.effects)} effect(s), {card.source}"]
    for n, effect in enumerate(card.effects, 1):
        state = (
            "executable"
            if effect.executable
            else "compiled, not executable"
            if effect.compiled
            else "not fully understood, not executable"
        )
        lines += [
            "",
            f"{n}. {effect.label} ({effect.part}): {state}",
            f"   printed: {effect.printed}",
            "   understood:",
        ]
        lines += [f"   - {p.part}: {p.reads}" for p in effect.parts]
        lines += [f"   why not: {g.part} '{g.text}': {g.why}" for g in effect.gaps]
    if not card.effects:
        lines.append("no effect text")
    return lines


@app.command("card")
def card_command(
    number: Annotated[str, typer.Argument(help="A card number (BT5-086) or an exact card name.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the reading as JSON.")] = False,
    corpus: Annotated[
        Path | None,
        typer.Option(
            "--corpus", help="Compile the card from this corpus's cards.json instead of reading the store."
        ),
    ] = None,
    store: StoreOption = None,
) -> None:
    """What the compiler understood of each effect of a card, in words, beside its printed text;
    whether the engine can carry each one out, and if not, why."""
    from rich.text import Text

    from kg.solver.registry import UnboundCode
    from kg.store import StoreError
    from queries.card_reading import card_reading
    from queries.graph_store import open_graph_store
    from queries.names import UnknownName

    try:
        reading = card_reading(open_graph_store(store), number, corpus)
    except (StoreError, UnknownName, LookupError, UnboundCode) as exc:
        fail(str(exc))
    if as_json:
        print(reading.model_dump_json(indent=2))
        return
    for line in card_lines(reading):
        out.print(Text(line), soft_wrap=True)
