"""Sentences whose subject is the opponent: what the effect makes or lets THEM do.

- 'Your opponent may delete 1 of their Digimon or Tamers' (BT18-082, EX10-052): whether, and which,
  is the opponent's choice (``opponent_may_delete``); 'If this effect didn't delete' after it asks
  whether they did (``effect_results``).
- 'Your opponent may trash their top security card' / 'the top card of their security stack'
  (BT19-043, BT18-034): their choice whether (``opponent_may_trash_security``).
- 'Your opponent may play 1 Tamer card from their hand without paying the cost' (BT6-083,
  BT17-075): whether, and which, is their choice; the card is theirs and played by the effect
  (``opponent_may_play_card``, free).
- 'Your opponent adds the top card of their security stack to the hand' (P-137, BT17-028): no
  choice in it, the same move as 'add the top card of your security stack to the hand' done to
  the opponent's stack (``security_to_hand`` with the opponent's selector).

>>> [(a.verb, a.selector.owner, a.selector.kind) for a in match_opponent(
...     "your opponent may delete 1 of their digimon or tamers")]
[('opponent_may_delete', 'opponent', 'Digimon or Tamer')]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import Builder, hand_cards, match_table
from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action, Selector

_TOP_SECURITY = r"(?:their top security card|the top card of their security stack)"


def _may_delete(m: re.Match[str]) -> list[Action] | None:
    """'Your opponent may delete 1 of their Digimon or Tamers': one of THEIR cards in play, by count."""
    selector = select(m["sel"])
    if selector is None or selector.owner != "opponent" or selector.count is None or selector.up_to:
        return None
    return [Action(verb="opponent_may_delete", selector=selector, amount=selector.count)]


def _may_play(m: re.Match[str]) -> list[Action] | None:
    """'Your opponent may play 1 Tamer card from their hand without paying the cost': one card."""
    selector = card_select(m["sel"], "hand")
    if selector is None or selector.count != 1 or selector.up_to:
        return None
    selector.owner = "opponent"
    return [Action(verb="opponent_may_play_card", selector=selector, amount=1, free=True)]


def _opponent_security(verb: str) -> Builder:
    """The top card of the opponent's security stack, moved by ``verb``."""
    def build(m: re.Match[str]) -> list[Action]:
        return [Action(verb=verb, amount=1,
                       selector=Selector(owner="opponent", kind="card", zone="security"))]
    return build


#: Opponent-subject sentences (lower case, whole sentence).
OPPONENT_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"your opponent may delete (?P<sel>\d+ of their .+)", _may_delete),
        (r"your opponent may play (?P<sel>1 tamer card) from their hand "
         r"without paying (?:the|its memory) cost", _may_play),
        (rf"your opponent may trash {_TOP_SECURITY}", _opponent_security("opponent_may_trash_security")),
        (rf"your opponent adds {_TOP_SECURITY} to (?:the|their) hand",
         _opponent_security("security_to_hand")),
        # 'they' after 'your opponent' / 'if they have …' (EX6-050, EX6-071): the opponent, who trashes
        # the cards of their own hand, choosing which (CR 15-10-1-2-1)
        (r"they (?:must )?trash (?P<sel>.+?) (?:in|from) their hand",
         hand_cards("opponent_trashes_card", "opponent")),
        # 'trash 1 card in your opponent's hand (without looking)' (BT14-075, QA Q2445): the effect's
        # player trashes it, choosing without seeing their hand; the trashed card is public
        (r"trash (?P<sel>\d+ cards?) in (?:your opponent's|their) hand(?: without looking)?",
         hand_cards("trash_card", "opponent")),
    ]
]


def match_opponent(text: str) -> list[Action] | None:
    """The actions of a sentence whose subject is the opponent, or None."""
    return match_table(OPPONENT_TEMPLATES, text)
