"""Effect shapes the compiler understands, one card text each, checked by their compiled structure."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action, CompiledEffect
from ingest.effects import compile_card
from ingest.text import strip_reminders


def compiled(text: str, part: str = "main") -> CompiledEffect:
    """The compiled form of a one-effect text."""
    (record,) = compile_card("X-1", **{part: text})
    return record.compiled


def only_action(text: str) -> Action:
    effect = compiled(text)
    assert effect.trigger_compiled and effect.actions_compiled, text
    (action,) = effect.actions
    return action


def test_all_digimon_get_minus_dp_is_everyones_digimon_for_the_turn() -> None:
    action = only_action("[On Play] All Digimon get -5000 DP for the turn.")
    assert (action.verb, action.amount, action.duration) == ("dp_modify", -5000, "this_turn")
    assert (action.selector.owner, action.selector.kind, action.selector.count) == ("any", "Digimon", None)


def test_all_of_your_opponents_digimon_get_minus_dp() -> None:
    # BT16-013
    action = only_action(
        "[On Play] [When Digivolving] All of your opponent's Digimon get -5000 DP for the turn."
    )
    assert (action.verb, action.amount, action.duration) == ("dp_modify", -5000, "this_turn")
    assert (action.selector.owner, action.selector.count) == ("opponent", None)


def test_trash_a_digivolution_card_to_prevent_that_deletion() -> None:
    effect = compiled(
        "[All Turns] When this Digimon would be deleted, you may trash 1 card in this Digimon's "
        "digivolution cards to prevent that deletion."
    )
    assert (effect.category, effect.trigger.event, effect.actions_compiled) == (
        "ImmediateType",
        "WouldBeDeleted",
        True,
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.amount, cost.selector.zone, cost.selector.owner) == (
        "trash_source",
        1,
        "sources",
        "self",
    )
    (prevent,) = effect.actions
    assert (prevent.verb, prevent.optional) == ("prevent", True)


def test_gains_piercing_with_its_reminder_for_the_turn() -> None:
    # BT1-091: the reminder in parentheses sits between the keyword and the duration.
    action = only_action(
        "[Main] 1 of your Digimon gains <Piercing> (When this Digimon attacks and deletes an opponent's "
        "Digimon and survives the battle, it performs any security checks it normally would) for the turn."
    )
    assert (action.verb, action.keyword, action.duration) == ("gain_keyword", "Piercing", "this_turn")
    assert (action.selector.owner, action.selector.count) == ("self", 1)


def test_bt1_021_lose_memory_at_the_end_of_the_turn_is_pending_processing() -> None:
    effect = compiled("[When Attacking] Gain 3 memory. At end of turn, lose 3 memory.")
    assert effect.actions_compiled
    gain, lose = effect.actions
    assert (gain.verb, gain.amount, gain.processed_at) == ("gain_memory", 3, None)
    assert (lose.verb, lose.amount, lose.processed_at) == ("lose_memory", 3, "EndOfTurnPoint")
    assert lose.selector.owner == "self"


def test_security_digimon_plays_itself_at_the_end_of_the_battle() -> None:
    effect = compiled(
        "[Security] At the end of the battle, play this card without paying the cost.", "security"
    )
    (play,) = effect.actions
    assert (play.verb, play.free, play.processed_at, play.compiled) == (
        "play_self",
        True,
        "EndOfBattlePoint",
        True,
    )


def test_bt1_001_when_you_attack_an_opponents_digimon() -> None:
    effect = compiled(
        "[When Attacking] When you attack an opponent's Digimon, this Digimon gets +1000 DP for the turn.",
        "inherited",
    )
    assert (effect.trigger.event, effect.trigger.requires) == (
        "AttackDeclared",
        ["OtherIsDigimon", "OtherIsOpponents"],
    )
    (action,) = effect.actions
    assert (action.verb, action.amount, action.duration, action.selector.this) == (
        "dp_modify",
        1000,
        "this_turn",
        True,
    )
    assert effect.actions_compiled and not effect.conditions


def test_when_this_digimon_attacks_a_player() -> None:
    effect = compiled("[When Attacking] When this Digimon attacks a player, it gets +4000 DP for the turn.")
    assert effect.trigger.requires == ["OtherIsPlayer"]
    assert [(a.verb, a.amount) for a in effect.actions] == [("dp_modify", 4000)]


def test_trash_the_top_card_of_this_digimons_digivolution_cards() -> None:
    action = only_action("[On Play] Trash the top card of this Digimon's digivolution cards.")
    assert (action.verb, action.amount, action.selector.this, action.selector.owner) == (
        "trash_top_sources",
        1,
        True,
        "self",
    )


def test_trash_the_bottom_digivolution_cards_of_an_opponents_digimon() -> None:
    action = only_action("[On Play] Trash the bottom 2 digivolution cards of 1 of your opponent's Digimon.")
    assert (action.verb, action.amount, action.selector.owner, action.selector.count) == (
        "trash_bottom_sources",
        2,
        "opponent",
        1,
    )


def test_recovery_from_the_deck() -> None:
    action = only_action(
        "[Main] Trigger <Recovery +1 (Deck)>. "
        "(Place the top card of your deck on top of your security stack.)"
    )
    assert (action.verb, action.amount, action.selector.kind) == ("recovery", 1, "player")


def test_draw_then_trash_a_card_in_your_hand() -> None:
    effect = compiled(
        "[When Attacking] [Once Per Turn] <Draw 1>. Then, trash 1 card in your hand.", "inherited"
    )
    draw, trash = effect.actions
    assert (draw.verb, draw.amount) == ("draw", 1)
    assert (trash.verb, trash.amount, trash.selector.zone, trash.selector.owner) == (
        "trash_card",
        1,
        "hand",
        "self",
    )
    assert effect.actions_compiled


def test_delete_a_level_5_or_lower_digimon_of_anyone_or_of_the_opponent() -> None:
    anyone = only_action("[On Play] [When Digivolving] Delete 1 level 5 or lower Digimon.")
    theirs = only_action("[On Play] Delete 1 of your opponent's level 5 or lower Digimon.")
    assert (anyone.verb, anyone.selector.owner, anyone.selector.max_level, anyone.selector.count) == (
        "delete",
        "any",
        5,
        1,
    )
    assert (theirs.verb, theirs.selector.owner, theirs.selector.max_level, theirs.selector.count) == (
        "delete",
        "opponent",
        5,
        1,
    )


def test_when_you_play_another_digimon_requires_own_and_other() -> None:
    effect = compiled("[Your Turn] When you play another Digimon, gain 1 memory.")
    assert (effect.trigger.event, effect.trigger.requires) == (
        "CardPlayed",
        ["SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"],
    )


def test_reminders_are_dropped_but_names_and_token_stats_are_kept() -> None:
    assert (
        strip_reminders(
            "<De-Digivolve 1> on 1 of your opponent's Digimon (Trash up to 1 card from the top of "
            "one of your opponent's Digimon. If it has no digivolution cards, you can't trash more.)."
        )
        == "<De-Digivolve 1> on 1 of your opponent's Digimon."
    )
    kept = "Return 1 [DarkKnightmon (X Antibody)] (Rule). Play 1 [Amon] (Digimon/Red/6000 DP) Token"
    assert strip_reminders(kept) == kept
    assert strip_reminders("<Recovery +1 (Deck)>") == "<Recovery +1 (Deck)>"


def test_one_of_your_digimon_may_digivolve_from_the_hand_without_paying() -> None:
    action = only_action(
        "[On Play] 1 of your Digimon may digivolve into [Greymon] in the hand without paying the cost."
    )
    assert (action.verb, action.optional, action.free, action.amount) == ("digivolve", True, True, None)
    assert (action.selector.owner, action.selector.count, action.selector.this) == ("self", 1, False)
    assert (action.card.name, action.card.zone, action.card.count) == ("Greymon", "hand", 1)


def test_this_digimon_may_digivolve_with_the_cost_reduced() -> None:
    action = only_action(
        "[Main] This Digimon may digivolve into a [Hybrid] trait Digimon card in the trash "
        "with the digivolution cost reduced by 2."
    )
    assert (action.verb, action.amount, action.free, action.selector.this) == ("digivolve", 2, False, True)
    assert (action.card.kind, action.card.trait, action.card.zone) == ("Digimon", "Hybrid", "trash")


def test_dna_digivolution_is_its_own_verb() -> None:
    # EX9-013: DNA digivolution (CR 8-2) is not a standard digivolution (CR 8-2-2-4).
    action = only_action("[Main] 2 of your Digimon may DNA digivolve into [Omnimon Alter-S] in the hand.")
    assert (action.verb, action.selector.count, action.card.name) == ("dna_digivolve", 2, "Omnimon Alter-S")


def test_suspend_a_digimon_without_blocker() -> None:
    action = only_action("[On Play] Suspend 1 of your opponent's Digimon without <Blocker>.")
    assert (action.verb, action.selector.owner, action.selector.without_keywords) == (
        "suspend",
        "opponent",
        ["Blocker"],
    )


def test_delete_a_digimon_with_as_much_or_less_dp_as_this_digimon() -> None:
    action = only_action(
        "[When Attacking] Delete 1 of your opponent's Digimon with as much or less DP as this Digimon."
    )
    assert (action.verb, action.selector.dp_at_most_this, action.selector.max_dp) == ("delete", True, None)


def test_this_digimon_with_a_trait_gains_a_keyword_while_the_effect_exists() -> None:
    action = only_action("[Your Turn] This Digimon with the [Xros Heart] trait gains <Rush>.")
    assert (action.verb, action.keyword, action.duration) == ("gain_keyword", "Rush", "permanent")
    assert (action.selector.this, action.selector.trait) == (True, "Xros Heart")


def test_give_a_keyword_and_give_dp() -> None:
    keyword = only_action("[Main] Give 1 of your opponent's Digimon <Security A. -1> for the turn.")
    assert (keyword.verb, keyword.keyword, keyword.keyword_value, keyword.duration) == (
        "gain_keyword",
        "SecurityA",
        -1,
        "this_turn",
    )
    dp = only_action(
        "[Main] Give 1 of your opponent's Digimon -3000 DP until the end of your opponent's turn."
    )
    assert (dp.verb, dp.amount, dp.duration) == ("dp_modify", -3000, "until_end_of_opponents_turn")


def test_two_conditions_joined_by_and_both_hold() -> None:
    effect = compiled(
        "[On Play] If this Digimon has [Blue Flare] in its traits and your opponent has 8 or more cards "
        "in their hand, gain 1 memory."
    )
    first, second = effect.conditions
    assert (first.kind, first.selector.this, first.selector.trait) == ("this_matches", True, "Blue Flare")
    assert (second.kind, second.amount) == ("opponent_hand_at_least", 8)
    assert effect.actions_compiled


def test_this_digimon_is_level_n_or_higher() -> None:
    effect = compiled("[Your Turn] While this Digimon is level 6 or higher, it gets +2000 DP.")
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.min_level, condition.selector.max_level) == (
        "this_matches",
        6,
        None,
    )
    (action,) = effect.actions
    assert (action.verb, action.amount, action.duration) == ("dp_modify", 2000, "while_condition")


def test_return_cards_from_the_digivolution_cards_to_the_hand() -> None:
    action = only_action(
        "[On Play] Return 1 yellow Digimon card from this Digimon's digivolution cards to the hand."
    )
    assert (action.verb, action.selector.zone, action.selector.color, action.selector.kind) == (
        "add_to_hand",
        "sources",
        "Yellow",
        "Digimon",
    )


def test_placing_a_card_under_a_tamer_is_paid_as_a_cost() -> None:
    effect = compiled(
        "[Main] By placing 1 purple Digimon card from your hand under one of your Tamers, <Draw 1>."
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.amount, cost.selector.kind, cost.selector.owner, cost.selector.count) == (
        "place_under",
        1,
        "Tamer",
        "self",
        1,
    )
    assert (cost.card.zone, cost.card.color, cost.card.kind) == ("hand", "Purple", "Digimon")
    assert [(a.verb, a.amount) for a in effect.actions] == [("draw", 1)] and effect.actions_compiled


def test_place_this_card_as_the_bottom_digivolution_card_of_a_digimon() -> None:
    action = only_action(
        "[Main] Place this card as the bottom digivolution card of 1 of your Digimon "
        "with the [Three Musketeers] trait."
    )
    assert (action.verb, action.card.this, action.selector.trait, action.selector.owner) == (
        "place_under",
        True,
        "Three Musketeers",
        "self",
    )


def test_placing_face_down_is_its_own_verb() -> None:
    effect = compiled(
        "[Main] You may place 1 card in your hand face down as this Digimon's bottom digivolution card."
    )
    (action,) = effect.actions  # ingest/compiler/face_phrases.py (CR 4-7-9)
    assert (action.verb, action.card.zone, action.selector.this) == ("place_under_face_down", "hand", True)


def test_it_doesnt_leave_prevents_leaving_and_dp_prefix_filters() -> None:
    effect = compiled(
        "[All Turns] When this Digimon would leave the battle area, by deleting 1 of your opponent's "
        "5000 DP or lower Digimon, it doesn't leave."
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.selector.owner, cost.selector.max_dp) == ("delete", "opponent", 5000)
    assert [a.verb for a in effect.actions] == ["prevent"] and effect.actions_compiled


def test_cant_attack_or_block_is_one_choice_for_both() -> None:
    effect = compiled(
        "[On Play] 1 of your opponent's Digimon can't attack or block until the end of their turn."
    )
    attack, block = effect.actions
    assert [(a.verb, a.duration, a.selector.count) for a in effect.actions] == [
        ("cant_attack", "until_end_of_opponents_turn", 1),
        ("cant_block", "until_end_of_opponents_turn", 1),
    ]
    assert (attack.same_targets, block.same_targets) == (False, True)


def test_one_subject_with_two_predicates_shares_the_duration_and_the_choice() -> None:
    effect = compiled(
        "[Main] 1 of your Digimon gets +2000 DP and gains <Blocker> until the end of your opponent's turn."
    )
    dp, blocker = effect.actions
    assert (dp.verb, dp.amount, dp.duration, dp.same_targets) == (
        "dp_modify",
        2000,
        "until_end_of_opponents_turn",
        False,
    )
    assert (blocker.verb, blocker.keyword, blocker.duration, blocker.same_targets) == (
        "gain_keyword",
        "Blocker",
        "until_end_of_opponents_turn",
        True,
    )
    assert effect.actions_compiled


def test_paying_memory_is_a_cost() -> None:
    effect = compiled("[Main] By paying 3 memory, delete 1 of your opponent's Digimon.")
    (cost,) = effect.costs
    assert (cost.verb, cost.amount, cost.selector.kind) == ("lose_memory", 3, "player")
    assert [a.verb for a in effect.actions] == ["delete"] and effect.actions_compiled


def test_cards_in_play_by_name() -> None:
    effect = compiled("[Main] By deleting 1 of your other [Diaboromon], gain 1 memory.")
    (cost,) = effect.costs
    assert (cost.verb, cost.selector.name, cost.selector.other, cost.selector.owner) == (
        "delete",
        "Diaboromon",
        True,
        "self",
    )


def test_dp_for_each_of_the_opponents_suspended_digimon() -> None:
    action = only_action(
        "[Your Turn] This Digimon gets +1000 DP for each of your opponent's suspended Digimon."
    )
    assert (action.verb, action.amount, action.duration, action.per_every) == (
        "dp_modify",
        1000,
        "permanent",
        None,
    )
    assert (action.per.owner, action.per.kind, action.per.state, action.per.count) == (
        "opponent",
        "Digimon",
        "suspended",
        None,
    )


def test_memory_for_every_ten_cards_in_your_trash() -> None:
    action = only_action("[On Play] For every 10 cards in your trash, gain 1 memory.")
    assert (action.verb, action.amount, action.per_every) == ("gain_memory", 1, 10)
    assert (action.per.zone, action.per.owner, action.per.kind) == ("trash", "self", "card")


def test_to_a_digimon_give_dp_for_each_card_with_a_duration() -> None:
    action = only_action(
        "[On Play] To 1 of your opponent's Digimon, give -3000 DP until their turn ends "
        "for each of your Tamers."
    )
    assert (action.verb, action.amount, action.duration) == (
        "dp_modify",
        -3000,
        "until_end_of_opponents_turn",
    )
    assert (action.selector.owner, action.per.owner, action.per.kind) == ("opponent", "self", "Tamer")


def test_for_each_colour_counts_the_different_colours() -> None:
    action = only_action("[Your Turn] This Digimon gets +1000 DP for each color in its digivolution cards.")
    assert (action.verb, action.amount, action.per_colors) == ("dp_modify", 1000, True)
    assert (action.per.zone, action.per.owner) == ("sources", "self")


def test_a_card_in_this_digimons_digivolution_cards() -> None:
    effect = compiled(
        "[When Attacking] If [Beelzemon] is in this Digimon's digivolution cards, gain 1 memory."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.amount, condition.selector.zone, condition.selector.name) == (
        "sources_include",
        1,
        "sources",
        "Beelzemon",
    )
    assert effect.actions_compiled


def test_the_cost_is_the_cost_of_what_the_trigger_is_about() -> None:
    played = only_action(
        "[Hand] When this card would be played, if you have a red Tamer in play, reduce the cost by 1."
    )
    assert (played.verb, played.amount) == ("reduce_play_cost", 1)
    effect = compiled("[On Play] Reduce the cost by 1.")
    assert [(a.verb, a.compiled) for a in effect.actions] == [("reduce_cost", False)]


def test_opponent_has_no_digimon_with_digivolution_cards() -> None:
    effect = compiled(
        "[Your Turn] While your opponent has no Digimon with digivolution cards, this Digimon gets +2000 DP."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.negated, condition.selector.owner, condition.selector.with_sources) == (
        "has_card",
        True,
        "opponent",
        True,
    )


def test_a_keyword_in_a_cards_text() -> None:
    action = only_action(
        "[On Deletion] Place 1 Digimon card with <Save> in its text from your trash under 1 of your Tamers."
    )
    assert (action.verb, action.card.text_contains, action.card.zone, action.selector.kind) == (
        "place_under",
        "<Save>",
        "trash",
        "Tamer",
    )


def test_one_of_your_digimon_may_unsuspend() -> None:
    action = only_action("[Main] 1 of your Digimon may unsuspend.")
    assert (action.verb, action.optional, action.selector.owner, action.selector.count) == (
        "unsuspend",
        True,
        "self",
        1,
    )


def test_dp_and_a_keyword_share_the_verb_the_choice_and_the_duration() -> None:
    effect = compiled(
        "[Main] 1 of your opponent's Digimon gets -3000 DP and <Security Attack -1> "
        "until the end of your opponent's next turn."
    )
    dp, security = effect.actions
    assert (dp.verb, dp.amount, dp.duration) == ("dp_modify", -3000, "until_end_of_opponents_next_turn")
    assert (security.verb, security.keyword_value, security.same_targets) == ("gain_keyword", -1, True)


def test_doesnt_unsuspend_and_cant_digivolve_until_their_turn_ends() -> None:
    unsuspend = only_action(
        "[On Play] 1 of your opponent's Digimon doesn't unsuspend until the end of their turn."
    )
    digivolve = only_action("[On Play] 1 of your opponent's Digimon can't digivolve until their turn ends.")
    assert (unsuspend.verb, unsuspend.duration) == ("cant_unsuspend", "until_end_of_opponents_turn")
    assert (digivolve.verb, digivolve.duration) == ("cant_digivolve", "until_end_of_opponents_turn")


def test_play_suspended_from_the_trash_or_with_the_cost_reduced_or_from_under_tamers() -> None:
    suspended = only_action(
        "[On Play] You may play 1 [Gammamon] from your trash suspended without paying its memory cost."
    )
    assert (suspended.verb, suspended.suspended, suspended.free, suspended.selector.zone) == (
        "play_card",
        True,
        True,
        "trash",
    )
    reduced = only_action(
        "[On Play] You may play 1 [Free] trait Digimon card from your trash with the play cost reduced by 3."
    )
    assert (reduced.amount, reduced.free, reduced.suspended, reduced.selector.trait) == (
        3,
        False,
        False,
        "Free",
    )
    tamers = only_action(
        "[Main] You may play 1 level 4 or lower Digimon card from under your Tamers without paying the cost."
    )
    assert (tamers.selector.zone, tamers.selector.max_level, tamers.free) == ("under_tamers", 4, True)


def test_cant_be_deleted_in_battle_or_by_the_opponents_effects() -> None:
    battle = only_action(
        "[Main] 1 of your Digimon can't be deleted in battle until the end of your opponent's turn."
    )
    effects = only_action("[Your Turn] This Digimon can't be deleted by your opponent's effects.")
    assert (battle.verb, battle.duration, battle.selector.count) == (
        "cant_be_deleted_in_battle",
        "until_end_of_opponents_turn",
        1,
    )
    assert (effects.verb, effects.duration, effects.selector.this) == (
        "cant_be_deleted_by_opponents_effects",
        "permanent",
        True,
    )


def paid_to_stay(cost_text: str) -> Action:
    """The one cost of 'When this Digimon would leave the battle area, by …, it doesn't leave.'"""
    effect = compiled(
        f"[All Turns] When this Digimon would leave the battle area, by {cost_text}, it doesn't leave."
    )
    assert [a.verb for a in effect.actions] == ["prevent"] and effect.actions_compiled
    (cost,) = effect.costs
    return cost


@pytest.mark.parametrize(
    ("cost_text", "verb"),
    [
        ("trashing the bottom card of your security stack", "trash_bottom_security"),
        ("adding your top security card to the hand", "security_to_hand"),
    ],
)
def test_a_security_card_paid_to_stay_in_play(cost_text: str, verb: str) -> None:
    cost = paid_to_stay(cost_text)
    assert (cost.verb, cost.amount, cost.selector.zone, cost.selector.owner) == (verb, 1, "security", "self")


def test_place_another_digimon_under_this_digimon() -> None:
    effect = compiled(
        "[Main] By placing another blue Digimon under this Digimon as its bottom digivolution card, "
        "gain 2 memory."
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.selector.this, cost.card.other, cost.card.color, cost.card.zone) == (
        "place_under",
        True,
        True,
        "Blue",
        "battle_area",
    )


def test_change_the_attack_target_to_one_of_your_digimon() -> None:
    action = only_action(
        "[Opponent's Turn] When an opponent's Digimon attacks, you may change the attack target "
        "to 1 of your Digimon."
    )
    assert (action.verb, action.optional, action.selector.owner, action.selector.count) == (
        "change_attack_target",
        True,
        "self",
        1,
    )


def test_colour_alternatives_and_traits_in_one_of_its_traits() -> None:
    """'[Aqua] in one of its traits': a trait with the word in it, whatever other words it has (QA Q2115)."""
    action = only_action(
        "[On Play] You may play 1 level 4 or lower yellow, black or green Digimon card "
        "with [Aqua]/[Sea Animal] in one of its traits from your trash without paying the cost."
    )
    sel = action.selector
    assert (sel.color, sel.trait, sel.trait_contains, sel.max_level) == (
        "Yellow/Black/Green",
        None,
        "Aqua/Sea Animal",
        4,
    )


def test_digivolve_for_a_fixed_cost_ignoring_requirements() -> None:
    action = only_action(
        "[Main] This Digimon may digivolve into [Sakuyamon] in your hand for a cost of 3, "
        "ignoring its digivolution requirements."
    )
    assert (action.verb, action.cost, action.ignore_requirements, action.free, action.amount) == (
        "digivolve",
        3,
        True,
        False,
        None,
    )
    assert action.card.name == "Sakuyamon"


def test_a_digivolution_by_this_effect_with_its_cost_reduced_later() -> None:
    effect = compiled(
        "[On Play] 1 of your Digimon may digivolve into a [Hybrid] trait Digimon card in the hand. "
        "When it would digivolve by this effect, reduce the digivolution cost by 2."
    )
    (action,) = effect.actions
    assert (action.verb, action.amount, action.card.trait) == ("digivolve", 2, "Hybrid")
    assert effect.actions_compiled


def test_trigger_de_digivolve_on_digimon_and_this_digimon_is_a_name() -> None:
    effect = compiled(
        "[When Attacking] If this Digimon is [Alphamon: Ouryuken], "
        "trigger <De-Digivolve 2> on 2 of your opponent's Digimon."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.this, condition.selector.name) == (
        "this_matches",
        True,
        "Alphamon: Ouryuken",
    )
    (action,) = effect.actions
    assert (action.verb, action.amount, action.selector.count) == ("de_digivolve", 2, 2)


def test_reduce_its_play_cost_for_each_tamer() -> None:
    action = only_action(
        "[Hand] When this card would be played, reduce its play cost by 1 for each Tamer you have in play."
    )
    assert (action.verb, action.amount, action.per.kind, action.per.owner) == (
        "reduce_play_cost",
        1,
        "Tamer",
        "self",
    )


def test_digimon_and_tamers_and_an_attack_target_that_cant_change() -> None:
    suspend = only_action("[Main] Suspend all of your opponent's Digimon and Tamers.")
    assert (suspend.selector.kind, suspend.selector.count) == ("Digimon or Tamer", None)
    target = only_action("[Your Turn] This Digimon's attack target can't change.")
    assert (target.verb, target.selector.this, target.duration) == (
        "cant_change_attack_target",
        True,
        "permanent",
    )


def test_trash_any_digivolution_cards_of_an_opponents_digimon() -> None:
    action = only_action("[On Play] Trash any 2 digivolution cards of 1 of your opponent's Digimon.")
    assert (action.verb, action.amount, action.selector.owner, action.selector.count) == (
        "trash_any_sources",
        2,
        "opponent",
        1,
    )


@pytest.mark.parametrize(
    ("clause", "kind", "amount", "negated"),
    [
        (
            "If there're 6 or fewer total cards in both players' security stacks",
            "total_security_at_most",
            6,
            False,
        ),
        ("If DNA digivolving", "dna_digivolving", None, False),
        ("While you have no face-up security cards", "face_up_security_at_least", 1, True),
    ],
)
def test_game_state_conditions(clause: str, kind: str, amount: int | None, negated: bool) -> None:
    effect = compiled(f"[When Digivolving] {clause}, gain 1 memory.")
    (condition,) = effect.conditions
    assert (condition.kind, condition.amount, condition.negated, condition.compiled) == (
        kind,
        amount,
        negated,
        True,
    )


def test_a_condition_governs_only_its_own_sentence() -> None:
    effect = compiled(
        "[On Play] Delete 1 of your opponent's Digimon with 8000 DP or less. "
        "If this effect didn't delete, this Digimon gets +3000 DP for the turn."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.negated, condition.governs) == ("effect_deleted", True, [1])
    assert [a.verb for a in effect.actions] == ["delete", "dp_modify"] and effect.actions_compiled
    whole = compiled("[On Play] If you have a Tamer, gain 1 memory.")
    assert whole.conditions[0].governs == []  # every action: the whole effect


def test_a_result_with_an_object_is_not_guessed() -> None:
    """'your Digimon' is read (whose cards the effect suspended is kept); any other object is not."""
    effect = compiled(
        "[On Play] Suspend 1 Digimon. If this effect suspended a Digimon with 6000 DP or less, gain 1 memory."
    )
    assert not effect.actions_compiled
    yours = compiled("[On Play] Suspend 1 Digimon. If this effect suspended your Digimon, gain 1 memory.")
    (condition,) = yours.conditions
    assert yours.actions_compiled and condition.kind == "effect_suspended"
    assert condition.selector is not None and condition.selector.owner == "self"


def test_that_digimon_is_the_digimon_chosen_before() -> None:
    effect = compiled(
        "[Main] Unsuspend 1 of your Digimon. "
        "Until the end of your opponent's next turn, that Digimon gains <Blocker>."
    )
    _unsuspend, blocker = effect.actions
    assert (
        blocker.verb,
        blocker.keyword,
        blocker.same_targets,
        blocker.selector.owner,
        blocker.selector.count,
    ) == ("gain_keyword", "Blocker", True, "self", 1)
    assert not blocker.selector.subject and effect.actions_compiled


def test_that_digimon_is_the_triggering_digimon_or_unknown() -> None:
    effect = compiled(
        "[Your Turn] When one of your Digimon is played, that Digimon gains <Rush> for the turn."
    )
    (rush,) = effect.actions
    assert (rush.selector.subject, rush.same_targets, effect.actions_compiled) == (True, False, True)
    main = compiled("[Main] That Digimon gains <Rush> for the turn.")
    assert not main.actions_compiled  # no earlier choice and no event: not guessed


def test_a_name_or_a_trait_is_one_of_two_alternatives() -> None:
    effect = compiled(
        "[Main] By trashing 1 card with [Huckmon]/[Sistermon] in its name or the [Royal Knight] trait "
        "in your hand, <Draw 1> and gain 1 memory."
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.selector.zone, cost.selector.name_contains, cost.selector.trait) == (
        "trash_card",
        "hand",
        None,
        None,
    )
    assert [(a.name_contains, a.trait) for a in cost.selector.any_of] == [
        ("Huckmon/Sistermon", None),
        (None, "Royal Knight"),
    ]
    assert [(a.verb, a.amount) for a in effect.actions] == [("draw", 1), ("gain_memory", 1)]


def test_a_colour_or_a_trait_before_the_kind() -> None:
    action = only_action(
        "[On Play] You may play 1 level 4 or lower blue or [CS] trait Digimon card "
        "from its digivolution cards without paying the cost."
    )
    assert (action.selector.max_level, action.selector.color, action.selector.zone) == (4, None, "sources")
    assert [(a.color, a.trait) for a in action.selector.any_of] == [("Blue", None), (None, "CS")]


def test_may_gain_have_get_and_the_opponent_trashes_from_their_hand() -> None:
    gain = only_action(
        "[Main] 1 of your opponent's Digimon may gain <Security Attack -1> until the end of their turn."
    )
    assert (gain.verb, gain.optional, gain.keyword_value, gain.duration) == (
        "gain_keyword",
        True,
        -1,
        "until_end_of_opponents_turn",
    )
    effect = compiled(
        "[Your Turn] When one of your Digimon attacks, you may suspend this Tamer "
        "to have that Digimon get +1000 DP for the turn."
    )
    (cost,) = effect.costs
    (dp,) = effect.actions
    assert (cost.verb, cost.selector.kind, dp.verb, dp.amount, dp.selector.subject) == (
        "suspend",
        "Tamer",
        "dp_modify",
        1000,
        True,
    )
    trash = only_action("[On Play] Your opponent trashes 1 card in their hand.")
    assert (trash.verb, trash.selector.owner, trash.selector.zone, trash.amount) == (
        "opponent_trashes_card",  # the opponent chooses which of their cards (opponent_choices.py)
        "opponent",
        "hand",
        1,
    )


def test_the_rest_on_top_of_the_deck_and_the_bottom_security_card_to_the_hand() -> None:
    effect = compiled(
        "[On Play] Reveal the top 3 cards of your deck. Return the rest to the top of the deck."
    )
    assert [a.verb for a in effect.actions] == ["reveal", "rest_to_deck_top"]
    bottom = only_action("[Main] Add your bottom security card to the hand.")
    assert (bottom.verb, bottom.amount, bottom.selector.zone) == ("bottom_security_to_hand", 1, "security")


def test_this_digimon_has_a_name_or_a_trait() -> None:
    effect = compiled(
        "[Your Turn] While this Digimon has [Imperialdramon] in its name or a [Free] trait, it gets +1000 DP."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.this) == ("this_matches", True)
    assert [(a.name_contains, a.trait) for a in condition.selector.any_of] == [
        ("Imperialdramon", None),
        (None, "Free"),
    ]


def test_this_trait_digimon_can_digivolve_among_the_revealed_cards() -> None:
    action = only_action(
        "[On Play] This [Demon] or [Titan] trait Digimon can digivolve into a [Titan] trait Digimon card "
        "among them without paying the cost."
    )
    assert (action.verb, action.optional, action.free, action.card.zone, action.card.trait) == (
        "digivolve",
        True,
        True,
        "revealed",
        "Titan",
    )
    assert (action.selector.this, action.selector.trait) == (True, "Demon/Titan")


def test_as_many_or_fewer_digivolution_cards_and_deleted_outside_of_battle() -> None:
    action = only_action(
        "[When Digivolving] Return 1 of your opponent's Digimon with as many or fewer digivolution cards "
        "as this Digimon to the hand."
    )
    assert (action.verb, action.selector.sources_at_most_this, action.selector.owner) == (
        "return_to_hand",
        True,
        "opponent",
    )
    effect = compiled("[On Deletion] If deleted outside of a battle, gain 2 memory.")
    (condition,) = effect.conditions
    assert (condition.kind, condition.negated) == ("deleted_in_battle", True)


def test_swap_the_bottom_security_card_for_this_card_face_up() -> None:
    effect = compiled(
        "[Security] Add your bottom security card to the hand "
        "and place this card face up as the bottom security card.",
        "security",
    )
    assert [(a.verb, a.selector.this) for a in effect.actions] == [
        ("bottom_security_to_hand", False),
        ("place_self_face_up_bottom_security", True),
    ]
    assert effect.actions_compiled
