"""More action templates (added to ``ingest.compiler.actions.TEMPLATES``): playing tokens, using
an Option card by an effect, placing cards in the security stack, trashing the top cards of the
opponent's (or both players') decks, and 'your opponent may trash 1 card in their hand' (the
opponent chooses whether, and which: ``opponent_may_trash_card``).

Tokens (CR 4-21): 'play 1 [Diaboromon] Token without paying the cost', 'you may play 2 [Familiar]
Tokens', 'play 1 [Fujitsumon] Token (Digimon/…) suspended'. The action names the token
(``card.name``) and how many (``amount``); its card information is printed in parentheses in the
same effect text (CR 1-4-4-4) and is read from there when the token is played
(``kg.solver.token_cards``).

Using an Option card by an effect (CR 9-1): 'you may use 1 Option card with a memory cost of 7 or
less from your hand without paying its memory cost', '… with the cost reduced by 2'. The action's
selector names the Option card and its zone; ``free`` or ``amount`` (the reduction) its use cost.

This module does not import ``ingest.compiler.actions`` (which imports it).

>>> (a,) = match_more("play 2 [Familiar] tokens without paying their costs")
>>> a.verb, a.amount, a.card.name, a.free
('play_token', 2, 'Familiar', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import card_select
from ingest.effect_ir import Action, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]

#: Parenthesised token stats inside the sentence: '(Digimon/Cost 14/Lv.6/…/3000 DP)', one level
#: of nested parentheses allowed ('<Decoy (Red/Black)>').
_STATS = r"\s*\((?:digimon/|[^()]* tokens are )(?:[^()]|\([^()]*\))*\)"
_FREE = r" without paying (?:the|its|their) (?:memory )?costs?"
_TOKEN = (
    rf"play (?P<n>\d+) \[(?P<name>[^\]]+)\](?:{_STATS})? tokens?(?P<free>{_FREE})?(?:{_STATS})?"
    r"(?P<susp> suspended(?: (?:to|in) your battle area)?)?"
)


def _token(m: re.Match[str]) -> list[Action] | None:
    """Play N tokens of one name (CR 4-21-1: played as if they had card information)."""
    n = int(m["n"])
    token = Selector(owner="self", kind="Digimon", name=m["name"], count=n, zone="battle_area")
    return [Action(verb="play_token", card=token, amount=n, free=bool(m["free"]), suspended=bool(m["susp"]))]


#: The zones an Option card is used from by an effect (a subset of ``ingest.compiler.zones.ZONES``,
#: which this module cannot import: zones imports actions, which imports this module).
_OPTION_ZONES = {"your hand": "hand", "the hand": "hand", "your trash": "trash", "the trash": "trash",
                 "your hand or trash": "hand_or_trash", "the hand or trash": "hand_or_trash"}


def _use_option(m: re.Match[str]) -> list[Action] | None:
    """Use 1 Option card from a zone, free or for its use cost reduced by N (CR 9-1-1)."""
    zone = _OPTION_ZONES.get(m["zone"])
    # 'a memory cost / use cost of N or less' is the Option card's cost (CR 2-7)
    text = re.sub(r"\b(?:memory|use) cost of (\d+) or (less|lower)", r"cost of \1 or less", m["sel"])
    selector = card_select(text, zone) if zone else None
    if selector is None or selector.kind != "Option" or selector.count != 1:
        return None
    n = m["n"]
    return [Action(verb="use_option", selector=selector, free=n is None, amount=int(n) if n else None)]


def _to_security(m: re.Match[str]) -> list[Action] | None:
    """A card from the hand or trash placed face down on top of / at the bottom of the security
    stack (face down by the rules of the area, CR 3-1-3-5); 'face up' is not read here."""
    zone = _OPTION_ZONES.get(m["zone"])
    selector = card_select(m["sel"], zone) if zone else None
    if selector is None or selector.count is None:
        return None
    top = (m["end"] or m["end2"]) in ("top", "on top")
    return [Action(verb="place_security_top" if top else "place_security_bottom", selector=selector)]


def _opponent_may_trash(m: re.Match[str]) -> list[Action] | None:
    """'Your opponent may trash 1 (Digimon / Option) card in their hand': their choice, not the
    effect owner's (the selector's cards are theirs)."""
    selector = card_select(m["sel"], "hand")
    if selector is None or selector.count is None:
        return None
    selector.owner = "opponent"
    return [Action(verb="opponent_may_trash_card", selector=selector, amount=selector.count)]


def _both_decks(m: re.Match[str]) -> list[Action]:
    """'Trash the top N cards of both players' decks': each player's, one after the other in one effect."""
    return [*_player("trash_deck", "self")(m), *_player("trash_deck", "opponent")(m)]


def _player(verb: str, owner: str) -> Builder:
    def build(m: re.Match[str]) -> list[Action]:
        raw = m["n"] or m.groupdict().get("n2")
        n = int(raw) if raw else 1
        return [Action(verb=verb, amount=n, selector=Selector(owner=owner, kind="player"))]  # type: ignore[arg-type]

    return build


_OPP_DECK = r"(?:your opponent's|their) deck"
_NAMES = r"\[[^\]]+\](?:(?:,| and| or) \[[^\]]+\])*"


def _also_meets(m: re.Match[str]) -> list[Action] | None:
    """'This card may also have its color requirements met by green' / 'Yellow also meets this
    card's color requirements' (CR 4-22): that colour on the field meets them too."""
    color = (m["color"] or m["color2"]).capitalize()
    sel = Selector(owner="self", kind="card", this=True, color=color)
    return [Action(verb="also_meets_colors", selector=sel, duration="permanent")]


def _also_named(field: str) -> Builder:
    """'The name of this card/Digimon is also treated as [A] and [B]' (``name``: the card has those
    names too) or '… also treated as having [X] in its name' (``name_contains``), wherever the card
    is (CR 2-3-1; QA Q3301, Q2063). Card facts read it: ``kg.solver.card_facts.CardInfo``."""
    def build(m: re.Match[str]) -> list[Action] | None:
        names = "/".join(re.findall(r"\[([^\]]+)\]", m["names"]))
        sel = Selector(owner="self", kind="card", this=True, **{field: names})
        return [Action(verb="also_named", selector=sel, duration="permanent")]
    return build


def _also_trait(m: re.Match[str]) -> list[Action]:
    """'This card/Digimon is also treated as having the [Cyborg] trait': the card has that trait too,
    wherever it is (CR 2-3-4-2-1, as a card rule's 'Trait: Has [X]'). Card facts read it:
    ``kg.solver.card_facts.alias_traits``."""
    traits = "/".join(re.findall(r"\[([^\]]+)\]", m["names"]))
    sel = Selector(owner="self", kind="card", this=True, trait=traits)
    return [Action(verb="also_has_trait", selector=sel, duration="permanent")]


def _own_cost_in_hand(m: re.Match[str]) -> list[Action]:
    """'Reduce the memory cost of this card in your hand by N (for each …)': a persistent change of
    the card's own play / use cost while it is in the hand, so it is played or used as a card of
    that cost (CR 7-1-2-2, 9-1-6; QA Q5488). ``per`` is added by the 'for each' reader."""
    card = Selector(owner="self", kind="card", this=True, zone="hand")
    return [Action(verb="reduce_own_cost_in_hand", selector=card, amount=int(m["n"]), duration="permanent")]


#: Templates matched against a whole lower-cased sentence (names keep their case).
MORE_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (_TOKEN, _token),
        (
            rf"use (?P<sel>.+?) (?:from|in) (?P<zone>.+?)"
            rf"(?:{_FREE}| with the (?:use |memory )?cost reduced by (?P<n>\d+))",
            _use_option,
        ),
        (
            r"place (?P<sel>.+?) from (?P<zone>your hand|your trash|the hand|the trash)"
            r"(?: face down)? (?:(?P<end>on top|at the bottom) of your security stack"
            r"|as (?:the|your) (?P<end2>top|bottom) security card)(?: face down)?",
            _to_security,
        ),
        (r"your opponent may trash (?P<sel>.+?) (?:in|from) their hand", _opponent_may_trash),
        (
            r"trash the top (?:(?P<n>\d+) cards|card) of both players'? decks"
            r"|both players trash the top (?:(?P<n2>\d+) cards|card) of their decks",
            _both_decks,
        ),
        (rf"trash the top (?:(?P<n>\d+) cards|card) of {_OPP_DECK}", _player("trash_deck", "opponent")),
        (r"this card may also have its colou?r requirements met by (?P<color>[a-z]+)"
         r"|(?P<color2>[a-z]+) also meets this card's colou?r requirements", _also_meets),
        (rf"(?:the name of )?this card/digimon is also treated as (?:if its name is )?(?P<names>{_NAMES})",
         _also_named("name")),
        (r"(?:this card/digimon is also treated as having|treat this card/digimon as if it also has) "
         r"(?P<names>\[[^\]]+\]) in its name", _also_named("name_contains")),
        (r"this card/digimon is also treated as having the (?P<names>\[[^\]]+\]) trait", _also_trait),
        (r"reduce the (?:memory |play |use )?cost of this card in your hand by (?P<n>\d+)",
         _own_cost_in_hand),
    ]
]


def match_more(text: str) -> list[Action] | None:
    """The actions of one lower-cased sentence, if one of these templates matches it whole."""
    for pattern, build in MORE_TEMPLATES:
        if (m := pattern.fullmatch(text)) and (found := build(m)) is not None:
            return found
    return None
