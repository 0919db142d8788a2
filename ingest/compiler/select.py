"""Noun phrases of card text -> Selector ("1 of your opponent's Digimon with 4000 DP or less").

Three kinds of phrase: cards in play ("1 of your opponent's Digimon"), the subject of a trigger
("one of your [Dragon] trait Digimon") and cards in a zone ("1 level 3 Digimon card with the
[Dragon] trait"). The phrase must be understood whole: an unknown filter returns None rather
than a looser selector, so the action stays uncompiled instead of hitting the wrong cards.

>>> s = select("1 of your opponent's Digimon with 4000 DP or less")
>>> s.owner, s.count, s.max_dp
('opponent', 1, 4000)
>>> select("all of your Digimon with <Blocker> or <Reboot>").with_keywords
['Blocker', 'Reboot']
>>> c = card_select("1 level 4 or lower Digimon card with the [Ghost] or [Undead] trait")
>>> c.kind, c.max_level, c.trait
('Digimon', 4, 'Ghost/Undead')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ingest.effect_ir import Selector
from ingest.vocab import find_keywords

Setter = Callable[[re.Match[str]], dict[str, Any]]

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
    ("digimon and tamers", "Digimon or Tamer"),
    ("digimon and/or tamers", "Digimon or Tamer"),
    ("digimon or tamer", "Digimon or Tamer"),
    ("digimon cards", "Digimon"),
    ("digimon card", "Digimon"),
    ("digimon", "Digimon"),
    ("tamer cards", "Tamer"),
    ("tamer card", "Tamer"),
    ("tamers", "Tamer"),
    ("tamer", "Tamer"),
    ("cards", "card"),
    ("card", "card"),
]
_THIS = {
    "this digimon": ("Digimon", "self"),
    "this tamer": ("Tamer", "self"),
    "this card": ("card", "self"),
    "it": ("Digimon", "self"),
}
_BATTLED = re.compile(r"the digimon (?:it|this digimon) (?:battled|was battling|is battling)")
_COLORS = r"red|blue|yellow|green|black|purple|white"
#: Names in brackets, with alternatives: "[A]", "[A]/[B]", "[A] or [B]", "[A], [B] or [C]".
_NAMES = r"\[[^\]]+\](?:(?:/|, | or |, or )\[[^\]]+\])*"


_BRACKETED = re.compile(r"\[([^\]]+)\]")
_BRACKET_SPLIT = re.compile(r"(\[[^\]]*\])")


def _names(text: str) -> str:
    return "/".join(_BRACKETED.findall(text))


NAMES, names_of = _NAMES, _names  #: for other modules' patterns: bracketed names, and their '/' join


#: 'the highest DP', 'the lowest play cost' -> Selector.extreme.
_EXTREMES = {
    ("highest", "dp"): "highest_dp",
    ("lowest", "dp"): "lowest_dp",
    ("highest", "level"): "highest_level",
    ("lowest", "level"): "lowest_level",
    ("highest", "cost"): "highest_cost",
    ("lowest", "cost"): "lowest_cost",
}


def _either_cost(m: re.Match[str]) -> dict[str, Any]:
    """'with a memory cost of 1 or 7': either of two exact costs (alternatives)."""
    return {"any_of": [Selector(owner="any", kind="card", count=None, min_cost=int(n), max_cost=int(n))
                       for n in (m[1], m[2])]}


def _non_eggs() -> list[Selector]:
    """'non-Digi-Egg cards': Digimon, Tamer or Option cards (CR 2-2-2, the four card kinds)."""
    return [Selector(owner="any", kind=kind, count=None) for kind in ("Digimon", "Tamer", "Option")]


def _n(key: str) -> Setter:
    return lambda m: {key: int(m[1])}


def _exactly(what: str) -> Setter:
    """'with a cost of 6', '2-color': the ``min_`` and ``max_`` fields of ``what`` both N."""
    return lambda m: {f"min_{what}": int(m[1]), f"max_{what}": int(m[1])}


#: What a value is compared with: this card, what the effect chose before, or a count.
_REF = (
    r"(?P<ref>this digimon|the chosen digimon|your chosen digimon|that digimon|it|the deleted digimon"
    r"|the returned digimon|your digimon|the digimon this effect (?:played|suspended)|the played digimon"
    r"|the digimon played (?:with|by) this effect|the digimon you played"
    r"|the ?number of cards in (?:your|their) (?:hand|security stack)|the trashed card|the placed card)"
)


_NUMBER_OF_CARDS = re.compile(r"the ?number of cards in (your|their) (hand|security stack)")


def _reference(ref: str) -> str:
    """'this digimon' -> this; 'the number of cards in your hand' -> count:hand:self; else chosen
    (an earlier choice of the effect: ``ingest.compiler.removal.check_references`` insists on one)."""
    if ref == "this digimon":
        return "this"
    if ref == "the trashed card":  # the card the effect's 'by trashing 1 card …' trashed (removal.py checks)
        return "trashed"
    if ref == "the placed card":  # the card the effect's 'by placing 1 …' placed under a Digimon (BT15-029)
        return "placed"
    if m := _NUMBER_OF_CARDS.fullmatch(ref):
        return f"count:{m[2].split()[0]}:{'self' if m[1] == 'your' else 'opponent'}"
    return "chosen"


def _compared(stat: str, op: str) -> Setter:
    return lambda m: {"compare": stat, "compare_op": op, "compare_to": _reference(m["ref"])}


_AT_MOST = (
    r"less than or equal to|equal to or (?:less|lower) than|equal to or lower to|as high or lower (?:as|than)"
)
_AT_LEAST = r"equal to or higher than|as high or higher (?:as|than)|greater than or equal to"
#: Filters that compare a value with another card's or a count (kg.solver.relative).
_RELATIVE: list[tuple[str, Setter]] = [
    (rf"with dp (?:{_AT_MOST}) (?:the dp of |that of )?{_REF}(?:'s dp)?", _compared("dp", "at_most")),
    (rf"with as much or less dp (?:as|than) {_REF}", _compared("dp", "at_most")),
    (
        rf"(?:with (?:a ?)?|whose )level (?:is )?(?:{_AT_MOST}) {_REF}(?:'s level)?",
        _compared("level", "at_most"),
    ),
    (rf"with as high or lower a level as {_REF}", _compared("level", "at_most")),
    (rf"with (?:a )?level (?:{_AT_LEAST}) {_REF}", _compared("level", "at_least")),
    (rf"with (?:a )?play cost (?:{_AT_MOST}) {_REF}(?:'s play cost)?", _compared("cost", "at_most")),
    (rf"with as high or lower a play cost as {_REF}", _compared("cost", "at_most")),
    (
        rf"with (?:as many or fewer|equal or fewer) digivolution cards (?:as|than) {_REF}",
        _compared("sources", "at_most"),
    ),
    (r"with (\d+) or fewer digivolution cards", _n("max_sources")),
    (r"with (\d+) or more digivolution cards", _n("min_sources")),  # BT1-085
    (r"with (\d+) or more cards under (?:it|them)", _n("min_sources")),  # a Tamer's stacked cards (BT18-095)
    (
        rf"without ({_NAMES}) in (?:its|their) traits|without the ({_NAMES}) traits?",
        lambda m: {"not_trait": _names(m[0])},
    ),
    # a Tamer's stacked cards are its 'cards under it' as a Digimon's are its digivolution cards
    (r"without cards under (?:it|them)", lambda m: {"without_sources": True}),
    (r"with cards under (?:it|them)", lambda m: {"with_sources": True}),
    (r"with the fewest digivolution cards", lambda m: {"extreme": "fewest_sources"}),
]

#: 'With different names/colors': what the cards chosen together each have their own of.
_DIFFERENT = {"names": "names", "colors": "colors", "colours": "colors"}
#: Filters written after the kind.
_FILTERS: list[tuple[re.Pattern[str], Setter]] = [
    (re.compile(p), f)
    for p, f in [
        (r"(?:with )?(\d+) dp or (?:less|lower)", _n("max_dp")),
        (r"(?:with )?(\d+) dp or (?:more|higher)", _n("min_dp")),
        (r"with the (highest|lowest) (dp|level)", lambda m: {"extreme": _EXTREMES[m[1], m[2]]}),
        (r"with the (highest|lowest) play cost", lambda m: {"extreme": _EXTREMES[m[1], "cost"]}),
        (r"with (?:a )?level (?:of )?(\d+) or (?:less|lower)", _n("max_level")),
        (r"with (?:a )?level (?:of )?(\d+) or (?:more|higher)", _n("min_level")),
        (r"(?:with )?(?:a )?(?:play |use )?costs? (?:of )?(\d+) or (?:less|lower)", _n("max_cost")),
        (r"with (?:a )?(?:play |use )?costs? (?:of )?(\d+) or (?:more|higher)", _n("min_cost")),
        (r"(?:with )?no digivolution cards", lambda m: {"without_sources": True}),  # EX5-042 '… and no …'
        (r"with a tamer card in (?:its|their) digivolution cards", lambda m: {"source_kind": "Tamer"}),
        (r"with the same name as this (?:digimon|card|tamer)", lambda m: {"same_name_as_this": True}),
        (r"with the same orientation as this digimon", lambda m: {"same_orientation_as_this": True}),
        (r"with different (names|colou?rs)", lambda m: {"different": _DIFFERENT[m[1]]}),
        (r"with (\d+) or more colou?rs in one of its digivolution cards", _n("source_min_colors")),  # BT8-096
        (r"with (\d+) or more colou?rs", _n("min_colors")),
        (r"with a (?:memory |play |use )?cost of (\d+)(?! or)", _exactly("cost")),
        (r"with a (?:memory |play |use )?cost of (\d+) or (\d+)", _either_cost),  # ST6-04: 1 or 7
        # '2-color Digimon card that's red or purple' (BT16-031): one of its colours is one of these
        (rf"that's ((?:{_COLORS})(?: or (?:{_COLORS}))*)(?=$|,)",
         lambda m: {"color": "/".join(c.capitalize() for c in re.findall(_COLORS, m[1]))}),
        (r"with (?:an )?inherited effects?", lambda m: {"with_inherited": True}),
        (  # before 'with digivolution cards' (one or more), which it begins with
            rf"with digivolution cards (?:{_AT_MOST}) {_REF}(?:'s digivolution cards)?",
            _compared("sources", "at_most"),
        ),
        (r"with digivolution cards", lambda m: {"with_sources": True}),
        (r"with (?:a )?digixros requirements?", lambda m: {"with_xros": True}),  # CR 2-3-7
        (r"with (<[^<>]+>) in (?:its|their) texts?", lambda m: {"text_contains": m[1].title()}),
        (rf"with ({_NAMES}) in (?:its|their) names?", lambda m: {"name_contains": _names(m[1])}),
        (rf"without ({_NAMES}) in (?:its|their) names?", lambda m: {"name_lacks": _names(m[1])}),  # BT11-073
        # 'with the [Dark Masters] trait, other than [MetalSeadramon]': not that card name
        # ' in its name other than [X]' (BT7-082), with no comma before it
        (rf" ?other than ({_NAMES})(?=,|$)", lambda m: {"not_name": _names(m[1])}),
        # '… in their names (other than [KendoGarurumon]) or …' (BT4-114): the same, in parentheses
        (rf" \(other than ({_NAMES})\)", lambda m: {"not_name": _names(m[1])}),
        (rf"with ({_NAMES}) in (?:its|their) texts?", lambda m: {"text_contains": _names(m[1])}),
        (  # a trait with the word in it, whatever other words it has (QA Q2115)
            rf"with (?P<words>{_NAMES})(?:,? other than (?P<but>{_NAMES})(?: trait)?,)? "  # BT25-051
            rf"in (?:one|any) of (?:its|their) traits(?: \(other than (?P<but2>{_NAMES})\))?",
            lambda m: {"trait_contains": _names(m["words"]),
                       "trait_contains_except": _names(m["but"] or m["but2"] or "") or None},
        ),
        (
            rf"with (?:the |an? )?({_NAMES}) traits?"  # 'with an [Evil], [Wizard], or [Demon Lord] trait'
            rf"|with ({_NAMES}) in (?:its|their) traits"
            # early printings: the form, attribute and type are all traits (CR 2-3-2-1)
            rf"|with ({_NAMES}) in (?:its|their) (?:forms?|types?|attributes?)",
            lambda m: {"trait": _names(m[0])},
        ),
        (
            r"with ((?:<[^<>]+>(?:,? or |, | and )?)+)",
            lambda m: {"with_keywords": sorted({k for k, _ in find_keywords(m[1])})},
        ),
        (
            r"without ((?:<[^<>]+>(?:,? or |, | and )?)+)",
            lambda m: {"without_keywords": sorted({k for k, _ in find_keywords(m[1])})},
        ),
        (
            r"with (?:as much or less dp (?:as|than) this digimon|as much dp as this digimon or less"
            r"|dp less than or equal to (?:this digimon's dp|this digimon|that of this digimon))",
            lambda m: {"dp_at_most_this": True},
        ),
        (
            r"with (?:as many or fewer|equal or fewer) digivolution cards (?:as|than) this digimon",
            lambda m: {"sources_at_most_this": True},
        ),
        (
            r"with a level less than or equal to the number of this digimon's digivolution cards",
            lambda m: {"level_at_most_sources": True},
        ),
        *_RELATIVE,
    ]
]
#: Filters written before the kind ("level 4 or lower", "[Dragon] trait", "suspended").
_PREFIX: list[tuple[re.Pattern[str], Setter]] = [
    (re.compile(p), f)
    for p, f in [
        (r"level (\d+) or (?:less|lower) ", _n("max_level")),
        (r"level (\d+) or (?:more|higher) ", _n("min_level")),
        (  # 'level 4 or 5': either of two levels next to each other (a range)
            r"level (2(?= or 3)|3(?= or 4)|4(?= or 5)|5(?= or 6)|6(?= or 7)) or \d ",
            lambda m: {"min_level": int(m[1]), "max_level": int(m[1]) + 1},
        ),
        (r"level (\d+) ", lambda m: {"min_level": int(m[1]), "max_level": int(m[1])}),
        (r"play cost (?:of )?(\d+) or (?:less|lower) ", _n("max_cost")),
        (r"play cost (?:of )?(\d+) or (?:more|higher) ", _n("min_cost")),
        (r"(\d+) dp or (?:less|lower) ", _n("max_dp")),
        (r"(\d+) dp or (?:more|higher) ", _n("min_dp")),
        (r"(highest|lowest) (dp|level) ", lambda m: {"extreme": _EXTREMES[m[1], m[2]]}),
        (r"(highest|lowest) play cost ", lambda m: {"extreme": _EXTREMES[m[1], "cost"]}),
        (r"other ", lambda m: {"other": True}),
        (r"differently named ", lambda m: {"different": "names"}),  # EX10-053: 'with different names'
        (r"non-digi-egg (?=cards?\b)", lambda m: {"any_of": _non_eggs()}),  # BT21-056
        (rf"non-({_NAMES}) ", lambda m: {"not_name": _names(m[1])}),
        (rf"non-({_COLORS}) ", lambda m: {"not_color": m[1].capitalize()}),  # 'non-purple Tamer' (BT25-081)
        (r"security (?=digimon)", lambda m: {"zone": "security"}),
        (r"(suspended|unsuspended) ", lambda m: {"state": m[1]}),
        (
            rf"((?:{_COLORS})(?:(?:, | or |, or )(?:{_COLORS}))*) (?!trait)",
            lambda m: {"color": "/".join(c.capitalize() for c in re.findall(_COLORS, m[1]))},
        ),
        # '[Thomas H. Norstein] trait' (BT25-021): no trait has a full stop inside it, a person's name
        # does; which of the two the misprint means the text can't settle, so it is not read
        (rf"(?!\[[^\]]*\. )({_NAMES}) traits? ", lambda m: {"trait": _names(m[1])}),
        (r"(\d+)-colou?r ", _exactly("colors")),
        (r"single-colou?r ", lambda m: {"min_colors": 1, "max_colors": 1}),
        # '1 [RagnaLoardmon] Digimon card', '1 [Evil] or [Fallen Angel] Digimon card' (BT24-073): a
        # name or a trait, which the text alone can't tell apart: a card fits by either
        (rf"({_NAMES}) (?=(?:digimon|tamer|option) cards?\b)", lambda m: {"name_or_trait": _names(m[1])}),
    ]
]


def lower(text: str) -> str:
    """Lower case, except names and traits in brackets ('[Greymon]' keeps its case)."""
    if "[" not in text:
        return text.lower()
    return "".join(p if p.startswith("[") else p.lower() for p in _BRACKET_SPLIT.split(text))


_COUNT_OF = re.compile(r"(up to )?(\d+|a|an|one|two|three) of ")
_ALL_OF = re.compile(r"all (?:of )?")
_OWNER_FIRST = re.compile(r"(?:your opponent's|their|your) ")
_COUNT_BARE = re.compile(r"(up to )?(\d+) (?!of )")


def _count(text: str) -> tuple[dict[str, Any], str] | None:
    """'1 of', 'up to 2 of', 'all of', 'all' or nothing (= all) in front of the owner."""
    if m := _COUNT_OF.match(text):
        n = int(m[2]) if m[2].isdigit() else _NUM[m[2]]
        return {"count": n, "up_to": bool(m[1])}, text[m.end() :]
    if m := _ALL_OF.match(text):
        return {"count": None}, text[m.end() :]
    if _OWNER_FIRST.match(text):
        return {"count": None}, text
    if m := _COUNT_BARE.match(text):  # '1 Digimon': anyone's
        return {"count": int(m[2]), "up_to": bool(m[1])}, text[m.end() :]
    return None


#: What joins the filters after the kind: 'with X, Y and Z'; 'with X and Y' (this_with).
_JOIN_LIST = re.compile(r"^(?:,? and |, )")
_JOIN_AND = re.compile(r"^(?:,? and )")


def _filters(
    text: str, table: list[tuple[re.Pattern[str], Setter]], joiner: re.Pattern[str] | None
) -> tuple[dict[str, Any], str]:
    fields: dict[str, Any] = {}
    rest = text
    while rest:
        for pattern, setter in table:
            if m := pattern.match(rest):
                fields.update(setter(m))
                rest = joiner.sub("", rest[m.end() :], count=1) if joiner else rest[m.end() :]
                break
        else:
            break
    return fields, rest


def _kind_and_filters(rest: str, fields: dict[str, Any], names: bool = False) -> Selector | None:
    """Prefix filters, the kind (or, for cards in a zone, a name), then filters after it;
    None unless all of ``rest`` is understood."""
    prefix_fields, rest = _filters(rest, _PREFIX, None)
    if rest.startswith("or ") and prefix_fields:  # 'blue or [CS] trait Digimon': either filter
        last = dict([list(prefix_fields.items())[-1]])
        other, rest = _filters(rest[3:], _PREFIX, None)
        if not other:
            return None
        prefix_fields = {k: v for k, v in prefix_fields.items() if k not in last}
        fields["any_of"] = _alternatives(last, other)
    fields.update(prefix_fields)
    if m := _KIND_WORD.match(rest):
        fields["kind"] = _KIND_OF[m[0]]
        rest = rest[m.end() :].strip()
    else:
        m = _NAMED_KIND.match(rest) if names else None
        if m is None:
            return None
        fields.update(kind="card", name=_names(m[1]))
        rest = rest[m.end() :].strip()
    if not _after_kind(rest.lstrip(", "), fields, _JOIN_LIST):
        return None
    return Selector(**fields)


def _alternatives(*filters: dict[str, Any]) -> list[Selector]:
    return [Selector(owner="any", kind="card", count=None, **f) for f in filters]


#: The first word of ``_KIND`` (in its order) that ``rest`` starts with, as a whole word.
_KIND_WORD = re.compile("(?:" + "|".join(re.escape(word) for word, _ in _KIND) + r")\b")
_KIND_OF = dict(_KIND)
_NAMED_KIND = re.compile(rf"({_NAMES})s?(?: cards?\b)?")
_OR_WITH = re.compile(r",? or (?:with )?")


def _after_kind(text: str, fields: dict[str, Any], joiner: re.Pattern[str]) -> bool:
    """Add the filters written after the kind to ``fields``; two joined by 'or' ('with [X] in its
    name or the [Y] trait') become alternatives. False unless all of ``text`` is understood."""
    after, rest = _filters(text, _FILTERS, joiner)
    if m := _OR_WITH.match(rest):
        other, rest = _filters(f"with {rest[m.end() :]}", _FILTERS, None)
        if not after or not other or "any_of" in fields:
            return False
        fields["any_of"] = _alternatives(after, other)
        after = {}
    fields.update(after)
    return not rest.strip()


#: 'The Digimon this effect played', 'the Digimon played by this effect': what a play chose.
PLAYED_REF = re.compile(r"the digimon (?:this effect played|played (?:by|with) this effect)")


_THIS_IS = re.compile(r"this (.+) digimon")
_THIS_IS_WITH = re.compile(r"this (.+?) digimon (with .+)")
_ONE_OF_THOSE = re.compile(r"(1|one) of those digimon")
_ALL_TOKENS = re.compile(r"all (?:of )?(your|your opponent's) tokens")


def select(phrase: str) -> Selector | None:
    """The selector of a phrase naming cards in play, or None when any part is not understood."""
    text = lower(phrase.strip().rstrip("."))
    if text in _THIS:
        kind, owner = _THIS[text]
        return Selector(owner=owner, kind=kind, this=True)  # type: ignore[arg-type]
    if text.startswith("this digimon with "):
        return this_with(text[len("this digimon ") :])
    if m := _THIS_IS.fullmatch(text):  # 'this [Titan] trait Digimon'
        return this_is(m[1])
    if m := _THIS_IS_WITH.fullmatch(text):  # 'this blue Digimon with the [TS] trait'
        return _this_both(this_is(m[1]), this_with(m[2]))
    if _BATTLED.fullmatch(text):
        return Selector(owner="opponent", battled=True)
    # resolved by the compiler: an earlier choice or the event's subject; 'the Digimon this effect
    # played' only as what a play of that effect chose (ingest.compiler.removal.check_references)
    if text == "that digimon" or PLAYED_REF.fullmatch(text):
        return Selector(owner="any", subject=True)
    if m := _ONE_OF_THOSE.fullmatch(text):  # the Digimon that triggered it (CR 15-5-2)
        return Selector(owner="any", those=True, count=1)
    if m := _ALL_TOKENS.fullmatch(text):  # tokens (CR 4-21-1): EX9-033
        return Selector(owner="self" if m[1] == "your" else "opponent", kind="card", count=None, token=True)
    counted = _count(text)
    if counted is None:
        return None
    fields, rest = counted
    for prefix, owner in _OWNER:
        if rest.startswith(prefix):
            fields["owner"] = owner
            return _kind_and_filters(rest[len(prefix) :], dict(fields), names=True) or _named_digimon(
                rest[len(prefix) :], fields
            )
    # '1 Digimon', 'all Digimon': anyone's (a bare owner phrase was handled above).
    return _kind_and_filters(rest, {**fields, "owner": "any"})


_NAMES_BEFORE_DIGIMON = re.compile(rf"({_NAMES}) (?=digimon\b)")


def _named_digimon(rest: str, fields: dict[str, Any]) -> Selector | None:
    """'[Hudie] Digimon' in play (BT23-090): a name or a trait the text alone can't tell apart, so
    a Digimon fits by either (Selector.name_or_trait). Only for what an action selects: a trigger's
    subject keeps its own readings (select.subject does not use this)."""
    if (m := _NAMES_BEFORE_DIGIMON.match(rest)) is None:
        return None
    return _kind_and_filters(rest[m.end() :], {**fields, "name_or_trait": _names(m[1])})


_SUBJECT_OWNER = [
    (re.compile(p), owner)
    for p, owner in [
        (r"(?:an|one of your|any of your|your) opponent's (?P<other>other )?", "opponent"),
        (r"(?:one of your|any of your|your|another of your|1 of your) (?P<other>other )?", "self"),
        (r"(?:(?:a|an|any|one) )?(?P<other>another |other )?", "any"),
    ]
]


def subject(phrase: str, *, same_name: bool = True) -> Selector | None:
    """The subject of a trigger clause ('one of your [Dragon] trait Digimon', 'another Digimon'):
    whose it is and what it must be, with no count (any one of them triggers the effect). Without
    ``same_name``, 'with the same name as this Digimon' is not read (the trigger tables' own)."""
    text = lower(phrase.strip())
    for pattern, owner in _SUBJECT_OWNER:
        if m := pattern.match(text):
            other = bool(m.group("other")) or text.startswith("another of your ")
            fields: dict[str, Any] = {"owner": owner, "count": None, "other": other}
            if (found := _kind_and_filters(text[m.end() :].lstrip(), fields, names=True)) is not None:
                if found.min_sources is not None:  # conditions count them their own way (condition_phrases)
                    return None
                return None if found.same_name_as_this and not same_name else found
    return None


def card_select(phrase: str, zone: str = "hand") -> Selector | None:
    """Cards of the effect's owner in a zone: '1 [Agumon]', 'up to 2 Tamer cards',
    '1 level 4 or lower Digimon card with the [Ghost] trait', or one card of either of two
    descriptions ('1 [Titamon] or 1 level 5 or lower Digimon card with the [Titan] trait')."""
    return _card_select(phrase, zone) or _either(phrase, zone) or _two_traits(phrase, zone)


_AND_TRAIT = re.compile(r" and (?:the )?\[(?P<t>[^\]]+)\] trait")


def _two_traits(phrase: str, zone: str) -> Selector | None:
    """'a Digimon card with the [Mineral] trait and [LIBERATOR] trait', 'an [Aquatic] and [LIBERATOR]
    trait Digimon card': a card with both traits (the second as a one-alternative ``any_of``)."""
    text = lower(phrase.strip().rstrip("."))
    if (m := _AND_TRAIT.search(text)) is None:
        return None
    head = text[: m.start()]
    rest = f"{head}{'' if head.endswith(' trait') else ' trait'}{text[m.end() :]}"
    found = _card_select(rest, zone)
    if found is None or found.trait is None or found.any_of:
        return None
    found.any_of = [Selector(owner="any", kind="card", count=None, trait=m["t"])]
    return found


#: Filters an alternative (``Selector.any_of``) may hold: the printed facts every card matcher
#: checks on an alternative, and DP (``Board.card_fits``: printed, outside play; keywords and extremes
#: are checked only on the selector itself).
_ALTERNATIVE_FIELDS = {
    "kind", "max_level", "min_level", "max_cost", "min_cost", "name_contains", "name", "trait", "color",
    "max_dp", "min_dp",
    "trait_contains", "trait_contains_except",
    "text_contains", "with_inherited", "min_colors", "max_colors",
}
ALTERNATIVE_FIELDS = _ALTERNATIVE_FIELDS  #: for other modules' alternatives (ingest/compiler/deck_phrases.py)


_OR_ONE = re.compile(r",? or (?:1 |a |an )?")


def _either(phrase: str, zone: str) -> Selector | None:
    """'1 [A] or 1 B card': one card that is an [A] or a B (the same count, one choice)."""
    text = lower(phrase.strip().rstrip("."))
    for m in _OR_ONE.finditer(text):
        first, second = _card_select(text[: m.start()], zone), _card_select(f"1 {text[m.end() :]}", zone)
        if first is None or second is None or first.count != 1 or first.up_to:
            continue
        alternatives = [alt for one in (first, second) for alt in _spread(one)]
        if alternatives and all(alt.keys() <= _ALTERNATIVE_FIELDS for alt in alternatives):
            return Selector(
                owner="self", kind="card", count=1, zone=zone,
                any_of=[Selector(owner="any", count=None, **alt) for alt in alternatives],
            )
    return None


def _spread(one: Selector) -> list[dict[str, Any]]:
    """The filters of one side of '1 [A] or 1 B', as alternatives: B's own, or, when B has alternatives
    of its own ('1 level 4 or lower Digimon card with the [TS] trait or [X] in its text', BT24-088), B's
    filters with each of them (B and (X or Y) is B and X, or B and Y); none when they clash."""
    own = ("owner", "count", "zone", "any_of")
    fields = {k: v for k, v in one.model_dump(exclude_defaults=True).items() if k not in own}
    if not one.any_of:
        return [fields]
    fields["kind"] = one.kind
    spread = []
    for alt in one.any_of:
        extra = {k: v for k, v in alt.model_dump(exclude_defaults=True).items() if k not in (*own, "kind")}
        if alt.kind not in ("card", one.kind) or extra.keys() & fields.keys():
            return []
        spread.append({**fields, **extra})
    return spread


_CARD_COUNT = re.compile(r"(up to )?(\d+|a|an|one|two) ")


def _card_select(phrase: str, zone: str) -> Selector | None:
    """One card phrase of ``card_select`` (a comma closing an aside before 'from' is dropped)."""
    text = lower(phrase.strip().rstrip(".,"))
    m = _CARD_COUNT.match(text)
    if m is None:
        return None
    count = int(m[2]) if m[2].isdigit() else _NUM[m[2]]
    fields: dict[str, Any] = {"owner": "self", "count": count, "up_to": bool(m[1]), "zone": zone}
    return _kind_and_filters(text[m.end() :], fields, names=True)


def this_with(filters: str) -> Selector | None:
    """This Digimon, with the filters of a 'with …' phrase ('with the [Dragon] trait')."""
    fields: dict[str, Any] = {}
    if not _after_kind(lower(filters.strip()), fields, _JOIN_AND) or not fields:
        return None
    if "min_colors" in fields or "max_colors" in fields:  # 'if this Digimon has 2 or more colors': condition
        return None
    if "min_sources" in fields:  # 'while this Digimon has 4 or more …': this_sources_at_least
        return None
    return Selector(owner="self", this=True, **fields)


def _this_both(before: Selector | None, after: Selector | None) -> Selector | None:
    """This Digimon with the filters before 'Digimon' and those of the 'with …' after it (BT24-002), if
    the two name different fields."""
    if before is None or after is None:
        return None
    first, second = before.model_dump(exclude_defaults=True), after.model_dump(exclude_defaults=True)
    if set(first) & set(second) - {"owner", "this"}:
        return None
    return Selector(**{**first, **second})


def this_is(filters: str) -> Selector | None:
    """This Digimon, with the filters of an 'is …' phrase ('level 6 or higher')."""
    fields, rest = _filters(f"{lower(filters.strip())} ", _PREFIX, None)
    if rest.strip() or not fields:
        return None
    return Selector(owner="self", this=True, **fields)
