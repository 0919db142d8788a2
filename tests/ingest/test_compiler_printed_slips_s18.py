"""Session 18 (H7): one card's misprint each, read as the words it stands for (printed_slips.py), on
real card texts."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effects import compile_card


def _effect(number: str, text: str, tag: str) -> CompiledEffect:
    compiled = next(r for r in compile_card(number, text) if r.label_tag == tag).compiled
    assert compiled.actions_compiled and all(c.compiled for c in compiled.conditions)
    return compiled


def test_bt18_002_gers_is_gets() -> None:
    text = "[All Turns] While you have another blue Digimon, this Digimon gers +1000 DP."
    compiled = _effect("BT18-002", text, "AllTurns")
    (plus,) = compiled.actions
    assert plus.verb == "dp_modify" and plus.amount == 1000 and plus.duration == "while_condition"
    (cond,) = compiled.conditions
    assert cond.kind == "has_card" and cond.selector is not None and cond.selector.other
    assert cond.selector.color == "Blue" and cond.selector.owner == "self"


def test_ex5_050_it_digimon_gains_is_it_gains() -> None:
    text = ("[Opponent's Turn] While this Digimon has the [Four Sovereigns]/[God Beast] trait, it Digimon "
            "gains ＜Blocker＞.")
    compiled = _effect("EX5-050", text, "OpponentsTurn")
    (gain,) = compiled.actions
    assert gain.verb == "gain_keyword" and gain.keyword == "Blocker" and gain.selector is not None
    assert gain.selector.this
    (cond,) = compiled.conditions
    assert cond.kind == "this_matches" and cond.selector is not None
    assert cond.selector.trait == "Four Sovereigns/God Beast"


def test_bt19_073_while_without_a_space() -> None:
    text = ("[All Turns] While[LordKnightmon]/[X Antibody] is in this Digimon's digivolution cards, all of "
            "your Digimon with [Knightmon] in its text gain ＜Alliance＞ and get +3000 DP.")
    compiled = _effect("BT19-073", text, "AllTurns")
    (cond,) = compiled.conditions
    assert cond.kind == "sources_include" and cond.selector is not None
    assert cond.selector.name == "LordKnightmon/X Antibody"
    gain, plus = compiled.actions
    assert gain.keyword == "Alliance" and plus.amount == 3000
    assert gain.selector is not None and gain.selector.text_contains == "Knightmon"
    assert gain.selector.count is None


def test_bt20_059_missing_comma_after_the_condition() -> None:
    text = ("[Opponent's Turn] While this Digimon is [Jesmon GX] all of your Digimon gain ＜Reboot＞ and "
            "＜Blocker＞.")
    compiled = _effect("BT20-059", text, "OpponentsTurn")
    (cond,) = compiled.conditions
    assert cond.kind == "this_matches" and cond.selector is not None and cond.selector.name == "Jesmon GX"
    assert [(a.verb, a.keyword) for a in compiled.actions] == [("gain_keyword", "Reboot"),
                                                                ("gain_keyword", "Blocker")]
    assert all(a.selector is not None and a.selector.count is None for a in compiled.actions)


def test_bt23_084_a_list_of_names_is_one_alternative() -> None:
    text = ("[Your Turn] While this Digimon is [Hudiemon], [Eater Legion] or [Eater EDEN], it gains "
            "＜Alliance＞.")
    compiled = _effect("BT23-084", text, "YourTurn")
    (cond,) = compiled.conditions
    assert cond.kind == "this_matches" and cond.selector is not None
    assert cond.selector.name == "Hudiemon/Eater Legion/Eater EDEN"
    (gain,) = compiled.actions
    assert gain.keyword == "Alliance" and gain.selector is not None and gain.selector.this


def test_bt12_028_no_digivolution_cards_in_play() -> None:
    text = ("[When Digivolving] Trash the top 3 digivolution cards of all of your opponent's Digimon. Then, "
            "when DNA digivolving, 2 of your opponent's Digimon with no digivolution cards in play can't "
            "attack until the end of your opponent's turn.")
    compiled = _effect("BT12-028", text, "WhenDigivolving")
    (cond,) = compiled.conditions
    assert cond.kind == "dna_digivolving" and cond.governs == [1]
    trash, cant = compiled.actions
    assert trash.verb == "trash_top_sources" and trash.amount == 3
    assert cant.verb == "cant_attack" and cant.duration == "until_end_of_opponents_turn"
    assert cant.selector is not None and cant.selector.count == 2 and cant.selector.without_sources
    assert cant.selector.owner == "opponent"
