"""'1 of your Digimon with 2 or more colors' (BT8-095, BT8-103): a colour count of a Digimon in play,
read as its colours now ('also treated as …' included, ``Board.matches``)."""

from __future__ import annotations

from ingest.effects import compile_card


def test_a_colour_count_of_a_digimon_in_play_is_read() -> None:
    (effect,) = [e for e in compile_card("BT8-103", "[Main] 1 of your Digimon with 2 or more colors gets "
                                                    "+2000 DP "
                                         "and <Piercing> for the turn.") if e.compiled.actions]
    dp, piercing = effect.compiled.actions
    assert (dp.verb, dp.amount) == ("dp_modify", 2000)
    assert (piercing.verb, piercing.keyword) == ("gain_keyword", "Piercing")
    for action in (dp, piercing):
        assert action.compiled and action.selector is not None
        sel = action.selector
        assert (sel.owner, sel.min_colors, sel.zone) == ("self", 2, "battle_area")


def test_the_same_name_as_this_digimon() -> None:
    """'All of your other Digimon with the same name as this Digimon' (EX1-051; the Digimon that has it,
    QA Q3237) and 'for each other Digimon you have in play with the same name as this Digimon' (EX1-044)."""
    (infermon,) = compile_card("EX1-051", inherited="[All Turns] All of your other Digimon with the same "
                                                    "name as this "
                                          "Digimon get +2000 DP.")
    (dp,) = infermon.compiled.actions
    assert dp.compiled and dp.selector is not None
    assert (dp.selector.same_name_as_this, dp.selector.other, dp.selector.count) == (True, True, None)
    (keramon,) = compile_card("EX1-044", inherited="[Your Turn] For each other Digimon you have in play "
                                                   "with the same name "
                                         "as this Digimon, this Digimon gets +1000 DP.")
    (per,) = keramon.compiled.actions
    assert per.compiled and per.per is not None and per.per.same_name_as_this and per.selector.this


def test_one_of_those_digimon_is_among_the_triggering_ones() -> None:
    """'When any of your Digimon with [Myotismon] in their names are played, …, 1 of those Digimon gains
    <Rush>' (EX10-065): picked from the subjects of the triggering events (CR 15-5-2)."""
    (_, effect) = compile_card("EX10-065", "[Start of Your Turn] If you have 2 or less memory, set it to 3.\n"
                                           "[All Turns] When any of your Digimon with [Myotismon] in their "
                                           "names are "
                                           "played, by deleting this Tamer, 1 of those Digimon gains <Rush> "
                                           "for the "
                                           "turn. Then, gain 1 memory.")
    rush = effect.compiled.actions[0]
    assert (rush.verb, rush.keyword, rush.compiled) == ("gain_keyword", "Rush", True)
    assert rush.selector is not None and (rush.selector.those, rush.selector.count) == (True, 1)
