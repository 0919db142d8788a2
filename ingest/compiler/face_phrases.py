"""Placing cards face down under a Digimon or Tamer (CR 4-7-9: a face-down card there has no card
information; under a Tamer the card goes to the bottom, CR 4-4-2).

- 'place the top card of your deck face down under this Tamer', 'place the top 2 cards of your deck
  face down under this Tamer', 'place your deck's top card face down as this Digimon's bottom
  digivolution card', '… under any of your [DATA SQUAD] trait Tamers': ``place_deck_top_face_down``
  (``amount`` cards, ``selector`` the Digimon or Tamer);
- 'place 1 card in your hand face down as this Digimon's bottom digivolution card', 'place 1 Digimon
  card from your trash face down as this Digimon's bottom digivolution card', '… as any of your [DM]
  trait Digimon's bottom digivolution card': ``place_under_face_down`` (``card`` the placed cards).

>>> from ingest.compiler.actions import match_action
>>> (a,) = match_action("place the top 2 cards of your deck face down under this tamer")
>>> a.verb, a.amount, a.selector.kind, a.selector.this
('place_deck_top_face_down', 2, 'Tamer', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action, Selector

#: Where the cards go: this Tamer / this Digimon, or one of the player's Digimon or Tamers.
_ONTO = (r"(?:under (?P<this_tamer>this tamer)|under (?P<tamers>any of your .+? tamers)"
         r"|as (?P<this_digimon>this digimon's) bottom digivolution card"
         r"|as the bottom digivolution card of (?P<this_digimon2>this digimon)"
         r"|as (?P<digimon>any of your .+? digimon)'s bottom digivolution card)")


def _onto(m: re.Match[str]) -> Selector | None:
    """The Digimon or Tamer the face-down cards go under."""
    if m["this_tamer"]:
        return Selector(owner="self", kind="Tamer", this=True)
    if m["this_digimon"] or m["this_digimon2"]:
        return Selector(owner="self", kind="Digimon", this=True)
    phrase = m["tamers"] or m["digimon"]
    found = select(re.sub(r"^any of your ", "1 of your ", phrase))
    return found if found is not None and found.owner == "self" and not found.this else None


def _deck_top(m: re.Match[str]) -> list[Action] | None:
    onto = _onto(m)
    if onto is None:
        return None
    return [Action(verb="place_deck_top_face_down", amount=int(m["n"] or 1), selector=onto)]


def _from_zone(m: re.Match[str]) -> list[Action] | None:
    onto, card = _onto(m), card_select(m["card"], m["zone"])
    if onto is None or card is None or card.count != 1:
        return None
    return [Action(verb="place_under_face_down", selector=onto, card=card)]


def face_up_bottom_security(m: re.Match[str]) -> list[Action] | None:
    """One card of the hand (or trash) that fits, placed face up at the bottom of the security stack."""
    selector = card_select(m["sel"], m["zone"].replace(" or ", "_or_"))  # BT23-086 'hand or trash'
    if selector is None or selector.up_to or selector.count != 1 or selector.any_of:
        return None
    return [Action(verb="place_security_bottom_face_up", amount=1, selector=selector)]


FACE_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"place (?:the top (?P<n>\d+) cards of your deck|the top card of your deck"
                rf"|your deck's top card) face down {_ONTO}"), _deck_top),
    (re.compile(rf"place (?P<card>1 .+?) (?:in|from) your (?P<zone>hand|trash) face down {_ONTO}"),
     _from_zone),
    # 'Flip your opponent's top face-down security card face up' (BT20-050): the topmost one that is
    # face down, the 2nd from the top when the top one is face up already (QA Q4370)
    # 'Place 1 [Royal Base] trait Digimon card from your hand face up as the bottom security card'
    # (EX11-025): face up as the text says (CR 3-7-4), as the cost of the same words is
    (re.compile(r"place (?P<sel>(?:1|a|an) .+?) (?:in|from) your (?P<zone>hand or trash|hand|trash) "
                r"face[- ]up as (?:the|your) bottom security card"), face_up_bottom_security),
    # 'Add your top face-down security card to the hand' (EX11-025): the topmost that is face down
    (re.compile(r"add your top face[- ]down security card to (?:the|your) hand"),
     lambda m: [Action(verb="face_down_security_to_hand", selector=Selector(owner="self", kind="card",
                                                                              zone="security"), amount=1)]),
    (re.compile(r"flip your opponent's top face[- ]down security card face[- ]up"),
     lambda m: [Action(verb="flip_security_face_up", selector=Selector(owner="opponent", kind="card",
                                                                         zone="security"), amount=1)]),
]

