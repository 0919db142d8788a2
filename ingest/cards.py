"""Load card records into the graph: the shared corpus format and the digimoncard.io API format.

Both formats become one ``CardRecord``; each card becomes a ``dcg:Card`` (and its subclass) with
its printed facts, digivolve requirements, rule lines and its effects, split and compiled.

Corpus record: ``cardId, nameEn, kinds, colors, level, playCost, dp, evoCosts, forms,
attributes, types, effectText, inheritedEffectText, securityEffectText, linkEffect, linkDp, linkRequirement,
optionEffect, rarity, set``. API record (formats.md §1): ``cardnumber, name, type, color, level,
play_cost, evolution_cost, dp, maineffect, soureeffect`` (the inherited text of a Digimon, the
[Security] text of an Option or Tamer), ``stage, attribute, digi_type, cardrarity``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field
from rdflib import URIRef

from ingest.common import DCG, RDF, RDFS, IngestError, SourceResult, check_count, provenance, read_json
from ingest.compiler.effect_compiler import MAX_COMPILED_TEXT, compile_record
from ingest.effect_ir import CompiledEffect, EffectRecord
from ingest.effect_rdf import effect_triples
from ingest.effects import split_card
from ingest.records import ApiCard, CorpusCard, RecordError, check
from ingest.text import normalise
from ontology import card_iri, effect_iri, source_iri

KIND_CLASS = {
    "digimon": DCG.DigimonCard,
    "tamer": DCG.TamerCard,
    "option": DCG.OptionCard,
    "digiegg": DCG.DigiEggCard,
    "digi-egg": DCG.DigiEggCard,
}
NUMBER = re.compile(r"^[A-Z0-9]+-[0-9A-Z]+$")
EMPTY = (None, "", "-", "null")


class CardError(RecordError):
    """A record that cannot become a card: names the field and what was expected."""


class Requirement(BaseModel):
    """One way to digivolve into the card (CR 8-1)."""

    level: int | None = None
    color: str | None = None
    cost: int | None = None


class CardRecord(BaseModel):
    """One card, whatever format it came in."""

    number: str
    name: str
    kinds: list[str]
    colors: list[str] = Field(default_factory=list)
    level: int | None = None
    play_cost: int | None = None
    dp: int | None = None
    requirements: list[Requirement] = Field(default_factory=list)
    forms: list[str] = Field(default_factory=list)
    attributes: list[str] = Field(default_factory=list)
    types: list[str] = Field(default_factory=list)
    rarity: str | None = None
    set: str | None = None
    link_dp: int | None = None
    link_requirement: str | None = None
    texts: dict[str, str] = Field(default_factory=dict, description="text part -> normalised text")


def _int(record: dict[str, Any], key: str) -> int | None:
    value = record.get(key)
    if value in EMPTY:
        return None
    if isinstance(value, bool):
        raise CardError(f"field {key!r}: expected a whole number, got {value!r}")
    try:
        return int(str(value).strip())
    except ValueError:
        raise CardError(f"field {key!r}: expected a whole number, got {value!r}") from None


def _list(value: Any, sep: str = "/") -> list[str]:
    if value in EMPTY:
        return []
    items = value if isinstance(value, list) else str(value).split(sep)
    return [str(v).strip() for v in items if str(v).strip() not in ("", "-")]


def _kinds(raw: list[str]) -> list[str]:
    if not raw:
        raise CardError("field 'kinds': expected Digimon, Tamer, Option or Digi-Egg, got nothing")
    for kind in raw:
        if kind.lower() not in KIND_CLASS:
            raise CardError(f"kind {kind!r}: expected Digimon, Tamer, Option or Digi-Egg")
    return raw


def _texts(parts: dict[str, Any]) -> dict[str, str]:
    texts = {part: normalise(str(text)) for part, text in parts.items() if text not in EMPTY}
    return {part: text for part, text in texts.items() if text}


def _corpus(record: dict[str, Any]) -> CardRecord:
    kinds = _kinds(_list(record.get("kinds")))
    digimon = "Digimon" in kinds
    play_cost = _int(record, "playCost")
    return CardRecord(
        number=str(record["cardId"]).strip(),
        name=str(record.get("nameEn") or "").strip(),
        kinds=kinds,
        colors=_list(record.get("colors")),
        level=_int(record, "level"),
        play_cost=None if play_cost is not None and play_cost < 0 else play_cost,
        dp=_int(record, "dp") if digimon else None,
        requirements=[
            Requirement(level=_int(r, "level"), color=r.get("color"), cost=_int(r, "memoryCost"))
            for r in record.get("evoCosts") or []
        ],
        forms=_list(record.get("forms")),
        attributes=_list(record.get("attributes")),
        types=_list(record.get("types")),
        rarity=record.get("rarity"),
        set=record.get("set"),
        link_dp=_int(record, "linkDp"),
        link_requirement=normalise(str(record.get("linkRequirement") or "")) or None,
        texts=_texts(
            {
                "main": record.get("effectText"),
                "inherited": record.get("inheritedEffectText"),
                "security": record.get("securityEffectText"),
                "link": record.get("linkEffect"),
                "option": record.get("optionEffect"),
                "ace": record.get("aceEffect"),
            }
        ),
    )


def _api(record: dict[str, Any]) -> CardRecord:
    number = str(record["cardnumber"]).strip()
    kinds = _kinds(_list(record.get("type")))
    digimon = "Digimon" in kinds
    cost = _int(record, "evolution_cost")
    # formats.md §1: 'soureeffect' is the inherited text of a Digimon, the [Security] text otherwise.
    second = "inherited" if digimon else "security"
    return CardRecord(
        number=number,
        name=str(record.get("name") or "").strip(),
        kinds=kinds,
        colors=_list(record.get("color")),
        level=_int(record, "level"),
        play_cost=_int(record, "play_cost"),
        dp=_int(record, "dp") if digimon else None,
        requirements=[Requirement(cost=cost)] if cost is not None else [],
        forms=_list(record.get("stage")),
        attributes=_list(record.get("attribute")),
        types=_list(record.get("digi_type")),
        rarity=record.get("cardrarity"),
        set=number.split("-")[0],
        texts=_texts({"main": record.get("maineffect"), second: record.get("soureeffect")}),
    )


def parse_card(record: dict[str, Any]) -> CardRecord:
    """One card from a record of either format; CardError says which field is wrong."""
    return read_card(record)[0]


def read_card(record: dict[str, Any]) -> tuple[CardRecord, list[str]]:
    """One card from a record of either format, each field checked by its type
    (``ingest.records``), with what was cleaned from its texts; CardError says which field is wrong."""
    if not isinstance(record, dict):
        raise CardError(f"expected an object, got {type(record).__name__}")
    if record.get("cardId") not in EMPTY:
        model, build = CorpusCard, _corpus
    elif record.get("cardnumber") not in EMPTY:
        model, build = ApiCard, _api
    else:
        raise CardError("no card number: expected 'cardId' (corpus) or 'cardnumber' (API)")
    try:
        record, notes = check(model, record)
    except RecordError as exc:
        raise CardError(str(exc)) from None
    card = build(record)
    if not NUMBER.match(card.number):
        raise CardError(f"card number {card.number!r}: expected a number like BT5-086")
    if not card.name:
        raise CardError("field 'name': expected the card's name")
    return card, notes


def records_of(data: Any) -> list[Any]:
    """The card records of a file: a list, or a dict wrapping one (``{"data": [...]}``)."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        if len(lists) == 1:
            return lists[0]
        if data and all(isinstance(v, dict) for v in data.values()):
            return list(data.values())
    raise CardError("expected a list of card records or an object holding one")


#: What an effect's reading depends on (``compile_record`` reads the text, timings and keywords
#: alone) -> that reading: effects printed alike on many cards are compiled once per load.
Readings = dict[tuple[Any, ...], CompiledEffect]


def _reading(effect: EffectRecord, readings: Readings) -> CompiledEffect:
    key = (effect.text, *effect.timings, "|", *((k.keyword, k.value, k.how) for k in effect.keywords))
    if (found := readings.get(key)) is None:
        found = readings[key] = compile_record(effect)
    return found


def card_triples(card: CardRecord, result: SourceResult, source: URIRef, record: str,
                 readings: Readings | None = None) -> None:
    """Add one card, its requirements and its compiled effects to ``result`` (``readings``: the
    effects compiled so far, shared between the cards of one load; a compiled effect is shared
    by the records that read alike, and never changed once made)."""
    subject = card_iri(card.number)
    result.add(subject, RDF.type, DCG.Card)
    for kind in card.kinds:
        result.add(subject, RDF.type, KIND_CLASS[kind.lower()])
    for prop, value in (
        (DCG.cardNumber, card.number),
        (DCG.name, card.name),
        (RDFS.label, f"{card.name} ({card.number})"),
        (DCG.set, card.set),
        (DCG.level, card.level),
        (DCG.dp, card.dp),
        (DCG.playCost, card.play_cost),
        (DCG.rarity, card.rarity),
        (DCG.linkDp, card.link_dp),
        (DCG.linkRequirement, card.link_requirement),
    ):
        result.add(subject, prop, value)
    for prop, values in (
        (DCG.color, card.colors),
        (DCG.form, card.forms),
        (DCG.attribute, card.attributes),
        (DCG.type, card.types),
    ):
        for value in values:
            result.add(subject, prop, value)
    for part, prop in (
        ("main", DCG.mainText),
        ("inherited", DCG.inheritedText),
        ("security", DCG.securityText),
    ):
        result.add(subject, prop, card.texts.get(part))
    for n, req in enumerate(card.requirements, 1):
        node = URIRef(f"{subject}/req/{n}")
        result.add(subject, DCG.digivolveRequirement, node)
        result.add(node, RDF.type, DCG.DigivolveRequirement)
        result.add(node, DCG.position, n)
        result.add(node, DCG.fromLevel, req.level)
        result.add(node, DCG.fromColor, req.color)
        result.add(node, DCG.cost, req.cost)
    provenance(result, subject, source, record)
    _effects(card, result, source, record, {} if readings is None else readings)


def _effects(card: CardRecord, result: SourceResult, source: URIRef, record: str,
             readings: Readings) -> None:
    subject = card_iri(card.number)
    split = split_card(card.number, card.texts)
    for rule in split.rules:
        result.add(subject, DCG.ruleText, rule)
    for where, name in split.unknown_tags:
        result.problem(
            source_name(source),
            f"{record} {card.number} {where}",
            f"unknown tag [{name}]: expected a timing, usage limit or zone icon of the ontology",
            action="kept",
        )
    for effect in split.effects:
        if len(effect.text) > MAX_COMPILED_TEXT:
            result.problem(source_name(source), f"{record} {card.number} {effect.part} effect "
                           f"{effect.index}", f"a text of {len(effect.text):,} characters, longer "
                           f"than the compiler reads ({MAX_COMPILED_TEXT:,}); left uncompiled",
                           action="kept")
        effect.compiled = _reading(effect, readings)
        result.extend(effect_triples(effect))
        provenance(result, effect_iri(effect.card, effect.part, effect.index), source, record)
        result.count("effects")
        result.count("triggers_compiled", effect.compiled.trigger_compiled)
        result.count("actions_compiled", effect.compiled.actions_compiled)
        for use in effect.keywords:
            if use.how in ("has", "grants"):
                prop = DCG.hasKeyword if use.how == "has" else DCG.grantsKeyword
                result.add(subject, prop, DCG[use.keyword])


def source_name(source: URIRef) -> str:
    return str(source).rsplit("/", 1)[-1]


def load(path: Path) -> SourceResult:
    """Load a cards file (corpus or API format); bad records are skipped and reported."""
    result = SourceResult(source="cards")
    for key in ("cards", "effects", "triggers_compiled", "actions_compiled"):
        result.counts[key] = 0
    source = source_iri(path.name)
    try:
        records = records_of(read_json(path))
        check_count(path, records)
    except CardError as exc:
        result.problem(path.name, "file", str(exc), action="stopped")
        raise IngestError(result.problems[-1]) from None
    seen: set[str] = set()
    readings: Readings = {}
    for index, raw in enumerate(records):
        where = f"{path.name}[{index}]"
        number = raw.get("cardId") or raw.get("cardnumber") if isinstance(raw, dict) else None
        number = number if isinstance(number, str) and len(number) <= 32 else None  # a short id only
        try:
            card, notes = read_card(raw)
        except (CardError, KeyError) as exc:
            result.problem(path.name, f"{where} {number or '(no card number)'}", str(exc))
            continue
        for note in notes:
            result.problem(path.name, f"{where} {card.number}", note, action="kept")
        if card.number in seen:
            result.problem(
                path.name, f"{where} {card.number}", "duplicate card number: the first record is kept"
            )
            continue
        seen.add(card.number)
        card_triples(card, result, source, where, readings)
        result.count("cards")
    return result
