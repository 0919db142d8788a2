"""An answer worked out once per compiled record: records are made once (read from the graph once
per generation, or compiled once per text) and only ever read, so what is derived from one can be
kept by the record's identity. Each record is kept with its answer, so an identity is never
reused for another record while its answer is held; the store is bounded."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from ingest.effect_ir import EffectRecord

A = TypeVar("A")


class PerRecord(Generic[A]):
    """``answer(record, extra)`` for the same record object and ``extra`` is worked out once."""

    def __init__(self, work: Callable[[EffectRecord, Hashable], A], bound: int = 20_000) -> None:
        self.work, self.bound = work, bound
        self.kept: dict[tuple[int, Hashable], tuple[EffectRecord, A]] = {}

    def answer(self, record: EffectRecord, extra: Hashable = None) -> A:
        key = (id(record), extra)
        known = self.kept.get(key)
        if known is None or known[0] is not record:
            if len(self.kept) >= self.bound:
                self.kept.clear()
            known = self.kept[key] = (record, self.work(record, extra))
        return known[1]
