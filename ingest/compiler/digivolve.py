"""Digivolution by an effect (CR 8): which Digimon digivolves, into which card from which zone,
and for what cost ('without paying the cost', 'with the digivolution cost reduced by 2').

A fixed cost ('for a memory cost of 3') and 'ignoring digivolution requirements' are kept
(CR 8). DNA digivolution (CR 8-2) is its own verb: ``dna_digivolve`` (the Digimon the selector
picks, all of them) or ``dna_digivolve_with_this`` (this Digimon and the one the selector picks).
A phrase the IR cannot hold ('as if it were level 3') matches no template and stays uncompiled.

>>> (a,) = match_digivolve("1 of your digimon may digivolve into [Greymon] in the hand "
...                        "with the digivolution cost reduced by 1")
>>> a.verb, a.selector.owner, a.card.name, a.card.zone, a.amount, a.optional
('digivolve', 'self', 'Greymon', 'hand', 1, True)
"""

from __future__ import annotations

import re

from ingest.compiler.select import card_select, lower, select
from ingest.compiler.zones import ZONES, zone_pattern
from ingest.effect_ir import Action, Selector

#: The zones a Digimon digivolves from: the hand, the trash, or among revealed cards.
_FROM = ("hand", "trash", "hand_or_trash", "under_tamers")
_ZONES = {**{p: z for p, z in ZONES.items() if z in _FROM}, "among them": "revealed"}
_ZONE = f"{zone_pattern(*_FROM)}|among them"
_IGNORING = r",? (?P<ignore>ignoring (?:its |this card's )?digivolution requirements)(?: and|,)?"
_COST = (
    rf"(?:{_IGNORING})?"
    r"(?: (?:(?P<free>without paying (?:the|its) (?:digivolution |memory )?cost)"
    r"|with the (?:digivolution |memory )?cost reduced by (?P<n>\d+)"
    r"|for (?:(?:a|its|the) )?(?:digivolution |memory )?cost(?: of (?P<fixed>\d+))?))?"
    rf"(?:{_IGNORING.replace('ignore', 'ignore2')})?"
    r"(?P<level>,? ignoring (?:its )?level)?"  # 'ignoring level' (BT24-025, BT13-098)
)
_TEMPLATES = [
    re.compile(  # 'into [X] under your Tamers': the zone phrase says 'under' itself
        rf"(?P<sel>.+?) (?:(?:may|can) digivolve|digivolves) into (?P<card>.+?) (?:in |from |(?=under ))"
        rf"(?P<zone>{_ZONE}){_COST}"
    ),
    re.compile(rf"(?P<sel>.+?) (?:may|can) digivolve into (?P<card>.+?) (?P<zone>among them){_COST}"),
    re.compile(rf"digivolve (?P<sel>.+?) into (?P<card>.+?) (?:in|from) (?P<zone>{_ZONE}){_COST}"),
    re.compile(rf"digivolve (?P<sel>.+?) into (?P<card>.+?) (?P<zone>among them){_COST}"),  # BT9-104, BT7-049
    # 'into this card' where its effect works from (``_THIS_CARD_ZONE``)
    re.compile(rf"(?P<sel>.+?) (?:(?:may|can) digivolve|digivolves) into (?P<card>this card)(?P<zone>)"
               rf"{_COST}"),
]


#: 'into this card' with no zone (BT22-013 {Hand} [Main], BT24-080 {Trash}): the card whose effect
#: this is, where that effect works from (its zone icon); the handler takes that one card only.
_THIS_CARD_ZONE = "hand_or_trash"


def _and_play_cost(text: str, zone: str) -> Selector | None:
    """The card digivolved into; '1 card with [Gaiomon] in its name and a play cost of 13 or more'
    (EX4-048): both filters."""
    m = re.fullmatch(r"(?P<card>.+) and a play cost of (?P<n>\d+) or more", text)
    card = card_select(m["card"] if m else text, zone)
    if m is None or card is None:
        return card
    return None if card.min_cost is not None else card.model_copy(update={"min_cost": int(m["n"])})


def _digivolve(m: re.Match[str], optional: bool) -> list[Action] | None:
    card_text = m["card"] if re.match(r"(?:a|an|\d+) ", m["card"]) else f"1 {m['card']}"
    zone = _ZONES[m["zone"]] if m["zone"] else _THIS_CARD_ZONE
    # 'on the field' / 'in play': where a Digimon that digivolves is anyway; 'in the breeding area'
    # (BT20-018): the Digimon there
    sel, breeding = re.subn(r" in (?:the|your) breeding area$", "", m["sel"].replace("your your ", "your "))
    who = select(re.sub(r" (?:on the field|in play)$", "", sel))
    if who is not None and breeding:
        who = who.model_copy(update={"zone": "breeding_area"}) if who.zone == "battle_area" else None
    card = (Selector(owner="self", kind="card", this=True, zone=zone) if m["card"] == "this card"
            else _and_play_cost(card_text, zone))
    if who is None or card is None or card.count != 1 or (who.this and card.this):
        return None
    return [
        Action(
            verb="digivolve",
            selector=who,
            card=card,
            free=bool(m["free"]),
            amount=int(m["n"]) if m["n"] else None,
            cost=int(m["fixed"]) if m["fixed"] else None,
            ignore_requirements=bool(m["ignore"] or m["ignore2"]),
            ignore_level=bool(m["level"]),
            optional=optional,
        )
    ]


#: DNA digivolution by an effect (CR 8-2, 8-2-2-4): into a card in the hand, for its DNA
#: digivolution cost (what 'by paying its cost' / 'for its DNA digivolve cost' say) or free.
_DNA_COST = (
    r"(?: (?:by paying|for) (?:its|the) (?:dna digivolve |dna digivolution )?cost"
    r"| (?P<free>without paying (?:the|its) (?:dna digivolution |memory )?cost))?"
)
_DNA_INTO = rf"into (?P<card>.+?) in (?:the|your) hand{_DNA_COST}"
_PARTNER = r"(?P<sel>(?:one|1|any|another) of your other .+?|another of your .+?)"
#: (pattern, whether this Digimon is one of those that DNA digivolve)
_DNA = [
    (re.compile(rf"(?P<sel>2 of your .+?) (?P<may>may )?dna digivolve {_DNA_INTO}"), False),
    (re.compile(rf"this digimon and {_PARTNER} (?P<may>may )?dna digivolve {_DNA_INTO}"), True),
    # 'DNA digivolve this Digimon and one of your other Digimon may DNA digivolve into …' (EX3-008,
    # EX3-058): the doubled verb read as what it repeats, as its inherited effect prints it
    (re.compile(rf"dna digivolve this digimon and {_PARTNER} (?:may dna digivolve )?{_DNA_INTO}(?P<may>)"),
     True),
]


def _dna(m: re.Match[str], with_this: bool) -> list[Action] | None:
    """``dna_digivolve``: the selector's Digimon (all of them) DNA digivolve into ``card``;
    ``dna_digivolve_with_this``: this Digimon and the one the selector picks do."""
    verb = "dna_digivolve_with_this" if with_this else "dna_digivolve"
    partner = re.sub(r"^(?:one|any|another) of your other |^another of your ", "1 of your other ", m["sel"])
    who = select(re.sub(r" in play$", "", partner))
    card_text = m["card"] if re.match(r"(?:a|an|\d+) ", m["card"]) else f"1 {m['card']}"
    card = card_select(card_text, "hand")
    if who is None or card is None or card.count != 1 or who.owner != "self" or who.this:
        return None
    if verb == "dna_digivolve" and (who.count != 2 or who.up_to):
        return None
    return [Action(verb=verb, selector=who, card=card, free=bool(m["free"]), optional=bool(m["may"]))]


_ONTO_TAMER = re.compile(
    r"digivolve this card from your hand onto one of your (?P<tamers>(?:[a-z]+ )?tamers) as if "
    r"(?:the tamer|that card) is a level (?P<level>\d+) (?P<color>[a-z]+ )?digimon"
    r"(?: for a memory cost of (?P<cost>\d+))?"
)


def _onto_tamer(text: str) -> list[Action] | None:
    """'(You may) digivolve this card from your hand onto one of your red Tamers as if the Tamer is a
    level 3 (red) Digimon (for a memory cost of 2)': the card's own permission to digivolve onto
    the selector's Tamer, treated as a Digimon of level ``amount`` (and of its own colour); ``cost``
    is a fixed memory cost, else the digivolution cost for that level."""
    m = _ONTO_TAMER.fullmatch(text)
    tamer = select(f"1 of your {m['tamers']}") if m else None
    if m is None or tamer is None or tamer.kind != "Tamer":
        return None
    if m["color"] and (tamer.color or "").lower() != m["color"].strip():
        return None  # 'as if a level 3 red Digimon' is the Tamer's own colour, or not read
    card = Selector(owner="self", kind="card", this=True, zone="hand")
    cost = int(m["cost"]) if m["cost"] else None
    return [Action(verb="digivolve_onto_tamer", selector=tamer, card=card, amount=int(m["level"]), cost=cost)]


def match_digivolve(text: str) -> list[Action] | None:
    """A digivolution by effect in one lower-cased sentence ('X may digivolve into …' is optional;
    so is 'You can digivolve this card into …', BT1-078)."""
    can = text.startswith("you can digivolve ")
    text = text[len("you can "):] if can else text
    for pattern in _TEMPLATES:
        if m := pattern.fullmatch(text):
            return _digivolve(m, optional=can or re.search(r" (?:may|can) digivolve", text) is not None)
    if can:
        return None
    for pattern, with_this in _DNA:
        if m := pattern.fullmatch(text):
            return _dna(m, with_this)
    return _onto_tamer(text)


#: A persistent effect's 'X can digivolve into Y for a memory cost of 4, ignoring its digivolution
#: requirements': no digivolution happens by it; it is one more way X may digivolve into Y whenever
#: X digivolves, by the player's main-phase action or by an effect (QA Q1043, Q1454, Q5255).
PERMISSION = "digivolve_permission"


def as_permissions(actions: list[Action]) -> None:
    """In a persistent effect: the digivolutions it allows for a fixed cost, ignoring the
    requirements (``PERMISSION``); any other digivolution in one stays as it was (not carried out)."""
    for action in actions:
        if (action.verb == "digivolve" and action.ignore_requirements and action.cost is not None
                and not action.free and action.amount is None and action.card is not None):
            action.verb = PERMISSION


#: 'By placing 1 [Shellmon] from your trash as any of your [Sangomon]'s bottom digivolution card, it
#: digivolves into this card …': the tail after the cost, about the Digimon the cost chose.
_BY_COST = re.compile(r"bottom digivolution cards?, (?:it|that digimon) "
                      r"(?P<rest>(?:may |can )?digivolves? into .+)")
_PLACING = ("place_under", "place_under_face_down")
#: 'By placing 1 [Kumamon] and [Korikakumon] from your trash under 1 of your blue or red Tamers, that
#: Tamer digivolves into this card for digivolution cost of 3, …' (BT18-026): the Tamer digivolves as it
#: is (QA Q2948).
_BY_TAMER_COST = re.compile(r"under 1 of your [^,]*tamers, that tamer (?P<rest>digivolves into this card for "
                            r"(?:a )?digivolution cost of \d+, ignoring its digivolution requirements)$")


def chosen_by_cost(costs: list[Action], actions: list[Action]) -> None:
    """'By placing … as any of your [Sangomon]'s bottom digivolution card, it / that Digimon digivolves
    into this card' (BT22-024, BT13-055): the Digimon the cost placed the card under digivolves (the
    placing notes its choice; ``same_targets``). Only costs that place under one of your Digimon, the
    later ones under the first's choice ('placing 1 [Greymon] and 1 [MetalGreymon] …', BT14-090)."""
    placing = costs and all(c.verb in _PLACING for c in costs) and all(c.same_targets for c in costs[1:])
    onto = costs[0].selector if placing else None
    if onto is None or not actions or onto.this or onto.owner != "self" or onto.zone != "battle_area" \
            or onto.kind not in ("card", "Digimon", "Tamer") or onto.count != 1:
        return
    first = actions[0]
    tamer = _BY_TAMER_COST.search(lower(first.span).rstrip(".")) if onto.kind == "Tamer" else None
    m = tamer or (_BY_COST.search(lower(first.span)) if onto.kind != "Tamer" else None)
    rest = re.sub(r"for digivolution cost", "for a digivolution cost", m["rest"]) if m else ""
    found = match_digivolve(f"that digimon {rest}") if m and not first.same_targets else None
    if not found or len(found) != 1 or found[0].verb != "digivolve":
        return
    (action,) = found
    action.selector = onto.model_copy(update={"kind": "Tamer"}) if tamer else \
        onto.model_copy(update={"kind": "Digimon"})
    action.same_targets = True
    action.optional = action.optional or first.optional
    action.span, action.processed_at = first.span, first.processed_at
    actions[0] = action
