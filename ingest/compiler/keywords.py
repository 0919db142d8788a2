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
>>> parameter("Decode", "<Decode (Lv.3 w/[Aqua]/[Sea Animal] in any trait)>").selector.trait
'Aqua/Sea Animal'
>>> d = parameter("Decode", "<Decode (Lv.4 or lower w/[Agumon]/[Greymon] in name or w/[ME]/[VB] trait)>")
>>> d.selector.max_level, [len(a.any_of) or a.trait for a in d.selector.any_of]
(4, [2, 'ME/VB'])
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
    # '<Use Req. ([Three Musketeers] in text)>' (BT25-085): the same without 'w/'
    (re.compile(rf"^(?:w/)?(?P<v>{_NAMES}) in text\s*", re.I), "text_contains"),
    # 'w/[Aqua]/[Sea Animal] in any trait': the reminder text says 'in any of its traits' (BT22-021)
    (re.compile(rf"^(?:w/)?(?P<v>{_NAMES}) (?:in any )?trait\s*", re.I), "trait"),
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


def _card(**fields: object) -> Selector:
    return Selector(owner="self", kind="card", **fields)  # type: ignore[arg-type]


def _filters(text: str, bare: str) -> dict[str, object] | None:
    """The filters of one specified card written without alternatives ('Blue Lv.4', '[Puppet]
    trait', 'Lv.4 or lower w/[DS] trait'), every one understood, else None."""
    fields: dict[str, object] = {}
    rest = text.strip()
    while rest:
        for pattern, field in _FILTERS:
            m = pattern.match(rest)
            if m is None:
                continue
            value, names = m["v"], _names(m["v"])
            if field == "color":
                fields["color"] = "/".join(c.capitalize() for c in value.split("/"))
            elif field == "level":
                fields["min_level"] = fields["max_level"] = int(value)
            elif field == "max_level":
                fields["max_level"] = int(value)
            elif field == "name_contains":  # 'w/[A]/[B] in name': either name will do
                fields.update({"name_contains": names[0]} if len(names) == 1
                              else {"any_of": [_card(name_contains=n) for n in names]})
            elif field == "text_contains":
                if len(names) > 1:
                    return None
                fields["text_contains"] = names[0]
            elif field == "trait" or bare == "trait":
                fields["trait"] = "/".join(names)
            else:
                fields["name"] = "/".join(names)
            rest = rest[m.end():]
            break
        else:
            trait = r"[A-Z][\w-]*(?: [A-Z][\w-]*)*"
            if bare == "trait" and not fields and re.fullmatch(rf"{trait}(?:/{trait})*", rest):
                return {"trait": rest}  # 'Deva/Four Sovereigns': traits written without brackets
            return None
    return fields or None


def specified_card(text: str, bare: str) -> Selector | None:
    """One specified card, every filter understood, else None. Alternatives: '[Junomon]/Lv.5 or
    lower w/[Iliad] trait' (either card), 'Lv.4 or lower w/[Agumon] in name or w/[VB] trait' (the
    level holds for both, the rest is either: QA Q7098). Also read for Assembly requirements
    (kg/solver/handlers/assembly.py), which print their cards in the same words."""
    whole = re.split(r"(?<=\])/(?!\[)", text.strip())
    if len(whole) > 1:
        cards = [specified_card(part, bare) for part in whole]
        return None if any(c is None for c in cards) else _card(any_of=cards)
    shared: dict[str, object] = {}
    rest = text.strip()
    while m := next((m for pattern, field in _FILTERS[:3] if (m := pattern.match(rest))), None):
        head = _filters(m[0], bare)
        if head is None:
            return None
        shared.update(head)
        rest = rest[m.end():]
    if not rest:
        return _card(**shared) if shared else None
    either = [_filters(part, bare) for part in re.split(r"\s+or\s+(?=w/|\[)", rest)]
    if any(f is None for f in either):
        return None
    if len(either) == 1:
        own = either[0]
        if "any_of" in own and "any_of" in shared:
            return None
        return _card(**{**shared, **own})  # type: ignore[dict-item]
    return _card(**shared, any_of=[_card(**f) for f in either])  # type: ignore[arg-type]


def parameter(keyword: str, printed: str) -> Parameter | None:
    """The parameter of ``<Keyword (…)>`` as printed, or None if it is not understood whole."""
    m = re.search(r"\((.*)\)\s*>", printed.replace("\xa0", " "))
    if m is None:
        return Parameter()
    inside = m[1].replace(")/(", "/").strip()  # '<Decode ([Betamon])/([ModokiBetamon])>': either one
    if "{" not in inside:  # '<Decode (Lv.4 or lower w/[Gammamon] in text} or w/[VB] trait)>' (EX12-014)
        inside = inside.replace("}", "")
    if "(" in inside or ")" in inside:
        return None
    if inside.isdigit():
        return Parameter(value=int(inside))
    bare = _bare_meanings().get(keyword, "name")
    parts = [p for p in re.split(r"\s+[&+]\s+", inside)]
    cards = [specified_card(part, bare) for part in parts]
    if any(c is None for c in cards):
        return None
    if len(cards) == 1:
        return Parameter(selector=cards[0])
    return Parameter(selector=Selector(owner="self", kind="card", any_of=cards, count=len(cards)))  # type: ignore[arg-type]
