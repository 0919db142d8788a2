"""What a run records: effects, log steps, batches, deletions, refused actions, and what the
engine could not carry out (the report's ``unsupported`` list)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
