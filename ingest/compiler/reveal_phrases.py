"""Action templates for searching and shuffling a security stack: 'Search your security stack',
'… search your security stack for 1 X, reveal it, and add it to your hand', 'Shuffle your
security stack'. Searching is looking at every card of the area, seen by the player only
(CR 15-15-3-9-1); the cards stay in the security stack, and 'among them' in the sentences after
a search names those cards (``searched``). Appended to ``deck_phrases.DECK_MOVES``.

>>> [a.verb for a in match_reveal("search your security stack")]
['search_security']
>>> [(a.verb, a.selector.zone) for a in match_reveal(
...     "search your security stack, reveal 1 card from it, and add it to your hand")]
[('search_security', 'security'), ('add_to_hand', 'security')]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import match_table
from ingest.compiler.select import card_select
from ingest.effect_ir import Action, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]


def _security(verb: str) -> Action:
    """An action on the whole of the effect's player's security stack."""
    return Action(verb=verb, selector=Selector(owner="self", kind="card", count=None, zone="security"))


def _search_and_add(m: re.Match[str]) -> list[Action] | None:
    """'search your security stack for 1 X, reveal it, and add it to your hand': the search, then
    that one card of the security stack is revealed and added to the hand (QA Q2077, Q3591)."""
    selector = card_select(m["sel"], "security")
    if selector is None or selector.count != 1 or selector.up_to or selector.any_of:
        return None
    return [_security("search_security"), Action(verb="add_to_hand", selector=selector)]


_HAND = r"to (?:the|your) hand"

#: Templates matched against a whole lower-cased sentence (names keep their case).
REVEAL_MOVES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"search your security stack", lambda m: [_security("search_security")]),
        (rf"search your security stack for (?P<sel>1 .+?), reveal it, and add it {_HAND}", _search_and_add),
        (rf"search your security stack, reveal (?P<sel>1 .+?) from it, and add it {_HAND}", _search_and_add),
        (r"shuffle your security stack", lambda m: [_security("shuffle_security")]),
    ]
]


def match_reveal(text: str) -> list[Action] | None:
    """The actions of one lower-cased sentence, if one of these templates matches it whole."""
    return match_table(REVEAL_MOVES, text)


def searched(actions: list[Action]) -> None:
    """'Search your security stack. You may add 1 X among them to the hand': after a search, the
    cards an action takes 'among them' are the searched security cards (zone ``security``), up to
    the next reveal. Changes ``actions`` in place."""
    zone = None
    for action in actions:
        if action.verb == "search_security":
            zone = "security"
        elif action.verb == "reveal":
            zone = None
        for selector in (action.selector, action.card):
            if zone and selector is not None and selector.zone == "revealed":
                selector.zone = zone
