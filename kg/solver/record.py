"""What a run records: effects, log steps, batches, deletions, refused actions, and what the
engine could not carry out (the report's ``unsupported`` list)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ingest.effect_words import reads
from kg.solver.per_record import PerRecord


@dataclass
class Recorder:
    effects: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    batches: list[dict[str, Any]] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    checks: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    illegal: list[dict[str, Any]] = field(default_factory=list)
    context: list[str] = field(default_factory=list)  # cites of the effect being processed
    unsupported: list[dict[str, Any]] = field(default_factory=list)

    def unsupported_part(self, label: str | None, part: str, text: str, why: str) -> None:
        """Something the engine could not carry out; listed once, and logged."""
        entry = {"label": label, "part": part, "text": text, "why": why}
        if entry in self.unsupported:
            return
        self.unsupported.append(entry)
        self.log(f"UNSUPPORTED {part} of {label or 'the rules'}: '{text}' ({why})")

    def log(self, text: str, cites: list[str] | tuple[str, ...] = ()) -> None:
        """A log step; without cites of its own it cites the effect that is processing."""
        self.steps.append({"text": text, "cites": _unique(cites or self.context)})

    def effect(self, label: str, player: str, batch: int | None, status: str,
               cites: list[str] | tuple[str, ...], kind: str = "trigger", reason: str = "") -> None:
        entry: dict[str, Any] = {"label": label, "player": player, "batch": batch, "status": status,
                                 "cites": _unique(cites), "kind": kind}
        if reason:
            entry["reason"] = reason
        self.effects.append(entry)
        pending = " (pending processing)" if kind == "pending" else ""  # not a second activation
        self.log(f"{label}{pending}: {status}" + (f" ({reason})" if reason else ""), cites)
        self.steps[-1]["effect"] = len(self.effects)  # the step that reports effects[n - 1]

    def lines(self) -> list[str]:
        return [s["text"] + (f" [{'; '.join(s['cites'])}]" if s["cites"] else "") for s in self.steps]


def _unique(items: list[str] | tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys(items))


def read_effects(effects: list[dict[str, Any]], cards: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The report's ``effects`` entries, each whose label (``alias/CARD/TAG``) names a printed effect
    of a card given a ``reads``: what the compiler understood that effect to do, in words
    (:func:`ingest.effect_words.reads`); ``cards``: number -> its ``CardInfo``."""
    for entry in effects:
        _alias, _, rest = str(entry.get("label", "")).partition("/")
        number, _, tag = rest.partition("/")
        info = cards.get(number)
        record = next((r for r in getattr(info, "effects", []) if r.label_tag == tag), None)
        if record is not None and "reads" not in entry:
            entry["reads"] = _READS.answer(record, info.kind if info.kind in ("Digimon", "Tamer") else "card")
    return effects


#: what each record reads as (ingest.effect_words.reads), once per record and kind of card
_READS = PerRecord(lambda record, kind: reads(record, kind=str(kind)))
