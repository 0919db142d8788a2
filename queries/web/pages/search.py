"""The search across cards (number, name, keyword, trait, text), rulings (Q-number, text), rule
sections, keywords and timings, with close matches of the names for a misspelling, and the
words searched for spelled again from the graph's own words when nothing matches them.

>>> from queries.web.pages.graph import Record
>>> omnimon = Record("card", "BT5-086", "BT5-086 Omnimon", ["BT5-086", "Omnimon"], "omnimon piercing")
>>> found = search([omnimon], "omnimn")
>>> found.hits, [r.name for r in found.close]
({}, ['BT5-086'])
>>> found = search([omnimon], "piercng", words=["omnimon", "piercing"])
>>> found.respelt, [r.name for r in found.hits["card"]]
('piercing', ['BT5-086'])
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from queries.names import norm
from queries.web.pages.graph import Record

KINDS = {"card": "Cards", "keyword": "Keywords", "timing": "Timings", "ruling": "Rulings",
         "rule": "Rule sections"}
CAP = 50


@dataclass
class Found:
    """What a search found, by kind (best first, at most ``CAP`` a kind), with the count of each
    kind, and the records whose names are close to the words searched for."""

    hits: dict[str, list[Record]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    close: list[Record] = field(default_factory=list)
    respelt: str = ""  # the words as searched for instead, when nothing had the words as typed


def _score(record: Record, wanted: str, key: str, words: list[str]) -> int | None:
    """0: its name is the words; 1: a name starts with them; 2: the title has them; 3: the text
    has every word; None: no match."""
    keys = [norm(k) for k in record.keys if k]
    if key and key in keys:
        return 0
    if key and any(k.startswith(key) for k in keys):
        return 1
    if wanted in record.title.lower():
        return 2
    if words and all(w in record.text or w in record.title.lower() for w in words):
        return 3
    return None


def search(records: list[Record], query: str, limit: int = CAP, words: list[str] | None = None,
           kind: str = "") -> Found:
    """Records matching ``query`` (of ``kind``, if given), grouped by kind, the kind with the best
    match first; close matches of the names when few match and
    none is the name searched for. When nothing matches, each word not among ``words`` (the
    graph's words) is replaced by the closest of them, and that is searched for instead."""
    wanted = " ".join(query.lower().split())
    if kind:
        records = [r for r in records if r.kind == kind]
    found = _matching(records, wanted, limit)
    if not found.hits and words:
        respelt = respell(wanted, words)
        if respelt != wanted:
            found = _matching(records, respelt, limit)
            found.respelt = respelt if found.hits else ""
    exact = any(found.hits) and any(norm(wanted.removeprefix("cr ")) in [norm(k) for k in rs[0].keys]
                                    for rs in found.hits.values())
    if sum(found.counts.values()) < 3 and not exact:
        found.close = close_records(records, wanted, {id(r) for rs in found.hits.values() for r in rs})
    return found


def respell(wanted: str, words: list[str]) -> str:
    """Each word of ``wanted`` of four letters or more that is not in ``words`` as the closest one
    that is (difflib), or as it is when none is close."""
    known = set(words)
    out = []
    for word in wanted.split():
        if len(word) < 4 or word in known or not word.isalpha():
            out.append(word)
            continue
        close_words = difflib.get_close_matches(word, words, n=1, cutoff=0.8)
        out.append(close_words[0] if close_words else word)
    return " ".join(out)


def _matching(records: list[Record], wanted: str, limit: int) -> Found:
    key = norm(wanted.removeprefix("cr "))
    words = wanted.split()
    found = Found()
    if not wanted:
        return found
    scored: dict[str, list[tuple[int, int, Record]]] = {}
    for n, record in enumerate(records):
        score = _score(record, wanted, key, words)
        if score is not None:
            scored.setdefault(record.kind, []).append((score, n, record))
    order = list(KINDS)  # the kinds with the best match first: "piercing" shows the keyword first
    for kind in sorted(scored, key=lambda k: (min(s for s, _n, _r in scored[k]), order.index(k))):
        ranked = sorted(scored[kind], key=lambda s: (s[0], s[1]))
        found.hits[kind] = [r for _s, _n, r in ranked[:limit]]
        found.counts[kind] = len(ranked)
    return found


def close_records(records: list[Record], wanted: str, shown: set[int], n: int = 8) -> list[Record]:
    """The records a name of which is close to ``wanted`` (difflib), best first."""
    by_name: dict[str, Record] = {}
    for record in records:
        for name in record.keys:
            if name:
                by_name.setdefault(name.lower(), record)
    hits = difflib.get_close_matches(wanted, list(by_name), n=n * 2, cutoff=0.6)
    out: list[Record] = []
    for hit in hits:
        record = by_name[hit]
        if id(record) not in shown and record not in out:
            out.append(record)
    return out[:n]
