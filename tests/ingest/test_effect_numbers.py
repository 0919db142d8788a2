"""'Add 2000 to the maximum this DP-based deletion effect can delete' and the like: a change to a
number of the effect's own earlier action (ingest/compiler/number_phrases.py, CR 15-15-4), on
real card texts."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effects import compile_card


def compiled(text: str) -> CompiledEffect:
    (record,) = compile_card("X-1", main=text)
    return record.compiled


def test_ex4_012_add_to_the_deletion_maximum_for_every_opponents_digimon() -> None:
    effect = compiled(
        "[When Digivolving] Delete 1 of your opponent's Digimon with 6000 DP or less. For every Digimon "
        "your opponent has in play, add 2000 to the maximum this DP-based deletion effect can delete."
    )
    assert effect.actions_compiled
    delete, change = effect.actions
    assert (delete.verb, delete.selector.max_dp) == ("delete", 6000)
    assert (change.verb, change.amount, change.per_every) == ("raise_deletion_max_dp", 2000, None)
    assert (change.per.owner, change.per.kind, change.per.zone) == ("opponent", "Digimon", "battle_area")


def test_bt15_089_remove_from_the_maximum_for_each_opponents_security_card() -> None:
    _, change = compiled(
        "[Main] Delete 1 of your opponent's Digimon with 15000 DP or less. For each of your opponent's "
        "security cards, remove 2000 from this DP deletion effect's maximum."
    ).actions
    assert (change.verb, change.amount) == ("raise_deletion_max_dp", -2000)
    assert (change.per.owner, change.per.zone, change.per.count) == ("opponent", "security", None)


def test_bt4_110_add_plus_one_to_the_maximum_play_cost() -> None:
    delete, change = compiled(
        "[Main] Delete 1 of your opponent's Digimon with a play cost of 3 or less. For each of your Digimon "
        "with [D-Brigade] in its type, add +1 to the maximum play cost of the Digimon you can choose with "
        "this effect."
    ).actions
    assert (delete.selector.max_cost, change.verb, change.amount) == (3, "raise_max_cost", 1)
    assert (change.per.owner, change.per.trait) == ("self", "D-Brigade")


def test_bt10_108_a_condition_governs_the_change_only() -> None:
    effect = compiled(
        "[Main] Delete 1 of your opponent's level 6 or lower Digimon. If there are 10 or more cards in "
        "your trash, add 1 to the level of the Digimon you can select with this effect."
    )
    assert effect.actions_compiled
    (condition,) = effect.conditions
    assert (condition.kind, condition.amount, condition.governs) == ("trash_at_least", 10, [1])
    assert [(a.verb, a.amount) for a in effect.actions] == [("delete", None), ("raise_max_level", 1)]


def test_ex2_073_the_number_of_security_cards_trashed() -> None:
    trash, change = compiled(
        "[When Attacking] Trash the top card of your opponent's security stack. Add 1 to the number of "
        "cards trashed by this effect for every 10 cards in your opponent's trash."
    ).actions
    assert (trash.verb, trash.amount) == ("trash_security", 1)
    assert (change.verb, change.amount, change.per_every) == ("raise_count", 1, 10)
    assert (change.per.owner, change.per.zone) == ("opponent", "trash")


def test_ex6_059_reduce_this_effects_play_cost_maximum() -> None:
    play, change = compiled(
        "[All Turns] [Once Per Turn] When a card is trashed from your opponent's hand, you may play 1 purple "
        "card with a play cost 10 or less from your trash without paying the cost. For each card in your "
        "opponent's hand, reduce this effect's play cost maximum by 1."
    ).actions
    assert (play.verb, play.selector.max_cost) == ("play_card", 10)
    assert (change.verb, change.amount) == ("raise_max_cost", -1)
    assert (change.per.zone, change.per.owner) == ("hand", "opponent")


def test_bt14_081_a_number_of_a_cost_is_not_an_actions_number() -> None:
    # The level is the cost's ('By deleting 1 of your opponent's level 3 or lower Digimon'): not read.
    effect = compiled(
        "[When Attacking][Once Per Turn] By deleting 1 of your opponent's level 3 or lower Digimon, "
        "unsuspend this Digimon. For each of your Digimon, add 1 to the level this effect may choose."
    )
    assert not effect.actions[-1].compiled


def test_a_change_with_two_actions_it_could_mean_is_not_read() -> None:
    effect = compiled(
        "[On Play] Delete 1 of your opponent's level 3 or lower Digimon. Return 1 of your opponent's level 4 "
        "or lower Digimon to the hand. For each of your Tamers, add 1 to this effect's level maximum."
    )
    assert [a.compiled for a in effect.actions] == [True, True, False]


def test_ex2_010_every_deletion_of_the_player_is_raised() -> None:
    (record,) = compile_card(
        "X-1", inherited="[Your Turn] Add 1000 to the maximum DP you can choose with DP-based deletion "
        "effects."
    )
    (action,) = record.compiled.actions
    assert record.compiled.category == "Persistent"
    assert (action.verb, action.amount) == ("raise_deletions_max_dp", 1000)
    assert (action.selector.owner, action.selector.this) == ("self", False)


def test_bt17_010_only_this_digimons_deletions_while_memory_is_low() -> None:
    (record,) = compile_card(
        "X-1", inherited="[All Turns] While you have 0 or less memory, add 2000 to this Digimon's DP-based "
        "deletion effects' maximums."
    )
    (condition,) = record.compiled.conditions
    (action,) = record.compiled.actions
    assert (condition.kind, condition.amount) == ("memory_at_most", 0)
    assert (action.verb, action.amount, action.selector.this) == ("raise_deletions_max_dp", 2000, True)


def test_bt13_017_the_maximum_of_a_dp_total_is_raised() -> None:
    effect = compiled(
        "[On Play][When Digivolving] Choose any number of your opponent's Digimon so that their DP total is "
        "up to 6000 and delete them. For each of your other Digimon, add 2000 to the maximum this DP-based "
        "deletion effect can delete."
    )
    assert effect.actions_compiled
    delete, change = effect.actions
    assert (delete.selector.total, delete.selector.total_max) == ("dp", 6000)
    assert (change.verb, change.amount, change.per.other) == ("raise_deletion_max_dp", 2000, True)


def test_bt21_076_reduce_this_effects_digivolution_cost() -> None:
    effect = compiled(
        "[When Attacking] [Once Per Turn] This Digimon may digivolve into a Digimon card with "
        "[Megidramon]/[ChaosGallantmon] in its name in the hand. For every 10 total cards in both players' "
        "trashes, reduce this effect's digivolution cost by 1."
    )
    assert effect.actions_compiled
    digivolve, change = effect.actions
    assert (digivolve.verb, digivolve.amount, digivolve.free) == ("digivolve", None, False)
    assert (change.verb, change.amount, change.per_every) == ("reduce_effect_digivolve_cost", 1, 10)


def test_a_free_play_has_no_cost_to_reduce() -> None:
    effect = compiled(
        "[On Play] You may play 1 [ADVENTURE] trait card from your hand without paying the cost. For each of "
        "your Tamers, reduce this effect's play cost by 1."
    )
    assert not effect.actions[-1].compiled


def test_bt8_010_a_trailing_if_is_the_reductions_condition() -> None:
    effect = compiled(
        "When you would play this card from your hand, reduce its play cost by 1 if you have a yellow "
        "Digimon in play."
    )
    assert effect.actions_compiled
    (condition,) = effect.conditions
    (reduce,) = effect.actions
    assert (condition.kind, condition.selector.color, condition.span) == (
        "has_card", "Yellow", "if you have a yellow Digimon in play")
    assert (reduce.verb, reduce.amount) == ("reduce_play_cost", 1)
    assert reduce.span == "reduce its play cost by 1 if you have a yellow Digimon in play"


def test_bt8_036_reduce_the_play_cost_of_this_card() -> None:
    (reduce,) = compiled(
        "When you would play this card from your hand, if you have a blue Digimon in play, reduce the play "
        "cost of this card by 1."
    ).actions
    assert (reduce.verb, reduce.amount) == ("reduce_play_cost", 1)
