"""Cost changes answering a play or a digivolution about to be paid (CR 15-8-5): the 'When …'
clauses that name it and the actions that change its cost. Each clause is matched whole.

>>> t = you_would_play(re.fullmatch(r"you would play (?P<np>.+)", "you would play a green digimon card"))
>>> t.event, t.requires, t.selector.color, t.selector.kind
('WouldBePlayed', ['SubjectIsOwn'], 'Green', 'Digimon')
>>> t = you_would_use(re.fullmatch(r"(?P<np>.+)", "[glowing dawn] trait option cards"))
>>> t.event, t.requires, t.selector.kind, t.selector.trait
('WouldBePlayed', ['SubjectIsOwn'], 'Option', 'glowing dawn')
>>> t = opponents_bare_would_digivolve(None)
>>> t.event, t.this_role, t.requires
('WouldDigivolve', 'AnyRole', ['OtherHasNoSources', 'OtherIsDigimon', 'OtherIsOpponents'])
>>> [(a.verb, a.amount) for a in increase(re.fullmatch(r"by (?P<n>\\d+)", "by 1"))]
[('increase_digivolve_cost', 1)]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import subject
from ingest.effect_ir import Action, Condition, Trigger


def you_would_play(m: re.Match[str]) -> Trigger | None:
    """'you would play a green Digimon card' (EX3-040): WouldBePlayed, one of your cards the phrase
    names about to be played, from wherever it is played (CR 7-1-2-2, 15-8-5)."""
    card = subject(m["np"])
    if card is None or card.owner != "any" or card.other or card.this or card.state is not None \
            or card.any_of or card.zone != "battle_area":
        return None
    return Trigger(event="WouldBePlayed", this_role="AnyRole", requires=["SubjectIsOwn"],
                   selector=card.model_copy(update={"owner": "self", "count": None}))


def you_would_use(m: re.Match[str]) -> Trigger | None:
    """'you would use an Option card with the [Glowing Dawn] trait' (BT25-049), 'you would use [Glowing
    Dawn] trait Option cards' (BT25-090): WouldBePlayed, one of your Option cards the phrase names about
    to be used (an Option card is used, CR 9-1; its cost is paid after it is revealed, CR 9-1-6, 15-8-5)."""
    card = subject(m["np"])
    if card is None or card.owner != "any" or card.other or card.this or card.state is not None \
            or card.any_of or card.kind != "Option":
        return None
    return Trigger(event="WouldBePlayed", this_role="AnyRole", requires=["SubjectIsOwn"],
                   selector=card.model_copy(update={"owner": "self", "count": None}))


def opponents_bare_would_digivolve(_m: re.Match[str] | None) -> Trigger:
    """'an opponent's Digimon with no digivolution cards would digivolve' (EX3-016, EX3-019):
    WouldDigivolve, its object an opponent's Digimon with no digivolution cards as it is then
    (OtherHasNoSources; CR 4-8-1, 15-8-5), into any card; a Digimon, not a Tamer that digivolves (the
    issue 9 precision scan, tests/ingest/test_compiler_precision_s19.py)."""
    return Trigger(event="WouldDigivolve", this_role="AnyRole",
                   requires=["OtherHasNoSources", "OtherIsDigimon", "OtherIsOpponents"])


def this_played_or_digivolved_into(_m: re.Match[str] | None) -> Trigger:
    """'this card would be played or digivolved into' (EX5-012, EX5-020): either 'would' event with this
    card its subject, the card about to be played or to be digivolved into (WouldBePlayedOrDigivolve;
    CR 15-8-5); not a digivolution from this card (QA Q3549)."""
    return Trigger(event="WouldBePlayedOrDigivolve", this_role="SubjectRole")


def played_or_own_digivolve_into(m: re.Match[str]) -> Trigger | None:
    """'a card with [Angoramon] in its text would be played or one of your Digimon would digivolve into
    such a card' (LM-009): either 'would' event, its subject the card the phrase names, whoever's card is
    played; when it is a digivolution, the Digimon about to digivolve is one of yours (OwnIfDigivolving;
    CR 15-8-5)."""
    card = subject(m["np"])
    if card is None or card.owner != "any" or card.other or card.this or card.state is not None \
            or card.any_of or card.kind != "card":
        return None
    return Trigger(event="WouldBePlayedOrDigivolve", this_role="AnyRole", requires=["OwnIfDigivolving"],
                   selector=card.model_copy(update={"count": None}))


#: 'When …' clauses (lower-cased, without 'when'), read by ``trigger_more_phrases.more_trigger``.
COST_TRIGGERS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Trigger | None]]] = [
    (re.compile(r"(?:an|one of your) opponent's digimon with no digivolution cards would digivolve"),
     opponents_bare_would_digivolve),
    (re.compile(r"you would play (?P<np>an? (?:(?!from )[^,])+?)"), you_would_play),
    (re.compile(r"this card would be played or digivolved into"), this_played_or_digivolved_into),
    (re.compile(r"(?P<np>an? card [^,]+?) would be played or one of your digimon would digivolve into such "
                r"a card"), played_or_own_digivolve_into),
    (re.compile(r"you would use (?P<np>(?:(?!from )[^,])+?option cards?(?: with the \[[^\]]+\] trait)?)"),
     you_would_use),
]


def increase(m: re.Match[str]) -> list[Action]:
    """'increase the digivolution cost by N': the digivolution the effect answers ('would digivolve')
    costs N more (CR 15-8-5, 8-1-2-4); outside such an effect it is a gap (kg/solver/support.py)."""
    return [Action(verb="increase_digivolve_cost", amount=int(m["n"]))]


def reduce_their(m: re.Match[str]) -> list[Action]:
    """'When any of your Digimon cards with the [TS] trait would be played, …, reduce their play costs
    by 1' (P-199): 'their' are the cards about to be played, so it is the play cost the effect answers
    (CR 15-8-5, 7-1-2-2); under any other trigger it is a gap (kg/solver/support.py)."""
    return [Action(verb="reduce_play_cost", amount=int(m["n"]))]


def reduce_either(m: re.Match[str]) -> list[Action]:
    """'reduce the play or digivolution cost by N' (EX5-012): the play or the digivolution the effect
    answers ('would be played or digivolved into') costs N less (CR 15-8-5, 7-1-2-2, 8-1-2-4); outside
    such an effect it is a gap (kg/solver/support.py)."""
    return [Action(verb="reduce_play_or_digivolve_cost", amount=int(m["n"]))]


#: Action templates, added to ``actions.TEMPLATES``.
COST_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"increase the digivolution cost by (?P<n>\d+)"), increase),
    (re.compile(r"reduce the play or digivolution cost by (?P<n>\d+)"), reduce_either),
    (re.compile(r"reduce their play costs by (?P<n>\d+)"), reduce_their),
]


def digimon_with_sources_and(m: re.Match[str]) -> Condition | None:
    """'if you have a Digimon with 3 or more digivolution cards and the [Light Fang]/[Night Claw]/[Galaxy]
    trait' (EX5-012): one of your Digimon in play with that trait has at least N digivolution cards
    (digimon_sources_at_least; CR 4-8)."""
    selector = subject(" ".join(f"a digimon with {m['rest']}".split()))  # a no-break space before 'trait'
    if selector is None or selector.owner != "any" or selector.kind != "Digimon" or selector.any_of \
            or selector.other or selector.trait is None:
        return None
    return Condition(kind="digimon_sources_at_least", amount=int(m["n"]),
                     selector=selector.model_copy(update={"owner": "self", "count": None}))


#: Condition templates ('if …', lower-cased), added to ``condition_phrases.PHRASES``.
COST_CONDITIONS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Condition | None]]] = [
    (re.compile(r"if you have a digimon with (?P<n>\d+) or more digivolution cards and "
                r"(?P<rest>the \[[^\]]+\](?:/\[[^\]]+\])*\s+trait)(?: in play)?"), digimon_with_sources_and),
]
