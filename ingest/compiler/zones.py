"""Action templates for cards outside the battle area: revealing and searching the deck, playing
cards from the hand, trash or digivolution cards, activating this card's other effects.

>>> [(a.verb, a.amount) for a in match_zone("reveal the top 3 cards of your deck")]
[('reveal', 3)]
>>> (a,) = match_zone("play 1 [Agumon] from your hand without paying the cost")
>>> a.verb, a.free, a.selector.name, a.selector.zone
('play_card', True, 'Agumon', 'hand')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import match_table
from ingest.compiler.deck_phrases import DECK_MOVES
from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action, Selector
from ingest.vocab import vocabulary

Builder = Callable[[re.Match[str]], list[Action] | None]

#: The zone-phrase table, the one for the whole compiler: the words that name a zone (after
#: 'from', 'in', 'under') -> (whose cards they are, the ``Selector.zone`` code).
ZONE_PHRASES: dict[str, tuple[str, str]] = {
    "your hand": ("self", "hand"),
    "the hand": ("self", "hand"),
    "your trash": ("self", "trash"),
    "the trash": ("self", "trash"),
    "your hand or trash": ("self", "hand_or_trash"),
    "your hand or recycle bin": ("self", "hand_or_trash"),  # the trash, as early printings call it
    "your recycle bin": ("self", "trash"),  # BT1-011
    "the hand or trash": ("self", "hand_or_trash"),
    "your trash or hand": ("self", "hand_or_trash"),
    "this digimon's digivolution cards": ("self", "sources"),
    "its digivolution cards": ("self", "sources"),
    "this card's digivolution cards": ("self", "sources"),
    "your security stack": ("self", "security"),
    "under your tamers": ("self", "under_tamers"),
    "under one of your tamers": ("self", "under_tamers"),
    "under any of your tamers": ("self", "under_tamers"),
    "your hand or this digimon's digivolution cards": ("self", "hand_or_sources"),
    "your trash or this digimon's digivolution cards": ("self", "trash_or_sources"),
    "your hand or from under one of your tamers": ("self", "hand_or_under_tamers"),
    "your hand, or from under your tamers,": ("self", "hand_or_under_tamers"),
    "your opponent's hand": ("opponent", "hand"),
    "your opponent's trash": ("opponent", "trash"),
    "their hand": ("opponent", "hand"),
    "their trash": ("opponent", "trash"),
}
#: Phrase -> zone, for the effect owner's own zones.
ZONES = {phrase: zone for phrase, (owner, zone) in ZONE_PHRASES.items() if owner == "self"}


def zone_pattern(*zones: str, owner: str | None = "self") -> str:
    """A regex alternation of the phrases naming ``zones`` (every zone when none are given) of
    ``owner``'s (anyone's when None), longest first.

    >>> re.fullmatch(zone_pattern("hand_or_trash"), "your trash or hand") is not None
    True
    >>> re.fullmatch(zone_pattern("trash", owner="opponent"), "their trash") is not None
    True
    """
    phrases = [
        p
        for p, (whose, zone) in ZONE_PHRASES.items()
        if (not zones or zone in zones) and (owner is None or whose == owner)
    ]
    return "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))


_ZONE = zone_pattern()
_FREE = r" without payings? (?:the|its|their) (?:memory |play )?costs?"
#: How a card is played: suspended, free, or with its play cost reduced.
_HOW = rf"(?P<suspended> suspended)?(?:(?P<free>{_FREE})| with the (?:play )?cost reduced by (?P<n>\d+))?"


def _cards(text: str, zone: str) -> list[Selector] | None:
    """One card phrase, or two joined by 'and' ('1 [Agumon] and 1 Tamer card')."""
    if (one := card_select(text, zone)) is not None:
        return [one]
    for m in re.finditer(r" and ", text):
        first, second = card_select(text[: m.start()], zone), card_select(text[m.end() :], zone)
        if first is not None and second is not None:
            return [first, second]
    return None


def _play(m: re.Match[str]) -> list[Action] | None:
    zone = ZONES.get(m["zone"] or "", "revealed")
    found = _cards(m["sel"], zone)
    if found is None or len(found) != 1:
        return None
    how = m.groupdict()
    return [
        Action(
            verb="play_card",
            selector=found[0],
            free=bool(how["free"]),
            suspended=bool(how.get("suspended")),
            amount=int(how["n"]) if how.get("n") else None,
        )
    ]


def _add(zone: str) -> Builder:
    def build(m: re.Match[str]) -> list[Action] | None:
        found = _cards(m["sel"], zone)
        return None if found is None else [Action(verb="add_to_hand", selector=s) for s in found]

    return build


def _add_from(m: re.Match[str]) -> list[Action] | None:
    """'return 1 [X] from your trash to the hand': cards of a zone to the hand."""
    return _add(ZONES[m["zone"]])(m)


def _activate(m: re.Match[str]) -> list[Action] | None:
    timing = vocabulary().timings.get(m["t"].lower())
    return (
        None
        if timing is None
        else [
            Action(
                verb="activate_effect", timing=timing, selector=Selector(owner="self", kind="card", this=True)
            )
        ]
    )


def _activate_all(m: re.Match[str]) -> list[Action] | None:
    """'Activate this Digimon's [On Play] effects' (EX5-061): all of them, those on its digivolution
    cards too (QA Q3660): the selector counts none (``count=None``: all)."""
    found = _activate(m)
    for action in found or ():
        action.selector = Selector(owner="self", kind="Digimon", this=True, count=None)
    return found


def _attack(m: re.Match[str]) -> list[Action] | None:
    selector = select(m["sel"])
    return None if selector is None else [Action(verb="attack", selector=selector, optional=True)]


def _attack_at(m: re.Match[str]) -> list[Action] | None:
    """'… may attack a player' / '… may attack an opponent's Digimon' ('attacks a player': it must):
    an attack by an effect whose target is only the player (``attack_player``) or only one of the
    opponent's Digimon, suspended as the rules want (``attack_digimon``, CR 11-2-7-1)."""
    if m["sel"] == "it":  # 'it' may be what an earlier sentence chose: not read
        return None
    selector = select(m["sel"])
    if selector is None or selector.owner == "opponent":
        return None
    verb = "attack_player" if m["at"] else "attack_digimon"
    return [Action(verb=verb, selector=selector, optional=bool(m["may"]))]


def _simple(verb: str, amount: int | None = None, **selector: object) -> Builder:
    def build(m: re.Match[str]) -> list[Action]:
        n = m.groupdict().get("n")
        sel = Selector(**selector) if selector else None  # type: ignore[arg-type]
        return [Action(verb=verb, amount=int(n) if n else amount, selector=sel)]

    return build


_REST = (
    r"(?:return|place) the (?:rest|remaining cards) (?:to|at) the bottom of (?:the |your )?deck"
)  # '… to the top or bottom of the deck': the player's choice (reveal_phrases)
TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (
            r"reveal the top (?:(?P<n>\d+) cards|card) of your deck"
            r"|reveal (?P<n2>\d+) cards from the top of your deck",
            lambda m: [
                Action(
                    verb="reveal",
                    amount=int(m["n"] or m["n2"] or 1),
                    selector=Selector(owner="self", kind="card", count=None, zone="deck"),
                )
            ],
        ),
        (r"add (?P<sel>.+?) among them to (?:the|your) hand", _add("revealed")),
        (r"among them, add (?P<sel>.+?) to (?:the|your) hand", _add("revealed")),
        (rf"(?:return|add) (?P<sel>.+?) from (?P<zone>{_ZONE}) to (?:the|your|its owner's) hand", _add_from),
        (rf"{_REST}(?: in any order)?", _simple("rest_to_deck")),
        (
            r"(?:return|place) the (?:rest|remaining cards) (?:to|on|at) the top of (?:the |your )?deck"
            r"(?: in any order)?",
            _simple("rest_to_deck_top"),
        ),
        (
            r"place this card face up as the bottom security card",
            _simple("place_self_face_up_bottom_security", owner="self", kind="card", this=True),
        ),
        (
            r"add (?:your bottom security card|the bottom card of your security stack) to (?:the|your) hand",
            _simple("bottom_security_to_hand", 1, owner="self", kind="card", zone="security"),
        ),
        (r"trash the (?:rest|remaining cards)", _simple("trash_rest")),
        (rf"play (?P<sel>.+?)(?: (?:from|in) (?P<zone>{_ZONE})| among (?:them|it)){_HOW}", _play),
        (rf"play (?P<sel>.+?)(?P<free>{_FREE}) from (?P<zone>{_ZONE})", _play),
        (
            r"activate (?:this card's|the) \[(?P<t>[^\]]+)\] effects? (?:of this card|on this card)?",
            _activate,
        ),
        (r"activate this card's \[(?P<t>[^\]]+)\] effects?", _activate),
        # its own one effect; '… effects': every one it has, its digivolution cards' too (QA Q3660)
        (r"activate this digimon's \[(?P<t>[^\]]+)\] effect", _activate),
        (r"activate this digimon's \[(?P<t>[^\]]+)\] effects", _activate_all),
        (r"activate (?:1|one) of this (?:digimon|card)'s \[(?P<t>[^\]]+)\] effects", _activate),
        (
            r"place this card (?:in|into) (?:the|its owner's|your) battle area",
            _simple("place_self", owner="self", kind="card", this=True),
        ),
        (
            r"set (?:it|your memory|the memory|memory) to (?P<n>\d+)",
            _simple("set_memory", owner="self", kind="player"),
        ),
        (
            r"add (?:your top security card|the top card of your security stack) to (?:the|your) hand",
            _simple("security_to_hand", 1, owner="self", kind="card", zone="security"),
        ),
        (r"(?P<sel>.+?) may attack", _attack),
        (
            r"(?P<sel>.+?) (?:(?P<may>may )attack|attacks) "
            r"(?:(?P<at>(?:a |the )?player|your opponent)|(?:your opponent's|an opponent's) digimon)",
            _attack_at,
        ),
        (
            r"(?P<sel>this digimon) may unsuspend",
            lambda m: [Action(verb="unsuspend", optional=True, selector=Selector(owner="self", this=True))],
        ),
    ]
] + DECK_MOVES  # the deck, hand, trash and security moves of ingest/compiler/deck_phrases.py


def match_zone(text: str) -> list[Action] | None:
    """The actions of one lower-cased sentence, if a zone template matches it whole."""
    return match_table(TEMPLATES, text)
