"""'Move 1 of your … Digimon from the breeding area to the battle area' by an effect (CR 4-17)."""

from __future__ import annotations

from ingest.effects import compile_card


def test_moving_a_digimon_out_of_the_breeding_area() -> None:
    (effect,) = compile_card("P-130", "[On Play] You may move 1 of your level 3 or higher Digimon from the "
                                      "breeding area to the battle area.")
    (move,) = effect.compiled.actions
    assert (move.verb, move.optional, move.compiled) == ("move_from_breeding", True, True)
    assert move.selector is not None
    assert (move.selector.owner, move.selector.min_level, move.selector.zone) == ("self", 3, "breeding_area")


def test_an_opponents_digimon_is_not_moved_by_these_words() -> None:
    (effect,) = compile_card("X-1", "[On Play] Move 1 of your opponent's Digimon from the breeding area to "
                                    "the "
                                    "battle area.")
    assert not effect.compiled.actions[0].compiled
