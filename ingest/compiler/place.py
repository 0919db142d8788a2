"""Placing cards under a Digimon or Tamer as digivolution cards ('place 1 [Agumon] from your hand as
this Digimon's bottom digivolution card', 'place 1 [Hybrid] trait card from your trash under one
of your Tamers'), as an action or as a cost ('by placing …'); and linking cards by an effect
('link 1 level 4 or lower Digimon card from your hand to this Digimon without paying the cost').

The placed cards are ``card`` (a selector on a zone, or cards in play: this card, another
Digimon); the Digimon or Tamer they go under is ``selector``. Cards placed face up or face
down, or on top, are not represented: such a phrase matches no template and stays uncompiled.

>>> (a,) = match_place("place 1 [Agumon] from your hand as this digimon's bottom digivolution card")
>>> a.verb, a.card.name, a.card.zone, a.selector.this
('place_under', 'Agumon', 'hand', True)

A card of a zone placed in the battle area (``place_card``: 'place 1 [Trial of the Four Great
Dragons] from your hand in your battle area') enters it without being played.

A card linked by an effect (``link_card``, CR 10-1-3) is ``card`` (a selector on a zone, or this
card); the Digimon it is linked to is ``selector`` (zone ``field`` when the text says 'on the field':
the breeding area too, CR 3-4-6); ``free``, or the link cost reduced by ``amount``. Only one card:
'up to 2' is not read.

>>> (a,) = match_place("link 1 [Appmon] trait digimon card from your trash to this digimon "
...                    "without paying the cost")
>>> a.verb, a.card.trait, a.card.zone, a.selector.this, a.free
('link_card', 'Appmon', 'trash', True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import match_table, on
from ingest.compiler.deck_phrases import DECK_MOVES
from ingest.compiler.select import card_select, names_of, select
from ingest.compiler.zones import ZONES, zone_pattern
from ingest.effect_ir import Action, Selector

_ZONE = zone_pattern()
_FROM = rf"(?:from|in) (?P<zone>{_ZONE})"
_SOURCE = r"bottom digivolution cards?"
_BOTTOM = rf"(?:its|their) {_SOURCE}"
_ANY_OF = rf"(?P<onto>(?:1|any) of your [^']+?)'s? {_SOURCE}"
_TEMPLATES = [
    re.compile(p)
    for p in (
        rf"place (?P<card>.+?) (?:from|in) (?P<zone>{_ZONE}) as (?P<onto>this digimon)'s {_SOURCE}",
        rf"place (?P<card>.+?) {_FROM} under (?P<onto>.+?)(?: in any order)?(?: as {_BOTTOM})?",
        # 'at the bottom of this Digimon's digivolution cards (in any order)': in the player's order
        rf"place (?P<card>.+?) {_FROM} at the bottom of "
        r"(?P<onto>this digimon|(?:one|1) of your digimon)'s digivolution cards(?: in any order)?",
        rf"place (?P<card>.+?) {_FROM} under (?P<onto>.+?) at the bottom of its digivolution cards",
        r"place (?P<card>this card) as the bottom digivolution card of (?P<onto>.+?)(?P<zone>)",
        rf"place (?P<card>.+?) as (?P<onto>this digimon)'s {_SOURCE}(?P<zone>)",
        # 'that Digimon': the triggering event's subject, or what an earlier action chose (body.py)
        rf"place (?P<card>.+?) {_FROM} as (?P<onto>that digimon)'s {_SOURCE}",
        rf"place (?P<card>.+?) under (?P<onto>this digimon) as {_BOTTOM}(?P<zone>)",
        rf"place (?P<card>this digimon) under (?P<onto>.+?) as {_BOTTOM}(?P<zone>)",
        # 'as 1 of your [Aqua] trait Digimon's bottom digivolution card', '… any of your [Mother Eater]s' …'
        rf"place (?P<card>.+?) (?:from|in) (?P<zone>{_ZONE}) as {_ANY_OF}",
        rf"place (?P<card>this card|this digimon|this tamer) as {_ANY_OF}(?P<zone>)",
        r"place (?P<card>this digimon|this tamer) as the bottom digivolution card of (?P<onto>.+?)(?P<zone>)",
        # 'from your hand as the bottom digivolution card of 1 of your black Digimon with [X-Antibody] in its
        # traits' (BT8-104)
        rf"place (?P<card>.+?) {_FROM} as the bottom digivolution card of "
        r"(?P<onto>(?:1|one|any) of your .+?)",
    )
]
#: Under a Digimon or a Tamer of the same trait, as the player chooses ('as any of your [Bagra Army] trait
#: Digimon's bottom digivolution cards or under any of your [Bagra Army] trait Tamers', EX10-039).
_DIGIMON_OR_TAMER = re.compile(
    rf"place (?P<card>.+?) {_FROM} as any of your (?P<t>\[[^\]]+\] trait) digimon's {_SOURCE} or under any "
    r"of your (?P=t) tamers"
)


def _digimon_or_tamer(m: re.Match[str]) -> list[Action] | None:
    onto = select(f"1 of your {m['t']} digimon or tamers")
    card = card_select(m["card"], ZONES[m["zone"]])
    if onto is None or card is None or onto.kind != "Digimon or Tamer" or onto.owner != "self":
        return None
    return [Action(verb="place_under", selector=onto, card=card, amount=card.count)]


#: 'it' as the whole sentence's only card, this one, after a trigger on this card leaving the hand or deck:
#: 'When this card is trashed from your deck, you may place it in the battle area' (ST14-12); 'When you trash
#: this card in your hand …, you may place it under 1 of your purple Digimon at the bottom of its digivolution
#: cards' (BT6-078).
_IT_TO_BATTLE_AREA = re.compile(r"place it in the battle area")
_IT_UNDER = re.compile(
    r"place it under (?P<onto>1 of your [^,]+? digimon) at the bottom of its digivolution cards")


def _it_under(m: re.Match[str]) -> list[Action] | None:
    onto = select(m["onto"])
    if onto is None or onto.kind != "Digimon" or onto.owner != "self" or onto.this:
        return None
    card = Selector(owner="self", kind="card", this=True)
    return [Action(verb="place_under", selector=onto, card=card, amount=1)]


#: All the Digimon a selector names, each on top of its owner's security stack, in the order the player
#: who places them chooses ('Place all level 3 Digimon face down on top of their owners' security stacks in
#: any order', RB1-019; QA Q4095): ``place_security_top_in_order``.
_ALL_TO_SECURITY = re.compile(
    r"place (?P<sel>all .+?) face down on top of their owners' security stacks in any order")


def _all_to_security(m: re.Match[str]) -> list[Action] | None:
    sel = select(m["sel"])
    if sel is None or sel.kind != "Digimon" or sel.count is not None or sel.this or sel.zone != "battle_area":
        return None
    return [Action(verb="place_security_top_in_order", selector=sel)]


#: The opponent places a card of their hand in their security stack ('they place 1 card from their hand as the
#: bottom security card', BT21-024): which card is theirs to choose (``opponent_places_security_bottom``).
_THEY_PLACE = re.compile(
    r"(?:they|your opponent) places? (?P<sel>1 .+?) from their hand as (?:the|their) bottom security card")


def _they_place(m: re.Match[str]) -> list[Action] | None:
    card = card_select(m["sel"], "hand")
    if card is None or card.count != 1 or card.up_to:
        return None
    theirs = card.model_copy(update={"owner": "opponent"})
    return [Action(verb="opponent_places_security_bottom", selector=theirs)]


#: As this Digimon's top digivolution card, just under its top card (``place_under_top``).
_TOP = [
    re.compile(p)
    for p in (
        rf"place (?P<card>.+?) {_FROM} under (?P<onto>this digimon) as its top digivolution card",
        rf"place (?P<card>.+?) {_FROM} as (?P<onto>this digimon)'s top digivolution card",
        rf"place (?P<card>.+?) {_FROM} (?:at the top|on top) of (?P<onto>this digimon|this card)'s "
        r"digivolution cards",
    )
]


def _place_top(m: re.Match[str]) -> list[Action] | None:
    card = card_select(m["card"], ZONES[m["zone"]])
    if card is None:
        return None
    onto = Selector(owner="self", this=True)  # 'this card's digivolution cards': this Digimon's
    return [Action(verb="place_under_top", selector=onto, card=card, amount=card.count)]


#: Revealed cards ('among them') placed under this Digimon or another.
_AMONG = [
    re.compile(p)
    for p in (
        rf"place (?P<card>.+?) among them as (?P<onto>this digimon)'s {_SOURCE}",
        rf"place (?P<card>.+?) among them under (?P<onto>.+?) as {_BOTTOM}",
    )
]


def _among(m: re.Match[str]) -> list[Action] | None:
    """Cards revealed by the effect placed under a Digimon or Tamer."""
    card, onto = card_select(m["card"], "revealed"), select(_another(m["onto"]))
    if card is None or onto is None or not _under_ok(onto):  # '… of your [Mother D-Reaper]s' (EX2-049)
        return None
    return [Action(verb="place_under", selector=onto, card=card, amount=card.count)]


#: A card of a zone placed in the battle area, not played (an Option card there stays, CR 4-28-1).
_IN_BATTLE_AREA = re.compile(
    rf"place (?P<card>.+?) (?:from|in) (?P<zone>{_ZONE}) (?:in|into) (?:the|your) battle area"
)


def _in_battle_area(m: re.Match[str]) -> list[Action] | None:
    card = card_select(m["card"], ZONES[m["zone"]])
    if card is None or card.count != 1 or card.up_to:
        return None
    return [Action(verb="place_card", selector=card)]


#: Under a Digi-Egg or Digimon in the breeding area, which the effect names (CR 3-4-7-5).
_BREEDING = re.compile(
    rf"place (?P<card>.+?)(?: (?:from|in) (?P<zone>{_ZONE}))? as the bottom digivolution card of "
    r"(?:one of |1 of )?(?:your|the) (?P<name>\[[^\]]+\]) in (?:your|the) breeding area"
)


def _under_breeding(m: re.Match[str]) -> list[Action] | None:
    """Cards placed under the named card in your breeding area."""
    card = card_select(m["card"], ZONES[m["zone"]]) if m["zone"] else select(m["card"])
    if card is None or (card.zone == "battle_area" and not card.this):
        return None
    onto = Selector(owner="self", kind="card", name=names_of(m["name"]), zone="breeding_area")
    return [Action(verb="place_under", selector=onto, card=card, amount=card.count)]


def _place(m: re.Match[str]) -> list[Action] | None:
    onto = select(_another(m["onto"]))
    card = card_select(m["card"], ZONES[m["zone"]]) if m["zone"] else select(_another(m["card"]))
    if onto is None or card is None or not _under_ok(onto) or (onto.this and card.this):
        return None
    return [Action(verb="place_under", selector=onto, card=card, amount=card.count)]


def _under_ok(onto: Selector) -> bool:
    """A Digimon or Tamer, or a named card in the battle area ('any of your [Mother Eater]s',
    BT22-095: not the one in the breeding area, which the text does not name, CR 3-4-7-5)."""
    return onto.kind in ("Digimon", "Tamer") or (onto.kind == "card" and onto.name is not None
                                                and onto.zone == "battle_area")


#: Cards of different names, one of each, under the same Digimon or Tamer ('place 1 blue [Greymon]
#: and 1 blue [MailBirdramon] from your trash under 1 of your Tamers', BT11-031; '… in this card's
#: digivolution cards in any order', BT6-075): one action per card, the later ones under the first's
#: choice (``same_targets``), one "you may" for the sentence.
_EACH = [
    re.compile(p)
    for p in (
        rf"place (?P<cards>1 .+?) {_FROM} under (?P<onto>.+?)(?: in any order)?(?: as {_BOTTOM})?",
        rf"place (?P<cards>1 .+?) {_FROM} in (?P<onto>this card|this digimon)'s digivolution cards"
        r"(?: in any order)?",
        # '… as 1 of your [Agumon]'s bottom digivolution cards' (BT14-090, BT26-098)
        rf"place (?P<cards>1 .+?) {_FROM}(?: in any order)? as (?P<onto>1 of your \[[^\]]+\])'s? "
        r"bottom digivolution cards(?: in any order)?",
        # '… as that Digimon's bottom digivolution cards': what the effect played or chose (BT19-031)
        rf"place (?P<cards>1 .+?) {_FROM}(?: in any order)? as (?P<onto>that digimon)'s "
        r"bottom digivolution cards(?: in any order)?",
    )
]


def _each(m: re.Match[str]) -> list[Action] | None:
    """One of each named card placed under one Digimon or Tamer."""
    parts = re.split(r",? and |, ", m["cards"])
    onto = select(_another("this digimon" if m["onto"] == "this card" else m["onto"]))
    cards = [card_select(part, ZONES[m["zone"]]) for part in parts]
    if len(parts) < 2 or onto is None or not _under_ok(onto) or any(
            c is None or c.count != 1 or c.up_to or c.name is None for c in cards):
        return None
    return [Action(verb="place_under", selector=onto, card=card, amount=1, same_targets=i > 0)
            for i, card in enumerate(cards)]


#: Digimon in play placed at the bottom of their owners' decks (BT8-099), as returned there (CR
#: 4-7-8: the cards under them are trashed); 'in any order': in the order the player chooses them.
_TO_DECKS = re.compile(
    r"place (?P<sel>.+?) at the bottom of (?:its owner's|their owners'|their owner's) decks?"
    r"(?: in any order)?"
)


#: One of the cards the effect revealed placed face down in your security stack ('Place 1 of them
#: on top of your security stack face down', BT6-100; face down by the rules of the area, CR 3-1-3-5).
_REVEALED_TO_SECURITY = re.compile(
    r"place (?P<n>\d+) of them (?:(?P<top>on top of)|at the bottom of) your security stack(?: face down)?"
)


def _revealed_to_security(m: re.Match[str]) -> list[Action] | None:
    card = card_select(f"{m['n']} card" if m["n"] == "1" else f"{m['n']} cards", "revealed")
    if card is None:
        return None
    return [Action(verb="place_security_top" if m["top"] else "place_security_bottom", selector=card)]


#: Cards of a player's trash placed at the top or bottom of their deck ('place 10 cards from your
#: opponent's trash at the bottom of their deck in any order', BT9-083): what 'return … from … trash
#: to the bottom of the deck' does (deck_phrases.DECK_MOVES), in the order the player chooses them.
_TRASH_TO_DECK = re.compile(
    r"place (?P<sel>\d+ .+?) from (?P<whose>your|their|your opponent's) trash at the (?P<end>top|bottom) "
    r"of (?P<deck>the|your|their|its owner's) deck(?: in any order)?"
)


def _trash_to_deck(m: re.Match[str]) -> list[Action] | None:
    text = f"return {m['sel']} from {m['whose']} trash to the {m['end']} of {m['deck']} deck"
    return match_table(DECK_MOVES, text)


def _to_decks(m: re.Match[str]) -> list[Action] | None:
    found = on("return_to_deck")(m)
    if found is None or found[0].selector is None or found[0].selector.kind != "Digimon" \
            or found[0].selector.zone != "battle_area":
        return None
    return found


def _another(phrase: str) -> str:
    """'another blue Digimon' -> '1 of your other blue Digimon' (a card of yours in play); 'any of
    your Tamers' -> '1 of your Tamers' (the one the cards go under)."""
    return re.sub(r"^another ", "1 of your other ", re.sub(r"^any of your ", "1 of your ", phrase))


#: A card in play (or this card) placed in its owner's security stack: 'on top of your security
#: stack face down', 'at the bottom of their security stack', 'as the top security card'.
_SECURITY = [
    re.compile(p)
    for p in (
        r"place (?P<card>.+?)(?: face down)? (?:(?P<top>on top of|at the top of)|at the bottom of) "
        r"(?P<whose>your|your opponent's|their|its owner's) security stack(?: face down)?",
        r"place (?P<card>.+?)(?: face down)? as (?P<whose>the|your|their) (?:(?P<top>top)|bottom) "
        r"security card(?: face down)?",
    )
]
#: The top or the bottom, as the player chooses ('at the top or bottom of your security stack').
_SECURITY_EITHER = [
    re.compile(p)
    for p in (
        r"place (?P<card>.+?)(?: face down)? (?:at|on) the top or bottom of "
        r"(?P<whose>your|your opponent's|their|its owner's) security stack(?: face down)?",
        r"place (?P<card>.+?)(?: face down)? as (?P<whose>the|your|their) top or bottom security card"
        r"(?: face down)?",
    )
]
#: Whose security stack the words name -> the owners of the cards that may go there (a card goes
#: to its owner's security stack only).
_SECURITY_OWNERS = {"your": {"self"}, "your opponent's": {"opponent"}, "their": {"opponent"},
                    "its owner's": {"self", "opponent", "any"}, "the": {"self", "opponent", "any"}}


def _to_security(m: re.Match[str]) -> list[Action] | None:
    """One Digimon in play, or this card, placed face down on top of / at the bottom of its owner's
    security stack (face down by the rules of the area, CR 3-1-3-5)."""
    card = select(m["card"])
    if card is None or card.zone != "battle_area" or card.owner not in _SECURITY_OWNERS[m["whose"]]:
        return None
    if not card.this and (card.kind != "Digimon" or card.count != 1 or card.up_to):
        return None
    return [Action(verb="place_security_top" if m.groupdict().get("top") else "place_security_bottom",
                   selector=card)]


def _either_end(m: re.Match[str]) -> list[Action] | None:
    """A card of the hand or trash, or one in play, placed face down on top of or at the bottom of
    its owner's security stack, as the player chooses."""
    if fm := re.fullmatch(rf"(?P<card>.+?) {_FROM}", m["card"]):
        card = card_select(fm["card"], ZONES[fm["zone"]])
        if card is None or card.count != 1 or card.up_to or m["whose"] not in ("your", "the"):
            return None
        return [Action(verb="place_security_top_or_bottom", selector=card)]
    found = _to_security(m)
    return None if found is None else [found[0].model_copy(update={"verb": "place_security_top_or_bottom"})]


#: The top card of a Digimon of yours placed on top of your security stack, the cards under it staying in
#: play ('Place this Digimon's top stacked card as the top security card', BT20-084; 'the top stacked card
#: of any of your Digimon with [Aegiochusmon] … in their names', BT24-093; 'the top card of 1 of your
#: level 4 or higher Digimon …', BT17-098; 'the top card of this Digimon … face down', BT9-044).
_TOP_CARD_TO_SECURITY = re.compile(
    r"place (?:(?P<this>this digimon)'s top (?:stacked )?card|the top (?:stacked )?card of (?P<sel>.+?))"
    r"(?: face down)? (?:as (?:the|your) top security card|on top of your security stack)(?: face down)?"
)


def _top_card_to_security(m: re.Match[str]) -> list[Action] | None:
    """One Digimon of yours (this one, or one the player chooses) whose top card goes to the top of
    your security stack (``top_card_to_security``)."""
    sel = select(m["this"] or _another(m["sel"]))
    if sel is None or sel.owner != "self" or sel.kind != "Digimon" or (not sel.this and (
            sel.count != 1 or sel.up_to)):
        return None
    return [Action(verb="top_card_to_security", selector=sel)]


#: This card (or this Digimon, from the battle area) placed face up as the top or bottom security card
#: ('Then, place this card face up as the top security card', ST20-15; as a cost, 'by placing this Digimon
#: as the face-up bottom security card, they don't leave', BT19-048): face up as the text says (CR 3-7-4).
_SELF_FACE_UP = re.compile(
    r"place (?:this card|this digimon)(?: face[- ]up as the (?P<end>top|bottom)| as the face[- ]up "
    r"(?P<end2>top|bottom)) security card"
)


_SELF_FACE_UP_VERBS = {"top": "place_self_face_up_top_security",
                       "bottom": "place_self_face_up_bottom_security"}


def _self_face_up(m: re.Match[str]) -> list[Action]:
    verb = _SELF_FACE_UP_VERBS[m["end"] or m["end2"]]
    return [Action(verb=verb, selector=Selector(owner="self", kind="card", this=True))]


#: This Digimon placed under the Digimon the trigger names ('When another of your Digimon … would leave the
#: battle area …, by placing this Digimon as its bottom digivolution card, it doesn't leave', P-154): 'its' is
#: the event's subject, read only under a trigger whose subject is another card
#: (ingest/compiler/effect_compiler.py).
_UNDER_SUBJECT = re.compile(r"place (?P<card>this digimon) as its bottom digivolution card")


def _under_subject(m: re.Match[str]) -> list[Action]:
    onto = Selector(owner="self", kind="Digimon", subject=True)
    card = Selector(owner="self", kind="Digimon", this=True)
    return [Action(verb="place_under", selector=onto, card=card, amount=1)]


_LINK_ZONE = zone_pattern("hand", "trash", "sources", "hand_or_sources", "trash_or_sources")
_LINK_COST = (
    r"(?:(?P<free>without paying (?:the|its) (?:link )?cost)|with the (?:link )?cost reduced by (?P<n>\d+))"
)
# '1 of those Digimon': the triggering events' subjects (Selector.those, CR 15-5-2; BT23-093)
_LINK_TO = r"(?:to|with) (?P<onto>this digimon|1 of your digimon|1 of those digimon)(?P<field> on the field)?"
_LINKS = [
    re.compile(p)
    for p in (
        rf"link (?P<card>.+?) from (?P<zone>{_LINK_ZONE}) {_LINK_TO} {_LINK_COST}",
        rf"link (?P<card>this card)(?P<zone>) {_LINK_TO} {_LINK_COST}",
    )
]


def _link(m: re.Match[str]) -> list[Action] | None:
    """One card linked to a Digimon of yours by an effect, free or for its link cost reduced."""
    onto = select(m["onto"])
    card = card_select(m["card"], ZONES[m["zone"]]) if m["zone"] else select(m["card"])
    if onto is None or card is None or card.count != 1 or card.up_to:
        return None
    if m["field"]:
        onto.zone = "field"  # the breeding area too (CR 3-4-6; QA Q5685, Q6443)
    return [Action(verb="link_card", selector=onto, card=card, free=bool(m["free"]),
                   amount=int(m["n"]) if m["n"] else None)]


#: The revealed cards no action took, back on the deck ('place the rest on top of your deck in any
#: order'): the verbs of 'return the rest …' (ingest/compiler/zones.py).
_THE_REST = r"place the (?:rest|remaining cards)"
_REST = [
    (re.compile(rf"{_THE_REST} (?:on|at|to) the bottom of (?:the |your )?deck(?: in any order)?"),
     "rest_to_deck"),
    (re.compile(rf"{_THE_REST} on top of (?:the |your )?deck(?: in any order)?"), "rest_to_deck_top"),
]

_TABLE: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (_BREEDING, _under_breeding), *((p, _place) for p in _TEMPLATES), *((p, _to_security) for p in _SECURITY),
    *((p, _link) for p in _LINKS), *((p, _among) for p in _AMONG), (_IN_BATTLE_AREA, _in_battle_area),
    *((p, _either_end) for p in _SECURITY_EITHER), *((p, _place_top) for p in _TOP),
    *((p, lambda m, verb=verb: [Action(verb=verb)]) for p, verb in _REST),
    *((p, _each) for p in _EACH), (_TO_DECKS, _to_decks), (_REVEALED_TO_SECURITY, _revealed_to_security),
    (_TRASH_TO_DECK, _trash_to_deck), (_TOP_CARD_TO_SECURITY, _top_card_to_security),
    (_SELF_FACE_UP, _self_face_up), (_UNDER_SUBJECT, _under_subject), (_DIGIMON_OR_TAMER, _digimon_or_tamer),
    (_IT_TO_BATTLE_AREA, lambda m: [Action(verb="place_self", selector=Selector(owner="self", kind="card",
                                                                               this=True))]),
    (_IT_UNDER, _it_under), (_ALL_TO_SECURITY, _all_to_security),
    (_THEY_PLACE, _they_place),
]


def match_place(text: str) -> list[Action] | None:
    """Cards placed under a Digimon or Tamer or in a security stack, or a card linked, from one
    lower-cased sentence."""
    return match_table(_TABLE, text)


def match_place_cost(text: str) -> list[Action] | None:
    """The same, written as a cost ('placing 1 [Agumon] from your hand under this Tamer')."""
    return match_place(f"place {text[len('placing ') :]}") if text.startswith("placing ") else None
