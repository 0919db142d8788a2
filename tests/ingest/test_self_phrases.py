"""Sentences about this Digimon and rewordings of common actions (ingest/compiler/self_phrases.py), on
real card texts."""

from __future__ import annotations

from ingest.effects import compile_card


def test_bt21_072_this_digimon_may_attack_without_suspending() -> None:
    (record,) = compile_card(
        "BT21-072", main="[When Digivolving] This Digimon may attack without suspending.")
    (attack,) = record.compiled.actions
    assert record.compiled.actions_compiled
    assert (attack.verb, attack.selector.this, attack.optional) == ("attack_without_suspending", True, True)


def test_bt26_080_a_cost_then_attack_without_suspending() -> None:
    (record,) = compile_card(
        "BT26-080",
        main="[When Digivolving] By suspending 1 Digimon, this Digimon may attack without suspending.")
    (cost,), (attack,) = record.compiled.costs, record.compiled.actions
    assert (cost.verb, cost.selector.owner, attack.verb) == ("suspend", "any", "attack_without_suspending")


def test_1_of_your_digimon_may_attack_without_suspending_is_not_read_as_this_digimon() -> None:
    """Read since session 19 (BT20-102) as the Digimon the player chooses, never as this Digimon."""
    (record,) = compile_card("X-1", main="[Main] 1 of your Digimon may attack without suspending.")
    (action,) = record.compiled.actions
    assert action.verb == "attack_without_suspending" and action.selector is not None
    assert (action.selector.this, action.selector.owner, action.selector.count) == (False, "self", 1)


def test_bt24_065_to_1_of_your_opponents_digimon_de_digivolve() -> None:
    (record,) = compile_card(
        "BT24-065", main="[When Digivolving] To 1 of your opponent's Digimon, <De-Digivolve 1> for each of "
        "your Digimon. Then, delete all of your opponent's Digimon with the highest play cost.")
    dedigivolve, _ = record.compiled.actions
    assert (dedigivolve.verb, dedigivolve.amount) == ("de_digivolve", 1)
    assert (dedigivolve.selector.owner, dedigivolve.selector.count) == ("opponent", 1)


def test_bt3_073_reveal_1_card_from_the_top_of_your_deck() -> None:
    (record,) = compile_card(
        "BT3-073", main="[When Digivolving] Reveal 1 card from the top of your deck for each Digimon your "
        "opponent has in play. You may play 1 black or red Digimon card with a level of 5 or less among them "
        "without paying its memory cost. Place the remaining cards at the bottom of your deck in any order.")
    reveal = record.compiled.actions[0]
    assert (reveal.verb, reveal.amount, reveal.selector.zone) == ("reveal", 1, "deck")


def test_st21_04_for_1_of_your_opponents_digimon_trash_any_1_for_every_2_colours() -> None:
    (record,) = compile_card(
        "ST21-04", main="[On Play] [When Digivolving] For 1 of your opponent's Digimon, trash any 1 "
        "digivolution card for every 2 colors your Tamers have. Then, return 1 of their Digimon with 1 or "
        "fewer digivolution cards to the hand.")
    trash, back = record.compiled.actions
    assert (trash.verb, trash.amount, trash.selector.count) == ("trash_any_sources", 1, 1)
    assert (trash.per.kind, trash.per_every, trash.per_colors) == ("Tamer", 2, True)
    assert (back.verb, back.selector.max_sources) == ("return_to_hand", 1)


def test_bt7_030_trash_1_from_the_bottom_of_each_of_your_opponents_digimon() -> None:
    (record,) = compile_card(
        "BT7-030", main="[When Digivolving] For each card with [Hybrid] in its traits in this Digimon's "
        "digivolution cards, trash 1 digivolution card from the bottom of each of your opponent's Digimon. "
        "Then, for each Digimon your opponent has with no digivolution cards, <Draw 2>.")
    trash, draw = record.compiled.actions
    assert (trash.verb, trash.amount, trash.selector.count, trash.selector.owner) == (
        "trash_bottom_sources", 1, None, "opponent")
    assert (trash.per.zone, trash.per.trait) == ("sources", "Hybrid")
    assert (draw.verb, draw.amount, draw.per.without_sources) == ("draw", 2, True)


def test_bt26_047_this_digimon_may_battle_1_of_your_opponents_digimon() -> None:
    (record,) = compile_card(
        "BT26-047", main="[On Play] [When Digivolving] This Digimon may battle 1 of your opponent's Digimon.")
    (battle,) = record.compiled.actions
    assert (battle.verb, battle.optional, battle.selector.owner, battle.selector.count) == (
        "battle_by_effect", True, "opponent", 1)


def test_this_digimon_may_battle_all_of_their_digimon_is_not_read() -> None:
    (record,) = compile_card("X-1", main="[On Play] This Digimon may battle all of your opponent's Digimon.")
    assert not record.compiled.actions_compiled


def test_bt11_069_isnt_affected_by_de_digivolve_effects() -> None:
    (record,) = compile_card(
        "BT11-069", main="[When Digivolving] Until the end of your opponent's turn, this Digimon can't have "
        "its DP reduced by your opponent's effects, and isn't affected by <De-Digivolve> effects.")
    dp, proof = record.compiled.actions
    assert (dp.verb, dp.duration) == ("cant_have_dp_reduced", "until_end_of_opponents_turn")
    assert (proof.verb, proof.keyword, proof.selector.this) == ("unaffected_by_keyword", "DeDigivolve", True)
    assert proof.duration == "until_end_of_opponents_turn"


def test_bt20_001_this_digimon_with_4_or_more_digivolution_cards_gets_dp() -> None:
    text = "[Your Turn] This Digimon with 4 or more digivolution cards gets +2000 DP."
    (record,) = compile_card("BT20-001", inherited=text)
    (cond,), (dp,) = record.compiled.conditions, record.compiled.actions
    assert record.compiled.actions_compiled
    assert (cond.kind, cond.amount, cond.negated) == ("this_sources_at_least", 4, False)
    assert (dp.verb, dp.amount, dp.selector.this, dp.duration) == ("dp_modify", 2000, True, "while_condition")


def test_bt21_006_this_digimon_with_4_or_more_named_digivolution_cards() -> None:
    text = "[All Turns] This Digimon with 4 or more [Vemmon] digivolution cards gets +3000 DP."
    (record,) = compile_card("BT21-006", inherited=text)
    (cond,), (dp,) = record.compiled.conditions, record.compiled.actions
    assert (cond.kind, cond.amount, cond.selector.name) == ("sources_include", 4, "Vemmon")
    assert cond.selector.zone == "sources"
    assert (dp.verb, dp.amount, dp.selector.this) == ("dp_modify", 3000, True)


def test_ex12_048_it_further_gets_dp_for_each_level_5_digivolution_card() -> None:
    text = ("[On Play] [When Digivolving] 1 of your opponent's Digimon gets -8000 DP until their turn ends. "
            "It further gets -3000 DP for each of this Digimon's level 5 digivolution cards. "
            "Then, this Digimon may attack.")
    (record,) = compile_card("EX12-048", main=text)
    first, further, attack = record.compiled.actions
    assert record.compiled.actions_compiled
    assert (further.verb, further.amount, further.same_targets) == ("dp_modify", -3000, True)
    assert further.duration == first.duration == "until_end_of_opponents_turn"
    assert (further.selector.owner, further.selector.count) == ("opponent", 1)
    per = further.per
    assert (per.zone, per.owner, per.min_level, per.max_level) == ("sources", "self", 5, 5)
    assert attack.verb == "attack"


def test_ex9_030_it_further_gets_dp_for_each_face_down_digivolution_card() -> None:
    text = ("[On Play] [When Digivolving] By placing 1 Digimon card from your trash face down as this "
            "Digimon's bottom digivolution card, 1 of your opponent's Digimon gets -3000 DP until their "
            "turn ends. "
            "It further gets -2000 DP for each of this Digimon's face-down digivolution cards.")
    (record,) = compile_card("EX9-030", main=text)
    _, further = record.compiled.actions
    assert (further.amount, further.same_targets) == (-2000, True)
    assert further.duration == "until_end_of_opponents_turn"
    assert (further.per.kind, further.per.zone) == ("Face-down", "sources")


def test_it_further_gets_after_no_dp_change_is_not_read() -> None:
    text = "[On Play] Delete 1 of your opponent's Digimon. It further gets -2000 DP for each of your Tamers."
    (record,) = compile_card("X-2", main=text)
    assert not record.compiled.actions_compiled
