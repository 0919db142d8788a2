"""Tokens (CR 4-21): non-game cards an effect plays with the card information printed in the
effect's text (CR 1-4-4-4), e.g. '(Digimon/Cost 14/Lv.6/White/Mega/Unknown/Unidentified/3000 DP)',
'(Digimon/Yellow/6000 DP/<Blocker>)' or '(Diaboromon Tokens are level 6 white Digimon with a
memory cost of 14, 3000 DP, and Mega/Unknown/Unidentified traits)'.

A token gets a synthetic card number (``Token:<name>``): it has none in the corpus. When a token
leaves the field it ceases to exist instead of going to another area (CR 4-21-5).

>>> t = token_stats("Diaboromon", "Play 1 [Diaboromon] Token (Digimon/Cost 14/Lv.6/White/Mega/3000 DP).")
>>> t.number, t.play_cost, t.level, t.colors, t.dp, t.traits
('Token:Diaboromon', 14, 6, ['White'], 3000, ['Mega'])
>>> token_stats("Pipe Fox", "You may play 1 [Pipe Fox] Token. (Digimon/Yellow/6000 DP/<Blocker>)").text
'<Blocker>'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PREFIX = "Token:"
COLORS = ("Red", "Blue", "Yellow", "Green", "Black", "Purple", "White")


def is_token(number: str) -> bool:
    """Whether a card number is a token's synthetic number."""
    return number.startswith(PREFIX)


@dataclass
class TokenStats:
    """A token's card information, as printed."""

    number: str
    name: str
    play_cost: int | None = None  # CR 1-4-4-5: a token may have no play cost
    level: int | None = None
    dp: int | None = None
    colors: list[str] = field(default_factory=list)
    traits: list[str] = field(default_factory=list)
    text: str = ""  # its effects, one a line


def _fields(inner: str) -> list[str]:
    """'/'-separated fields outside brackets ('<Decoy (Red/Black)>' is one field)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        depth += ch in "([<" and 1 or 0
        depth -= ch in ")]>" and 1 or 0
        if ch == "/" and depth == 0:
            out.append(inner[start:i].strip())
            start = i + 1
    return [*out, inner[start:].strip()]


def _bracketed(text: str, start: int) -> str | None:
    """The text inside the parenthesis opening at ``start`` (nested ones kept), or None."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1 : i]
    return None


def _slashed(name: str, inner: str) -> TokenStats | None:
    parts = _fields(inner)
    if parts[0] != "Digimon":
        return None
    stats, effects = TokenStats(PREFIX + name, name), []
    for part in parts[1:]:
        if effects or part.startswith(("<", "[")):
            effects.append(part)
        elif m := re.fullmatch(r"Cost (\d+)", part):
            stats.play_cost = int(m[1])
        elif m := re.fullmatch(r"Lv\.? ?(\d+)", part):
            stats.level = int(m[1])
        elif m := re.fullmatch(r"(\d+) DP", part):
            stats.dp = int(m[1])
        elif part in COLORS:
            stats.colors.append(part)
        elif re.fullmatch(r"[A-Z][\w ]*", part):
            stats.traits.append(part)
        else:
            return None  # a field not understood: no guess
    stats.text = "\n".join(e.strip() for e in re.split(r"(?<=[.>])\s*(?=[\[<])", "\n".join(effects)) if e)
    return stats if stats.dp is not None else None


_REMINDER = re.compile(
    r"(?P<name>.+?) Tokens are level (?P<lv>\d+) (?P<color>\w+) Digimon with a memory cost of (?P<cost>\d+)"
    r"[,，] (?P<dp>\d+) DP[,，] and (?:are (?P<form>\w+) form[,，] (?P<type>\w+) type[,，] and (?P<attr>\w+)"
    r" attribute|(?P<traits>[\w/ ]+) traits)\.?"
)


def _reminder(name: str, inner: str) -> TokenStats | None:
    m = _REMINDER.fullmatch(inner.strip())
    if m is None or m["name"] != name or m["color"].title() not in COLORS:
        return None
    traits = m["traits"].split("/") if m["traits"] else [m["form"], m["attr"], m["type"]]
    return TokenStats(PREFIX + name, name, int(m["cost"]), int(m["lv"]), int(m["dp"]), [m["color"].title()],
                      traits)


def token_stats(name: str, text: str) -> TokenStats | None:
    """The card information of the token ``name`` as ``text`` prints it: the first
    parenthesis after '[name]' that gives it (or, failing that, anywhere in the text)."""
    at = text.find(f"[{name}]")
    starts = [i for i, ch in enumerate(text) if ch == "("]
    for i in sorted(starts, key=lambda i: (i < at, i)):
        inner = _bracketed(text, i)
        if inner is None:
            continue
        found = _slashed(name, inner) if inner.startswith("Digimon/") else _reminder(name, inner)
        if found is not None:
            return found
    return None
