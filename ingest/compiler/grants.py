"""Granted effects: 'this Digimon gains "[On Deletion] …" until the end of your opponent's turn'.

A quoted effect is an effect of the Digimon that gains it, for as long as the grant lasts (CR 15-13,
15-15-2). The quoted text is compiled on its own by the compiler's entry point (``compile_record``:
trigger, conditions, costs, actions) and carried by a ``gain_effect`` action with the selector and
the duration of the sentence around it. A quoted effect that does not compile whole leaves the
sentence uncompiled: nothing is guessed.

Two steps, because the quoted text has sentences of its own:

- ``quote_grants``: before the action text is cut into sentences, every quoted text is replaced by
  a token that sentence cutting and lower-casing leave alone (its text in hexadecimal, between
  the quotes; a quote that ends a sentence keeps its full stop after the token);
- ``match_grant``: the sentence templates; each token is decoded and compiled.

>>> body = quote_grants('1 of your Digimon gains "[On Deletion] Gain 2 memory." for the turn.')
>>> [(a.verb, a.duration, a.granted.label_tag) for a in match_grant(body.lower().rstrip("."))]
[('gain_effect', 'this_turn', 'OnDeletion')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import ingest.compiler
from ingest.compiler.actions import DURATION, _duration, one_choice
from ingest.compiler.select import select
from ingest.compiler.semantics import table
from ingest.effect_ir import Action, Condition, EffectRecord, KeywordUse
from ingest.vocab import find_keywords, head_tags

_QUOTED = re.compile(r'"([^"]+)"')
_TOKEN = r'"[0-9a-f]+"'


def quote_grants(body: str) -> str:
    """The action text with each quoted text replaced by its token."""

    def token(m: re.Match[str]) -> str:
        inner = m[1].strip()
        return f'"{inner.encode().hex()}"' + ("." if inner.endswith(".") else "")

    return _QUOTED.sub(token, body)


_QUOTED_TOKEN = re.compile(rf"({_TOKEN})\.?")


def restore_spans(parts: Sequence[Action | Condition]) -> None:
    """Each part's source span as printed: its tokens back to the quoted texts."""
    for part in parts:
        part.span = _QUOTED_TOKEN.sub(lambda m: f'"{bytes.fromhex(m[1].strip(chr(34))).decode()}"', part.span)


def granted(text: str) -> EffectRecord | None:
    """The quoted effect as a record of its own, compiled; None unless trigger and actions compiled."""
    timings, tags, unknown, _body = head_tags(text)
    if unknown:
        return None
    record = EffectRecord(card="", text=text, timings=timings, tags=tags)
    record.compiled = ingest.compiler.compile_record(record)
    if not (record.compiled.trigger_compiled and record.compiled.actions_compiled):
        return None
    # the keywords it carries out ('[When Digivolving] <Blitz>') or gives, read from its actions
    record.keywords = [
        KeywordUse(
            keyword=a.keyword, value=a.keyword_value, how="grants" if a.verb == "gain_keyword" else "has"
        )
        for a in [*record.compiled.costs, *record.compiled.actions]
        if a.keyword
    ]
    record.label_tag = table()[timings[0]].label_tag if timings else "Text"
    return record


_GIFT = rf"(?:{_TOKEN}|<[^<>]+>)"
_GIFTS = rf"(?P<what>{_GIFT}(?:,? and {_GIFT})*)\.?,?"
_SEL = r"(?P<sel>.+?)"
_DUR = rf"(?: (?P<dur>{DURATION}))?"
_LEAD = rf"(?P<dur>{DURATION}), "
_GAIN = r"(?:gains?|gets?)"

#: Sentence templates (lower case) that give quoted effects, and keywords beside them.
_TEMPLATES = [
    re.compile(p)
    for p in (
        rf"{_SEL} {_GAIN} {_GIFTS}{_DUR}",
        rf"{_LEAD}{_SEL} {_GAIN} {_GIFTS}",
        rf"give {_SEL} {_GIFTS}{_DUR}",
        rf"{_LEAD}give {_SEL} {_GIFTS}",
        rf"{_SEL} {_GAIN} the following effect{_DUR}: {_GIFTS}",
    )
]


def _gifts(m: re.Match[str]) -> list[Action] | None:
    """One action per quoted effect or keyword, on the same cards ('gives X <Collision> and "…"')."""
    selector = select(m["sel"])
    if selector is None:
        return None
    duration = _duration(m["dur"])
    actions: list[Action] = []
    for gift in re.findall(_GIFT, m["what"]):
        if gift.startswith("<"):
            found = find_keywords(gift)
            if len(found) != 1:
                return None
            (keyword, value), verb, record = found[0], "gain_keyword", None
        else:
            keyword, value, verb = None, None, "gain_effect"
            record = granted(bytes.fromhex(gift.strip('"')).decode())
            if record is None:
                return None
        actions.append(
            Action(
                verb=verb,
                selector=selector.model_copy(),
                keyword=keyword,
                keyword_value=value,
                granted=record,
                duration=duration,  # type: ignore[arg-type]
            )
        )
    return one_choice(actions) if any(a.verb == "gain_effect" for a in actions) else None


def match_grant(text: str) -> list[Action] | None:
    """The actions of a lower-cased sentence that gives quoted effects, if a template matches it whole."""
    if '"' not in text:
        return None
    for pattern in _TEMPLATES:
        if (m := pattern.fullmatch(text)) and (found := _gifts(m)) is not None:
            return found
    return None
