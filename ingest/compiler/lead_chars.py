"""Which characters a pattern's match can begin with, so that a template table is only tried
with the templates that can match a text at all (``ingest.compiler.actions.match_table``).

Read from the pattern's parse tree (the ``re`` module's own parser). Sound rather than tight: what
the reader does not know (``.``, back-references, case-insensitive parts) may begin with anything,
and look-arounds and anchors are passed over, so a pattern is never left out for a text it matches.

>>> fits = lead_test(re.compile(r"(?:up to )?(\\d+) cards?|[Tt]rash \\w+"))
>>> [c for c in "u3tTx" if fits(c)]
['u', '3', 't', 'T']
>>> lead_test(re.compile(r"(?i)delete")) is None
True
"""

from __future__ import annotations

import re
import re._constants as sre
import re._parser as sre_parse
from collections.abc import Callable, Sequence
from typing import Any

#: The atoms (parse-tree items) that can match a text's first character; None: anything can.
Atoms = list[tuple[Any, Any]] | None

_SPECIAL = set("\\[](){}.*+?^$|")
_QUANTIFIERS = ("?", "*", "+", "{")
_ZERO_WIDTH = {sre.AT, sre.ASSERT, sre.ASSERT_NOT}
_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}
_CATEGORIES: dict[Any, Callable[[str], bool]] = {
    sre.CATEGORY_DIGIT: str.isdecimal,  # what \d, \w and \s match in a str pattern (Unicode)
    sre.CATEGORY_WORD: lambda c: c.isalnum() or c == "_",
    sre.CATEGORY_SPACE: str.isspace,
}


def _first(items: Sequence[tuple[Any, Any]]) -> tuple[Atoms, bool]:
    """The first atoms of a sequence of items, and whether it can match nothing."""
    atoms: list[tuple[Any, Any]] = []
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op is sre.LITERAL or op is sre.IN:
            return [*atoms, (op, av)], False
        if op is sre.SUBPATTERN:
            _group, add_flags, del_flags, inner = av
            if (add_flags | del_flags) & re.IGNORECASE:
                return None, False
            found, empty = _first(inner)
        elif op is sre.ATOMIC_GROUP:
            found, empty = _first(av)
        elif op is sre.BRANCH:
            found, empty = [], False
            for branch in av[1]:
                one, one_empty = _first(branch)
                if one is None:
                    return None, False
                found, empty = found + one, empty or one_empty
        elif op in _REPEATS:
            low, _high, inner = av
            found, empty = _first(inner)
            empty = empty or low == 0
        else:  # ANY, NOT_LITERAL, GROUPREF, conditionals: not read
            return None, False
        if found is None:
            return None, False
        atoms += found
        if not empty:
            return atoms, False
    return atoms, True


def _member(c: str, op: Any, av: Any) -> bool:
    """Whether the character ``c`` fits one atom."""
    if op is sre.LITERAL:
        return ord(c) == av
    if op is sre.RANGE:
        return av[0] <= ord(c) <= av[1]
    if op is sre.CATEGORY:
        if av in _CATEGORIES:
            return _CATEGORIES[av](c)
        positive = {sre.CATEGORY_NOT_DIGIT: sre.CATEGORY_DIGIT, sre.CATEGORY_NOT_WORD: sre.CATEGORY_WORD,
                    sre.CATEGORY_NOT_SPACE: sre.CATEGORY_SPACE}.get(av)
        return positive is None or not _CATEGORIES[positive](c)  # an unknown category: anything
    if op is sre.IN:
        negate = bool(av) and av[0][0] is sre.NEGATE
        inside = any(_member(c, o, a) for o, a in (av[1:] if negate else av))
        return inside != negate
    return True  # not read: anything


def lead_test(pattern: re.Pattern[str]) -> Callable[[str], bool] | None:
    """A test of whether a match of ``pattern`` can begin with a character; None when any can."""
    if pattern.flags & re.IGNORECASE:
        return None
    source = pattern.pattern
    if (source[:1] and source[0] not in _SPECIAL and source[1:2] not in _QUANTIFIERS and "|" not in source
            and not pattern.flags & re.VERBOSE):  # a plain first character, no alternatives: no parse
        return source[0].__eq__
    atoms, _empty = _first(sre_parse.parse(source, pattern.flags).data)
    if atoms is None:
        return None
    return lambda c: any(_member(c, op, av) for op, av in atoms)


class LeadIndex:
    """The entries of a table whose pattern can begin a match with a given character, in the
    table's order; built for a character the first time it is asked for."""

    def __init__(self, table: Sequence[tuple[Any, ...]]) -> None:
        self.table = table
        self.size = len(table)
        self._tests = [lead_test(entry[0]) for entry in table]
        self._by_char: dict[str, list[tuple[Any, ...]]] = {}

    def entries(self, text: str) -> Sequence[tuple[Any, ...]]:
        """The entries that may fullmatch ``text`` (all of them for the empty text)."""
        if not text:
            return self.table
        c = text[0]
        if (found := self._by_char.get(c)) is None:
            found = self._by_char[c] = [
                entry for entry, test in zip(self.table, self._tests, strict=True) if test is None or test(c)
            ]
        return found
