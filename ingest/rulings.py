"""Triples every ruling shares, whatever its source: the official Q&A, a wiki page, the bundle.

>>> card_numbers("[BT5-086 Omnimon] and ST4-13, not Ver.4-2")
['BT5-086', 'ST4-13']
>>> cited_rules("see CR 16-7-4, CR 11 and rule 15-8-3; card BT1-021; refer to 3 or more")
['16-7-4', '11', '15-8-3']
"""

from __future__ import annotations

import re

from rdflib import URIRef

from ingest.common import DCG, RDF, RDFS, SourceResult
from ingest.ruling_topics import about_keywords, about_timings
from ingest.vocab import find_timings, mentioned_keywords
from ontology import card_iri, rule_iri

_CARD_NUMBER = re.compile(r"(?<![\w-])([A-Z]{1,3}[0-9]{0,2}-[0-9]{2,3})(?![\w-])")
_RULE_CITE = re.compile(
    r"\b(?:(?:[Rr]ules?|[Ss]ections?|refer to)\s+([0-9]{1,2}(?:-[0-9]+)+)"
    r"|CR\s+([0-9]{1,2}(?:-[0-9]+)*)\b)"
)


def card_numbers(text: str) -> list[str]:
    """Card numbers written in the text (``BT5-086``), in order, without repeats."""
    return list(dict.fromkeys(_CARD_NUMBER.findall(text)))


def cited_rules(text: str) -> list[str]:
    """Comprehensive Rules section numbers the text cites (``CR 16-7-4``, ``rule 15-8``)."""
    return list(dict.fromkeys(a or b for a, b in _RULE_CITE.findall(text)))


def is_card_number(text: str) -> bool:
    """True for a string shaped like a card number."""
    return bool(_CARD_NUMBER.fullmatch(text))


def add_ruling(result: SourceResult, ruling: URIRef, ruling_id: str, question: str, answer: str,
               kind: str, keyword: str | None = None) -> None:
    """The ruling's class, id, label, texts, kind, the keywords, timings, cards and rules its
    question and answer name, and the keywords and timings it is about (``keyword``: the one
    the page that lists it is about)."""
    text = f"{question}\n{answer}"
    result.add(ruling, RDF.type, DCG.Ruling)
    result.add(ruling, RDFS.label, ruling_id)
    result.add(ruling, DCG.rulingId, ruling_id)
    result.add(ruling, DCG.question, question)
    result.add(ruling, DCG.answer, answer)
    result.add(ruling, DCG.rulingKind, kind)
    add_mentions(result, ruling, text)
    for topic in dict.fromkeys([*([keyword] if keyword else []), *about_keywords(question, answer)]):
        result.add(ruling, DCG.aboutKeyword, DCG[topic])  # the rule: ingest/ruling_topics.py
    for timing in about_timings(question, answer):
        result.add(ruling, DCG.aboutTiming, DCG[timing])
    for number in card_numbers(text):
        result.add(ruling, DCG.relatedCard, card_iri(number))
    for section in cited_rules(text):
        result.add(ruling, DCG.citesRule, rule_iri(section))


def add_mentions(result: SourceResult, subject: URIRef, text: str) -> None:
    """The keywords (``<Piercing>``), timings (``[On Play]``) and cards (``BT5-086``) named."""
    for keyword in mentioned_keywords(text):
        result.add(subject, DCG.mentionsKeyword, DCG[keyword])
    for timing in dict.fromkeys(find_timings(text)):
        result.add(subject, DCG.mentionsTiming, DCG[timing])
    for number in card_numbers(text):
        result.add(subject, DCG.mentionsCard, card_iri(number))
