"""Checking a report against the ``expect:`` block of a golden scenario file."""

from __future__ import annotations

from typing import Any


def dig(report: dict[str, Any], path: str) -> Any:
    """``final.A.battle_area.0.stack`` -> that value of the report."""
    value: Any = report
    try:
        for part in path.split("."):
            value = value[int(part)] if isinstance(value, list) else value[part]
    except (IndexError, KeyError, ValueError):
        return "<missing>"
    return value


def observed(report: dict[str, Any], key: str) -> Any:
    """The report's value for one expect key (a dotted path, or order / statuses / pending)."""
    effects = report["effects"]
    if key == "log_contains":
        return [line for line in report["log"]]
    if key == "order":
        return [e["label"] for e in effects if e["kind"] == "trigger" and e["status"] != "fizzled"]
    if key in ("statuses", "pending"):
        wanted = "pending" if key == "pending" else None
        out: dict[str, str] = {}
        for e in effects:
            if (e["kind"] == "pending") == (wanted == "pending"):
                out.setdefault(e["label"], e["status"])
        return out
    return dig(report, key)


def mismatches(report: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    out = []
    for key, want in expect.items():
        got = observed(report, key)
        if key in ("statuses", "pending"):
            got = {label: got.get(label) for label in want}
        if key == "log_contains":
            got = [text for text in want if any(text in line for line in got)]
        if got != want:
            out.append(f"{key}: expected {want!r}, got {got!r}")
    return out
