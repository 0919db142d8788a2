"""Helpers the compile tests share: one effect's text compiled on a blank card."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ingest.cards import CardError, CardRecord, parse_card, records_of
from ingest.common import read_json
from ingest.effect_ir import CompiledEffect, EffectRecord
from ingest.effects import compile_card


def compiled(text: str, part: str = "main") -> CompiledEffect:
    """The compiled form of a one-effect text; it must be fully compiled."""
    (record,) = compile_card("X-1", **{part: text})
    assert record.compiled.trigger_compiled and record.compiled.actions_compiled, text
    return record.compiled


def not_compiled(text: str) -> bool:
    """True if the actions of a one-effect text were not all understood."""
    (record,) = compile_card("X-1", main=text)
    return not record.compiled.actions_compiled


@lru_cache(maxsize=2)
def corpus_cards(cards_json: Path) -> dict[str, CardRecord]:
    """Every parsable card of a cards file, by number (read once per test session)."""
    found: dict[str, CardRecord] = {}
    for raw in records_of(read_json(cards_json)):
        try:
            card = parse_card(raw)
        except (CardError, KeyError):
            continue
        found[card.number] = card
    return found


@lru_cache(maxsize=2)
def corpus_records(cards_json: Path) -> dict[str, list[EffectRecord]]:
    """Every card's compiled effects, by number: the whole corpus compiled once per test session
    (the reading snapshot, the audit sample and the precision scans share it)."""
    return {n: compile_card(n, **c.texts) for n, c in corpus_cards(cards_json).items()}
