"""How deep a JSON text nests arrays and objects, found before any parser reads it (Python's
decoder recurses once per level). Used by the source files (:func:`ingest.common.read_json`) and
by scenario files (:mod:`kg.solver.scenario`); standard library only."""

from __future__ import annotations

import re
from itertools import accumulate

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STRING_OR_BRACKET = re.compile(_JSON_STRING.pattern + r"|[\[\]{}]")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_too_deep(text: str, limit: int) -> tuple[int, int] | None:
    """The (line, column) where a JSON text nests arrays and objects deeper than ``limit``, or None.
    Cheap (regular expressions, then one pass over the brackets alone), so it runs before the parser,
    which would recurse once per level."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    if len(brackets) <= 2 * limit or max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) <= limit:
        return None
    depth, start = 0, 0  # too deep: find where, reading strings and brackets in file order
    for match in _STRING_OR_BRACKET.finditer(text):
        if match[0][0] != '"':
            depth += _DEPTH_STEP[match[0]]
            if depth > limit:
                start = match.start()
                break
    line = text.count("\n", 0, start) + 1
    return line, start - (text.rfind("\n", 0, start) + 1) + 1
