"""Plain words for what the engine does, for the report's log lines: a lasting change said as a
player would say it ('-2000 DP to devimon until the end of the turn'), never an internal verb name.

>>> from ingest.effect_ir import Action
>>> change_words(Action(verb="dp_modify", amount=-2000, duration="this_turn"), "devimon")
'-2000 DP to devimon until the end of the turn'
>>> change_words(Action(verb="cant_attack", duration="until_end_of_opponents_turn",
...                     span="it can't attack"), "x")
"'it can't attack' applies to x, until the end of the opponent's turn"
>>> change_words(Action(verb="cant_block", duration="this_turn"), "x")
"can't block applies to x, until the end of the turn"
"""

from __future__ import annotations

from ingest.effect_ir import Action

#: How long a lasting change lasts, by the graph's duration code (ontology/core.ttl, dcg:Duration).
DURATIONS = {
    "this_turn": "until the end of the turn",
    "this_attack": "until the end of the attack",
    "until_end_of_your_turn": "until the end of your turn",
    "until_end_of_your_next_turn": "until the end of your next turn",
    "until_end_of_opponents_turn": "until the end of the opponent's turn",
    "until_end_of_opponents_next_turn": "until the end of the opponent's next turn",
    "while_condition": "while its condition holds",
    "permanent": "for as long as the effect lasts",
}


#: Where pending processing waits, by the graph's processing point code (ontology/timings.ttl).
POINTS = {
    "end_of_turn": "the end of the turn",
    "end_of_opponents_turn": "the next end of the opponent's turn",
    "end_of_your_turn": "the next end of the effect's player's turn",
    "end_of_battle": "the end of the battle",
    "before_end_of_attack": "immediately before the end of the attack",
}


def point_words(code: str) -> str:
    """'the end of the turn' for ``end_of_turn``; an unknown code in words."""
    return POINTS.get(code, code.replace("_", " "))


def zone_words(zone: str) -> str:
    """A selector's zone code in words.

    >>> zone_words("hand_or_trash"), zone_words("blue_digimon_sources"), zone_words("under_tamers")
    ('hand or trash', 'blue digivolution cards', 'cards under Tamers')
    """
    words = zone.replace("digimon_sources", "digivolution cards")
    return words.replace("under_tamers", "cards under Tamers").replace("_", " ")


def field_words(name: str) -> str:
    """A number field of an effect in words: ``max_dp`` -> 'maximum DP'."""
    return name.replace("max_", "maximum ").replace("dp", "DP").replace("_", " ")


def duration_words(code: str) -> str:
    """'until the end of the turn' for ``this_turn``; an unknown code in words."""
    return DURATIONS.get(code, code.replace("_", " "))


def verb_words(action: Action) -> str:
    """The printed words of an action, else its verb in words (never ``dp_modify``).

    >>> verb_words(Action(verb="cant_be_deleted"))
    "can't be deleted"
    """
    return f"'{action.span}'" if action.span else action.verb.replace("cant_", "can't ").replace("_", " ")


def change_words(action: Action, what: str) -> str:
    """A lasting change on ``what`` (the Digimon it reaches, in words), with how long it lasts."""
    lasts = duration_words(action.duration)
    if action.verb == "dp_modify" and action.amount is not None:
        return f"{action.amount:+d} DP to {what} {lasts}"
    return f"{verb_words(action)} applies to {what}, {lasts}"
