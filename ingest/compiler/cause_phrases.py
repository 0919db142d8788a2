"""Processing conditions read after the templates of ``conditions.py`` and ``condition_phrases.py``
(CR 15-6): how the triggering card came into play or digivolved ('if played or digivolved by an
effect', 'if this card was played by [X]'s effect'), the attacking Digimon, the colour of this
Digimon, cards 'on the field' (the battle area and the breeding area, CR 3-4-6), and wordings that
say a condition of those tables with a word left out or in other words.

>>> phrase_cause("if played or digivolved by effects", lambda t: None).kind
'played_or_digivolved_by_effect'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import match_table
from ingest.compiler.select import NAMES, card_select, names_of
from ingest.effect_ir import Condition, Selector

Build = Callable[[re.Match[str]], Condition | None]
Read = Callable[[str], Condition | None]
_COLORS = r"red|blue|yellow|green|black|purple|white"


def _played_by(m: re.Match[str]) -> Condition:
    """'If this card was played by [Trial of the Four Great Dragons]'s effect': an effect of a card
    with that name played it (the triggering play's cause and source, CR 15-2-1)."""
    return Condition(kind="played_by_effect_of", selector=Selector(owner="any", kind="card", count=None,
                                                                  name=names_of(m["name"])))


def _attacker_is(m: re.Match[str]) -> Condition:
    """'if the attacking Digimon is [Beelzemon]': the Digimon attacking now has exactly that name
    (QA Q3351: not [Beelzemon: Blast Mode]; Q3352: the name it has after digivolving in the attack)."""
    return Condition(kind="attacker_matches", selector=Selector(owner="any", count=None,
                                                               name=names_of(m["name"])))


def _this_color(m: re.Match[str]) -> Condition:
    """'while this Digimon is black': one of its colours now is that colour (CR 2-3-3)."""
    return Condition(kind="this_matches", selector=Selector(owner="self", this=True,
                                                           color=m["color"].capitalize()))


def _trashed_fitting(m: re.Match[str]) -> Condition | None:
    """'If this effect trashed a card with the [Three Musketeers] or [TS] trait' (P-212, EX5-069): a
    card the effect's trashing put in the trash fits (QA Q3674: the card trashed from the hand)."""
    selector = card_select(f"1 {m['np']}", "trash")
    if selector is None or selector.up_to or selector.any_of:
        return None
    return Condition(kind="effect_trashed_fitting", selector=selector.model_copy(update={"count": None}))


#: Templates of their own: (pattern after 'if'/'while', what it builds).
PHRASES: list[tuple[re.Pattern[str], Build]] = [
    (re.compile(rf"(?:if|while) {p}"), b)
    for p, b in [
        (  # AD1-024 'Then, if played or digivolved by effects', BT25-084 '… by an effect'
            r"played or digivolved by (?:an effect|effects)",
            lambda m: Condition(kind="played_or_digivolved_by_effect"),
        ),
        (  # EX3-025, EX3-064
            rf"this card was played by (?P<name>{NAMES})'s effect",
            _played_by,
        ),
        (rf"the attacking digimon is (?P<name>{NAMES})", _attacker_is),  # EX2-065
        (rf"this digimon is (?P<color>{_COLORS})", _this_color),  # P-033
        (r"this effect trashed (?:a|an) (?P<np>card with .+)", _trashed_fitting),  # P-212, EX5-069
        (  # EX11-037 'If this effect didn't flip': its flip found no face-down security card
            r"this effect (?P<neg>didn't |did not )?flip(?:ped)?",
            lambda m: Condition(kind="effect_flipped", negated=bool(m["neg"])),
        ),
        (  # EX4-065
            r"a digimon with (?P<n>\d+) dp or more is deleted by this effect",
            lambda m: Condition(kind="effect_deleted_dp_at_least", amount=int(m["n"])),
        ),
    ]
]

#: Wordings that say what a template of ``conditions.py`` reads: (pattern, the same in its words).
_SAME_AS: list[tuple[re.Pattern[str], str]] = [
    (  # BT13-111 'If no opponent's Digimon was deleted by this effect'
        re.compile(r"(if|while) no (?:opponent's|your opponent's) digimon (?:was|were) deleted "
                   r"by this effect$"),
        r"\1 this effect didn't delete your opponent's digimon",
    ),
    (  # EX7-061 'if [Lilithmon]/[X Antibody] in its digivolution cards': the 'is' left out
        re.compile(rf"(if|while) ({NAMES}) in its digivolution cards$"),
        r"\1 \2 is in its digivolution cards",
    ),
    (  # BT3-107 "if that Digimon's play cost is 4 or less"
        re.compile(r"(if|while) that digimon's play cost is (\d+) or (less|more)$"),
        r"\1 that digimon has a play cost of \2 or \3",
    ),
]

#: 'while you have a Digimon with [Huckmon] in its name on the field' (BT23-099 prints '… its name
#: the field'): the cards of the battle area and the breeding area (CR 3-4-6; QA Q5387).
_ON_FIELD = re.compile(r"(?P<head>(?:if|while) (?:you have|your opponent has) .+?) (?:on )?the field")


def on_field(lowered: str, read: Read) -> Condition | None:
    """A 'you have …' condition said of the field: its cards may be in the breeding area too
    (``read``: the condition of a clause by the other templates)."""
    if (m := _ON_FIELD.fullmatch(lowered)) is None:
        return None
    found = read(m["head"])
    if found is None or found.kind not in ("has_card", "has_at_most") or found.selector is None:
        return None
    if found.selector.zone != "battle_area" or found.selector.any_of:
        return None
    found.selector.zone = "field"
    return found


def phrase_cause(lowered: str, read: Read) -> Condition | None:
    """The condition of one lower-cased clause by a template here, or by ``read`` (the other
    templates) when it says the same as one of them in other words; None when neither reads it."""
    if (found := match_table(PHRASES, lowered)) is not None:
        return found
    for pattern, words in _SAME_AS:
        if pattern.match(lowered):
            return read(pattern.sub(words, lowered, count=1))
    return None
