"""Action templates for searching and shuffling a security stack: 'Search your security stack',
'… search your security stack for 1 X, reveal it, and add it to your hand', 'Shuffle your
security stack'. Searching is looking at every card of the area, seen by the player only
(CR 15-15-3-9-1); the cards stay in the security stack, and 'among them' in the sentences after
a search names those cards (``searched``). Appended to ``deck_phrases.DECK_MOVES``.

After revealing one card, 'it' is that card: 'Add it to your hand if it's a green Digimon card.
Otherwise, place it at the bottom of your deck' says what 'Add 1 green Digimon card among them to
your hand. Place the rest at the bottom of the deck' says, and is read so (``one_revealed``).

>>> [a.verb for a in match_reveal("search your security stack")]
['search_security']
>>> [(a.verb, a.selector.zone) for a in match_reveal(
...     "search your security stack, reveal 1 card from it, and add it to your hand")]
[('search_security', 'security'), ('add_to_hand', 'security')]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import match_table
from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]


def _security(verb: str) -> Action:
    """An action on the whole of the effect's player's security stack."""
    return Action(verb=verb, selector=Selector(owner="self", kind="card", count=None, zone="security"))


def _deck(verb: str, n: int) -> Action:
    """An action on the top ``n`` cards of the effect's player's deck."""
    return Action(verb=verb, amount=n, selector=Selector(owner="self", kind="card", count=None, zone="deck"))


def _search_and_add(m: re.Match[str]) -> list[Action] | None:
    """'search your security stack for 1 X, reveal it, and add it to your hand': the search, then
    that one card of the security stack is revealed and added to the hand (QA Q2077, Q3591)."""
    selector = card_select(m["sel"], "security")
    if selector is None or selector.count != 1 or selector.up_to or selector.any_of:
        return None
    return [_security("search_security"), Action(verb="add_to_hand", selector=selector)]


_HAND = r"to (?:the|your) hand"
#: Where 'place 1 such card' puts the revealed card: under one of the player's Tamers or Digimon.
_UNDER = (r"(?:under (?P<tamers>(?:any of |1 of )?your .*?tamers)"
          r"|as the bottom digivolution card of (?P<digimon>(?:any|1) of your digimon.*))")


def bare_trait(phrase: str) -> str:
    """A card phrase as the selectors read it: the bare '[X] trait' of '1 [Night Claw] trait or 1 2-color
    card' is '… trait card'; 'with the [Bird]/[Avian] in one of its traits' (ST18-04) is 'with [Bird]/[Avian]
    in one of its traits'."""
    phrase = re.sub(r"^(1 \[[^\]]+\] trait)(?= or )", r"\1 card", phrase)
    one_of_its = r"(?=\[[^\]]+\](?:/\[[^\]]+\])* in (?:one|any) of its traits\b)"
    return re.sub(rf"\bwith the {one_of_its}", "with ", phrase)


def _onto(phrase: str) -> Selector | None:
    """The one Tamer or Digimon of the player's that 'under any of your [X] trait Tamers' / 'as the
    bottom digivolution card of any of your Digimon with the [DM] trait' names ('any of': 1 chosen)."""
    found = select(re.sub(r"^(?:any of |1 of )?your ", "1 of your ", phrase))
    ok = found is not None and found.owner == "self" and found.count == 1 and not found.this
    return found if ok and found.kind in ("Tamer", "Digimon") else None  # type: ignore[union-attr]


def _add_and_place(m: re.Match[str]) -> list[Action] | None:
    """'Among them, add 1 X to the hand and place 1 such card (face down) under any of your [X] trait
    Tamers' (ST24-04, ST23-06, BT19-055) / '… place 1 card with the [Ver.1] trait face down as the
    bottom digivolution card of any of your Digimon with the [DM] trait' (EX9-007): one revealed card
    to the hand first, then one of the remaining revealed cards under the Tamer or Digimon chosen
    (QA Q4750: the card to add is chosen and added first; Q3113: as many as can be; Q6207: at the
    bottom of the cards under it, CR 4-4-2). 'Such': one that fits X too. Face down: CR 4-7-9."""
    add = card_select(m["a"], "revealed")
    placed = add.model_copy(deep=True) if add is not None and m["b"] == "1 such card" else card_select(
        m["b"], "revealed")
    onto = _onto(m["tamers"] or m["digimon"])
    if add is None or placed is None or onto is None or any(s.count != 1 or s.up_to for s in (add, placed)):
        return None
    verb = "place_under_face_down" if m["down"] else "place_under"
    return [Action(verb="add_to_hand", selector=add), Action(verb=verb, selector=onto, card=placed, amount=1)]


#: 'as any of your blue Digimon's bottom digivolution card' / 'as the bottom digivolution card of 1 of your
#: Digimon': one of the player's Digimon, chosen.
_AS_SOURCE = (r"(?:as (?P<onto>(?:any|1) of your [^']+?)'s bottom digivolution card"
              r"|as the bottom digivolution card of (?P<onto2>(?:any|1) of your digimon))")


def _add_or_place(m: re.Match[str]) -> list[Action] | None:
    """'Add 1 X among them to the hand or place 1 such card as any of your blue Digimon's bottom
    digivolution card' (BT18-023) / 'Place 1 X among them as the bottom digivolution card of 1 of your
    Digimon or add it to your hand' (EX5-071): one revealed card that fits, to the hand or under one of
    the player's Digimon, as the player chooses (``add_or_place``; ``card`` the revealed card, ``selector``
    the Digimon; QA Q2939: one of them if a card fits, Q3683: not under a Digimon when there is none)."""
    card = card_select(bare_trait(m["card"]), "revealed")
    onto = _onto(m["onto"] or m["onto2"])
    if card is None or onto is None or onto.kind != "Digimon" or card.count != 1 or card.up_to:
        return None
    return [Action(verb="add_or_place", selector=onto, card=card, amount=1)]


def _both_with(m: re.Match[str]) -> list[Action] | None:
    """'Add 1 Digimon card and 1 Tamer card―both with [Xros Heart] in their traits―among them to your hand'
    (BT10-008): one revealed card of each kind, each with the traits (QA Q1932); as many as can be (Q1934)."""
    found = [card_select(f"1 {kind} card {m['with']} in its traits", "revealed") for kind in (m["a"], m["b"])]
    if any(s is None or s.count != 1 or s.any_of for s in found):
        return None
    return [Action(verb="add_to_hand", selector=s) for s in found if s is not None]


def _types(m: re.Match[str]) -> list[Action] | None:
    """'Add up to 2 yellow Digimon cards with [Warrior] and/or [Holy Warrior] in their types among them'
    (BT5-034): 'types' are traits, a card with either (or both) fits (QA Q1316)."""
    found = card_select(f"{m['sel']} with {m['t']} or {m['u']} in their traits", "revealed")
    return None if found is None or found.any_of else [Action(verb="add_to_hand", selector=found)]


_DASH = r"\s*[―—–]\s*"

#: Templates matched against a whole lower-cased sentence (names keep their case).
REVEAL_MOVES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"search your security stack", lambda m: [_security("search_security")]),
        (rf"search your security stack for (?P<sel>1 .+?), reveal it, and add it {_HAND}", _search_and_add),
        (rf"search your security stack, reveal (?P<sel>1 .+?) from it, and add it {_HAND}", _search_and_add),
        (
            rf"look at your security stack, then reveal (?P<sel>1 .+?) in it,? and add it {_HAND}",
            _search_and_add,
        ),
        (r"(?:then )?shuffle your security stack", lambda m: [_security("shuffle_security")]),
        (rf"among them, add (?P<a>1 .+?) {_HAND},? and place (?P<b>1 .+?)(?P<down> face down)? {_UNDER}",
         _add_and_place),
        (rf"add (?P<card>1 .+?) among them {_HAND} or place 1 such card {_AS_SOURCE}", _add_or_place),
        (rf"add 1 (?P<a>digimon|tamer|option) card and 1 (?P<b>digimon|tamer|option) card{_DASH}both "
         rf"(?P<with>with .+?) in their traits{_DASH}among them {_HAND}", _both_with),
        (rf"add (?P<sel>up to \d+ .+?) with (?P<t>\[[^\]]+\]) and/or (?P<u>\[[^\]]+\]) in their types "
         rf"among them {_HAND}", _types),
        (rf"place (?P<card>1 .+?) among them {_AS_SOURCE} or add it {_HAND}", _add_or_place),
        (r"add the (?:rest|remaining cards?) to (?:the|your) hand", lambda m: [Action(verb="rest_to_hand")]),
        (r"look at the top card of your deck", lambda m: [_deck("look_deck_top", 1)]),
        # misprints read as what they repeat: 'Reveal top 3 cards …', '… the remaining to the bottom of
        # deck' (BT19-076)
        (r"reveal top (?P<n>\d+) cards of your deck", lambda m: [_deck("reveal", int(m["n"]))]),
        (r"return the remaining to the bottom of (?:the )?deck", lambda m: [Action(verb="rest_to_deck")]),
        # all together on the top or at the bottom, as the player chooses (deck_moves._top_or_bottom)
        (r"(?:return|place) the (?:rest|remaining cards) (?:to|at) the top or (?:the )?bottom of "
         r"(?:the |your )?deck(?: in any order)?", lambda m: [Action(verb="revealed_to_top_or_bottom")]),
    ]
]


_HAND_OF = r"to (?:your|the) hand"
_IS = r"(?:it's|it’s|it is|that card is) (?:a|an)"
_HAS = r"(?:it|that card) has"
_FREE = r"(?P<free>without paying (?:the|its memory) cost)"
_ADD = r"Add 1 \g<x> among them to your hand"
#: Sentences about the one revealed card -> the same said of 'the revealed cards' (``one_revealed``).
_ONE_REVEALED: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.I), r)
    for p, r in [
        (rf"add it {_HAND_OF} if {_IS} (?P<x>.+)", _ADD),
        (rf"if {_IS} (?P<x>[^,]+), add it {_HAND_OF}", _ADD),
        (rf"if {_HAS} (?P<x>the \[[^,]+\] trait), add it {_HAND_OF}",
         r"Add 1 card with \g<x> among them to your hand"),
        (rf"if {_IS} (?P<x>[^,]+), (?P<may>you may )?play it {_FREE}",
         r"\g<may>play 1 \g<x> among them \g<free>"),
        (r"otherwise,? place it at the bottom of (?:your|the) deck",
         "Place the rest at the bottom of the deck"),
    ]
]


def one_revealed(sentence: str, actions: list[Action]) -> str:
    """The sentence said of the revealed cards, if it speaks of 'it' right after exactly one card of
    the player's deck was revealed, now (every action since then took from the revealed cards);
    else the sentence as it is."""
    for action in reversed(actions):
        if action.verb == "reveal":
            if action.amount != 1 or action.selector is None or action.selector.owner != "self" \
                    or action.processed_at:  # delayed ('At the end of the battle, reveal …', P-070)
                return sentence
            break
        if action.selector is None or action.selector.zone != "revealed":
            return sentence
    else:
        return sentence
    for pattern, said in _ONE_REVEALED:
        if m := pattern.fullmatch(sentence):
            return m.expand(said)
    return sentence


def match_reveal(text: str) -> list[Action] | None:
    """The actions of one lower-cased sentence, if one of these templates matches it whole."""
    return match_table(REVEAL_MOVES, text)


def searched(actions: list[Action]) -> None:
    """'Search your security stack. You may add 1 X among them to the hand': after a search, the
    cards an action takes 'among them' are the searched security cards (zone ``security``), up to
    the next reveal. Changes ``actions`` in place."""
    zone = None
    for action in actions:
        if action.verb == "search_security":
            zone = "security"
        elif action.verb == "reveal":
            zone = None
        for selector in (action.selector, action.card):
            if zone and selector is not None and selector.zone == "revealed":
                selector.zone = zone
