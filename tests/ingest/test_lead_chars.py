"""The lead-character index of the template tables never leaves out a template that matches."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import ingest.compiler  # noqa: F401  (loads every template table)
from ingest.compiler.lead_chars import LeadIndex, lead_test

CARDS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "cards.json"


def _patterns() -> list[re.Pattern[str]]:
    """Every str pattern of the ingest modules: module constants and the first item of table rows."""
    found: dict[int, re.Pattern[str]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("ingest"):
            continue
        for value in vars(module).values():
            rows = value if isinstance(value, list | tuple) else [value]
            for row in rows:
                first = row[0] if isinstance(row, tuple) and row else row
                if isinstance(first, re.Pattern) and isinstance(first.pattern, str):
                    found[id(first)] = first
    return list(found.values())


def _texts() -> list[str]:
    """Lower-cased card texts, cut at each word start (what templates are matched against)."""
    if not CARDS.exists():
        pytest.skip("no corpus")
    texts: set[str] = set()
    for card in json.loads(CARDS.read_text(encoding="utf-8"))[::7]:
        for value in card.values() if isinstance(card, dict) else []:
            if isinstance(value, str) and len(value) > 20:
                lowered = value.lower()
                starts = [i for i in range(len(lowered)) if i == 0 or lowered[i - 1] == " "]
                texts.update(lowered[i : i + 120] for i in starts)
    return sorted(texts)[::5]


def test_a_match_begins_with_a_character_its_lead_test_admits() -> None:
    texts = _texts()
    for pattern in _patterns():
        test = lead_test(pattern)
        if test is None:
            continue
        for text in texts:
            if (m := pattern.match(text)) and m.end() > 0:
                assert test(text[0]), (pattern.pattern, text)


def test_the_index_keeps_the_table_order_and_the_empty_text_gets_every_entry() -> None:
    patterns = [r"delete (\d+)", r"\d+ cards?", r"(?:up to )?\d+", r".+"]
    table = [(re.compile(p), n) for n, p in enumerate(patterns)]
    index = LeadIndex(table)
    assert [n for _p, n in index.entries("up to 3")] == [2, 3]
    assert [n for _p, n in index.entries("3 cards")] == [1, 2, 3]
    assert [n for _p, n in index.entries("delete 1")] == [0, 3]
    assert index.entries("") is table
