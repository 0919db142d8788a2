"""Cost phrases after 'by' ('by trashing 1 card in your hand, …'), each a regex matched against the
whole lower-cased phrase. CR 15-7: costs are paid before the effect's processing.

>>> [(a.verb, a.amount) for a in match_cost("paying 3 memory")]
[('lose_memory', 3)]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import (
    Builder,
    hand_cards,
    match_action,
    match_table,
    on,
    player,
    security,
    trash_sources_cost,
)
from ingest.compiler.by_cost_phrases import BY_COST_PHRASES
from ingest.compiler.cost_phrases import COST_PHRASES
from ingest.compiler.cost_phrases_s19 import S19_COST_PHRASES
from ingest.compiler.either_costs import match_either_cost
from ingest.compiler.face_phrases import face_up_bottom_security
from ingest.compiler.place import match_place
from ingest.compiler.select import card_select, select, this_with
from ingest.effect_ir import Action, Selector


def _own_security(verb: str) -> Builder:
    """One card of your own security stack, as a cost."""
    return lambda m: [
        Action(verb=verb, amount=1, selector=Selector(owner="self", kind="card", zone="security"))
    ]


def _face_down_under_tamer(m: re.Match[str]) -> list[Action]:
    """'the bottom face-down card from under any of your Tamers': 1 card, from under 1 Tamer you choose;
    '2 bottom face-down cards from under any of your Tamers' (BT25-035, ST24-06): 2 cards in all, from
    under one or several Tamers (QA Q6301, Q6212), each the bottom face-down card of its Tamer then."""
    n = int(m["n"]) if m.groupdict().get("n") else 1
    tamer = Selector(owner="self", kind="Tamer", count=1)
    return [Action(verb="trash_bottom_face_down", amount=n, selector=tamer)]


#: Whose trash a cost takes cards from: the effect's owner's or the opponent's.
_TRASHES = {"your trash": "self", "the trash": "self", "trash": "self",
            "your opponent's trash": "opponent", "their trash": "opponent"}


def _to_deck(m: re.Match[str]) -> list[Action] | None:
    """'returning 2 cards with [Gizmon] in their names from your trash to the bottom of the deck':
    exactly that many fitting cards of that trash go to the top or the bottom of their owner's deck
    (CR 15-7-3: all of them, or the cost is not paid)."""
    selector = card_select(m["sel"], "trash")
    if selector is None or selector.up_to or not selector.count:
        return None
    selector.owner = _TRASHES[m["zone"]]  # type: ignore[assignment]
    verb = "return_cards_to_deck_top" if m["end"] == "top" else "return_cards_to_deck"
    return [Action(verb=verb, amount=selector.count, selector=selector)]


def _link_cards(m: re.Match[str]) -> list[Action]:
    """'trashing 1 of this Digimon's link cards' / '1 of its link cards' ('When this Digimon would
    leave …, by trashing 1 of its link cards, it doesn't leave'): this Digimon's, as a bare 'it' is
    this card unless the trigger's subject is another card (``ingest.compiler._it_is_the_subject``)."""
    return [Action(verb="trash_link_cards", amount=int(m["n"]), selector=Selector(owner="self", this=True))]


def _top_to_bottom(m: re.Match[str]) -> list[Action] | None:
    """'placing this Digimon's top stacked card as its bottom digivolution card', 'the top card of this
    Digimon with the [Light Fang]/[Night Claw] trait as this Digimon's bottom digivolution card': this
    Digimon (with those traits, if named) puts its top card under its digivolution cards."""
    if m.groupdict().get("any"):  # 'of any of your level 4 or higher [CS] trait Digimon' (P-225): one chosen
        chosen = select(re.sub(r"^any of your ", "1 of your ", m["any"]))
        if chosen is None or chosen.owner != "self" or chosen.kind != "Digimon" or chosen.count != 1:
            return None
        return [Action(verb="top_to_bottom_source", amount=1, selector=chosen)]
    traits = m["traits"]
    this = this_with(f"with the {traits} trait") if traits else Selector(owner="self", this=True)
    return None if this is None else [Action(verb="top_to_bottom_source", amount=1, selector=this)]


def _sources(m: re.Match[str]) -> list[Action] | None:
    n = int(m["n"]) if m["n"] and m["n"].isdigit() else 1
    return [trash_sources_cost(n, int(m["lv"]) if m["lv"] else None)]


#: Cost phrases after 'by' (CR 15-7: costs are paid before the effect's processing).
COSTS: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (
            r"trashing (?P<n>a|an|\d+) (?:level (?P<lv>\d+) )?(?:digimon )?cards? "
            r"(?:in|from) this (?:card|digimon)'s digivolution cards",
            _sources,
        ),
        (r"trashing (?P<n>\d+) of this digimon's digivolution cards(?P<lv>)", _sources),
        (r"paying (?P<n>\d+) (?:memory|cost)", player("lose_memory", "self")),  # CR 15-7: a cost
        (r"decreasing your memory by (?P<n>\d+)", player("lose_memory", "self")),  # BT1-081
        (r"unsuspending (?P<sel>this digimon|this tamer)", on("unsuspend")),
        (r"suspending (?P<sel>this digimon)", on("suspend")),
        (r"suspending (?P<sel>.+)", on("suspend")),
        (r"deleting (?P<sel>.+)", on("delete")),
        (r"trashing (?P<sel>.+?) (?:in|from) your hand", hand_cards("trash_card")),
        (r"returning (?P<sel>.+?) to (?:the|its owner's) hand", on("return_to_hand")),
        (
            r"returning (?P<sel>this tamer|this digimon|this card) "
            r"to the bottom of (?:the|your|its owner's) deck",
            on("return_to_deck"),
        ),
        (
            r"trashing (?:the top card of your security stack|your top security card)(?P<n>)(?P<n2>)",
            security("self"),
        ),
        (
            r"(?:adding|returning) (?:your top security card|the top card of your security stack) "
            r"to (?:the|your) hand",
            _own_security("security_to_hand"),
        ),
        (
            r"trashing (?:the bottom card of your security stack|your bottom security card)",
            _own_security("trash_bottom_security"),
        ),
        (  # BT25-057 'trashing the bottom face-down card under any of your Tamers'
            r"trashing the bottom face-down card (?:from )?under (?:any|one) of your tamers",
            _face_down_under_tamer,
        ),
        (  # BT25-035, BT26-070, ST24-06, ST24-10: 'trashing 2 bottom face-down cards from under any …'
            r"trashing (?P<n>\d+) bottom face-down cards (?:from )?under any of your tamers",
            _face_down_under_tamer,
        ),
        (  # BT18-004 'placing 1 Digimon card with the [Royal Base] trait in your hand face up as the bottom
            # security card' (CR 3-7-4: face up, as the text says)
            r"placing (?P<sel>(?:1|a|an) .+?) (?:in|from) your (?P<zone>hand|trash) face up as the bottom "
            r"security card",
            face_up_bottom_security,
        ),
        (
            rf"returning (?P<sel>\d+ .+?) from (?P<zone>{'|'.join(_TRASHES)}) (?:to|at) the "
            r"(?P<end>top|bottom) of (?:the|your) deck(?: in any order)?",
            _to_deck,
        ),
        (r"trashing (?P<n>\d+) of (?:this digimon's|its) link cards?", _link_cards),
        (
            r"placing this (?:digimon|(?P<traits>\[.+?\]) trait digimon)'s top stacked card as its bottom "
            r"digivolution card",
            _top_to_bottom,
        ),
        (
            r"placing the top card of this digimon(?: with the (?P<traits>\[.+?\]) trait)? as this digimon's "
            r"bottom digivolution card",
            _top_to_bottom,
        ),
        (
            r"placing the top stacked card of (?P<any>any of your .+? digimon) as its bottom "
            r"digivolution card",
            _top_to_bottom,
        ),
        (
            r"trashing (?:the top or bottom card of your security stack|your top or bottom security card)",
            _own_security("trash_top_or_bottom_security"),
        ),
    ]
] + COST_PHRASES + BY_COST_PHRASES + S19_COST_PHRASES  # cost_phrases.py, by_cost_phrases.py, …_s19.py

#: A cost is an action the player carries out (CR 15-7): 'by trashing …' is 'trash …'.
_IMPERATIVE = {
    "trashing": "trash",
    "suspending": "suspend",
    "unsuspending": "unsuspend",
    "deleting": "delete",
    "returning": "return",
    "placing": "place",
    "adding": "add",
    "paying": "pay",
    "revealing": "reveal",  # 'revealing 1 green Digimon card from your hand and placing it …' (BT7-045)
}
_GERUNDS = "|".join(_IMPERATIVE)


def _as_action(text: str) -> list[Action] | None:
    """A cost phrase read as the action it names ('placing 1 card … under this Digimon')."""
    m = re.match(rf"({_GERUNDS}) ", text)
    if m is None:
        return None
    imperative = f"{_IMPERATIVE[m[1]]} {text[m.end() :]}"
    # 'placing 1 of your Digimon cards with <Save> in its text from your hand under this Tamer' (BT12-087):
    # 1 Digimon card of the player's own zone, as 'placing 1 Digimon card with … from your hand' (BT12-091)
    imperative = re.sub(r"^place 1 of your (digimon|tamer|option) cards (?=.* from your (?:hand|trash)\b)",
                        r"place 1 \1 card ", imperative)
    # 'under that Digimon as one of its digivolution cards': under it is where a card is placed
    under = re.sub(r"( under .+?) as one of (?:its|their) digivolution cards$", r"\1", imperative)
    found = match_action(imperative) or match_place(imperative)
    return found if found is not None or under == imperative else match_place(under)


def _one(text: str) -> list[Action] | None:
    return match_table(COSTS, text) or _as_action(text)


def match_cost(text: str) -> list[Action] | None:
    """The actions of one lower-cased cost phrase, if a cost template (or an action template, the
    phrase read as an order) matches it whole; two joined by 'and' are both paid, in order; two joined by
    'or', one of them (``ingest.compiler.either_costs``)."""
    if (found := _one(text)) is not None:
        return found
    # BT23-089 'by suspending this Tamer and trash 2 same-level cards …', as printed: 'and trashing'
    text = re.sub(r" and trash (?=\d)", " and trashing ", text)
    for m in re.finditer(rf",? and (?=(?:{_GERUNDS}) )", text):
        first, second = _one(text[: m.start()]), _one(text[m.end() :])
        if first is not None and second is not None:
            return first + second
    return match_either_cost(text, _one)
