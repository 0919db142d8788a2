"""Official errata: ``{card number: {cardId, name, date, changes: [{before, after}], notes, source}}``.

Each before/after change becomes a ``dcg:Errata`` at ``errata_iri(card, i)`` (1-based), linked
from the card by ``dcg:errata``. A change with empty texts but notes (a corrected emblem or
artwork) is kept: the notes say what changed.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, XSD

from ingest.common import SourceResult, provenance, read_keyed_by_card, shown
from ingest.records import ErrataChange, ErrataEntry, RecordError, check, checked
from ingest.rulings import is_card_number
from ingest.text import normalise
from ontology import DCG, card_iri, errata_iri, source_iri


def iso_date(value: Any) -> Literal | None:
    """An ``xsd:date`` literal for a ``YYYY-MM-DD`` string, else None."""
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return None
    return Literal(value, datatype=XSD.date)


def _checked_entry(entry: Any) -> tuple[dict[str, Any], list[str]]:
    """The entry with its fields checked by type (``ingest.records.ErrataEntry``) and cleaned, with
    what was cleaned; RecordError says why it cannot be used."""
    entry, notes = check(ErrataEntry, entry)
    if entry.get("date") is not None and iso_date(entry["date"]) is None:
        raise RecordError(f"field 'date': {entry['date']!r} is not a YYYY-MM-DD date")
    return entry, notes


def load(path: Path) -> SourceResult:
    """Load an errata.json file; skip and report bad entries, stop on a corrupt file."""
    data = read_keyed_by_card(path)
    name = path.name
    result = SourceResult(source=f"errata:{name}")
    for card, raw in data.items():
        if not is_card_number(card):
            result.problem(name, shown(card), "key is not a card number like BT5-086")
            continue
        entry = checked(result, name, card, _checked_entry, raw)
        if entry is None:
            continue
        if entry.get("cardId") not in (None, card):
            result.problem(name, card, f"cardId {entry['cardId']!r} differs from the key; "
                           "the key is used", action="kept")
        for index, change in enumerate(entry["changes"], start=1):
            _add_change(result, name, card, index, entry, change)
    return result


def _add_change(result: SourceResult, name: str, card: str, index: int,
                entry: dict[str, Any], change: Any) -> None:
    where = f"{card}.changes[{index - 1}]"
    try:
        check(ErrataChange, change)  # the entry's texts are cleaned already
    except RecordError as exc:
        result.problem(name, where, f"{exc}; expected {{before, after}} with texts")
        return
    if not (change["before"].strip() or change["after"].strip() or entry.get("notes")):
        result.problem(name, where, "before and after are empty and there are no notes")
        return
    errata = errata_iri(card, index)
    result.add(errata, RDF.type, DCG.Errata)
    label = f"Errata {index} of {card}" + (f" {entry['name']}" if entry.get("name") else "")
    result.add(errata, RDFS.label, label)
    result.add(errata, DCG.before, normalise(change["before"]))
    result.add(errata, DCG.after, normalise(change["after"]))
    result.add(errata, DCTERMS.date, iso_date(entry.get("date")))
    if entry.get("notes"):
        result.add(errata, DCG.notes, normalise(entry["notes"]))
    source = (entry.get("source") or "").strip()
    if source.startswith(("http://", "https://")) and " " not in source:
        result.add(errata, DCTERMS.source, URIRef(source))
    elif source:
        result.problem(name, f"{card}.source", f"{source!r} is not a URL; left out", action="kept")
    result.add(card_iri(card), DCG.errata, errata)
    provenance(result, errata, source_iri(name), where)
    result.count("errata")
