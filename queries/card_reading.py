"""``dcgkg card NUMBER``: what the compiler understood of each effect of a card, in words, beside
its printed text, and whether the engine can carry it out (and if not, why: the gaps of
:mod:`kg.solver.support`). The card comes from the store (its printed facts and its compiled
effects, read back from the graph), or, given a corpus, is compiled from the corpus's card text."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from ingest.effect_ir import EffectRecord
from ingest.effect_words import clauses, reads
from kg.store import Store


class Part(BaseModel):
    """One part of an effect: trigger, limit, condition, cost, action or keyword, in words."""

    part: str
    reads: str
    understood: bool
    printed: str = ""


class Gap(BaseModel):
    """Something the engine cannot carry out (``kg.solver.gaps.Gap``)."""

    part: str
    code: str
    text: str
    why: str


class EffectReading(BaseModel):
    """One printed effect, what the compiler made of it, and whether the engine can run it."""

    label: str
    part: str
    printed: str
    reads: str
    parts: list[Part] = Field(default_factory=list)
    compiled: bool
    executable: bool
    gaps: list[Gap] = Field(default_factory=list)


class CardReading(BaseModel):
    """A card's effects as the compiler understood them (``dcgkg card``)."""

    number: str
    name: str | None = None
    kind: str | None = None
    source: str
    effects: list[EffectReading] = Field(default_factory=list)


def _kind_word(kind: str | None) -> str:
    return kind if kind in ("Digimon", "Tamer") else "card"


def effect_reading(store: Store, record: EffectRecord, kind: str | None = None) -> EffectReading:
    """One effect read: its words, its parts, and the engine's gaps (``store``: the rules)."""
    from kg.solver.coverage import fully_compiled
    from kg.solver.effect_spec import spec_of
    from kg.solver.rules_index import solver_index
    from kg.solver.support import record_gaps

    index = solver_index(store)
    gaps = record_gaps(index, spec_of(index, record))
    compiled = fully_compiled(record)
    word = _kind_word(kind)
    return EffectReading(
        label=record.label_tag or str(record.index),
        part=record.part,
        printed=record.text,
        reads=reads(record, kind=word),
        parts=[
            Part(part=c.part, reads=c.words, understood=c.understood, printed=c.span)
            for c in clauses(record, word)
        ],
        compiled=compiled,
        executable=compiled and not gaps,
        gaps=[Gap(part=g.part, code=g.code, text=g.text, why=g.why) for g in gaps],
    )


def _from_corpus(corpus: Path, number: str) -> tuple[str, str | None, str | None, list[EffectRecord]]:
    from ingest.cards import CardError, parse_card, records_of
    from ingest.common import read_json
    from ingest.effects import compile_card

    path = corpus / "cards.json" if corpus.is_dir() else corpus
    for raw in records_of(read_json(path)):
        try:
            card = parse_card(raw)
        except (CardError, KeyError):
            continue
        if card.number.upper() == number.upper():
            return card.number, card.name, (card.kinds or [None])[0], compile_card(card.number, **card.texts)
    raise LookupError(f"no card {number!r} in {path}")


def card_reading(store: Store, number: str, corpus: Path | None = None) -> CardReading:
    """The card's effects in words: from the store, or compiled from ``corpus``'s card text.
    An unknown number raises :class:`queries.names.UnknownName` (store) or LookupError (corpus)."""
    if corpus is not None:  # compiled by this dcg-kg: judged against its own rules, not the store's
        from kg.build import ontology_store

        found, name, kind, records = _from_corpus(corpus, number)
        source = f"compiled from {corpus}"
        store = ontology_store()
    else:
        from kg.solver.card_facts import graph_cards
        from ontology import local
        from queries.names import resolve_card

        found = local(resolve_card(store, number))
        info = graph_cards(store, [found]).get(found)
        name, kind, records = (info.name, info.kind, info.effects) if info else (None, None, [])
        source = "read from the graph"
    return CardReading(
        number=found,
        name=name,
        kind=kind,
        source=source,
        effects=[effect_reading(store, r, kind) for r in records],
    )
