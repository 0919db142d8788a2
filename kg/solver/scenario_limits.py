"""The sizes a scenario file may have, and the check of a read document against them.

A scenario describes one board position, so nothing in it needs to be large. What could be large
is refused before it costs time or memory (docs/robustness-scenarios.md lists every bound):

- the file: at most :data:`MAX_FILE_BYTES`, and UTF-8 text (checked on the bytes, before parsing);
- one text (any string, a card's effect included): at most :data:`MAX_TEXT` characters;
- an integer: less than 10**10 in size (:data:`MAX_INT_CHARS` bounds the digits read at all);
- nesting of mappings and lists: at most :data:`MAX_DEPTH` deep;
- YAML aliases: a document may hold at most :data:`MAX_EXPANDED` values once every alias is
  expanded (a plain document is bounded by the file size), and no alias inside its own anchor.

Counts that a game bounds (security, deck, hand, memory ...) are bounds of the scenario model
(:mod:`kg.solver.scenario`).

>>> check_data({"players": {"A": {"hand": ["BT1-001"]}}})
>>> check_data({"players": {"A": {"deck": 10**12}}})
Traceback (most recent call last):
...
kg.solver.scenario_limits.Refused: players.A.deck: expected an integer of at most 10 digits \
(got 1000000000000)
"""

from __future__ import annotations

from typing import Any

MAX_FILE_BYTES = 1_000_000
MAX_TEXT = 5_000
MAX_DEPTH = 32
#: an integer must be smaller than this in size (ten digits at most)
INT_BOUND = 10**10
#: the longest integer text that is converted at all (with signs, underscores, 0x ...)
MAX_INT_CHARS = 24
MAX_EXPANDED = 10_000


class Refused(ValueError):
    """A document refused for its size: the key path (filled in as the error leaves each level)
    and what was expected."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path: list[str] = []
        self.offset = -1  # where in the text the refused node starts (YAML), when known

    def __str__(self) -> str:
        return f"{'.'.join(self.path) or '(top level)'}: {self.reason}"

    def at(self, key: object) -> Refused:
        """The same refusal, one level further out (under ``key``)."""
        self.path.insert(0, str(key))
        return self


def too_long(text: str) -> Refused:
    return Refused(f"expected a text of at most {MAX_TEXT:,} characters (got {len(text):,})")


def too_deep() -> Refused:
    return Refused(f"expected mappings and lists nested at most {MAX_DEPTH} deep")


def too_big(shown: str) -> Refused:
    shown = shown if len(shown) <= 30 else f"{shown[:12]}...{shown[-6:]} ({len(shown):,} characters)"
    return Refused(f"expected an integer of at most 10 digits (got {shown})")


class HugeInt(str):
    """The text of an integer too long to convert (what :func:`json_int` gives for one)."""


def json_int(text: str) -> int | HugeInt:
    """``parse_int`` for :func:`json.loads`: a long integer is kept as its text, to be refused
    with its key path by :func:`check_data` (Python refuses to convert 4,300 digits or more)."""
    return int(text) if len(text) <= MAX_INT_CHARS else HugeInt(text)


def check_int(value: int) -> None:
    if not -INT_BOUND < value < INT_BOUND:
        bits = value.bit_length()
        raise too_big(str(value) if bits < 10_000 else f"an integer of {bits:,} bits")


def check_data(data: Any, depth: int = 0) -> None:
    """Raise :class:`Refused` where ``data`` (read from JSON, or given as Python objects) holds a
    text, an integer or a nesting larger than the bounds."""
    if isinstance(data, HugeInt):
        raise too_big(data)
    if isinstance(data, str):
        if len(data) > MAX_TEXT:
            raise too_long(data)
    elif isinstance(data, bool):
        return
    elif isinstance(data, int):
        check_int(data)
    elif isinstance(data, dict | list | tuple):
        if depth >= MAX_DEPTH:
            raise too_deep()
        items = data.items() if isinstance(data, dict) else enumerate(data)
        for key, value in items:
            try:
                if isinstance(data, dict):
                    check_data(key, depth + 1)
                check_data(value, depth + 1)
            except Refused as exc:
                raise exc.at(key) from None
