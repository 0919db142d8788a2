"""'It' in delayed processing after a play: 'You may play 1 [Hawkmon] …. At the next end of your
opponent's turn, return it to the hand' (BT16-084) means the Digimon the effect played, never the
card whose effect it is: the same choice as the play's (``Action.same_targets``). So do 'that
Digimon' (LM-013) and, after playing a token, 'that token' (P-165: 'Play 1 [Familiar] Token ….
At the end of your opponent's turn, delete that token')."""

from __future__ import annotations

import re

from ingest.effect_ir import Action, Selector

_DELAYED_IT = re.compile(
    r"(?i)^(?:at the (?:next )?end of your opponent['’]s turn|at the end of (?:the|your) turn|at turn end), "
    r"(?P<verb>delete|return) (?P<what>it|that digimon|that token|this digimon)"
    r"(?: to (?:the|its owner's|your) hand)?$")
#: What the previous action played, by its verb: the cards it chose, or the tokens it made (CR 4-21).
_PLAYS = {"play_card": ("it", "that digimon"), "play_token": ("it", "that token", "that digimon"),
          "play_self": ("this digimon",)}  # '[Security] Play this card …. At the end of the turn, return
#: this Digimon to your hand' (EX4-013): the card this effect played from the security stack, now in play


#: Actions after a play that leave its choice as it was: 'You may play 1 … . Then, add this card to the
#: hand. At turn end, delete the Digimon this effect played' (EX10-012's [Security]) acts on this card.
_KEEPS_CHOICE = frozenset({"add_self_to_hand"})


def what_was_played(before: list[Action]) -> Selector | None:
    """The Digimon the effect's last play put in the battle area ('the Digimon this effect played'): the
    cards a ``play_card`` chose, the card a ``play_self`` played, the tokens a ``play_token`` made (a
    token is a Digimon, CR 4-21); None when the last action that chooses is no play of these."""
    rest = [a for a in before if a.verb not in _KEEPS_CHOICE]
    if not rest or rest[-1].verb not in _PLAYS:
        return None
    play = rest[-1]
    played = play.selector if play.verb == "play_card" else \
        Selector(owner="self", kind="Digimon", count=play.amount or 1 if play.verb == "play_token" else 1)
    return None if played is None else played.model_copy(update={"zone": "battle_area"})  # in play now


def that_token(sentence: str, before: list[Action]) -> str:
    """'At the end of your opponent's turn, delete that token' right after playing a token: 'that
    Digimon', the token being a Digimon (CR 4-21), for ``played_it`` to point at it."""
    m = _DELAYED_IT.match(sentence)
    if m is None or m["what"].lower() != "that token" or not before or before[-1].verb != "play_token":
        return sentence
    return f"{sentence[: m.start('what')]}that Digimon{sentence[m.end('what') :]}"


def played_it(sentence: str, parts: list[Action], before: list[Action]) -> None:
    """Point this sentence's parts at the Digimon the previous action played, when the sentence is a
    delayed 'delete it' / 'return it to the hand' right after a play; otherwise leave them alone."""
    m = _DELAYED_IT.match(sentence)
    if m is None or not before or m["what"].lower() not in _PLAYS.get(before[-1].verb, ()):
        return
    played = what_was_played(before[-1:])
    if played is None:
        return
    for part in parts:  # the played Digimon is in the battle area now, not in the zone it left
        part.selector, part.same_targets = played.model_copy(), True
