"""More processing conditions ('If …,' / 'While …,', CR 15-6, 15-8-2-2) -> Condition, tried after
the table of ``ingest/compiler/conditions.py``: the colours of your Tamers, counts compared with
the opponent's, 'during an attack', what this Digimon was as it left play ('had'), and phrasings
that say the same as a condition of that table ('they have' is the opponent, 'it has' the
triggering card, 'all of your Digimon are suspended' that none is unsuspended).

>>> c = phrase_condition("if your tamers with the [ADVENTURE] trait have 3 or more total colors", [])
>>> c.kind, c.amount, c.selector.kind, c.selector.trait
('tamers_colors_at_least', 3, 'Tamer', 'ADVENTURE')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ingest.compiler.actions import match_table
from ingest.compiler.cost_change_phrases import COST_CONDITIONS
from ingest.compiler.select import NAMES, card_select, names_of, subject, this_is, this_with
from ingest.effect_ir import Condition, Selector

Build = Callable[[re.Match[str]], Condition | None]
Table = Sequence[tuple[re.Pattern[str], Build]]
_COLORS = r"red|blue|yellow|green|black|purple|white"


def _count(kind: str) -> Build:
    return lambda m: Condition(kind=kind, amount=int(m["n"]))


def _tamer_colors(m: re.Match[str]) -> Condition | None:
    """'If your Tamers (with the [ADVENTURE] trait) have 3 or more total colors': the colours of
    those Tamers in play, each colour once."""
    selector = subject(f"your tamers{' with ' + m['with'] if m['with'] else ''}")
    if selector is None or selector.kind != "Tamer":
        return None
    return Condition(kind="tamers_colors_at_least", amount=int(m["n"]), selector=selector)


def _compared(kind: str, negated: bool) -> Build:
    """'If your opponent has as many or more total Digimon and Tamers as you': how many of those
    each player has in play (``more_than_opponent`` negated: the opponent has no fewer)."""
    def build(m: re.Match[str]) -> Condition | None:
        selector = subject(m["np"])
        if selector is None or selector.owner != "any" or selector.other or selector.any_of:
            return None
        return Condition(kind=kind, selector=selector, negated=negated)
    return build


def _had(m: re.Match[str]) -> Condition | None:
    """'[On Deletion] If this Digimon had the [Unidentified] trait': this Digimon as it was when the
    triggering event happened (it has left play)."""
    selector = this_with(f"with {m['filter']}")
    return None if selector is None else Condition(kind="holder_matched", selector=selector)


def _under_this_tamer(m: re.Match[str]) -> Condition | None:
    """'if there are 4 or more [Hybrid] trait cards under this Tamer': N of the cards under it fit."""
    selector = card_select(f"{m['n']} {m['np']}", "sources")
    if selector is None or selector.up_to or selector.any_of:
        return None
    return Condition(kind="sources_include", amount=int(m["n"]), selector=selector)


def _in_breeding(m: re.Match[str]) -> Condition:
    """'If you have [Mother Eater] in the breeding area': the card there has one of those names."""
    selector = Selector(owner="self", kind="card", name=names_of(m["name"]))
    return Condition(kind="breeding_matches", selector=selector)


def _face_up_named(negated: bool) -> Build:
    """'if [Deep Savers] is face-up in your security stack', 'while you have no face-up [Gennai's
    House] security cards': a face-up card of the player's security stack has that name (CR 3-7-4)."""
    def build(m: re.Match[str]) -> Condition:
        selector = Selector(owner="self", kind="card", zone="security", count=None, name=names_of(m["name"]))
        return Condition(kind="face_up_security_at_least", amount=1, selector=selector, negated=negated)
    return build


def _that(m: re.Match[str]) -> Condition | None:
    """'if that Digimon has 16000 DP or more', '… is level 5 or higher', '… has the [X] trait': the
    Digimon the text last named (an earlier action's choice, else the triggering event's)."""
    found = this_with(f"with {m['has']}") if m["has"] else this_is(m["is"])
    if found is None or found.any_of:
        return None
    selector = found.model_copy(update={"this": False, "owner": "any", "count": None})
    return Condition(kind="that_matches", selector=selector)


def _different_names(m: re.Match[str]) -> Condition | None:
    """'you have 3 or more [Hero] trait Tamers with different names': that many of the player's cards
    in play that fit, no two with the same name (CR 2-3-1)."""
    selector = subject(m["np"])
    if selector is None or selector.owner != "any" or selector.any_of or selector.kind == "card":
        return None
    selector.owner = "self"
    return Condition(kind="different_names_at_least", amount=int(m["n"]), selector=selector)


def _digimon_sources(m: re.Match[str]) -> Condition | None:
    """'If one of your [Mother D-Reaper]s has 5 or more digivolution cards', 'while you have a [Mother
    D-Reaper] with 6 or more digivolution cards in play': one of the player's Digimon that fits has
    at least N digivolution cards (CR 4-8)."""
    selector = subject(m["np"] or m["np2"])
    if selector is None or selector.owner != "any" or selector.any_of or selector.other:
        return None
    fields = {"owner": "self", "count": None, "kind": "Digimon" if selector.kind == "card" else selector.kind}
    if fields["kind"] != "Digimon":
        return None
    return Condition(kind="digimon_sources_at_least", amount=int(m["n"]),
                     selector=selector.model_copy(update=fields))


#: 'your opponent has no Digimon': the opponent's Digimon in play, each of them.
_THEIR_DIGIMON = Selector(owner="opponent", kind="Digimon", count=None)


PHRASES: list[tuple[re.Pattern[str], Build]] = [
    (re.compile(rf"(?:if|while) {p}"), b)
    for p, b in [
        (r"during an attack", lambda m: Condition(kind="during_attack")),  # CR 11-1-3
        (
            r"your tamers(?: with (?P<with>.+?))? have (?P<n>\d+) or more total colors",
            _tamer_colors,
        ),
        (
            r"you have more security cards than your opponent",
            lambda m: Condition(kind="security_more_than_opponent"),
        ),
        (r"you have (?P<n>\d+) or (?:fewer|less) cards in (?:your )?hand", _count("hand_at_most")),
        (
            r"your opponent has (?P<n>\d+) (?:or (?:fewer|less) memory|memory or (?:fewer|less))",
            _count("opponent_memory_at_most"),
        ),
        (
            r"your opponent has as many or more (?:total )?(?P<np>.+?) as you",
            _compared("more_than_opponent", negated=True),
        ),
        (
            r"your opponent has as many or fewer (?:total )?(?P<np>.+?) as you",
            _compared("fewer_than_opponent", negated=True),
        ),
        (r"you have fewer (?P<np>.+?) than your opponent", _compared("fewer_than_opponent", negated=False)),
        (r"this digimon had (?P<filter>.+)", _had),
        (  # 'If digivolved by this effect, delete this Digimon at the end of the turn' (BT17-011)
            r"(?:it )?digivolved by this effect",
            lambda m: Condition(kind="effect_digivolved"),
        ),
        (r"you added (?:a card|cards|1 card) to (?:your|the) hand", lambda m: Condition(kind="effect_added")),
        (
            r"your opponent has (?P<n>\d+) or more cards in either their hand or trash",
            lambda m: Condition(kind="either", either=[
                Condition(kind="opponent_hand_at_least", amount=int(m["n"])),
                Condition(kind="opponent_trash_at_least", amount=int(m["n"]))]),
        ),
        (r"there are (?P<n>\d+) or more (?P<np>.+?) under this tamer", _under_this_tamer),
        (  # BT23-074: the player's Digimon in the breeding area
            rf"you have (?P<name>{NAMES}) in (?:the|your) breeding area",
            _in_breeding,
        ),
        (rf"(?P<name>{NAMES}) is face-up in your security stack", _face_up_named(negated=False)),
        (rf"you have a face-up (?P<name>{NAMES}) security card", _face_up_named(negated=False)),
        (rf"you have no face-up (?P<name>{NAMES}) security cards", _face_up_named(negated=True)),
        (  # BT14-029 Plesiomon: strictly more than this Digimon has
            r"your opponent has no digimon with more digivolution cards than this digimon",
            lambda m: Condition(kind="more_sources_than_this", selector=_THEIR_DIGIMON, negated=True),
        ),
        (r"that digimon (?:has (?P<has>.+)|is (?P<is>.+))", _that),  # BT4-109, BT17-053, EX7-064
        (  # BT3-004, BT3-058: 'If you attack an opponent's Digimon (that has 12000 DP or more)'
            r"you attack (?:one of your opponent's|an opponent's) digimon"
            r"(?: that has (?P<dp>\d+) dp or more)?",
            lambda m: Condition(kind="attacks_digimon", selector=Selector(
                owner="opponent", count=None, min_dp=int(m["dp"])) if m["dp"] else None),
        ),
        (  # BT2-006 (QA Q995): a name shared with this Digimon's top card (CR 2-3-1-1)
            r"you have another digimon in play with the same name as this digimon",
            lambda m: Condition(kind="has_card", selector=Selector(
                owner="self", count=None, other=True, same_name_as_this=True)),
        ),
        (  # BT21-010
            r"you have (?P<n>\d+) or more (?P<np>.+?) with different names(?: in play)?",
            _different_names,
        ),
        (  # EX2-053, EX2-054
            r"(?:one of your (?P<np>\[[^\]]+\])s has|you have (?P<np2>(?:a|an) \[[^\]]+\]) with) "
            r"(?P<n>\d+) or more digivolution cards(?: in play)?",
            _digimon_sources,
        ),
        (  # BT19-006 '[On Deletion] If deleted other than by battle'
            r"deleted other than (?:by|in) (?:a )?battle",
            lambda m: Condition(kind="deleted_in_battle", negated=True),
        ),
        (r"this card was deleted by an effect", lambda m: Condition(kind="deleted_by_effect")),  # BT5-071
        # EX4-064 '[All Turns] When one of your … Digimon is deleted, …. If that Digimon was deleted by an
        # effect': the triggering deletion's cause (the corpus prints it after a Deleted trigger only)
        (r"that digimon was deleted by an effect", lambda m: Condition(kind="deleted_by_effect")),
        # EX2-057 'When you play a blue Digimon, …. Then, if the Digimon played is [MarineAngemon]': the
        # triggering event's card, as it was played (CR 2-3-1-1: its name)
        (rf"the digimon played is (?P<name>{NAMES})", lambda m: Condition(
            kind="event_subject_matches",
            selector=Selector(owner="any", kind="card", subject=True, count=None, name=names_of(m["name"])))),
        (r"played from digivolution cards", lambda m: Condition(kind="played_from_sources")),  # EX6-013
        (  # EX12-076: the different colours of this Digimon's digivolution cards
            r"this digimon has (?P<n>\d+) or more colors in its digivolution cards",
            _count("sources_colors_at_least"),
        ),
        (  # LM-040 Vikemon: none with this Digimon's count or more
            r"your opponent has no digimon with as many or more digivolution cards as this digimon",
            lambda m: Condition(kind="as_many_sources_as_this", selector=_THEIR_DIGIMON, negated=True),
        ),
    ]
]

#: Phrasings of a condition another template reads: (pattern, what it says in that template's words).
_SAME_AS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(if|while) they have "), r"\1 your opponent has "),  # 'they': the opponent
    (
        re.compile(r"(if|while) their hand has (\d+) or (fewer|less|more) cards$"),
        r"\1 your opponent has \2 or \3 cards in their hand",
    ),
    (re.compile(r"(if|while) it's their turn$"), r"\1 it's your opponent's turn"),
    (re.compile(r"(if|while) all of your digimon are suspended$"), r"\1 you have no unsuspended digimon"),
    (re.compile(r"(if|while) it has "), r"\1 any of them have "),  # the triggering card
    (  # BT4-099 'if one of your Digimon has [Greymon] or [Dramon] in its name (other than …)'
        re.compile(r"(if|while) one of your digimon has "
                   r"(\[[^,]+? in its (?:name|traits?)(?: \(other than [^)]+\))?)$"),
        r"\1 you have a digimon with \2",
    ),
    (  # ST12-12 'while you have a Digimon in play with [Huckmon] in its name …'
        # not '… in its name or digivolution cards' (BT10-102: which card has the name is not said)
        re.compile(r"(if|while) (you have|your opponent has) (a|an|another) (digimon|tamer) in play with "
                   r"(?!.* or digivolution cards$)(.+)$"),
        r"\1 \2 \3 \4 with \5 in play",
    ),
    (  # BT8-029 'a Digimon with a digivolution card': one with digivolution cards
        re.compile(r"(if|while) (you have|your opponent has) (a|an) digimon with a digivolution card "
                   r"in play$"),
        r"\1 \2 \3 digimon with digivolution cards in play",
    ),
    # EX3-033 '[Trial of the Four Great Dragons] is in your battle area': one of your cards in play
    (re.compile(r"(if|while) (\[[^\]]+\]) is in your battle area$"), r"\1 you have a \2 in play"),
]
#: 'if it has the [Free] trait or is yellow': either, of the triggering card.
_IT_OR_IS = re.compile(rf"(?P<word>if|while) it has (?P<filter>.+?) or is (?P<color>{_COLORS})")
PHRASES += COST_CONDITIONS  # ingest/compiler/cost_change_phrases.py


#: 'if you have a Digimon with [X Antibody] in its digivolution cards in play' (BT9-095), '… with 4
#: or more digivolution cards in play' (BT12-103): one of the player's Digimon, its digivolution cards.
_DIGIMON_WITH_SOURCES = re.compile(
    r"(?P<word>if|while) you have a digimon with (?:(?P<n>\d+) or more digivolution cards"
    r"|(?P<np>.+?) in its digivolution cards)(?: in play)?")


def _digimon_sources(lowered: str, table: Table) -> Condition | None:
    """One of the player's Digimon in play has N digivolution cards (fitting what the clause names,
    read as this Digimon's 'has … in its digivolution cards' is by ``table``)."""
    if (m := _DIGIMON_WITH_SOURCES.fullmatch(lowered)) is None:
        return None
    if m["n"]:
        return Condition(kind="digimon_sources_include", amount=int(m["n"]))
    this = match_table(table, f"{m['word']} this digimon has {m['np']} in its digivolution cards")
    if this is None or this.kind != "sources_include" or this.selector is None or this.selector.any_of:
        return None
    return Condition(kind="digimon_sources_include", amount=this.amount or 1, selector=this.selector)


def phrase_condition(lowered: str, table: Table, span: str = "") -> Condition | None:
    """The condition of one lower-cased clause by a template here, or by ``table`` (the templates of
    ``ingest/compiler/conditions.py``) when it says the same as one of them in other words; the
    conditions an 'either' joins keep the clause's ``span`` (the graph keeps each one by its text)."""
    if (found := match_table(PHRASES, lowered)) is not None:
        found.either = [c.model_copy(update={"span": c.span or span}) for c in found.either]
        return found
    if (found := _digimon_sources(lowered, table)) is not None:
        return found
    if m := _IT_OR_IS.fullmatch(lowered):
        either = [match_table(table, f"{m['word']} any of them have {m['filter']}"),
                  match_table(table, f"{m['word']} any of them are {m['color']}")]
        if all(c is not None and c.kind == "event_subject_matches" for c in either):
            return Condition(kind="either", either=[c.model_copy(update={"span": span}) for c in either if c])
    for pattern, words in _SAME_AS:
        if pattern.match(lowered):
            said = pattern.sub(words, lowered, count=1)
            return match_table(table, said) or match_table(PHRASES, said)
    return None
