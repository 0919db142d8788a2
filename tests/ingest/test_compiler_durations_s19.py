"""Session 19 (h4): delayed processing and durations on real card text (CR 18-1)."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, part: str = "main") -> list[Action]:
    """The actions of a card's one effect whose text is ``text``; every one compiled."""
    (record,) = [r for r in compile_card(number, **{part: text}) if r.text.strip()]
    assert all(a.compiled for a in record.compiled.actions), record.compiled.actions
    return record.compiled.actions


LM_013 = ("[When Attacking] You may play 1 Digimon card with [Angoramon]\u00a0in its text from your hand "
          "without paying the cost. At the end of your opponent's turn, return that Digimon to the hand.")


def test_at_the_end_of_your_opponents_turn_returns_that_digimon() -> None:
    """LM-013: 'At the end of your opponent's turn' is the point 'at the next end of your opponent's turn'
    (BT16-084); 'that Digimon' is the one the effect played, not the attacker (the trigger's subject)."""
    play, back = _actions("LM-013", LM_013)
    assert play.verb == "play_card" and play.selector is not None and play.selector.zone == "hand"
    assert (back.verb, back.processed_at) == ("return_to_hand", "EndOfOpponentsTurnPoint")
    assert back.same_targets
    assert back.selector is not None and back.selector.zone == "battle_area"
    assert not back.selector.subject and back.selector.text_contains == "Angoramon"


P_165 = ("[On Play] [When Digivolving] Play 1 [Familiar] Token (Digimon/Yellow/3000 DP/[On Deletion] 1 of "
         "your opponent's Digimon gets -3000 DP for the turn). At the end of your opponent's turn, "
         "delete that token.")


def test_delete_that_token_is_the_token_played() -> None:
    """P-165: 'delete that token' after 'Play 1 [Familiar] Token': the token played, at the end of the
    opponent's turn."""
    token, gone = _actions("P-165", P_165)
    assert token.verb == "play_token" and token.card is not None and token.card.name == "Familiar"
    assert (gone.verb, gone.processed_at, gone.same_targets) == ("delete", "EndOfOpponentsTurnPoint", True)
    assert gone.selector is not None
    assert (gone.selector.owner, gone.selector.kind, gone.selector.count) == ("self", "Digimon", 1)


def test_that_token_without_a_token_played_stays_unread() -> None:
    """'delete that token' with no token played before it names nothing: not compiled."""
    (record,) = compile_card("P-165", main="[On Play] At the end of your opponent's turn, delete that token.")
    assert [a.compiled for a in record.compiled.actions] == [False]


EX4_013 = ("[Security] Play this card without battling and without paying the cost. At the end of the turn, "
           "return this Digimon to your hand.")


def test_security_play_then_return_this_digimon_at_turn_end() -> None:
    """EX4-013: 'return this Digimon to your hand' at the end of the turn: the card the effect played
    from the security stack, now a Digimon in play (a new card, CR 3-1-3-1-1), to its owner's hand."""
    play, back = _actions("EX4-013", EX4_013, "security")
    assert (play.verb, play.free, play.without_battling) == ("play_self", True, True)
    assert (back.verb, back.processed_at, back.same_targets) == ("return_to_hand", "EndOfTurnPoint", True)
    assert back.selector is not None and back.selector.zone == "battle_area"


def test_return_this_digimon_to_your_hand() -> None:
    """'Return this Digimon to your hand' (no play before it): this Digimon itself."""
    (back,) = _actions("EX4-013", "[End of Your Turn] Return this Digimon to your hand.")
    assert back.verb == "return_to_hand" and back.selector is not None and back.selector.this
    assert not back.same_targets


def test_play_this_digimon_at_the_end_of_the_battle() -> None:
    """BT9-074: '[Security] At the end of the battle, play this Digimon without paying its memory cost'."""
    (play,) = _actions("BT9-074", "[Security] At the end of the battle, play this Digimon without paying its "
                       "memory cost.", "security")
    assert (play.verb, play.free, play.processed_at) == ("play_self", True, "EndOfBattlePoint")
