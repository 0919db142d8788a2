"""The official card rulings (Q&A): ``{card number: [{qno, question, answer, date, related}]}``.

One ``dcg:Ruling`` per distinct Q-number; a ruling filed under several cards gets one
``dcg:aboutCard`` link per card.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path
from typing import Any

from rdflib import Literal
from rdflib.namespace import DCTERMS, XSD

from ingest.common import DCG, SourceResult, provenance, read_keyed_by_card, shown
from ingest.records import RULINGS_MAX, RecordError, Ruling, check, checked
from ingest.rulings import add_ruling, is_card_number
from ingest.text import normalise
from ontology import card_iri, ruling_iri, source_iri


def _check(record: Any) -> tuple[dict[str, Any], list[str]]:
    """The record with its fields checked by type (``ingest.records.Ruling``) and cleaned, with
    what was cleaned; RecordError says why it cannot be used."""
    record, notes = check(Ruling, record)
    for field in ("question", "answer"):
        if not record[field].strip():
            raise RecordError(f"field {field!r}: blank, expected a text")
    date = record.get("date")
    if date is not None and not _is_date(date):
        raise RecordError(f"field 'date': {date!r} is not a YYYY-MM-DD date")
    return record, notes


@lru_cache(maxsize=4096)
def _date(value: str) -> Literal:
    """An ``xsd:date`` literal (many rulings share a date)."""
    return Literal(value, datatype=XSD.date)


def _is_date(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return len(value) == 10


def load(path: Path) -> SourceResult:
    """Load a qa.json file; skip and report bad records, stop on a corrupt file."""
    data = read_keyed_by_card(path)
    name = path.name
    result = SourceResult(source=f"qa:{name}")
    seen: dict[str, tuple[str, str]] = {}
    for card, records in data.items():
        if not is_card_number(card):
            result.problem(name, shown(card), "key is not a card number like BT5-086")
            continue
        if not isinstance(records, list):
            result.problem(name, card, f"expected a list of rulings, got {type(records).__name__}")
            continue
        if len(records) > RULINGS_MAX:
            result.problem(name, card, f"{len(records):,} rulings, expected at most {RULINGS_MAX:,}")
            continue
        for index, record in enumerate(records):
            where = f"{card}[{index}]"
            ruling = checked(result, name, where, _check, record)
            if ruling is not None:
                _add(result, name, card, where, ruling, seen)
    return result


def _add(result: SourceResult, name: str, card: str, where: str, record: dict[str, Any],
         seen: dict[str, tuple[str, str]]) -> None:
    qno = record["qno"].strip()
    question, answer = normalise(record["question"]), normalise(record["answer"])
    ruling = ruling_iri(qno)
    result.add(ruling, DCG.aboutCard, card_iri(card))
    result.count("ruling_card_links")
    if qno in seen:
        if seen[qno] != (question, answer):
            result.problem(name, where,
                           f"{qno} was already read with a different text; the first one is kept",
                           action="kept")
        return
    seen[qno] = (question, answer)
    add_ruling(result, ruling, qno, question, answer, "official")
    result.add(ruling, DCG.qno, qno)
    if record.get("date"):
        result.add(ruling, DCTERMS.date, _date(record["date"]))
    for number in record.get("related") or []:
        if isinstance(number, str) and is_card_number(number.strip()):
            result.add(ruling, DCG.relatedCard, card_iri(number.strip()))
        else:
            result.problem(name, where,
                           f"related entry {number!r} is not a card number; left out", action="kept")
    provenance(result, ruling, source_iri(name), where)
    result.count("rulings")
