"""Noun phrases of card text -> Selector ("1 of your opponent's Digimon with 4000 DP or less").

The phrase must be understood whole: an unknown filter returns None rather than a looser
selector, so the action stays uncompiled instead of hitting the wrong cards.

>>> s = select("1 of your opponent's Digimon with 4000 DP or less")
>>> s.owner, s.count, s.max_dp
('opponent', 1, 4000)
>>> select("all of your Digimon with <Blocker> or <Reboot>").with_keywords
['Blocker', 'Reboot']
"""

from __future__ import annotations

import re
from typing import Any

from ingest.effect_ir import Selector
from ingest.vocab import find_keywords

_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_OWNER = [
    ("your opponent's ", "opponent"),
    ("their ", "opponent"),
    ("your ", "self"),
    ("opponent's ", "opponent"),
]
_KIND = [
    ("option cards", "Option"),
    ("option card", "Option"),
    ("digimon or tamers", "Digimon or Tamer"),
    ("digimon or tamer", "Digimon or Tamer"),
    ("digimon cards", "card"),
    ("digimon card", "card"),
    ("digimon", "Digimon"),
    ("tamers", "Tamer"),
    ("tamer", "Tamer"),
]
_THIS = {
    "this digimon": ("Digimon", "self"),
    "this tamer": ("Tamer", "self"),
    "this card": ("card", "self"),
    "it": ("Digimon", "self"),
}
_BATTLED = re.compile(r"the digimon (?:it|this digimon) (?:battled|was battling|is battling)")

#: Filters written after the kind: regex -> the Selector fields they set.
_FILTERS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"with (\d+) dp or (?:less|lower)"), lambda m: {"max_dp": int(m[1])}),
    (re.compile(r"with (\d+) dp or (?:more|higher)"), lambda m: {"min_dp": int(m[1])}),
    (re.compile(r"with the (highest|lowest) (dp|level)"), lambda m: {"extreme": f"{m[1]}_{m[2]}"}),
    (re.compile(r"with (?:a )?level (?:of )?(\d+) or (?:less|lower)"), lambda m: {"max_level": int(m[1])}),
    (re.compile(r"with (?:a )?level (?:of )?(\d+) or (?:more|higher)"), lambda m: {"min_level": int(m[1])}),
    (
        re.compile(r"with (?:a )?(?:play |use )?cost (?:of )?(\d+) or (?:less|lower)"),
        lambda m: {"max_cost": int(m[1])},
    ),
    (
        re.compile(r"with (?:a )?(?:play |use )?cost (?:of )?(\d+) or (?:more|higher)"),
        lambda m: {"min_cost": int(m[1])},
    ),
    (re.compile(r"with no digivolution cards"), lambda m: {"without_sources": True}),
    (re.compile(r"with \[([^\]]+)\] in (?:its|their) names?"), lambda m: {"name_contains": m[1]}),
    (re.compile(r"with (?:the )?\[([^\]]+)\] trait"), lambda m: {"trait": m[1]}),
    (
        re.compile(r"with ((?:<[^<>]+>(?:,? or |, | and )?)+)"),
        lambda m: {"with_keywords": sorted({k for k, _ in find_keywords(m[1])})},
    ),
]
#: Filters written before the kind ("level 4 or lower Digimon", "lowest level Digimon").
_PREFIX: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"level (\d+) or (?:less|lower) "), lambda m: {"max_level": int(m[1])}),
    (re.compile(r"level (\d+) or (?:more|higher) "), lambda m: {"min_level": int(m[1])}),
    (re.compile(r"(highest|lowest) (dp|level) "), lambda m: {"extreme": f"{m[1]}_{m[2]}"}),
    (re.compile(r"other "), lambda m: {"other": True}),
    (re.compile(r"\[([^\]]+)\] trait "), lambda m: {"trait": m[1]}),
]


def lower(text: str) -> str:
    """Lower case, except names and traits in brackets ('[Greymon]' keeps its case)."""
    return "".join(p if p.startswith("[") else p.lower() for p in re.split(r"(\[[^\]]*\])", text))


def _count(text: str) -> tuple[dict[str, Any], str] | None:
    """'1 of', 'up to 2 of', 'all of', 'all' or nothing (= all) in front of the owner."""
    if m := re.match(r"(up to )?(\d+|a|an|one|two|three) of ", text):
        n = int(m[2]) if m[2].isdigit() else _NUM[m[2]]
        return {"count": n, "up_to": bool(m[1])}, text[m.end() :]
    if m := re.match(r"all (?:of )?", text):
        return {"count": None}, text[m.end() :]
    if re.match(r"(?:your opponent's|their|your) ", text):
        return {"count": None}, text
    return None


def _filters(
    text: str, table: list[tuple[re.Pattern[str], Any]], joiner: str
) -> tuple[dict[str, Any], str] | None:
    fields: dict[str, Any] = {}
    rest = text
    while rest:
        for pattern, setter in table:
            if m := pattern.match(rest):
                fields.update(setter(m))
                rest = rest[m.end() :]
                rest = re.sub(joiner, "", rest, count=1)
                break
        else:
            return fields, rest
    return fields, rest


def _kind_and_filters(rest: str, fields: dict[str, Any]) -> Selector | None:
    """Prefix filters, the kind, then filters after it; None unless all of ``rest`` is understood."""
    prefix_fields, rest = _filters(rest, _PREFIX, r"^$") or ({}, rest)
    fields.update(prefix_fields)
    for word, kind in _KIND:
        if rest.startswith(word):
            fields["kind"] = kind
            rest = rest[len(word) :].strip()
            break
    else:
        return None
    after, rest = _filters(rest, _FILTERS, r"^(?:,? and )") or ({}, rest)
    if rest.strip():
        return None
    fields.update(after)
    return Selector(**fields)


def select(phrase: str) -> Selector | None:
    """The selector of a noun phrase, or None when any part of it is not understood."""
    text = lower(phrase.strip().rstrip("."))
    if text in _THIS:
        kind, owner = _THIS[text]
        return Selector(owner=owner, kind=kind, this=True)  # type: ignore[arg-type]
    if _BATTLED.fullmatch(text):
        return Selector(owner="opponent", battled=True)
    counted = _count(text)
    if counted is None:
        return None
    fields, rest = counted
    for prefix, owner in _OWNER:
        if rest.startswith(prefix):
            fields["owner"] = owner
            rest = rest[len(prefix) :]
            break
    else:
        return None
    return _kind_and_filters(rest, fields)


_SUBJECT_OWNER = [
    (r"(?:an|one of your|any of your|your|an) opponent's (?P<other>other )?", "opponent"),
    (r"(?:one of your|any of your|your|another of your|1 of your) (?P<other>other )?", "self"),
    (r"(?:(?:a|an|any|one) )?(?P<other>another |other )?", "any"),
]


def subject(phrase: str) -> Selector | None:
    """The subject of a trigger clause ('one of your [Dragon] trait Digimon', 'another Digimon'):
    whose it is and what it must be, with no count (any one of them triggers the effect)."""
    text = lower(phrase.strip())
    for pattern, owner in _SUBJECT_OWNER:
        if m := re.match(pattern, text):
            other = bool(m.group("other")) or text.startswith("another of your ")
            fields: dict[str, Any] = {"owner": owner, "count": None, "other": other}
            if (found := _kind_and_filters(text[m.end() :].lstrip(), fields)) is not None:
                return found
    return None
