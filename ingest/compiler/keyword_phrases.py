"""Keyword effects printed with more words around them than ``actions.TEMPLATES`` reads.

- ``<Mind Link> 1 of your Digimon with …`` and ``<Mind Link> to 1 of your Digimon with …``, the
  reminder text cut out (BT17-086, BT20-089), and ``with [A] or [B] in its name, or the [C] trait``
  with a comma before the last alternative (BT14-086): the Digimon the Tamer goes under is the
  action's selector (CR 16-28-1);
- ``<Recovery +1 (Deck)> until there are N cards in your security stack`` (BT7-041, BT16-080):
  <Recovery +1 (Deck)> repeated while the security stack has fewer than N cards (Q2667), the verb
  ``recovery_until`` with N as its amount.

This module does not import ``ingest.compiler.actions`` (which imports it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import select
from ingest.effect_ir import Action, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]


def _mind_link(m: re.Match[str]) -> list[Action] | None:
    """<Mind Link> with the Digimon the sentence names; None unless the selector is read whole."""
    phrase = re.sub(r"(in its (?:name|text)), or the ", r"\1 or the ", m["sel"])
    selector = select(phrase)
    if selector is None or selector.owner != "self":
        return None
    return [Action(verb="keyword", keyword="MindLink", selector=selector, optional=bool(m["may"]))]


def _recovery_until(m: re.Match[str]) -> list[Action]:
    return [Action(verb="recovery_until", amount=int(m["n"]), selector=Selector(owner="self", kind="player"))]


#: Templates matched against a whole lower-cased sentence (names keep their case).
KEYWORD_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"<recovery \+1 \(deck\)> until there are (?P<n>\d+) cards in your security stack", _recovery_until),
        (r"(?P<may>you may )?<mind link> (?:with |to )?(?P<sel>1 of your digimon .+)", _mind_link),
    ]
]
