"""Cost phrases after 'by' read in session 18 (appended to ``ingest.compiler.costs.COSTS``), each a
regex matched against the whole lower-cased phrase. CR 15-7-3: a cost is paid in full, or what it pays
for does not happen.

>>> [(a.verb, a.amount) for a in match_by_cost("trashing the top security card of 1 player with the most "
...                                            "security cards")]
[('trash_security_of_most', 1)]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import Builder, match_table, on
from ingest.compiler.play import match_play
from ingest.compiler.select import card_select, select
from ingest.effect_ir import Action, Selector


def _security_of_most(m: re.Match[str]) -> list[Action]:
    """'trashing the top security card of 1 player with the most security cards' (BT25-043, ST23-05):
    the top card of the stack of whichever player has more security cards; on a tie the effect's player
    chooses which (QA Q6312, Q6167)."""
    return [Action(verb="trash_security_of_most", amount=1,
                   selector=Selector(owner="any", kind="card", count=1, zone="security"))]


def _options_with(m: re.Match[str]) -> list[Action] | None:
    """'trashing 4 of your Option cards with the [Device] trait in the battle area' (BT19-086): exactly that
    many of your Option cards so described that an effect placed in the battle area (CR 4-28-1)."""
    selector = select(m["sel"])
    if selector is None or selector.kind != "Option" or selector.up_to or not selector.count:
        return None
    return [Action(verb="trash_option_in_play", amount=selector.count, selector=selector)]


def _hand_or_sources(verb: str) -> Builder:
    """'trashing 1 [Mineral] or [Rock] trait card from your hand or your Digimon's digivolution cards'
    (EX11-038, BT25-092: any of your Digimon's, QA Q5865), '1 card with [Sukamon] in its name in your hand
    or in this Digimon's digivolution cards' (BT11-041: this Digimon's): exactly that many fitting cards,
    each from either place."""

    def build(m: re.Match[str]) -> list[Action] | None:
        selector = card_select(m["sel"], "hand")
        if selector is None or selector.up_to or not selector.count:
            return None
        return [Action(verb=verb, amount=selector.count, selector=selector)]

    return build


def _top_stacked(m: re.Match[str]) -> list[Action] | None:
    """'trashing the top stacked card of 1 of your [Armor Form] trait Digimon' (BT21-085): 1 of your
    Digimon so described that has cards under it loses its top card."""
    selector = select(m["sel"])
    if selector is None or selector.kind != "Digimon" or selector.owner != "self" or selector.count != 1:
        return None
    return [Action(verb="trash_top_stacked_card", amount=1, selector=selector)]


def _to_breeding(m: re.Match[str]) -> list[Action] | None:
    """'playing 1 [Lucemon: Larva] from your trash to your empty breeding area without paying the cost'
    (BT18-101, EX10-060): the play into the breeding area (``ingest.compiler.play``), as a cost: with the
    breeding area not empty, or no such card, it is not paid (CR 15-7-3, 3-4-7-2)."""
    found = match_play(f"play {m['rest']}")
    return found if found is not None and [a.verb for a in found] == ["play_to_breeding"] else None


_HAND_OR = r"trashing (?P<sel>\d+ .+?) (?:from|in) your hand or (?:in |from )?"

#: Session 18's cost phrases (CR 15-7).
BY_COST_PHRASES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"trashing the top security card of 1 player with the most security cards", _security_of_most),
        (r"trashing (?P<sel>\d+ of your option cards? with .+?) in the battle area", _options_with),
        (r"trashing the top stacked card of (?P<sel>1 of your .+)", _top_stacked),
        (r"playing (?P<rest>1 .+ to your empty breeding area without paying the cost)", _to_breeding),
        (  # BT25-073: of any of your Digimon (this Digimon's own: ``costs._link_cards``)
            r"trashing (?P<n>\d+) of your digimon's link cards?",
            lambda m: [Action(verb="trash_your_link_cards", amount=int(m["n"]))],
        ),
        (
            rf"{_HAND_OR}your digimon's digivolution cards",
            _hand_or_sources("trash_hand_or_digimon_sources"),
        ),
        (
            rf"{_HAND_OR}this digimon's digivolution cards",
            _hand_or_sources("trash_hand_or_own_sources"),
        ),
        # BT19-075 'deleting 1 of your Digimon with the [Composite] trait Digimon' (as printed): that Digimon
        (r"deleting (?P<sel>1 of your digimon with the \[[^\]]+\] trait) digimon", on("delete")),
    ]
]


def match_by_cost(text: str) -> list[Action] | None:
    """The actions of one lower-cased cost phrase of this module, if one matches it whole."""
    return match_table(BY_COST_PHRASES, text)
