"""Checking a report against the ``expect:`` block of a scenario file (the golden files): each
key is a dotted path into the report (``final.A.battle_area.0.stack``) or one of ``order``,
``statuses``, ``pending`` and ``log_contains``. Used by the golden tests and the workbench."""

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
        return list(report["log"])
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


def compared(report: dict[str, Any], expect: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """Each expect key with what it wants and what the report gives (in the expectation's terms:
    ``statuses`` of the labels it names, ``log_contains`` the wanted texts some line holds)."""
    out = []
    for key, want in expect.items():
        got = observed(report, key)
        if key in ("statuses", "pending"):
            got = {label: got.get(label) for label in want}
        if key == "log_contains":
            got = [text for text in want if any(text in line for line in got)]
        out.append((key, want, got))
    return out


def mismatches(report: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """The expectations the report does not meet, each in words."""
    return [f"{key}: expected {want!r}, got {got!r}" for key, want, got in compared(report, expect)
            if got != want]
