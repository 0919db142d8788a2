"""Action templates for playing and using cards by an effect that the zone templates
(``ingest.compiler.zones``, ``ingest.compiler.more_actions``) do not read: playing a card into the
breeding area, playing or using one card of either kind, and this Option card's own waiver of its
color requirements. Matched after every other table, so they never change what an older template
catches.

Playing into the breeding area (CR 3-4-7-2: one card there at most): 'play 1 Digimon card with the
[Dark Masters] trait from your hand to an empty space in your breeding area without paying the cost'
(``play_to_breeding``). 'Without the same name as the cards in your battle area or trash' is
``Selector.unlike_own_cards`` (QA Q3531, Q3532).

Playing or using (CR 7, 9-1): 'play or use 1 [TB] trait card from your hand with the cost reduced by
2' (``play_or_use_card``): one card, a Digimon or Tamer played or an Option card used.

>>> (a,) = match_play("play or use 1 card with the [SW] trait from your hand with the cost reduced by 2")
>>> a.verb, a.amount, a.selector.trait, a.selector.kind
('play_or_use_card', 2, 'SW', 'card')
>>> (a,) = match_play("play 1 [Deva] trait digimon card without the same name as the cards in your "
...     "battle area or trash from your hand to an empty space in your breeding area without paying the cost")
>>> a.verb, a.free, a.selector.trait, a.selector.unlike_own_cards
('play_to_breeding', True, 'Deva', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import match_table
from ingest.compiler.select import NAMES, card_select
from ingest.compiler.zones import ZONES, match_zone, zone_pattern
from ingest.effect_ir import Action, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]

_ZONE = zone_pattern()
_FREE = r" without paying (?:the|its|their) (?:memory |play )?costs?"
_UNLIKE = " without the same name as the cards in your battle area or trash"
#: 'the cost' of a card that may be played or used: its play cost or its use cost (CR 2-7), one
#: number of the card (``CardInfo.play_cost``).
_EITHER_COST = re.compile(r"\bplay or use cost\b")


def _zone_card(text: str, zone: str | None) -> Selector | None:
    """Exactly one card of a zone (``card_select``): not 'up to', not several."""
    found = card_select(text, zone) if zone else None
    return None if found is None or found.count != 1 or found.up_to else found


def _to_breeding(m: re.Match[str]) -> list[Action] | None:
    """Play 1 Digimon card from a zone into the empty breeding area, free (CR 3-4-7-2)."""
    text, unlike = m["sel"], m["sel"].endswith(_UNLIKE)
    found = _zone_card(text.removesuffix(_UNLIKE) if unlike else text, ZONES.get(m["zone"]))
    if found is None or found.kind not in ("Digimon", "card"):
        return None
    found.unlike_own_cards = unlike
    return [Action(verb="play_to_breeding", selector=found, free=True)]


def _play_or_use(m: re.Match[str]) -> list[Action] | None:
    """Play (a Digimon or Tamer card) or use (an Option card) 1 card, free or for its cost reduced
    by N (CR 7-1, 9-1). A bare bracketed name ('1 [Iliad] card') is not read: as a card name it
    would be a guess where a trait is meant."""
    zone = ZONES.get(m["zone"]) if m["zone"] else "revealed"
    found = _zone_card(_EITHER_COST.sub("cost", m["sel"]), zone)
    if found is None or found.name is not None or found.kind != "card":
        return None
    n = m["n"]
    return [Action(verb="play_or_use_card", selector=found, free=n is None, amount=int(n) if n else None)]


def _own_waiver(m: re.Match[str]) -> list[Action]:
    """'You may use this Option card without meeting its color requirements' (under a condition):
    the card's own waiver, as ``actions`` reads 'use this card without meeting …' (CR 4-22)."""
    return [Action(verb="ignore_color_requirements", selector=Selector(owner="self", kind="card", this=True))]


#: 'from 1 of your (blue) Digimon's digivolution cards' -> the zone of the digivolution cards of the
#: owner's Digimon (of that colour) in the battle area (CR 3-4-7-5: not the breeding area's).
HOSTED_ZONES = {
    None: "digimon_sources", "red": "red_digimon_sources", "blue": "blue_digimon_sources",
    "yellow": "yellow_digimon_sources", "green": "green_digimon_sources", "black": "black_digimon_sources",
    "purple": "purple_digimon_sources", "white": "white_digimon_sources",
    "purple or blue": "purple_or_blue_digimon_sources",  # BT11-085: a Digimon of either colour
}


#: 'from your hand or from one of your Digimon's digivolution cards' (BT17-082).
HAND_OR_HOSTED = "hand_or_digimon_sources"
#: 'from your trash or from one of your Digimon's digivolution cards' (BT17-025).
TRASH_OR_HOSTED = "trash_or_digimon_sources"
#: 'from that Digimon's digivolution cards' in an effect triggered by a Digimon (BT17-084): the
#: digivolution cards of the event's subject.
SUBJECT_SOURCES = "subject_sources"


def _from_subject(m: re.Match[str]) -> list[Action] | None:
    """Play 1 card from the digivolution cards of the Digimon the trigger is about, free."""
    found = _zone_card(m["sel"], SUBJECT_SOURCES)
    return None if found is None else [Action(verb="play_card", selector=found, free=True)]


def _from_hosted(m: re.Match[str]) -> list[Action] | None:
    """Play 1 card from the digivolution cards of one of the owner's Digimon (of a colour), or from
    the hand or the trash or those, free."""
    if m["hand"] and m["color"]:
        return None
    found = _zone_card(m["sel"], (HAND_OR_HOSTED if "hand" in m["hand"] else TRASH_OR_HOSTED) if m["hand"]
                       else HOSTED_ZONES[m["color"]])
    return None if found is None else [Action(verb="play_card", selector=found, free=True)]


#: Zones an Option card is used from that ``more_actions`` does not list: every zone phrase of
#: ``zones``, and 'your hand or under your Tamers' (ST22-05).
_USE_ZONES = {**ZONES, "your hand or under your tamers": "hand_or_under_tamers"}
_USE_ZONE = "|".join(re.escape(z) for z in sorted(_USE_ZONES, key=len, reverse=True))


def _options_or_names(found: Selector) -> bool:
    """'1 [God Flame] or 1 Option card with the [Four Great Dragons] trait': each alternative an Option
    card or a card name (a name that is used is an Option card's: ``use_option`` uses only those)."""
    return bool(found.any_of) and all(
        alt.kind == "Option" or (alt.kind == "card" and alt.name is not None) for alt in found.any_of)


def _use_from(m: re.Match[str]) -> list[Action] | None:
    """Use 1 Option card from a zone or from among the revealed cards, free or with its use cost
    reduced by N (``amount``, CR 9-1), and, if the text says so, without meeting its color requirements
    (``ignore_requirements``); 'a memory cost of N' is the Option card's cost (CR 2-7)."""
    zone = _USE_ZONES[m["zone"]] if m["zone"] else "revealed"
    found = _zone_card(re.sub(r"\bmemory cost\b", "cost", m["sel"]), zone)
    if found is None or (found.kind != "Option" and not _options_or_names(found)):
        return None
    n = m["n"]
    return [Action(verb="use_option", selector=found, free=n is None, amount=int(n) if n else None,
                   ignore_requirements=bool(m["colors"]))]


#: 'from your hand and/or trash' (EX2-012): each card from either.
_EACH_ZONES = {**ZONES, "your hand and/or trash": "hand_or_trash"}
_EACH_ZONE = "|".join(re.escape(z) for z in sorted(_EACH_ZONES, key=len, reverse=True))


def _each_of(listed: str, zone: str) -> list[Selector] | None:
    """'1 each of [A] and [B]' / '1 each of level 3, level 4 and level 5 Digimon cards with …': one
    selector per card named or per level, with the shared filters."""
    if m := re.fullmatch(r"((?:level \d+, )*level \d+,? and level \d+) (.+)", listed):
        one = re.sub(r"cards\b", "card", m[2])
        parts = [f"1 level {n} {one}" for n in re.findall(r"\d+", m[1])]
    elif re.fullmatch(rf"{NAMES}(?:,? and {NAMES})+", listed.replace(", and ", " and ")):
        parts = [f"1 [{n}]" for n in re.findall(r"\[([^\]]+)\]", listed)]
    else:
        return None
    found = [_zone_card(part, zone) for part in parts]
    return None if any(f is None for f in found) else found  # type: ignore[return-value]


def _split_cards(text: str, zone: str) -> list[Selector] | None:
    """'1 A and 1 B' (at the first ' and 1 ' that leaves two card phrases)."""
    for m in re.finditer(r" and (?=1 )", text):
        first, second = _zone_card(text[: m.start()], zone), _zone_card(text[m.end() :], zone)
        if first is not None and second is not None:
            return [first, second]
    return None


def _play_each(cards: list[Selector] | None) -> list[Action] | None:
    """Several cards played at once, one for each selector (``Selector.any_of``), free: as many as
    can be (CR 1-3-2; QA Q1951, Q5213, Q6031); their [On Play] effects trigger together (CR 15-4-3-2).
    The zones are one zone, or zones with no card in common; each selector names its own (the
    outer selector repeats the first one's)."""
    if cards is None or len(cards) < 2:
        return None
    zones = {c.zone for c in cards}
    if len(zones) > 1 and any("_or_" in z for z in zones):
        return None
    for card in cards:
        card.count = None
    together = Selector(owner="self", kind="card", count=len(cards), zone=cards[0].zone, any_of=cards)
    return [Action(verb="play_each", selector=together, free=True)]


def _each(m: re.Match[str]) -> list[Action] | None:
    """'Play 1 each of [A] and [B] from Z without paying the cost'."""
    return _play_each(_each_of(m["sel"], _EACH_ZONES[m["zone"]]))


def _both(m: re.Match[str]) -> list[Action] | None:
    """'Play 1 A and 1 B from Z without paying the costs'."""
    return _play_each(_split_cards(m["sel"], _EACH_ZONES[m["zone"]]))


def _both_zones(m: re.Match[str]) -> list[Action] | None:
    """'Play 1 A from Z1 and 1 B from Z2 without paying the costs'."""
    first, second = _zone_card(m["a"], ZONES[m["za"]]), _zone_card(m["b"], ZONES[m["zb"]])
    return None if first is None or second is None else _play_each([first, second])


def _within_total(m: re.Match[str]) -> list[Action] | None:
    """'Play any number of X whose total play costs add up to 7 or less among them' / 'play up to 8
    play cost's total worth of X from your hand or trash', free: cards that fit, as many as the player
    chooses while their printed play costs add up to N or less (``amount``; QA Q2085, Q2089)."""
    zone = ZONES.get(m["zone"]) if m["zone"] else "revealed"
    found = card_select(f"1 {m['sel']}", zone) if zone else None
    if found is None or found.count != 1 or found.up_to:
        return None
    found = found.model_copy(update={"count": None, "up_to": True})
    return [Action(verb="play_within_total", selector=found, free=True, amount=int(m["n"]))]


#: Early printings: '1 level 4 or lower digivolution card under this card' / '… of 1 of your Digimon
#: cards' is a Digimon card (only Digimon cards have a level that can be played, QA Q900) from this
#: Digimon's / one of the player's Digimon's digivolution cards.
_OLD_SOURCES = [
    (re.compile(r"(?P<sel>1 level .+?) digivolution card under this card$"),
     r"\g<sel> digimon card from this digimon's digivolution cards"),
    (re.compile(r"(?P<sel>1 level .+?) digivolution card of (?:1|one) of your digimon cards$"),
     r"\g<sel> digimon card from one of your digimon's digivolution cards"),
]


def _as_another(m: re.Match[str]) -> list[Action] | None:
    """'Play … as another Digimon' (as a Tamer or another Digimon): early printings' words for a card
    played from digivolution cards, which becomes a Digimon (or Tamer) of its own (QA Q901, Q1547);
    the rest is read as the play it says."""
    what = m["what"]
    for pattern, plain in _OLD_SOURCES:
        what = pattern.sub(plain, what)
    if not re.search(r"\bfrom (?:this digimon's|(?:1|one) of your digimon's) digivolution cards$", what):
        return None
    text = f"play {what}{m['how']}"
    return match_play(text) or match_zone(text)


#: Wordings of a card phrase that say the same as the ones ``select`` reads.
_REWORDED = [
    (re.compile(r"^play (\[[^\]]+\])(?= from )"), r"play 1 \1"),  # 'play [Ballistamon] from …' (BT10-090)
    (re.compile(r" that has (?=\[)"), " with "),  # '… card that has [Mamemon] in its name' (BT13-074)
    (re.compile(r" and the ((?:\[[^\]]+\]/?)+) trait\b"), r" and with the \1 trait"),  # BT20-058
    (re.compile(r" trait with (?=a play cost)"), " trait and "),  # 'trait with a play cost of 4 …' (EX7-074)
    # misprints read as what they repeat: 'Digimon card the [Hybrid] trait' (BT18-054), 'among without paying'
    # (LM-025), 'with Hybrid in its form' (BT6-054, the form as a trait: CR 2-3-2-1)
    (re.compile(r" digimon card the (?=\[)"), " digimon card with the "),
    (re.compile(r" among without "), " among them without "),
    (re.compile(r" with hybrid in its form\b"), " with [Hybrid] in its form"),
]


def _reworded(text: str) -> str:
    for pattern, plain in _REWORDED:
        text = pattern.sub(plain, text)
    return text


def _play_reworded(m: re.Match[str]) -> list[Action] | None:
    """A play the zone templates did not read, once its card phrase is in the words they read
    (``_REWORDED``); 'suspended' before 'among them' (BT24-059) as after it."""
    text = _reworded(m[0]).replace(" suspended among them", " among them suspended", 1)
    return None if text == m[0] else match_zone(text)


def _cant_play(m: re.Match[str]) -> list[Action]:
    """'Players can't play Digimon by effects' (BT9-033, BT9-047, BT14-009): a prohibition for both
    players, consulted by every play an effect makes (kg.solver.handlers.play_rules)."""
    return [Action(verb="cant_play_digimon_by_effects", selector=Selector(owner="any", kind="player"))]


def _cant_ignore(m: re.Match[str]) -> list[Action]:
    """'Players can't ignore digivolution requirements' (BT8-059): for both players, consulted by a
    digivolution by an effect that ignores them (kg.solver.handlers.play_rules; QA Q1738)."""
    players = Selector(owner="any", kind="player")
    return [Action(verb="cant_ignore_digivolution_requirements", selector=players)]


def _cant_reduce(m: re.Match[str]) -> list[Action]:
    """'Players can't reduce play costs' (BT8-071, EX7-015, ST12-03, ST13-08): for both players, consulted
    when a play cost is paid (kg.solver.handlers.play_rules; QA Q752, Q1754)."""
    return [Action(verb="cant_reduce_play_costs", selector=Selector(owner="any", kind="player"))]


#: 'and without the same name as any of your Tamers' at the end of a card phrase (BT16-072).
_UNLIKE_TAMERS = " and without the same name as any of your tamers"


def _zone_first(m: re.Match[str]) -> list[Action] | None:
    """'From your hand and without paying the cost, you may play 1 …' (BT22-012, BT16-072): the play
    'play 1 … from your hand without paying the cost', the player's to make ("you may"); the card
    phrase may repeat 'from your hand without paying the cost' (BT22-022) and end in 'and without the
    same name as any of your Tamers' (``Selector.unlike_own``)."""
    sel, zone = m["sel"], m["zone"]
    if m["free"]:  # the repeated 'from <zone> without paying the cost'; any other zone: not read
        if not sel.endswith(f" from {zone}"):
            return None
        sel = sel.removesuffix(f" from {zone}")
    unlike = sel.endswith(_UNLIKE_TAMERS)
    found = match_zone(f"play {sel.removesuffix(_UNLIKE_TAMERS)} from {zone} without paying the cost")
    if found is None or len(found) != 1 or found[0].verb != "play_card" or found[0].selector is None:
        return None
    if unlike:
        found[0].selector.unlike_own = "Tamer"
    found[0].optional = True
    return found


def _return_or_play(m: re.Match[str]) -> list[Action] | None:
    """'Return to the hand or play 1 level 4 or lower red Digimon card from this Digimon's digivolution
    cards without paying the cost' (BT18-017): one card that fits, added to the hand or played free,
    as the player chooses (``return_or_play``)."""
    found = match_zone(f"play {m['sel']} from {m['zone']} without paying the cost")
    if found is None or len(found) != 1 or found[0].verb != "play_card":
        return None
    return [found[0].model_copy(update={"verb": "return_or_play"})]


def _self_reduced(m: re.Match[str]) -> list[Action]:
    """'Play this card (from your trash) with the play cost reduced by 4' ({Trash} [Main], EX7-060): this
    card played, its play cost less N (``play_self`` with ``amount``, CR 7-1-3-2)."""
    this = Selector(owner="self", kind="card", this=True)
    return [Action(verb="play_self", amount=int(m["n"]), selector=this)]


_HOW = rf"(?:{_FREE}| with the cost reduced by (?P<n>\d+))"
_WHERE = rf"(?: among them| from (?P<zone>{_ZONE}))"
TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (
            rf"play (?P<sel>.+?) from (?P<zone>{_ZONE}) to (?:an empty space in your breeding area"
            rf"|your empty breeding area){_FREE}",
            _to_breeding,
        ),
        (rf"play or use (?P<sel>.+?)(?: from (?P<zone>{_ZONE})| among them){_HOW}", _play_or_use),
        (r"use this option card (?:without meeting|ignoring) its colou?r requirements", _own_waiver),
        (
            rf"use (?P<sel>.+?)(?: from (?P<zone>{_USE_ZONE})| among them)"
            rf"(?:{_FREE}|(?P<colors> without meeting its colou?r requirements or paying its memory cost)"
            r"| with the cost reduced by (?P<n>\d+))",
            _use_from,
        ),
        (
            r"play (?P<sel>.+?) from (?P<hand>your (?:hand|trash) or from )?(?:1|one) of your "
            r"(?:(?P<color>purple or blue|red|blue|yellow|green|black|purple|white) )?"
            rf"digimon's digivolution cards{_FREE}",
            _from_hosted,
        ),
        (
            rf"play any number of (?P<sel>.+?) whose total play costs add up to (?P<n>\d+) or less"
            rf"{_WHERE}{_FREE}",
            _within_total,
        ),
        (rf"play up to (?P<n>\d+) play cost's total worth of (?P<sel>.+?){_WHERE}{_FREE}", _within_total),
        (rf"play (?P<what>.+?) as (?:a tamer or )?another digimon(?P<how>{_FREE})", _as_another),
        (rf"play (?P<sel>.+?) from that digimon's digivolution cards{_FREE}", _from_subject),
        (rf"from (?P<zone>{_ZONE}) and{_FREE}, you may play (?P<sel>.+?)(?P<free>{_FREE})?", _zone_first),
        (rf"return to the hand or play (?P<sel>.+?) from (?P<zone>{_ZONE}){_FREE}", _return_or_play),
        (r"play this card(?: from your trash)? with the (?:play )?cost reduced by (?P<n>\d+)", _self_reduced),
        (r"players can[’']t play digimon by effects", _cant_play),
        (r"players can[’']t ignore digivolution requirements", _cant_ignore),
        (r"players can[’']t reduce play costs", _cant_reduce),
        (r"play .+?(?: among(?: them)?| from .+?)(?: without paying .+| with .+)", _play_reworded),
        (rf"play 1 each of (?P<sel>.+?) from (?P<zone>{_EACH_ZONE}){_FREE}", _each),
        (rf"play (?P<sel>1 .+? and 1 .+?) from (?P<zone>{_EACH_ZONE}){_FREE}", _both),
        (rf"play (?P<a>1 .+?) from (?P<za>{_ZONE}) and (?P<b>1 .+?) from (?P<zb>{_ZONE}){_FREE}",
         _both_zones),
    ]
]


def match_play(text: str) -> list[Action] | None:
    """The actions of one lower-cased sentence, if one of these templates matches it whole."""
    return match_table(TEMPLATES, text)
