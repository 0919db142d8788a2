"""More cost phrases after 'by' (appended to ``ingest.compiler.costs.COSTS``), each a regex matched
against the whole lower-cased phrase. CR 15-7: a cost is paid in full before the effect's
processing, or the effect does nothing (CR 15-7-3; QA Q5190).

>>> [(a.verb, a.amount, [s.kind for s in a.selector.any_of]) for a in match_more_cost(
...     "returning 2 non-digi-egg cards from your trash to the bottom of the deck")]
[('return_cards_to_deck', 2, ['Digimon', 'Tamer', 'Option'])]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import Builder, hand_cards, match_table, trash_sources_cost
from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action, Selector

#: The kinds of card that are not Digi-Egg cards (CR 2-2-2: Digi-Egg, Digimon, Tamer, Option).
_NOT_EGGS = ("Digimon", "Tamer", "Option")


def _non_eggs_to_deck(m: re.Match[str]) -> list[Action]:
    """'returning 2 non-Digi-Egg cards from your trash to the bottom of the deck' (EX5-015, EX5-018),
    '… to the top of the deck' (EX10-074), 'placing 3 non-Digi-Egg cards from your trash at the bottom
    of your deck in any order' (P-047): exactly that many of your trash's Digimon, Tamer or Option
    cards, in the order you choose (CR 3-1-3-4)."""
    n = int(m["n"])
    selector = Selector(
        owner="self", kind="card", count=n, zone="trash",
        any_of=[Selector(owner="any", kind=kind, count=None) for kind in _NOT_EGGS],  # type: ignore[arg-type]
    )
    verb = "return_cards_to_deck_top" if m["end"] == "top" else "return_cards_to_deck"
    return [Action(verb=verb, amount=n, selector=selector)]


def _option_in_play(m: re.Match[str]) -> list[Action] | None:
    """'trashing 1 of your Option cards in the battle area' (BT23-055, EX8-052, P-179): yours;
    'trashing 1 Option card in the battle area' (BT19-064): either player's (QA Q3127). Only Option
    cards an effect placed there are meant (CR 4-28-1)."""
    selector = select(m["sel"])
    if selector is None or selector.kind != "Option" or selector.up_to or not selector.count:
        return None
    return [Action(verb="trash_option_in_play", amount=selector.count, selector=selector)]


def _own_sources(m: re.Match[str]) -> list[Action] | None:
    """'trashing 3 Digimon cards from its digivolution cards' (BT21-022), 'trashing 1 Option card in this
    Digimon's digivolution cards' (EX7-048), 'trashing 2 cards with the [Three Musketeers] trait in this
    Digimon's digivolution cards' (EX7-073): exactly that many fitting digivolution cards of this
    Digimon. A bare 'its' is this Digimon: every such cost in the card pool is under a trigger about
    this Digimon ('When this Digimon would leave …')."""
    selector = card_select(m["sel"], "sources")
    if selector is None or selector.up_to or not selector.count:
        return None
    return [Action(verb="trash_source", amount=selector.count, selector=selector)]


def _sources_to(m: re.Match[str]) -> list[Action] | None:
    """'returning 1 card with the [Legend-Arms] trait from this Digimon's digivolution cards to the hand'
    (EX6-005), '… to your hand' (BT7-025), 'placing 4 [Vemmon] from this Digimon's digivolution cards at
    the bottom of their owners' decks' (BT11-111): exactly that many fitting digivolution cards of this
    Digimon to its owner's hand or the bottom of their deck."""
    selector = card_select(m["sel"], "sources")
    if selector is None or selector.up_to or not selector.count:
        return None
    verb = "sources_to_hand" if m["to"].endswith("hand") else "sources_to_deck_bottom"
    return [Action(verb=verb, amount=selector.count, selector=selector)]


def _your_digimons_sources(m: re.Match[str]) -> list[Action] | None:
    """'trashing 3 [Mineral] or [Rock] trait cards from any of your Digimon's digivolution cards'
    (EX10-036), 'trashing any 1 card with the [Mineral] or [Rock] trait from your Digimon's digivolution
    cards' (EX10-028): that many fitting cards from under one or several of your Digimon (QA Q5114)."""
    selector = card_select(m["sel"], "digimon_sources")
    if selector is None or selector.up_to or not selector.count:
        return None
    return [Action(verb="trash_sources_of_your_digimon", amount=selector.count, selector=selector)]


def _delete_with_sources(m: re.Match[str]) -> list[Action] | None:
    """'deleting 1 of your Digimon with digivolution cards and [Gallantmon] in its name' (EX4-011): one
    of your Digimon that has digivolution cards and that name."""
    selector = select(f"{m['sel']} with {m['rest']}")
    if selector is None or selector.with_sources or selector.up_to:
        return None
    selector.with_sources = True
    return [Action(verb="delete", selector=selector)]


def _token_or_other(m: re.Match[str]) -> list[Action] | None:
    """'deleting 1 of your Tokens or other [Puppet] trait Digimon' (EX11-022, EX9-032), '1 of your Tokens or
    1 of your other Digimon with the [Puppet] trait' (EX7-027): one of your Digimon, not this one, that
    is a token (CR 4-21-1) or has that description."""
    other = select(f"1 of your other {m['other']}")
    if other is None or other.any_of or other.count != 1 or not other.other:
        return None
    fields = other.model_dump(exclude_defaults=True, exclude={"owner", "count", "other", "zone"})
    token = Selector(owner="any", count=None, token=True)
    return [Action(verb="delete", selector=Selector(
        owner="self", other=True, any_of=[token, Selector(owner="any", count=None, **fields)]))]


def _hand_or_trash_to_deck(m: re.Match[str]) -> list[Action] | None:
    """'returning 3 cards with the [Three Musketeers] trait from your hand or trash to the top of the deck'
    (EX7-043): exactly that many fitting cards, from either or both (QA Q3852), in the order chosen."""
    selector = card_select(m["sel"], "hand_or_trash")
    if selector is None or selector.up_to or not selector.count:
        return None
    verb = "return_cards_to_deck_top" if m["end"] == "top" else "return_cards_to_deck"
    return [Action(verb=verb, amount=selector.count, selector=selector)]


def _top_or_bottom_to_hand(m: re.Match[str]) -> list[Action]:
    """'adding the top or bottom card of your security stack to the hand' (EX6-021): the end you choose."""
    security = Selector(owner="self", kind="card", zone="security")
    return [Action(verb="top_or_bottom_security_to_hand", amount=1, selector=security)]


def _face_down_under_this(m: re.Match[str]) -> list[Action] | None:
    """'placing 3 Digimon cards with the [Ver.4] trait from your trash face down as this Digimon's bottom
    digivolution cards' (EX9-028, BT22-049, EX9-049, EX9-050, EX9-052): exactly that many fitting cards of
    that zone go face down under this Digimon, at the bottom (CR 4-7-9, 4-4-2; all of them or the cost is
    not paid, CR 15-7-3)."""
    card = card_select(m["card"], m["zone"])
    if card is None or card.up_to or not card.count:
        return None
    this = Selector(owner="self", kind="Digimon", this=True)
    return [Action(verb="place_under_face_down", amount=card.count, selector=this, card=card)]


def _this_bottom_face_down(m: re.Match[str]) -> list[Action]:
    """'trashing this Digimon's bottom face-down digivolution card' (EX9-004, EX9-006, BT22-076): the lowest
    face-down card under this Digimon; none there, the cost is not paid (CR 15-7-3)."""
    this = Selector(owner="self", kind="Digimon", this=True)
    return [Action(verb="trash_bottom_face_down", amount=1, selector=this)]


def _hand_card_under_tamer(m: re.Match[str]) -> list[Action] | None:
    """'placing 1 card from your hand face down under any of your Tamers with the [Glowing Dawn] trait'
    (ST23-10, ST24-02): 1 card of the hand, face down under 1 of your Tamers so described, chosen
    (CR 4-7-9; under a Tamer at the bottom, CR 4-4-2); no such Tamer or card, the cost is not paid."""
    card, onto = card_select(m["card"], "hand"), select(f"1 of your tamers with {m['rest']}")
    if card is None or card.count != 1 or card.up_to or onto is None or onto.kind != "Tamer" or onto.this:
        return None
    return [Action(verb="place_under_face_down", amount=1, selector=onto, card=card)]


def _this_card_under_tamer(m: re.Match[str]) -> list[Action] | None:
    """'placing this card from the battle area face down under any of your [BEATBREAK] trait Tamers'
    (ST23-15, ST24-15, an Option card placed in the battle area): this card leaves the battle area and goes
    face down under 1 of your Tamers so described (CR 4-7-9, 4-4-2); no such Tamer, the cost is not paid."""
    onto = select(f"1 of your {m['tamers']}")
    if onto is None or onto.kind != "Tamer" or onto.this:
        return None
    this = Selector(owner="self", this=True, zone="battle_area")
    return [Action(verb="place_under_face_down", amount=1, selector=onto, card=this)]


#: Cost phrases read after those of ``ingest.compiler.costs`` (most specific first).
COST_PHRASES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (
            r"(?:returning|placing) (?P<n>\d+) non-digi-egg cards from your trash (?:to|at) the "
            r"(?P<end>top|bottom) of (?:the|your) deck(?: in any order)?",
            _non_eggs_to_deck,
        ),
        (r"trashing (?P<sel>.+? option cards?) in the battle area", _option_in_play),
        (
            r"returning (?P<sel>\d+ .+?) from your hand or trash "
            r"to the (?P<end>top|bottom) of (?:the|your) deck(?: in any order)?",
            _hand_or_trash_to_deck,
        ),
        (
            r"adding (?:the top or bottom card of your security stack|your top or bottom security card) "
            r"to (?:the|your) hand",
            _top_or_bottom_to_hand,
        ),
        (r"deleting (?P<sel>.+?) with digivolution cards and (?P<rest>.+)", _delete_with_sources),
        (r"deleting 1 of your tokens or (?:1 of your )?other (?P<other>.+)", _token_or_other),
        # 'By trash 1 card in your hand, …' (P-209, as printed): trashing it
        (r"trash (?P<sel>.+?) (?:in|from) your hand", hand_cards("trash_card")),
        (
            r"trashing any (?P<n>\d+) of this digimon's digivolution cards",
            lambda m: [trash_sources_cost(int(m["n"]))],
        ),
        (
            r"trashing (?P<n>\d+) (?:same-level cards|cards of the same level) "
            r"(?:in|from) (?:this digimon's|its) digivolution cards",
            lambda m: [Action(verb="trash_same_level_sources", amount=int(m["n"]))],
        ),
        (r"trashing (?P<sel>\d+ .+?) (?:in|from) (?:this digimon's|its) digivolution cards", _own_sources),
        (
            r"(?:returning|placing) (?P<sel>\d+ .+?) from this digimon's digivolution cards "
            r"(?P<to>to (?:the|your|its owner's) hand"
            r"|(?:to|at) the bottom of (?:the|its owner's|their owners') decks?)",
            _sources_to,
        ),
        (
            r"trashing (?:any )?(?P<sel>\d+ .+?) from (?:any of )?your digimon's digivolution cards",
            _your_digimons_sources,
        ),
        (
            r"placing (?P<card>\d+ .+?) from your (?P<zone>hand|trash) face down "
            r"as this digimon's bottom digivolution cards?",
            _face_down_under_this,
        ),
        (r"trashing this digimon's bottom face-down digivolution card", _this_bottom_face_down),
        (
            r"placing (?P<card>1 .+?) from your hand face down under any of your tamers with (?P<rest>.+)",
            _hand_card_under_tamer,
        ),
        (
            r"placing this card from the battle area face down under any of your (?P<tamers>.+? tamers)",
            _this_card_under_tamer,
        ),
    ]
]


def match_more_cost(text: str) -> list[Action] | None:
    """The actions of one lower-cased cost phrase, if a template of this module matches it whole."""
    return match_table(COST_PHRASES, text)
