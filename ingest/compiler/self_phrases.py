"""Sentences about this Digimon, and wordings of a common action the action table does not read as
printed: 'This Digimon may attack without suspending' (``attack_without_suspending``), 'This Digimon
may battle 1 of your opponent's Digimon' (``battle_by_effect``), 'To 1 of your
opponent's Digimon, <De-Digivolve 1>' (<De-Digivolve 1> 1 of your opponent's Digimon), 'Reveal 1
card from the top of your deck' (the top card), 'For 1 of your opponent's Digimon, trash any 1 digivolution
card' (from that Digimon).

Each template is matched against a whole lower-cased sentence, after the static templates
(``ingest.compiler.static_phrases``); a builder returns None unless it understood every part.

>>> [(a.verb, a.selector.this) for a in match_self("this digimon may attack without suspending")]
[('attack_without_suspending', True)]
>>> [(a.verb, a.amount) for a in match_self("to 1 of your opponent's digimon, <de-digivolve 1>")]
[('de_digivolve', 1)]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import Builder, match_action, match_table
from ingest.compiler.per import per_phrase
from ingest.compiler.select import select
from ingest.compiler.zones import match_zone
from ingest.effect_ir import Action


def _attack_unsuspending(m: re.Match[str]) -> list[Action] | None:
    """'This Digimon may attack without suspending': it attacks by this effect, and does not suspend
    to do so, so it may attack while suspended (QA Q4580); the other rules of declaring an attack
    hold (CR 11-2). 'This Digimon attacks without suspending' (BT23-070): it must, if it can. '1 of your
    Digimon may …' (BT20-102): the Digimon the player chooses (or the one the sentence chose)."""
    selector = select(m["sel"])
    if selector is None:
        return None
    if not (selector.this or (selector.owner, selector.count, selector.up_to) == ("self", 1, False)):
        return None
    return [Action(verb="attack_without_suspending", selector=selector, optional=bool(m["may"]))]


def _battle(m: re.Match[str]) -> list[Action] | None:
    """'This Digimon may battle 1 of your opponent's Digimon' / 'this Digimon and 1 of your opponent's
    Digimon may battle': a battle, not an attack (QA Q6278), the player choosing the opposing Digimon."""
    rival = select(m["rival"])
    if rival is None or rival.owner != "opponent" or rival.count != 1 or rival.this:
        return None
    return [Action(verb="battle_by_effect", selector=rival, optional=True)]


def _reworded(template: str) -> Builder:
    """A builder reading the sentence as the action (or zone) tables' wording ``template`` (its groups
    filled in)."""

    def build(m: re.Match[str]) -> list[Action] | None:
        text = template.format(**m.groupdict())
        return match_action(text) or match_zone(text)

    return build


def _top_cards(m: re.Match[str]) -> list[Action] | None:
    """'Reveal 1 card (3 cards) from the top of your deck': the top card (cards) of the deck."""
    n = int(m["n"])
    top = "the top card" if n == 1 else f"the top {n} cards"
    return match_zone(f"reveal {top} of your deck")


def _sources_of_one(m: re.Match[str]) -> list[Action] | None:
    """'For (From) 1 of your opponent's Digimon, trash any 1 digivolution card (for every 2 colors your
    Tamers have)': the one Digimon chosen loses that many digivolution cards of the player's choice;
    trashing them one at a time or all at once is the same, its top card staying (CR 4-27-1)."""
    found = match_action(f"trash any {m['n']} digivolution card from {m['sel']}")
    if found is None or len(found) != 1 or found[0].verb != "trash_any_sources":
        return None
    if m["per"] is None:
        return found
    counted = per_phrase(m["per"])
    if counted is None:
        return None
    found[0].per, found[0].per_every, found[0].per_colors = counted
    return found


def _further(m: re.Match[str]) -> list[Action] | None:
    """'It further gets -3000 DP for each …' (after '1 of your opponent's Digimon gets -8000 DP until
    their turn ends'): more of the same modifier on the Digimon the sentence before chose, for as long
    (``ingest.compiler.number_phrases.further`` binds it to that action, or leaves it unread)."""
    counted = per_phrase(m["per"])
    that = select("that digimon")
    if counted is None or that is None:
        return None
    per, every, colors = counted
    return [Action(verb="dp_modify", selector=that, amount=int(m["n"]), per=per, per_every=every,
                   per_colors=colors)]


#: Templates (lower case), most specific first.
SELF_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        # BT20-102 '1 of your Digimon may gain <Rush> … and attack without suspending': the one chosen
        (r"(?P<sel>this digimon|1 of your digimon) (?:(?P<may>may )attack|attacks) without suspending",
         _attack_unsuspending),
        # 'you may attack your opponent's Digimon with this Digimon' (BT12-055): this Digimon attacks
        # one of them by the effect (CR 11-2-7-1); 'you may' is the body's
        (r"attack (?P<at>your opponent's digimon|an opponent's digimon) with (?P<sel>this digimon)",
         _reworded("{sel} attacks {at}")),
        (r"this digimon may battle (?P<rival>1 of your opponent's digimon)", _battle),
        (r"this digimon and (?P<rival>1 of your opponent's digimon) may battle", _battle),
        # 'To 1 of your opponent's Digimon, <De-Digivolve 1>' (BT24-065): the keyword on that Digimon
        (r"to (?P<sel>\d+ of your opponent's digimon), (?P<kw><de-digivolve ?\d+>)", _reworded("{kw} {sel}")),
        (r"reveal (?P<n>\d+) cards? from the top of your deck", _top_cards),
        (r"it further gets (?P<n>[+-]\d+) dp for (?P<per>(?:each|every) .+)", _further),
        # 'trash 1 digivolution card from the bottom of each of your opponent's Digimon' (BT7-030): all
        (r"trash (?P<n>\d+) digivolution cards? from the bottom of each of (?P<sel>your opponent's digimon)",
         _reworded("trash {n} digivolution card from the bottom of all of {sel}")),
        (r"(?:for|from) (?P<sel>1 of your opponent's digimon), trash any (?P<n>\d+) digivolution cards?"
         r"(?: for (?P<per>(?:each|every) .+))?", _sources_of_one),
        # misprints read as what they print: 'add this card its owner's hand' (BT1-108), '<De-DigivoLv.e 1>'
        # (BT2-105, BT2-106, P-015: the keyword <De-Digivolve 1>, CR 16-4)
        (r"add this card its owner's hand", _reworded("add this card to its owner's hand")),
        # 'Return 1 Option card with [Plug-In] from your trash to the hand' (EX8-031): every card with the
        # [Plug-In] trait has it in its name too, and the early Plug-In cards have no trait: its name
        (r"return (?P<n>\d+) option cards? with \[Plug-In\] from your trash to (?P<to>the|your) hand",
         _reworded("return {n} option card with [Plug-In] in its name from your trash to {to} hand")),
        (r"<de-digivolv\.e (?P<n>\d+)> on (?P<sel>.+)", _reworded("<de-digivolve {n}> on {sel}")),
        (r"tash (?P<rest>the top \d+ cards of both players' decks)", _reworded("trash {rest}")),  # EX10-046
        # 'When this card is trashed from your deck, return it to your hand' (BT10-108, the one card with
        # these words): 'it' is this card, now in the trash
        (r"return it to your hand", _reworded("add this card to your hand")),
        # 'trash this Digimon's top stacked card' (EX10-022): its top card, while it has stacked cards
        (r"trash this digimon's top stacked card", _reworded("trash the top card of this digimon")),
        # 'Trash all of the digivolution cards of those Digimon' after returning them (BT4-102, BT5-096): the
        # rules' own trashing of a returned Digimon's cards, restated (QA Q1037), as 'of that Digimon' is
        (r"trash all of the digivolution cards of those digimon",
         _reworded("trash all of the digivolution cards of that digimon")),
        (r"trash the top (?P<n>\d+) digivolution cards of 1 if your opponent's digimon",  # ST21-03
         _reworded("trash the top {n} digivolution cards of 1 of your opponent's digimon")),
        # 'trash their deck's top 5 cards' (EX10-009): the top 5 cards of the opponent's deck
        (r"trash (?:their|your opponent's) deck's top (?P<n>\d+) cards",
         _reworded("trash the top {n} cards of your opponent's deck")),
        # 'Return all of … to the bottom of their owners' decks in any order' (BT8-112): the order of
        # cards placed in a deck at once is the player's (CR 3-1-3-4), as without the words
        (r"(?P<rest>return all of .+ to the bottom of their owners' decks) in any order",
         _reworded("{rest}")),
        # 'trash any 3 cards under 1 of your opponent's Digimon or Tamers' (BT16-069): what is stacked under
        # that one Digimon or Tamer (its digivolution cards, a Tamer's cards under it, QA Q4709)
        (r"trash any (?P<n>\d+) cards under (?P<sel>1 of your opponent's digimon or tamers)",
         _reworded("trash any {n} digivolution cards of {sel}")),
    ]
]


def match_self(text: str) -> list[Action] | None:
    """The actions of a lower-cased sentence a template of this module reads whole, or None."""
    return match_table(SELF_TEMPLATES, text)
