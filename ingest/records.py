"""The source records, each field checked by its type before a loader reads it.

One strict pydantic model per JSON record (a card in either format, a ruling, an errata entry and
its changes): no value is coerced (``"5"`` is not a number, ``12345`` is not a text), numbers lie
within what a card can print, texts and lists have a size bound. ``check`` validates one record
and returns it cleaned, or raises ``RecordError`` naming the field and what was expected; the
loader then reports the record and skips it.

Text clean-up (``check``):

- control characters (C0 other than tab and line breaks, DEL, C1) are **removed**; the record is
  kept and the loader reports which field lost them (a lone surrogate, which no UTF-8 file can
  hold, refuses the record);
- HTML: active markup (``<script>``, ``<style>``, ``<iframe>``, ``<object>``, ``<img>``, ``<svg>``,
  a form field, a comment, an ``on…=`` handler or a ``javascript:`` URL) **refuses the record**:
  stripping its tags would keep a script's body as text. Other HTML tags (``<a href=…>``,
  ``</a>``, ``<table>``, a line-break tag with attributes) are **removed**, their content kept, and
  reported (one real ruling, Q1983, holds an ``<a herf=…>`` link). The line-break tags of the
  sources' HTML exports (``<br>``, ``<p>``, ``<span>``, ``<b>``, ``<i>``, ``<em>``, ``<strong>``,
  ``<div>``) stay for ``ingest.text.normalise``, which turns them into spaces. Entities are read
  first (``&lt;script&gt;`` is a ``<script>``). Keywords in angle brackets (``<Blocker>``,
  ``<Link>``, ``<Progress>``) are not HTML.

Measured bounds of the real corpus (``shared/corpus``), beside the limits here: longest text 782
characters (a Q&A answer; card texts 766), longest name 129, longest word (trait) 26, at most 7
items in a card's list and 33 rulings under one card; level 2–7, play cost −1–20, DP 0–17,000,
digivolve cost 0–9, deck count 4–50.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

if TYPE_CHECKING:
    from ingest.common import SourceResult

#: Size bounds (characters / items); each far above the real corpus (see the module docstring).
TEXT_MAX = 20_000
NAME_MAX = 200
WORD_MAX = 64
LIST_MAX = 32
RULINGS_MAX = 1_000
URL_MAX = 2_000

Text = Annotated[str, Field(max_length=TEXT_MAX)]
Name = Annotated[str, Field(max_length=NAME_MAX)]
Word = Annotated[str, Field(max_length=WORD_MAX)]
Words = Annotated[list[Word], Field(max_length=LIST_MAX)]
Level = Annotated[int, Field(ge=0, le=10)]
PlayCost = Annotated[int, Field(ge=-1, le=30)]  # -1: the corpus's "no play cost"
Cost = Annotated[int, Field(ge=0, le=30)]
DP = Annotated[int, Field(ge=0, le=100_000)]


class _Record(BaseModel):
    """Strict: no coercion; keys the model does not name are left to the loader (ignored)."""

    model_config = ConfigDict(strict=True, extra="ignore")


class EvoCost(_Record):
    """One digivolve requirement of a corpus card (CR 8-1)."""

    color: Word | None = None
    level: Level | None = None
    memoryCost: Cost | None = None


class CorpusCard(_Record):
    """A card of ``shared/corpus/cards.json``."""

    cardId: Word
    set: Word | None = None
    nameEn: Name | None = None
    nameJp: Name | None = None
    colors: Words | None = None
    kinds: Words | None = None
    level: Level | None = None
    playCost: PlayCost | None = None
    dp: DP | None = None
    evoCosts: Annotated[list[EvoCost], Field(max_length=LIST_MAX)] | None = None
    forms: Words | None = None
    attributes: Words | None = None
    types: Words | None = None
    effectText: Text | None = None
    inheritedEffectText: Text | None = None
    securityEffectText: Text | None = None
    linkEffect: Text | None = None
    linkDp: DP | None = None
    linkRequirement: Text | None = None
    optionEffect: Text | None = None
    aceEffect: Text | None = None
    dualEffect: Text | None = None
    optionColorRequirements: Words | None = None
    rarity: Word | None = None
    imageId: Word | None = None
    maxCountInDeck: Annotated[int, Field(ge=0, le=60)] | None = None
    overflowMemory: Annotated[int, Field(ge=0, le=10)] | None = None
    isAce: bool | None = None
    isDualCard: bool | None = None


class ApiCard(_Record):
    """A card of the digimoncard.io API (formats.md §1)."""

    cardnumber: Word
    name: Name | None = None
    type: Word | None = None
    color: Word | None = None
    stage: Word | None = None
    attribute: Word | None = None
    digi_type: Name | None = None
    level: Level | None = None
    play_cost: PlayCost | None = None
    evolution_cost: Cost | None = None
    dp: DP | None = None
    cardrarity: Word | None = None
    maineffect: Text | None = None
    soureeffect: Text | None = None


class Ruling(_Record):
    """One official ruling of ``qa.json``; ``related`` entries are checked one by one by the
    loader (an entry that is no card number is left out, the ruling kept)."""

    qno: Annotated[str, Field(pattern=r"^\s*Q[0-9]{1,6}\s*$")]
    question: Annotated[Text, Field(min_length=1)]
    answer: Annotated[Text, Field(min_length=1)]
    date: Word | None = None
    related: Annotated[list[Any], Field(max_length=LIST_MAX)] = Field(default_factory=list)


class ErrataEntry(_Record):
    """One card's errata in ``errata.json``; each change is checked alone (``ErrataChange``)."""

    cardId: Word | None = None
    name: Name | None = None
    date: Word | None = None
    changes: Annotated[list[Any], Field(min_length=1, max_length=LIST_MAX)]
    notes: Text | None = None
    source: Annotated[str, Field(max_length=URL_MAX)] | None = None


class ErrataChange(_Record):
    """One before/after change of an errata entry."""

    before: Text
    after: Text


class RecordError(ValueError):
    """A record refused: the message names the field and what was expected."""


def check(model: type[_Record], raw: Any) -> tuple[dict[str, Any], list[str]]:
    """``raw`` validated by ``model`` and cleaned of control characters and HTML tags, with what
    was cleaned ("field 'x': control characters U+0000 removed"); RecordError when it cannot be read."""
    if not isinstance(raw, dict):
        raise RecordError(f"expected an object, got {_kind(raw)}")
    try:
        model.model_validate(raw)
    except ValidationError as exc:
        raise RecordError(describe(exc)) from None
    notes: list[str] = []
    return _clean(raw, "", notes), notes


def checked(result: SourceResult, file: str, where: str,
            read: Callable[[Any], tuple[dict[str, Any], list[str]]], raw: Any) -> dict[str, Any] | None:
    """``read(raw)``'s record with what was cleaned reported (kept); None, reported (skipped), when
    it refuses the record (RecordError)."""
    try:
        record, notes = read(raw)
    except RecordError as exc:
        result.problem(file, where, str(exc))
        return None
    for note in notes:
        result.problem(file, where, note, action="kept")
    return record


def describe(error: ValidationError) -> str:
    """The first error of a validation in words: the field, what was expected, what was found."""
    first = error.errors(include_url=False)[0]
    field = _path(first["loc"])
    return f"field {field!r}: {_expected(first)}"


def _path(loc: tuple[int | str, ...]) -> str:
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


_EXPECTED = {
    "int_type": "expected a whole number",
    "string_type": "expected a text",
    "bool_type": "expected true or false",
    "list_type": "expected a list",
    "model_type": "expected an object",
    "dict_type": "expected an object",
    "missing": "missing",
}


def _expected(error: Any) -> str:
    kind, ctx, got = error["type"], error.get("ctx") or {}, error.get("input")
    if kind == "string_too_long":
        return f"a text of {len(got):,} characters, expected at most {ctx['max_length']:,}"
    if kind == "string_too_short":
        return "empty, expected a text"
    if kind == "too_long":
        return f"{len(got):,} items, expected at most {ctx['max_length']:,}"
    if kind == "too_short":
        return "empty, expected at least one item"
    if kind in ("greater_than_equal", "less_than_equal"):
        return f"{_shown(got)} is out of bounds, expected a whole number {_bounds(kind, ctx)}"
    if kind == "string_unicode":
        return "holds a lone surrogate (an escape such as \\ud800 alone), expected Unicode text"
    if kind == "string_pattern_mismatch":
        return f"{_shown(got)} is not shaped like Q1357"
    words = _EXPECTED.get(kind, error["msg"])
    return words if kind == "missing" else f"{words}, got {_kind(got)} {_shown(got)}".rstrip()


def _bounds(kind: str, ctx: dict[str, Any]) -> str:
    return f"of at least {ctx['ge']:,}" if kind == "greater_than_equal" else f"of at most {ctx['le']:,}"


def _kind(value: Any) -> str:
    names = {str: "a text", bool: "a boolean", int: "a number", float: "a number", list: "a list",
             dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _shown(value: Any) -> str:
    """A short quotation of a value: a hostile one may be megabytes long."""
    if isinstance(value, list | dict):
        return ""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
#: Line-break markup of the sources' HTML exports (``ingest.text`` turns it into spaces).
_LINE_MARKUP = {"br", "p", "span", "b", "i", "em", "strong", "div"}
#: HTML elements that never name a keyword (``<Link>``, ``<Progress>``, ``<S Attack +1>`` do).
_HTML_ELEMENTS = _LINE_MARKUP | {
    "a", "abbr", "applet", "article", "aside", "audio", "base", "big", "blockquote", "body",
    "button", "canvas", "center", "code", "dd", "del", "dl", "dt", "embed", "figure", "font",
    "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
    "hr", "html", "iframe", "image", "img", "input", "ins", "kbd", "label", "li", "marquee", "math",
    "meta", "nav", "noscript", "object", "ol", "param", "picture", "pre", "samp", "script",
    "section", "select", "small", "source", "strike", "style", "sub", "sup", "svg", "table",
    "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "tt",
    "u", "ul", "var", "video", "xml",
}
#: Markup that can act: refused, not stripped.
_ACTIVE = {
    "applet", "audio", "base", "body", "button", "embed", "form", "frame", "frameset", "head",
    "html", "iframe", "image", "img", "input", "math", "meta", "noscript", "object", "script",
    "select", "source", "style", "svg", "template", "textarea", "title", "track", "video", "xml",
}
_TAG = re.compile(r"<(/?)\s*([A-Za-z][A-Za-z0-9]{0,15})\b([^<>]{0,500})>|<[!?][^<>]{0,40}")
_ATTRIBUTE = re.compile(r"\s[A-Za-z-]+\s*=")
_HANDLER = re.compile(r"\son[a-z]+\s*=|javascript:", re.IGNORECASE)


def _without_markup(text: str, path: str, notes: list[str]) -> str:
    """The text without its inert HTML tags (noted in ``notes``); RecordError at active markup."""
    if "<" not in text and "&" not in text:
        return text
    plain = html.unescape(text) if "&" in text else text
    removed: list[str] = []

    def inert(match: re.Match[str]) -> str:
        name, attributes = (match[2] or "").lower(), match[3] or ""
        if match[2] is None or name in _ACTIVE or _HANDLER.search(attributes):
            raise RecordError(f"field {path!r}: holds active HTML {_shown(match[0])} (a script, "
                              "frame, embedded object, form, comment or event handler), expected "
                              "plain text")
        if name in _HTML_ELEMENTS and name not in _LINE_MARKUP or _ATTRIBUTE.search(attributes):
            removed.append(f"<{match[1]}{name}>")
            return ""
        return match[0]  # line-break markup (ingest.text) or a keyword such as <Blocker>

    cleaned = _TAG.sub(inert, plain)
    if not removed:
        return text  # entities are left for ingest.text.normalise
    notes.append(f"field {path!r}: HTML tags {', '.join(sorted(set(removed))[:5])} removed")
    return cleaned


def _clean(value: Any, path: str, notes: list[str]) -> Any:
    """A copy of a JSON value with control characters and inert HTML tags removed from its texts
    (noted in ``notes``); RecordError at the first active HTML markup."""
    if isinstance(value, str):
        value = _without_markup(value, path, notes)
        if _CONTROL.search(value):
            found = sorted({f"U+{ord(c):04X}" for c in _CONTROL.findall(value)})
            notes.append(f"field {path!r}: control characters {', '.join(found[:5])} removed")
            return _CONTROL.sub("", value)
        return value
    if isinstance(value, dict):
        return {k: _clean(v, f"{path}.{k}" if path else str(k), notes) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v, f"{path}[{i}]", notes) for i, v in enumerate(value)]
    return value
