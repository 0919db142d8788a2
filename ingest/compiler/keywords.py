"""The parameter a keyword is printed with: ``<Decoy (Black)>``, ``<Overclock ([Puppet] trait)>``,
``<Decode (Blue Lv.4)>``, ``<Partition (red Lv.4 & yellow Lv.4)>``, ``<Fragment (3)>``.

CR 16-3: the "specified cards" of a keyword are the cards that meet the conditions in its
parentheses. They become the ``selector`` of the keyword's action (several specified cards, as
for <Partition>, are its ``any_of`` in printed order); a number alone is the keyword's value.
What a bare ``[Name]`` means (a card name, or a trait in the older <Decoy ([D-Brigade])>
wording) is the keyword's ``dcg:bareNameMeans`` in ``ontology/keywords.ttl``. A parameter that
is not understood whole gives ``None``: the action then stays uncompiled, never looser.

>>> parameter("Decoy", "<Decoy (Red/Black)>").selector.color
'Red/Black'
>>> parameter("Fragment", "<Fragment (3)>").value
3
>>> p = parameter("Partition", "<Partition (blue Lv.4 & green Lv.4)>").selector
>>> [(s.color, s.min_level) for s in p.any_of]
[('Blue', 4), ('Green', 4)]
>>> parameter("Decode", "<Decode (Lv.4 or lower w/[DS] trait)>").selector.max_level
4
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rdflib.namespace import RDF

import ontology
from ingest.effect_ir import Selector
from ontology import DCG, local

_COLOR = r"(?:red|blue|yellow|green|black|purple|white)"
_NAMES = r"\[[^\]]+\](?:/\[[^\]]+\])*"
#: One filter of a specified card, and the Selector fields it sets.
_FILTERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^(?P<v>{_COLOR}(?:/{_COLOR})*)\b\s*", re.I), "color"),
    (re.compile(r"^lv\.\s*(?P<v>\d+) or lower\b\s*", re.I), "max_level"),
    (re.compile(r"^lv\.\s*(?P<v>\d+)\s*", re.I), "level"),
    (re.compile(rf"^w/(?P<v>{_NAMES}) in name\s*", re.I), "name_contains"),
    (re.compile(rf"^w/(?P<v>{_NAMES}) in text\s*", re.I), "text_contains"),
    (re.compile(rf"^(?:w/)?(?P<v>{_NAMES}) trait\s*", re.I), "trait"),
    (re.compile(rf"^(?P<v>{_NAMES})\s*"), "bare"),
]


@dataclass(frozen=True)
class Parameter:
    """A keyword's parameter: the specified cards, or a number."""

    selector: Selector | None = None
    value: int | None = None


@lru_cache(maxsize=1)
def _bare_meanings() -> dict[str, str]:
    """Keyword local name -> what a bare ``[Name]`` in its parameter is (``name`` or ``trait``)."""
    graph = ontology.vocabulary_graph()
    return {local(k): str(v) for k in graph.subjects(RDF.type, DCG.Keyword)
            for v in graph.objects(k, DCG.bareNameMeans)}


def _names(text: str) -> list[str]:
    return re.findall(r"\[([^\]]+)\]", text)


def _one(text: str, bare: str) -> Selector | None:
    """One specified card ('Blue Lv.4', '[Puppet] trait'), every filter understood, else None."""
    fields: dict[str, object] = {}
    rest = text.strip()
    alternatives: list[Selector] = []
    while rest:
        if rest.lower().startswith("or "):  # 'w/[A] in name or w/[B] trait': either will do
            tail = _one(rest[3:], bare)
            if tail is None:
                return None
            alternatives = [Selector(owner="self", kind="card", **fields)]  # type: ignore[arg-type]
            fields = {"any_of": [*alternatives, tail]}
            break
        for pattern, field in _FILTERS:
            m = pattern.match(rest)
            if m is None:
                continue
            value = m["v"]
            if field == "color":
                fields["color"] = "/".join(c.capitalize() for c in value.split("/"))
            elif field == "level":
                fields["min_level"] = fields["max_level"] = int(value)
            elif field == "max_level":
                fields["max_level"] = int(value)
            elif field == "name_contains":
                if len(_names(value)) > 1:
                    return None  # several partial names: Selector.name_contains holds one
                fields["name_contains"] = _names(value)[0]
            elif field == "text_contains":
                fields["text_contains"] = "/".join(f"[{n}]" for n in _names(value))
                if len(_names(value)) > 1:
                    return None
            elif field == "trait" or bare == "trait":
                fields["trait"] = "/".join(_names(value))
            else:
                fields["name"] = "/".join(_names(value))
            rest = rest[m.end():]
            break
        else:
            trait = r"[A-Z][\w-]*(?: [A-Z][\w-]*)*"
            if bare == "trait" and re.fullmatch(rf"{trait}(?:/{trait})*", rest):
                fields["trait"] = rest  # 'Deva/Four Sovereigns': traits written without brackets
                break
            return None
    if not fields:
        return None
    return Selector(owner="self", kind="card", **fields)  # type: ignore[arg-type]


def parameter(keyword: str, printed: str) -> Parameter | None:
    """The parameter of ``<Keyword (…)>`` as printed, or None if it is not understood whole."""
    m = re.search(r"\(([^()]*)\)\s*>", printed.replace("\xa0", " "))
    if m is None:
        return Parameter()
    inside = m[1].strip()
    if inside.isdigit():
        return Parameter(value=int(inside))
    bare = _bare_meanings().get(keyword, "name")
    parts = [p for p in re.split(r"\s+[&+]\s+", inside)]
    cards = [_one(part, bare) for part in parts]
    if any(c is None for c in cards):
        return None
    if len(cards) == 1:
        return Parameter(selector=cards[0])
    return Parameter(selector=Selector(owner="self", kind="card", any_of=cards, count=len(cards)))  # type: ignore[arg-type]
