"""Cost phrases after 'by' read in session 19 (appended to ``ingest.compiler.costs.COSTS``), each a
regex matched against the whole lower-cased phrase. CR 15-7-3: a cost is paid in full, or what it pays
for does not happen.

>>> [(a.verb, a.selector.name) for a in match_s19_cost(
...     "placing 1 card from your hand face down under any of your [Keenan Crier]s")]
[('place_under_face_down', 'Keenan Crier')]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import Builder, match_table
from ingest.compiler.place import match_place
from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action, Selector


def _hand_card_under_named(m: re.Match[str]) -> list[Action] | None:
    """'placing 1 card from your hand face down under any of your [Keenan Crier]s' (BT26-072, as its
    second way 'placing it face down …'): 1 card of the hand goes face down under 1 of your cards with
    that name, chosen, at the bottom of the cards under it (CR 4-7-9, 4-4-2; QA Q7094)."""
    card, onto = card_select(m["card"], "hand"), select(f"1 of your {m['name']}")
    if card is None or card.count != 1 or card.up_to or onto is None or onto.name is None or onto.this:
        return None
    return [Action(verb="place_under_face_down", amount=1, selector=onto, card=card)]


def _this_under_level_or_trait(m: re.Match[str]) -> list[Action] | None:
    """'placing this card as the bottom digivolution card of 1 of your Digimon that's level 3 or has the
    [Legend-Arms] trait' (EX6-037): this card goes under 1 of your Digimon that is that level or has that
    trait, chosen; with neither in play the cost cannot be paid (QA Q3760, CR 15-7-3)."""
    ways = [select(f"1 of your level {m['lv']} digimon"),
            select(f"1 of your digimon with the {m['trait']} trait")]
    if any(w is None or w.kind != "Digimon" or w.owner != "self" for w in ways):
        return None
    alternatives = [Selector(owner="any", count=None, **w.model_dump(  # type: ignore[union-attr]
        exclude_defaults=True, exclude={"owner", "count", "zone", "kind"})) for w in ways]
    onto = Selector(owner="self", kind="Digimon", count=1, any_of=alternatives)
    this = Selector(owner="self", kind="card", this=True)
    return [Action(verb="place_under", amount=1, selector=onto, card=this)]


def _both_top_security(m: re.Match[str]) -> list[Action]:
    """'trashing both players' top security cards' (BT19-043): each player's top security card, at once
    (as the action, ``deck_phrases``); with either stack empty the cost cannot be paid (QA Q3096)."""
    both = Selector(owner="any", kind="card", count=1, zone="security")
    return [Action(verb="trash_security", amount=1, selector=both)]


def _subject_sources_to_deck(m: re.Match[str]) -> list[Action] | None:
    """'returning 2 [Vemmon] from that Digimon's digivolution cards to the bottom of the deck' (BT18-092,
    'When any of your Digimon attack, …'): exactly that many fitting digivolution cards of the Digimon
    the trigger is about, to the bottom of its owner's deck (CR 15-7-3: all of them, or not paid)."""
    selector = card_select(m["sel"], "sources")
    if selector is None or selector.up_to or not selector.count:
        return None
    selector.zone = "subject_sources"
    return [Action(verb="sources_to_deck_bottom", amount=selector.count, selector=selector)]


def egg_to_egg_deck(m: re.Match[str]) -> list[Action]:
    """'returning 1 Digi-Egg card from your trash to the bottom of the Digi-Egg deck' (BT16-083): that many
    Digi-Egg cards of your trash under your Digi-Egg deck (the verb names the card kind: a selector has no
    Digi-Egg kind)."""
    n = int(m["n"])
    return [Action(verb="egg_to_egg_deck_bottom", amount=n,
                   selector=Selector(owner="self", kind="card", count=n, zone="trash"))]


def _security_under_tamer(m: re.Match[str]) -> list[Action] | None:
    """'placing your top security card face down under any of your [Glowing Dawn] trait Tamers' (BT26-025):
    your top security card, face down under 1 of those Tamers, chosen (CR 4-7-9)."""
    onto = select(f"1 of your {m['tamers']}")
    if onto is None or onto.kind != "Tamer" or onto.owner != "self" or onto.this:
        return None
    return [Action(verb="security_under_face_down", amount=1, selector=onto)]


def _one_of_each(m: re.Match[str]) -> list[Action] | None:
    """'placing 1 [Kumamon] and [Korikakumon] from your trash under 1 of your blue or red Tamers' (BT18-026,
    BT18-053, BT18-070, BT18-081): 1 of each named card, both under the one Tamer chosen; only 1 of them
    cannot pay it (QA Q2947, Q2984, Q3010, Q3039). Read as 'place 1 [A] and 1 [B] …'
    (``ingest.compiler.place``)."""
    found = match_place(f"place 1 {m['a']} and 1 {m['b']} from your trash under {m['onto']}")
    return found if found is not None and [a.verb for a in found] == ["place_under", "place_under"] else None


def _this_digimon_card(m: re.Match[str]) -> list[Action] | None:
    """'placing this Digimon card as the bottom digivolution card of 1 of your Digimon with [Myotismon] in
    its text' (P-239, [On Deletion]: this card, in the trash): 'this card' placed so
    (``ingest.compiler.place``)."""
    found = match_place(f"place this card as {m['rest']}")
    return found if found is not None and [a.verb for a in found] == ["place_under"] else None


def _top_of_one_to_bottom(m: re.Match[str]) -> list[Action] | None:
    """'placing the top top card of one of your [Light Fang]/[Night Claw] trait Digimon as that Digimon's
    bottom digivolution card' (EX5-064, 'top top' as printed): 1 of your Digimon so described with cards
    under it, chosen, puts its top card under its digivolution cards (``top_to_bottom_source``, as P-225)."""
    chosen = select(f"1 of your {m['sel']}")
    if chosen is None or chosen.owner != "self" or chosen.kind != "Digimon" or chosen.count != 1 \
            or chosen.this:
        return None
    return [Action(verb="top_to_bottom_source", amount=1, selector=chosen)]


def _top_card_to_hand(m: re.Match[str]) -> list[Action] | None:
    """'returning the top card of one of your [Leopardmon: Leopard Mode] to the hand' (BT13-107): 1 of your
    Digimon so named with cards under it, chosen, returns its top card to the hand; one without digivolution
    cards has no stacked card, and the cost is not paid (QA Q2359)."""
    chosen = select(f"1 of your {m['sel']}")
    if chosen is None or chosen.owner != "self" or chosen.kind not in ("Digimon", "card") or chosen.this \
            or chosen.count != 1 or (chosen.kind == "card" and chosen.name is None):
        return None
    return [Action(verb="top_stacked_card_to_hand", amount=1, selector=chosen)]


def _same_level_of_one(m: re.Match[str]) -> list[Action] | None:
    """'trashing 2 same-level cards from 1 of your [CS] trait Digimon's digivolution cards' (BT23-089): that
    many digivolution cards of one level, all from under 1 such Digimon, chosen (CR 15-7-3: all or none)."""
    chosen = select(m["sel"])
    if chosen is None or chosen.owner != "self" or chosen.kind != "Digimon" or chosen.count != 1 \
            or chosen.this:
        return None
    return [Action(verb="trash_same_level_sources", amount=int(m["n"]), selector=chosen)]


#: Session 19's cost phrases (CR 15-7).
S19_COST_PHRASES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (
            r"placing (?P<card>1 card) from your hand face down under any of your (?P<name>\[[^\]]+\])s?",
            _hand_card_under_named,
        ),
        (r"trashing both players' top security cards", _both_top_security),
        (
            r"trashing (?P<n>\d+) same-level cards from (?P<sel>1 of your .+? digimon)'s digivolution cards",
            _same_level_of_one,
        ),
        (r"returning the top card of one of your (?P<sel>\[[^\]]+\]) to the hand", _top_card_to_hand),
        (
            r"placing the top (?:top )?card of one of your (?P<sel>.+? digimon) as that digimon's bottom "
            r"digivolution card",
            _top_of_one_to_bottom,
        ),
        (r"placing this digimon card as (?P<rest>the bottom digivolution card of 1 of your .+)",
         _this_digimon_card),
        (
            r"placing 1 (?P<a>\[[^\]]+\]) and (?P<b>\[[^\]]+\]) from your trash under "
            r"(?P<onto>1 of your .+? tamers)",
            _one_of_each,
        ),
        (
            r"returning (?P<n>\d+) digi-egg cards? from your trash to the bottom of "
            r"(?:the|your) digi-egg deck",
            egg_to_egg_deck,
        ),
        (
            r"placing your top security card face down under any of your (?P<tamers>.+? tamers)",
            _security_under_tamer,
        ),
        (
            r"returning (?P<sel>\d+ .+?) from that digimon's digivolution cards to the bottom of "
            r"(?:the|its owner's) deck",
            _subject_sources_to_deck,
        ),
        (
            r"placing this card as the bottom digivolution card of 1 of your digimon "
            r"that's level (?P<lv>\d+) or has the (?P<trait>\[[^\]]+\]) trait",
            _this_under_level_or_trait,
        ),
    ]
]


def match_s19_cost(text: str) -> list[Action] | None:
    """The actions of one lower-cased cost phrase of this module, if one matches it whole."""
    return match_table(S19_COST_PHRASES, text)
