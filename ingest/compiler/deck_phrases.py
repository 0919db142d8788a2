"""Action templates for moving cards between the deck, the hand, the trash, the security stack and
the revealed cards: trashing cards among the revealed ones, adding all the ones that fit, putting
the revealed cards back on the top or the bottom, both players drawing or trashing their top
security cards, and phrase variants for trashing digivolution cards ('… under 1 of …').

Appended to ``zones.TEMPLATES``: tried only on sentences no earlier template reads.

>>> [(a.verb, a.selector.owner) for a in match_deck_move("both players <draw 1>")]
[('draw', 'any')]
>>> (a,) = match_deck_move("trash all tamer cards among them")
>>> a.verb, a.selector.kind, a.selector.count, a.selector.zone
('trash_card', 'Tamer', None, 'revealed')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import _sources_of, match_table
from ingest.compiler.reveal_phrases import REVEAL_MOVES, bare_trait
from ingest.compiler.select import ALTERNATIVE_FIELDS, card_select, select
from ingest.effect_ir import Action, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]


def _revealed(verb: str) -> Builder:
    """'Trash 1 Tamer card among them' / 'Add all yellow Tamer cards among them to your hand':
    the revealed cards that fit, as many as the phrase says ('all': every one that fits)."""

    def build(m: re.Match[str]) -> list[Action] | None:
        every = bool(m.groupdict().get("all"))
        selector = card_select(f"1 {m['sel']}" if every else m["sel"], "revealed")
        if selector is None or selector.any_of and every:
            return None
        if every:
            selector.count = None
        return [Action(verb=verb, selector=selector, amount=selector.count)]

    return build


def _both(verb: str) -> Builder:
    """'Both players <Draw 1>', 'trash the top card of both players' security stacks': one action on
    both players' cards at once (``owner='any'``: the hands grow at the same time, QA Q2775)."""

    def build(m: re.Match[str]) -> list[Action]:
        raw = m["n"] or m.groupdict().get("n2")
        n = int(raw) if raw else 1
        if verb == "trash_security":
            selector = Selector(owner="any", kind="card", count=n, zone="security")
        else:
            selector = Selector(owner="any", kind="player")
        return [Action(verb=verb, amount=n, selector=selector)]

    return build


_KINDS = {"digimon": "Digimon", "tamer": "Tamer", "option": "Option"}
#: Where the kind and what follows it start in a card phrase ('… Digimon card with the [X] trait').
_KIND_TAIL = re.compile(r"\b(?:digimon|tamer|option)? ?cards?\b.*$")


def _pair(m: re.Match[str]) -> list[Action] | None:
    """Two cards among the revealed ones, one phrase leaning on the other: '1 level 5 and 1 level 6
    Digimon card' (the kind and the filters after it are written once, for both) or '1 green Digimon
    card and 1 such Tamer card' (the second has the first's filters, with its own kind)."""
    first, second = card_select(bare_trait(m["a"]), "revealed"), card_select(bare_trait(m["b"]), "revealed")
    such = re.fullmatch(r"1 such (?P<kind>digimon|tamer|option) cards?", m["b"])
    if such is not None and first is not None and not first.any_of and first.kind != "card":
        second = first.model_copy(update={"kind": _KINDS[such["kind"]]})
    elif first is None and second is not None and (tail := _KIND_TAIL.search(m["b"])) is not None:
        first = card_select(f"{m['a']} {tail[0].strip()}", "revealed")
    if first is None or second is None or first.count != 1 or second.count != 1:
        return None
    return [Action(verb="add_to_hand", selector=s) for s in (first, second)]


def _add_and_trash(m: re.Match[str]) -> list[Action] | None:
    """'Among them, add 1 X to the hand and trash 1 such card' / '… and trash 1 purple card': one
    revealed card to the hand, then one more of the revealed cards to the trash ('such': one that
    fits X too, QA Q2592; none left to trash, none is trashed, Q2593)."""
    add = card_select(m["a"], "revealed")
    trash = add.model_copy(deep=True) if add is not None and m["b"] == "1 such card" else card_select(
        m["b"], "revealed")
    if add is None or trash is None or any(s.count != 1 or s.up_to for s in (add, trash)):
        return None
    return [Action(verb="add_to_hand", selector=add), Action(verb="trash_card", selector=trash, amount=1)]


def _each_named(m: re.Match[str]) -> list[Action] | None:
    """'Add 1 of each [Gokuumon], [Sagomon], [Cho-Hakkaimon] and [Shakamon] among them to the hand': one
    revealed card of each name, as many as there are (CR 1-3-2)."""
    names = re.findall(r"\[([^\]]+)\]", m["names"])
    if re.sub(r"\[[^\]]+\]|, and |, | and ", "", m["names"]) or len(names) < 2:
        return None
    return [Action(verb="add_to_hand", selector=Selector(owner="self", kind="card", name=n, zone="revealed"))
            for n in names]


def _either_added(m: re.Match[str]) -> list[Action] | None:
    """'Add 1 [Four Great Dragons] trait or 1 yellow card among them to the hand' (BT16-094): one
    revealed card of either description."""
    selector = card_select(bare_trait(m["sel"]), "revealed")
    if selector is None or not selector.any_of:
        return None
    return [Action(verb="add_to_hand", selector=selector)]


def _one_of_several(m: re.Match[str]) -> list[Action] | None:
    """'Add 1 card with [Hybrid] in its traits, [Susanoomon], or [Takuya Kanbara] among them': one
    card of any of three or more descriptions (``Selector.any_of``), each read whole."""
    parts = re.split(r",? or (?:1 )?|, (?:1 )?", m["alts"])
    found = [card_select(f"1 {part}", "revealed") for part in parts]
    if len(parts) < 3 or any(s is None or s.any_of or s.kind == "player" for s in found):
        return None
    own = ("owner", "count", "zone")
    alternatives = [s.model_dump(exclude_defaults=True, exclude=set(own)) for s in found if s is not None]
    if not all(alt.keys() <= ALTERNATIVE_FIELDS for alt in alternatives):
        return None
    any_of = [Selector(owner="any", count=None, **alt) for alt in alternatives]
    selector = Selector(owner="self", kind="card", zone="revealed", any_of=any_of)
    return [Action(verb="add_to_hand", selector=selector)]


def _top_or_bottom(reveal: bool) -> Builder:
    """'Return the revealed cards to the top or bottom of the deck': the player chooses where
    they all go (``revealed_to_top_or_bottom``); with ``reveal``, the top card is revealed first."""

    def build(m: re.Match[str]) -> list[Action]:
        first = [Action(verb="reveal", amount=1, selector=Selector(owner="self", kind="card", zone="deck"))]
        return [*(first if reveal else []), Action(verb="revealed_to_top_or_bottom")]

    return build


def _its(m: re.Match[str]) -> list[Action] | None:
    """'Trash its bottom 2 digivolution cards' (after 'When an opponent's Digimon attacks'): 'its'
    is that Digimon, the event's subject or an earlier choice (``select('that digimon')``)."""
    n = int(m["n"]) if m["n"] else 1
    verb = "trash_top_sources" if m["end"] == "top" else "trash_bottom_sources"
    return [Action(verb=verb, amount=n, selector=select("that digimon"))]


def _top_cards(m: re.Match[str]) -> list[Action] | None:
    """'Trash the top card of this Digimon', 'trash the top 10 stacked cards of 1 of your opponent's
    Digimon': the top cards of a Digimon's stack, one at a time while it has stacked cards (its last
    card stays, QA Q1885, Q4540; handler: kg/solver/handlers/deck_moves.py)."""
    selector = select(m["sel"])
    if selector is None or selector.kind != "Digimon" or selector.zone != "battle_area":
        return None
    return [Action(verb="trash_top_cards", amount=int(m["n"]) if m["n"] else 1, selector=selector)]


def _trash_to_deck(m: re.Match[str]) -> list[Action] | None:
    """'Return 1 red Digimon card from your trash to the top of the deck': exactly that many fitting
    cards of that player's trash (as many as there are, if fewer) go to the top or the bottom of their
    owner's deck (handler: kg/solver/handlers/cost_moves.py)."""
    selector = card_select(m["sel"], "trash")
    if selector is None or selector.up_to or not selector.count:
        return None
    selector.owner = "self" if m["whose"] == "your" else "opponent"
    verb = "return_cards_to_deck_top" if m["end"] == "top" else "return_cards_to_deck"
    return [Action(verb=verb, amount=selector.count, selector=selector)]


def _deck_up_to(m: re.Match[str]) -> list[Action]:
    """'Trash up to 3 cards from the top of your deck' (BT10-081): how many of the top N is the player's."""
    you = Selector(owner="self", kind="player")
    return [Action(verb="trash_deck_up_to", amount=int(m["n"]), selector=you)]


_SEL = r"(?P<sel>.+?)"
_HAND = r"to (?:the|your) hand"

#: Templates matched against a whole lower-cased sentence (names keep their case).
DECK_MOVES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        # 'You may trash up to 3 cards from the top of your deck' (BT10-081): how many is the player's
        (r"trash up to (?P<n>\d+) cards from the top of your deck", _deck_up_to),
        (rf"trash (?P<all>all (?:of )?(?:the )?)?{_SEL} among them", _revealed("trash_card")),
        (rf"among them, trash (?P<all>all (?:of )?(?:the )?)?{_SEL}", _revealed("trash_card")),
        (rf"add (?P<all>all (?:of )?(?:the )?){_SEL} among them {_HAND}", _revealed("add_to_hand")),
        (rf"among them, add (?P<all>all (?:of )?(?:the )?){_SEL} {_HAND}", _revealed("add_to_hand")),
        (rf"among them, add (?P<a>1 .+?) {_HAND},? and trash (?P<b>1 .+?)(?: among them)?", _add_and_trash),
        (rf"add 1 of each (?P<names>\[.+\]) among them {_HAND}", _each_named),
        (rf"add (?P<a>1 .+?) and (?P<b>1 .+?) among them {_HAND}", _pair),
        (rf"add (?P<sel>1 \[[^\]]+\] trait or 1 .+?) among them {_HAND}", _either_added),
        (rf"add {_SEL} from among {_HAND}", _revealed("add_to_hand")),  # 'from among (them)': BT19-076
        (rf"add 1 (?P<alts>.+?) among them {_HAND}", _one_of_several),
        (r"trash the revealed cards", lambda m: [Action(verb="trash_rest")]),
        (
            r"both players (?:draw (?P<n>\d+) cards? from their decks|<draw (?P<n2>\d+)>"
            r"|draw the top card of their decks)",
            _both("draw"),
        ),
        (
            r"trash (?:the top card|(?P<n>\d+) cards? from the top) of both players' security stacks"
            r"|trash both players' top (?:(?P<n2>\d+) )?security cards?",
            _both("trash_security"),
        ),
        (r"return the revealed cards to the top or (?:the )?bottom of the deck", _top_or_bottom(False)),
        (
            r"return (?P<sel>\d+ .+?) from (?P<whose>your|their|your opponent's) trash to the "
            r"(?P<end>top|bottom) of (?:the|your|their|its owner's) deck",
            _trash_to_deck,
        ),
        (
            r"reveal the top card of your deck, and place it at the top or (?:the )?bottom of your deck",
            _top_or_bottom(True),
        ),
        (
            r"look at the top card of your security stack, and you may add it to (?:the|your) hand",
            lambda m: [
                Action(
                    verb="security_to_hand",
                    amount=1,
                    optional=True,
                    selector=Selector(owner="self", kind="card", zone="security"),
                )
            ],
        ),
        (rf"trash all (?:of )?(?:the )?digivolution cards under {_SEL}(?P<end>)(?P<n>)", _sources_of),
        (rf"trash (?P<end>any) (?P<n>\d+) digivolution cards? under {_SEL}", _sources_of),
        (
            rf"trash (?:the digivolution card|(?P<n>\d+) digivolution cards) at the (?P<end>bottom)"
            rf" of {_SEL}",
            _sources_of,
        ),
        (r"trash its (?P<end>top|bottom) (?:(?P<n>\d+) )?digivolution cards?", _its),
        (r"trash the top (?:card|(?P<n>\d+) (?:stacked )?cards) of (?P<sel>this digimon|\d+ of .+)",
         _top_cards),
    ]
] + REVEAL_MOVES  # searching and shuffling a security stack: ingest/compiler/reveal_phrases.py


def match_deck_move(text: str) -> list[Action] | None:
    """The actions of one lower-cased sentence, if one of these templates matches it whole."""
    return match_table(DECK_MOVES, text)
