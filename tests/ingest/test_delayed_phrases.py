"""'At the next end of your opponent's turn, delete it / return it to the hand': processing that waits
for the first end of an opponent's turn (CR 18-1), on the Digimon the effect played (never this card)."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card

PLAYED = [  # real texts: the play, then the delayed action on what it played
    ("BT16-084", "[Start of Your Main Phase] You may play 1 [Hawkmon] or [Salamon] from your hand without "
                 "paying "
     "the cost. At the next end of your opponent’s turn, return it to the hand.", "return_to_hand"),
    ("BT16-089", "[On Deletion] You may play 1 level 5 or lower Digimon card with [Myotismon] in its text "
                 "from "
     "your trash without paying the cost. At the next end of your opponent’s turn, delete it.", "delete"),
]


@pytest.mark.parametrize(("number", "text", "verb"), PLAYED)
def test_it_is_the_played_digimon_at_the_next_end_of_the_opponents_turn(number: str, text: str,
                                                                         verb: str) -> None:
    (effect,) = compile_card(number, text)
    play, later = effect.compiled.actions
    assert play.verb == "play_card" and later.verb == verb and later.compiled
    assert later.processed_at == "EndOfOpponentsTurnPoint"
    assert later.same_targets and later.selector is not None and not later.selector.this
    assert later.selector.zone == "battle_area"  # where the played Digimon is now
    assert "return it" in later.span or "delete it" in later.span  # the printed words


def test_it_after_anything_but_a_play_is_not_read_as_a_played_digimon() -> None:
    (effect,) = compile_card("X-1", "[On Play] Gain 1 memory. At the next end of your opponent's turn, "
                                    "delete it.")
    later = effect.compiled.actions[-1]
    assert not later.same_targets
