"""Helpers the compile tests share: one effect's text compiled on a blank card."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
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
