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

from ingest.common import SourceResult, provenance, read_keyed_by_card
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


def _entry_problem(entry: Any) -> str | None:
    if not isinstance(entry, dict):
        return f"expected an object with changes, got {type(entry).__name__}"
    changes = entry.get("changes")
    if not isinstance(changes, list) or not changes:
        return "field 'changes' missing or not a non-empty list of {before, after}"
    if entry.get("date") is not None and iso_date(entry["date"]) is None:
        return f"date {entry['date']!r} is not a YYYY-MM-DD date"
    for field in ("name", "notes", "source"):
        if entry.get(field) is not None and not isinstance(entry[field], str):
            return f"field {field!r} is {type(entry[field]).__name__}, expected text"
    return None


def load(path: Path) -> SourceResult:
    """Load an errata.json file; skip and report bad entries, stop on a corrupt file."""
    data = read_keyed_by_card(path)
    name = path.name
    result = SourceResult(source=f"errata:{name}")
    for card, entry in data.items():
        reason = None if is_card_number(card) else "key is not a card number like BT5-086"
        reason = reason or _entry_problem(entry)
        if reason:
            result.problem(name, card, reason)
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
    if not isinstance(change, dict) or not all(
            isinstance(change.get(k), str) for k in ("before", "after")):
        result.problem(name, where, "expected {before, after} with texts")
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
