"""The names of keywords and timings, read from the ontology, and finding them in text.

Rules are data: the printed names (``dcg:printedAs``) come from ``ontology/*.ttl``, so a keyword
added there is recognised everywhere without code changes.

>>> [k for k, _ in find_keywords("<Security Attack +1> and <Piercing>")]
['SecurityA', 'Piercing']
>>> find_timings("[Your Turn][Once Per Turn] When ...")
['YourTurn']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rdflib.namespace import RDF

import ontology
from ontology import DCG, local


@dataclass(frozen=True)
class Vocabulary:
    """Printed name (lower case) -> local name, for keywords, timings and other effect tags."""

    keywords: dict[str, str]
    timings: dict[str, str]
    tags: dict[str, str]
    keyword_pattern: re.Pattern[str]
    #: ``<printed`` searches of ``mentioned_keywords``, longest printed name first.
    keyword_searches: tuple[tuple[re.Pattern[str], str], ...] = ()


#: One ``[Tag]`` at the head of an effect, with the spaces around it.
HEAD_TAG = re.compile(r"\s*\[([^\[\]]+)\]\s*")


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    graph = ontology.vocabulary_graph()
    names: dict[str, dict[str, str]] = {"keywords": {}, "timings": {}, "tags": {}}
    for kind, cls in (("keywords", DCG.Keyword), ("timings", DCG.Timing),
                      ("tags", DCG.UsageLimit), ("tags", DCG.ZoneIcon)):
        for subject in graph.subjects(RDF.type, cls):
            for printed in graph.objects(subject, DCG.printedAs):
                names[kind][str(printed).lower()] = local(subject)
    alternatives = sorted(names["keywords"], key=len, reverse=True)
    pattern = re.compile(
        r"<\s*(" + "|".join(re.escape(a) for a in alternatives) + r")(?![A-Za-z])\s*"
        r"(?:\(([^)>]*)\)\s*)?([-+−]?\s*\d+)?[^>]*>",
        re.IGNORECASE,
    )
    searches = tuple(
        (re.compile(r"<\s*" + re.escape(printed) + r"(?![A-Za-z])"), name)
        for printed, name in sorted(names["keywords"].items(), key=lambda kv: -len(kv[0]))
    )
    return Vocabulary(names["keywords"], names["timings"], names["tags"], pattern, searches)


def find_keywords(text: str) -> list[tuple[str, int | None]]:
    """Keywords written as ``<Name>`` / ``<Name +1>`` in the text, with their values, in order."""
    vocab = vocabulary()
    found: list[tuple[str, int | None]] = []
    for match in vocab.keyword_pattern.finditer(text):
        name = vocab.keywords[match.group(1).lower()]
        inside = (match.group(2) or "").strip()
        raw = match.group(3) or (inside if inside.isdigit() else None)  # <Fragment (3)>: a number alone
        value = int(raw.replace(" ", "").replace("−", "-")) if raw else None
        found.append((name, value))
    return found


_BRACKETED = re.compile(r"\[([^\[\]]+)\]")


def find_timings(text: str) -> list[str]:
    """Timing tags written as ``[Name]`` in the text, in order (usage limits excluded)."""
    vocab = vocabulary()
    return [vocab.timings[m.lower()] for m in _BRACKETED.findall(text)
            if m.lower() in vocab.timings]


def mentioned_keywords(text: str) -> list[str]:
    """Keywords named in prose, with or without brackets (for rulings and rules text)."""
    lowered = text.lower()
    seen: list[str] = []
    if "<" not in lowered:  # every search begins with one
        return seen
    for search, name in vocabulary().keyword_searches:
        if search.search(lowered) and name not in seen:
            seen.append(name)
    return seen


def head_tags(piece: str) -> tuple[list[str], list[str], list[str], str]:
    """Leading tags of a piece: (timings, usage/zone tags, unknown tags, body)."""
    vocab = vocabulary()
    timings: list[str] = []
    tags: list[str] = []
    unknown: list[str] = []
    rest = piece
    while match := HEAD_TAG.match(rest):
        key = match.group(1).strip().lower()
        after = HEAD_TAG.match(rest[match.end() :])
        icon = key in vocab.timings and key in vocab.tags  # [Security]: a timing or the {Security} icon
        if icon and after and after.group(1).strip().lower() in vocab.timings:
            tags.append(vocab.tags[key])  # '[Security] [All Turns] …': the {Security} icon (CR 15-14-5)
        elif key in vocab.timings:
            timings.append(vocab.timings[key])
        elif key in vocab.tags:
            tags.append(vocab.tags[key])
        elif rest is piece and _looks_like_tag(match.group(1), rest[match.end() :]):
            unknown.append(match.group(1))
        else:
            break
        rest = rest[match.end() :]
    return list(dict.fromkeys(timings)), list(dict.fromkeys(tags)), unknown, rest.strip()


def _looks_like_tag(name: str, after: str) -> bool:
    """An unknown ``[Name]`` heading an effect, not a card name opening a sentence."""
    return bool(re.match(r"[A-Z]", name)) and not re.match(r"\s*(in|trait|or|and|x|&|,|:)\b", after)
