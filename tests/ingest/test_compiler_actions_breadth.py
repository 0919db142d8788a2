"""Action shapes of real cards, one test per shape, each on the card's own text (card number named)."""

from __future__ import annotations

from ingest.effects import compile_card
from tests.ingest.compile_helpers import compiled, not_compiled

# ---------------------------------------------------------------- 'instead' (CR 18-2)


def test_bt11_015_instead_deletes_two_when_the_condition_holds_else_one() -> None:
    effect = compiled(
        "[When Digivolving] Delete 1 of your opponent's Digimon with 4000 DP or less. If [Shoutmon] is in "
        "this Digimon's digivolution cards, delete 2 of your opponent's Digimon with 4000 DP or less instead."
    )
    one, two = effect.actions
    assert (one.verb, one.selector.count, two.verb, two.selector.count) == ("delete", 1, "delete", 2)
    (if_, unless) = effect.conditions
    assert (if_.kind, if_.negated, if_.governs) == ("sources_include", False, [1])
    assert (unless.kind, unless.negated, unless.governs) == ("sources_include", True, [0])


def test_bt14_089_instead_written_before_the_overwriting_action() -> None:
    effect = compiled(
        "[Main] Delete 1 of your opponent's Digimon with 6000 DP or less. If you have a Digimon with "
        "[Greymon] in its name, delete 1 of your opponent's Digimon with the lowest DP instead."
    )
    first, second = effect.actions
    assert (first.selector.max_dp, second.selector.extreme) == (6000, "lowest_dp")
    assert [(c.kind, c.negated, c.governs) for c in effect.conditions] == [
        ("has_card", False, [1]),
        ("has_card", True, [0]),
    ]


def test_bt4_103_instead_with_a_condition_the_first_action_can_change_is_not_compiled() -> None:
    # Returning a Digimon to the hand can make 'your opponent has 8 or more cards in their hand' hold.
    assert not_compiled(
        "[Main] Return 1 of your opponent's level 5 or lower Digimon to its owner's hand. If your opponent "
        "has 8 or more cards in their hand, instead return 1 of your opponent's level 5 or lower Digimon "
        "to the bottom of its owner's deck."
    )


def test_bt10_019_optional_instead_is_not_compiled() -> None:
    # CR 18-2-2: declining an optional overwrite keeps the first processing.
    assert not_compiled(
        "[On Play] Reveal the top 4 cards of your deck. Add 2 cards with [Blue Flare] in their traits among "
        "them to your hand. Place the rest at the bottom of your deck in any order. If you have a [Kiriha "
        "Aonuma] in play, you may return 1 [MetalGreymon] from your trash to your hand instead."
    )


def test_bt8_081_it_after_and_is_the_digimon_the_first_part_chose() -> None:
    (record,) = compile_card(
        "BT8-081",
        inherited="[Your Turn] When this card is trashed as a digivolution card by [Rasenmon]'s effect, "
        "unsuspend 1 of your Digimon and it gets +3000 DP for the turn.",
    )
    unsuspend, dp = record.compiled.actions
    assert (unsuspend.selector.owner, unsuspend.selector.this) == ("self", False)
    assert (dp.verb, dp.amount, dp.selector.this, dp.same_targets) == ("dp_modify", 3000, False, True)


# ---------------------------------------------------------------- effects that don't activate


def test_bt23_028_cant_activate_when_digivolving_effects_until_their_turn_ends() -> None:
    effect = compiled(
        "[When Linking] Until your opponent's turn ends, 1 of their Digimon can't activate "
        "[When Digivolving] effects.",
        part="link",
    )
    (action,) = effect.actions
    assert (action.verb, action.timing, action.duration) == (
        "cant_activate",
        "WhenDigivolving",
        "until_end_of_opponents_turn",
    )
    assert (action.selector.owner, action.selector.count) == ("opponent", 1)


def test_bt23_094_given_digimon_it_cant_activate_two_timings_under_the_leading_duration() -> None:
    effect = compiled(
        "[Main] Until your opponent's turn ends, give 1 of their Digimon <Security A. -1> and it can't "
        "activate [When Digivolving] or [When Attacking] effects. Then, place this card in the battle area."
    )
    gain, digivolving, attacking, place = effect.actions
    assert (gain.verb, gain.keyword, gain.keyword_value) == ("gain_keyword", "SecurityA", -1)
    assert place.verb == "place_self"
    pair = (digivolving, attacking)
    quiet = [(a.verb, a.timing, a.duration, a.same_targets, a.selector.owner) for a in pair]
    assert quiet == [
        ("cant_activate", "WhenDigivolving", "until_end_of_opponents_turn", True, "opponent"),
        ("cant_activate", "WhenAttacking", "until_end_of_opponents_turn", True, "opponent"),
    ]


def test_bt2_080_on_play_effects_of_the_digimon_played_by_this_effect_dont_activate() -> None:
    effect = compiled(
        "[On Play] You may play up to 2 level 4 or lower purple Digimon cards from your trash without paying "
        "their memory costs. Any [On Play] effects on Digimon played with this effect don't activate."
    )
    play, quiet = effect.actions
    assert (play.verb, play.selector.count, play.selector.zone) == ("play_card", 2, "trash")
    assert (quiet.verb, quiet.timing, quiet.same_targets, quiet.duration) == (
        "cant_activate",
        "OnPlay",
        True,
        "this_turn",
    )


def test_played_dont_activate_needs_a_play_before_it() -> None:
    assert not_compiled("[On Play] Any [On Play] effects on Digimon played with this effect don't activate.")


# ---------------------------------------------------------------- DNA digivolution by an effect (CR 8-2)


def test_bt23_027_two_of_your_digimon_may_dna_digivolve_into_a_named_card_in_the_hand() -> None:
    effect = compiled(
        "[On Play] [When Digivolving] <Draw 1> Then, if it's your turn, 2 of your Digimon may DNA digivolve "
        "into [Shakkoumon] in the hand."
    )
    draw, action = effect.actions
    assert draw.verb == "draw"
    assert (action.verb, action.optional, action.free) == ("dna_digivolve", True, False)
    assert (action.selector.owner, action.selector.count, action.selector.up_to) == ("self", 2, False)
    assert (action.card.name, action.card.zone, action.card.count) == ("Shakkoumon", "hand", 1)


def test_st10_02_dna_digivolve_this_digimon_and_another_by_paying_its_dna_cost() -> None:
    effect = compiled(
        "[End of Your Turn] You may DNA digivolve this Digimon and one of your other Digimon in play into a "
        "Digimon card in your hand by paying its DNA digivolve cost.",
        part="inherited",
    )
    assert effect.costs == []
    (action,) = effect.actions
    assert (action.verb, action.free, action.optional) == ("dna_digivolve_with_this", False, True)
    assert (action.selector.owner, action.selector.other, action.selector.count) == ("self", True, 1)
    assert (action.card.kind, action.card.zone) == ("Digimon", "hand")


def test_ex3_020_this_digimon_and_a_filtered_partner_may_dna_digivolve() -> None:
    effect = compiled(
        "[End of Your Turn] This Digimon and 1 of your other Digimon with [Dramon] in its name may DNA "
        "digivolve into a Digimon card in your hand by paying its DNA digivolve cost."
    )
    (action,) = effect.actions
    assert (action.verb, action.optional, action.selector.name_contains) == (
        "dna_digivolve_with_this",
        True,
        "Dramon",
    )


# ---------------------------------------------------------------- digivolving onto a Tamer


def test_bt17_012_this_card_may_digivolve_onto_a_red_tamer_as_a_level_3_red_digimon() -> None:
    effect = compiled(
        "You may digivolve this card from your hand onto one of your red Tamers as if that card is a level 3 "
        "red Digimon."
    )
    assert effect.category == "Persistent"
    (action,) = effect.actions
    assert (action.verb, action.amount, action.cost) == ("digivolve_onto_tamer", 3, None)
    assert action.optional
    assert (action.selector.kind, action.selector.color, action.selector.owner) == ("Tamer", "Red", "self")
    assert (action.card.this, action.card.zone) == (True, "hand")


def test_bt7_073_digivolve_onto_a_tamer_for_a_fixed_memory_cost() -> None:
    effect = compiled(
        "You may digivolve this card from your hand onto one of your purple Tamers as if the Tamer is a "
        "level 3 purple Digimon for a memory cost of 2."
    )
    (action,) = effect.actions
    assert (action.verb, action.selector.color, action.cost) == ("digivolve_onto_tamer", "Purple", 2)


# ---------------------------------------------------------------- can't be blocked / attacked


def test_bt9_023_this_digimon_cant_be_blocked_in_your_turn() -> None:
    effect = compiled("[Your Turn] This Digimon can't be blocked.")
    (action,) = effect.actions
    assert (effect.category, action.verb, action.selector.this) == ("Persistent", "cant_be_blocked", True)


def test_st8_09_unblockable_is_cant_be_blocked() -> None:
    (action,) = compiled("[Your Turn] This Digimon is unblockable.").actions
    assert (action.verb, action.selector.this) == ("cant_be_blocked", True)


def test_bt6_028_your_digimon_cant_be_blocked_this_turn_after_digi_burst() -> None:
    effect = compiled(
        "[Main] <Digi-Burst 2> (Trash 2 of this Digimon's Digivolution cards to activate the effect below.)・"
        "Your Digimon can't be blocked by your opponent's Digimon this turn."
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.amount) == ("trash_source", 2)
    (action,) = effect.actions
    assert (action.verb, action.duration) == ("cant_be_blocked", "this_turn")
    assert (action.selector.owner, action.selector.count) == ("self", None)


def test_ex2_068_gains_jamming_and_cant_be_blocked_for_the_turn() -> None:
    effect = compiled(
        "[Main] For the turn, 1 of your Digimon gains <Jamming> (This Digimon can't be deleted in battles "
        "against Security Digimon) and can't be blocked by your opponent's Digimon."
    )
    jamming, unblocked = effect.actions
    assert (jamming.verb, jamming.keyword, jamming.duration) == ("gain_keyword", "Jamming", "this_turn")
    assert (unblocked.verb, unblocked.duration) == ("cant_be_blocked", "this_turn")
    assert unblocked.same_targets


def test_p_086_one_of_your_digimon_cant_be_attacked_until_the_end_of_their_turn() -> None:
    effect = compiled(
        "[On Play] If you have a blue Tamer in play, 1 of your Digimon can't be attacked until the end of "
        "your opponent's turn."
    )
    (action,) = effect.actions
    assert (action.verb, action.duration, action.selector.owner) == (
        "cant_be_attacked",
        "until_end_of_opponents_turn",
        "self",
    )


def test_bt1_034_cant_be_blocked_by_a_filtered_blocker_names_the_blockers() -> None:
    """Read by ingest/compiler/static_phrases.py: only the blockers it names are barred
    (test_compiler_statics)."""
    (action,) = compiled(
        "[Your Turn] This Digimon can't be blocked by your opponent's Digimon with no digivolution cards."
    ).actions
    assert action.verb == "cant_be_blocked" and action.card is not None and action.card.without_sources


# ---------------------------------------------------------------- attacking unsuspended Digimon


def test_ex1_016_can_also_attack_unsuspended_digimon_with_no_digivolution_cards() -> None:
    effect = compiled(
        "[Your Turn] This Digimon can also attack your opponent's unsuspended Digimon with no digivolution "
        "cards."
    )
    (action,) = effect.actions
    assert (action.verb, action.selector.this) == ("can_attack_unsuspended", True)
    target = action.card
    assert (target.owner, target.state, target.without_sources) == ("opponent", "unsuspended", True)


def test_bt7_095_gets_dp_and_can_also_attack_unsuspended_for_the_turn() -> None:
    effect = compiled(
        "[Main] For the turn, 1 of your Digimon gets +3000 DP and can also attack your opponent's "
        "unsuspended Digimon with no digivolution cards."
    )
    dp, attack = effect.actions
    assert (dp.verb, dp.amount, dp.duration) == ("dp_modify", 3000, "this_turn")
    assert (attack.verb, attack.duration) == ("can_attack_unsuspended", "this_turn")
    assert attack.same_targets


def test_st12_08_may_also_attack_unsuspended_for_the_turn() -> None:
    (action,) = compiled(
        "[When Digivolving] This Digimon may also attack your opponent's unsuspended Digimon for the turn."
    ).actions
    assert (action.verb, action.duration) == ("can_attack_unsuspended", "this_turn")
    assert action.card.state == "unsuspended"


# ---------------------------------------------------------------- memory


def test_bt3_046_your_opponent_cant_gain_memory_except_with_tamer_effects() -> None:
    (action,) = compiled("[All Turns] Your opponent can't gain memory except with Tamer effects.").actions
    assert (action.verb, action.selector.owner, action.selector.kind) == (
        "cant_gain_memory_except_by_tamers",
        "opponent",
        "player",
    )


def test_bt25_079_players_cant_gain_memory_other_than_by_tamer_effects() -> None:
    (action,) = compiled("[All Turns] Players can't gain memory other than by Tamer effects.").actions
    assert (action.verb, action.selector.owner) == ("cant_gain_memory_except_by_tamers", "any")


# ---------------------------------------------------------------- two subjects, one predicate


def test_ex1_030_a_digimon_and_all_security_digimon_get_minus_dp() -> None:
    effect = compiled(
        "[When Attacking] If you have 3 or more security cards, 1 of your opponent's Digimon and all of your "
        "opponent's Security Digimon get -3000 DP for the turn."
    )
    one, security = effect.actions
    assert (one.verb, one.amount, one.selector.count) == ("dp_modify", -3000, 1)
    assert one.selector.zone == "battle_area"
    assert (security.amount, security.selector.count, security.selector.zone) == (-3000, None, "security")
    assert not security.same_targets


def test_ex5_067_a_digimon_and_a_tamer_cant_suspend_until_the_end_of_their_turn() -> None:
    effect = compiled(
        "[Main] Until the end of your opponent's turn, 1 of your opponent's Digimon and 1 of their Tamers "
        "can't suspend. Then, you may play 1 Tamer card with the [Night Claw]/[Light Fang] trait from your "
        "hand without paying the cost."
    )
    assert [(a.verb, a.selector.kind, a.duration) for a in effect.actions] == [
        ("cant_suspend", "Digimon", "until_end_of_opponents_turn"),
        ("cant_suspend", "Tamer", "until_end_of_opponents_turn"),
        ("play_card", "Tamer", "instant"),
    ]


def test_bt11_108_play_costs_of_6_or_less() -> None:
    effect = compiled(
        "[Main] <De-Digivolve 1> 3 of your opponent's Digimon. (Trash 1 card from the top of 3 of your "
        "opponent's Digimon. Stop trashing when you would trash a level 3 card or the Digimon's last card.) "
        "Then, delete 3 of your opponent's Digimon with play costs of 6 or less."
    )
    de_digivolve, delete = effect.actions
    assert de_digivolve.verb == "de_digivolve"
    assert (delete.verb, delete.selector.count, delete.selector.max_cost) == ("delete", 3, 6)


# ---------------------------------------------------------------- cards of either description


def test_bt24_081_play_a_named_card_or_a_filtered_digimon_card_from_the_trash() -> None:
    effect = compiled(
        "[On Deletion] You may play 1 [Titamon] or 1 level 5 or lower Digimon card with the [Titan] trait "
        "from your trash without paying the cost."
    )
    (play,) = effect.actions
    assert (play.verb, play.free, play.selector.count, play.selector.zone) == ("play_card", True, 1, "trash")
    named, filtered = play.selector.any_of
    assert (named.kind, named.name) == ("card", "Titamon")
    assert (filtered.kind, filtered.max_level, filtered.trait) == ("Digimon", 5, "Titan")


def test_bt24_083_either_description_with_a_dp_filter_is_read_whole() -> None:
    # Board.card_fits checks each alternative whole, its printed DP too: the DP filter is the second one's
    (play,) = compiled(
        "[Start of Your Turn] If you have 4 or less memory, you may play 1 [Hiroko Sagisaka] or 1 [TS] trait "
        "Digimon card with 5000 DP or less from your hand without paying the cost."
    ).actions
    assert play.verb == "play_card" and play.selector is not None
    named, traited = play.selector.any_of
    assert (named.name, named.max_dp) == ("Hiroko Sagisaka", None)
    assert (traited.trait, traited.kind, traited.max_dp) == ("TS", "Digimon", 5000)


def test_bt1_056_recycle_bin_is_the_trash() -> None:
    (play,) = compiled(
        "[On Play] You may play 1 [Tinkermon] from your hand or recycle bin without paying its memory cost."
    ).actions
    assert (play.verb, play.selector.name, play.selector.zone) == ("play_card", "Tinkermon", "hand_or_trash")


# ---------------------------------------------------------------- attacks by an effect, with a target


def test_bt20_080_then_one_of_your_digimon_may_attack_a_player() -> None:
    effect = compiled(
        "[All Turns] When Tamer cards are placed in this Digimon's digivolution cards, activate 1 of this "
        "Digimon's [When Digivolving] effects. Then, 1 of your Digimon may attack a player."
    )
    activate, attack = effect.actions
    assert (activate.verb, activate.timing) == ("activate_effect", "WhenDigivolving")
    assert (attack.verb, attack.optional, attack.selector.owner, attack.selector.count) == (
        "attack_player",
        True,
        "self",
        1,
    )


def test_bt20_090_one_of_your_digimon_attacks_a_player_by_suspending_this_tamer() -> None:
    effect = compiled(
        "[End of Your Turn] If you have 4 or fewer cards in your hand, by suspending this Tamer, 1 of your "
        "Digimon with the [Dark Dragon]/[Evil Dragon] trait attacks a player."
    )
    (cost,) = effect.costs
    assert cost.verb == "suspend"
    (attack,) = effect.actions
    assert (attack.verb, attack.optional) == ("attack_player", False)
    assert attack.selector.trait == "Dark Dragon/Evil Dragon"


def test_bt9_095_may_attack_your_opponent_is_the_player() -> None:
    effect = compiled(
        "[Main] Delete 1 of your opponent's Digimon with 13000 DP or less. Then, 1 of your Digimon with "
        "[Greymon] in its name may attack your opponent."
    )
    assert [a.verb for a in effect.actions] == ["delete", "attack_player"]


def test_bt14_054_this_digimon_may_attack_an_opponents_digimon() -> None:
    (attack,) = compiled("[End of Your Turn] This Digimon may attack an opponent's Digimon.").actions
    assert (attack.verb, attack.selector.this, attack.optional) == ("attack_digimon", True, True)


# ---------------------------------------------------------------- older wordings


def test_bt4_009_hybrid_in_its_form_is_a_trait() -> None:
    effect = compiled(
        "[On Play] Reveal the top 3 cards of your deck. Add 1 Digimon card with [Hybrid] in its form and 1 "
        "red Tamer card among them to your hand. Place the remaining cards at the bottom of your deck in any "
        "order."
    )
    reveal, digimon, tamer, rest = effect.actions
    assert (digimon.verb, digimon.selector.kind) == ("add_to_hand", "Digimon")
    assert digimon.selector.trait == "Hybrid"
    assert (tamer.selector.kind, tamer.selector.color) == ("Tamer", "Red")
    assert (reveal.verb, rest.verb) == ("reveal", "rest_to_deck")


def test_bt21_016_place_under_any_of_your_tamers() -> None:
    effect = compiled(
        "[On Deletion] You may place 1 Digimon card with the [Xros Heart]/[Blue Flare]/[Hero] trait from "
        "your hand or trash under any of your Tamers. Then, <Save>."
    )
    place = effect.actions[0]
    assert (place.verb, place.selector.kind, place.selector.count) == ("place_under", "Tamer", 1)
    assert (place.card.zone, place.card.trait) == ("hand_or_trash", "Xros Heart/Blue Flare/Hero")


# ---------------------------------------------------------------- unsuspending, returning


def test_bt3_057_it_doesnt_unsuspend_during_the_next_unsuspend_phase_is_the_suspended_digimon() -> None:
    effect = compiled(
        "[When Digivolving] Suspend 1 of your opponent's Digimon. It doesn't unsuspend during your "
        "opponent's next unsuspend phase."
    )
    suspend, stays = effect.actions
    assert (suspend.verb, suspend.selector.owner) == ("suspend", "opponent")
    assert (stays.verb, stays.same_targets, stays.selector.owner, stays.selector.this) == (
        "skips_next_unsuspend",
        True,
        "opponent",
        False,
    )


def test_bt4_054_a_suspended_digimon_doesnt_unsuspend_in_their_next_unsuspend_phase() -> None:
    effect = compiled(
        "[Main] <Digi-Burst 2> (Trash 2 of this Digimon's digivolution cards to activate the effect "
        "below.)・1 of your opponent's suspended Digimon doesn't unsuspend during your opponent's next "
        "unsuspend phase."
    )
    (action,) = effect.actions
    assert (action.verb, action.selector.state) == ("skips_next_unsuspend", "suspended")


def test_bt13_053_doesnt_unsuspend_until_the_end_of_their_turn_is_cant_unsuspend() -> None:
    effect = compiled(
        "[On Play] Suspend 1 of your opponent's Digimon with 7000 DP or less. Then, until the end of your "
        "opponent's turn, 1 of your opponent's Digimon doesn't unsuspend."
    )
    suspend, stays = effect.actions
    assert (stays.verb, stays.duration) == ("cant_unsuspend", "until_end_of_opponents_turn")
    assert suspend.verb == "suspend" and not stays.same_targets


def test_p_100_cannot_unsuspend_is_cant_unsuspend() -> None:
    (action,) = compiled(
        "[On Play] [When Digivolving] 1 of your opponent's Digimon or Tamers cannot unsuspend until the end "
        "of your opponent's turn."
    ).actions
    assert (action.verb, action.selector.kind) == ("cant_unsuspend", "Digimon or Tamer")


def test_bt11_060_cant_be_returned_to_hands_or_decks_by_your_opponents_effects() -> None:
    (action,) = compiled(
        "[All Turns] This Digimon can't be returned to hands or decks by your opponent's effects."
    ).actions
    assert (action.verb, action.selector.this) == ("cant_be_returned_by_opponents_effects", True)


def test_ex8_015_cant_be_returned_and_it_gets_dp_until_the_end_of_their_turn() -> None:
    effect = compiled(
        "[When Digivolving] Until the end of your opponent's turn, this Digimon can't be returned to the "
        "hand or deck and it gets +3000 DP. Then, if [WarGrowlmon]/[X Antibody] is in this Digimon's "
        "digivolution cards, delete 1 of your opponent's Digimon with 10000 DP or less."
    )
    unreturnable, dp, delete = effect.actions
    assert (unreturnable.verb, unreturnable.duration) == ("cant_be_returned", "until_end_of_opponents_turn")
    assert (dp.verb, dp.amount, dp.duration, dp.selector.this) == (
        "dp_modify",
        3000,
        "until_end_of_opponents_turn",
        True,
    )
    assert delete.verb == "delete"


# ---------------------------------------------------------------- digivolving from more places


def test_bt19_008_digivolve_into_a_card_under_your_tamers() -> None:
    (action,) = compiled(
        "[On Play] This Digimon may digivolve into [OmniShoutmon] under your Tamers without paying the cost."
    ).actions
    assert (action.verb, action.free, action.optional) == ("digivolve", True, True)
    assert (action.card.name, action.card.zone) == ("OmniShoutmon", "under_tamers")
    assert action.selector.this


def test_bt20_087_one_of_your_digimon_on_the_field_may_digivolve() -> None:
    effect = compiled(
        "[Your Turn] When one of your [Chronicle] trait Digimon attacks, by suspending this Tamer, 1 of your "
        "Digimon on the field may digivolve into a level 6 or lower [Chronicle] trait Digimon card in the "
        "hand with the digivolution cost reduced by 1."
    )
    (action,) = effect.actions
    assert (action.verb, action.amount) == ("digivolve", 1)
    assert (action.selector.owner, action.selector.count) == ("self", 1)
    assert (action.card.max_level, action.card.trait, action.card.zone) == (6, "Chronicle", "hand")


def test_bt14_101_a_permission_to_digivolve_into_this_card_in_the_hand() -> None:
    effect = compiled(
        "While you have a Tamer with [Tai Kamiya] in its name and your opponent has a Digimon with 10000 DP "
        "or more, one of your [Agumon] may digivolve into this card in your hand for a digivolution cost of "
        "4, ignoring digivolution requirements."
    )
    (allow,) = effect.actions
    assert [c.kind for c in effect.conditions] == ["has_card", "has_card"]
    assert (allow.verb, allow.selector.name, allow.card.this, allow.card.zone, allow.cost) == (
        "digivolve_permission", "Agumon", True, "hand", 4)


# ---------------------------------------------------------------- selector qualifiers (round 3)


def test_bt15_031_other_than_a_name_after_the_trait_excludes_that_card() -> None:
    effect = compiled(
        "[End of Opponent's Turn] Delete this Digimon. Then, you may play 1 Digimon card with the "
        "[Dark Masters] trait, other than [MetalSeadramon], from your hand without paying the cost."
    )
    _, play = effect.actions
    sel = play.selector
    assert (play.verb, play.free, sel.zone, sel.trait, sel.not_name) == (
        "play_card", True, "hand", "Dark Masters", "MetalSeadramon")


def test_bt25_018_as_much_dp_as_this_digimon_or_less() -> None:
    (delete,) = compiled(
        "[When Attacking] [Once Per Turn] Delete 1 of your opponent's Digimon with as much DP as this "
        "Digimon or less."
    ).actions
    sel = delete.selector
    assert (delete.verb, sel.owner, sel.dp_at_most_this) == ("delete", "opponent", True)


def test_bt11_060_a_persistent_restriction_lasts_while_the_effect_applies() -> None:
    (kept,) = compiled(
        "[All Turns] This Digimon can't be returned to hands or decks by your opponent's effects."
    ).actions
    assert (kept.verb, kept.duration) == ("cant_be_returned_by_opponents_effects", "permanent")


def test_bt20_019_can_also_attack_unsuspended_under_a_while_condition() -> None:
    piercing, attack = compiled(
        "[Your Turn] While this Digimon is [Jesmon GX], all of your Digimon gain <Piercing> and can also "
        "attack unsuspended Digimon."
    ).actions
    assert (attack.verb, attack.duration, piercing.duration) == (
        "can_attack_unsuspended", "while_condition", "while_condition")


def test_bt18_009_cant_gain_memory_except_by_tamers_is_persistent() -> None:
    (rule,) = compiled("[All Turns] Your opponent can't gain memory except with Tamer effects.").actions
    assert (rule.verb, rule.duration) == ("cant_gain_memory_except_by_tamers", "permanent")


def test_ex12_046_give_a_keyword_and_dp_to_one_digimon() -> None:
    keyword, dp = compiled(
        "[On Play] [When Digivolving] Give 1 of your opponent's Digimon <Security A. -1> and -3000 DP until "
        "their turn ends."
    ).actions
    assert (keyword.verb, keyword.keyword, keyword.keyword_value, keyword.duration) == (
        "gain_keyword", "SecurityA", -1, "until_end_of_opponents_turn")
    assert (dp.verb, dp.amount, dp.duration, dp.same_targets) == (
        "dp_modify", -3000, "until_end_of_opponents_turn", True)


def test_bt21_036_for_each_card_with_a_trait_in_your_trash() -> None:
    _, dp = compiled(
        "[When Digivolving] This Digimon unsuspends. Then, to 1 of your opponent's Digimon give -2000 DP for "
        "the turn for each card with the [Armor Form] trait in your trash."
    ).actions
    assert (dp.verb, dp.amount, dp.selector.owner) == ("dp_modify", -2000, "opponent")
    assert dp.per is not None
    assert (dp.per.zone, dp.per.owner, dp.per.count, dp.per.trait) == ("trash", "self", None, "Armor Form")


def test_bt7_065_cards_counted_among_digivolution_cards() -> None:
    # The solver counts this card's digivolution cards too (Board.count, zone 'sources').
    (dp,) = compiled(
        "[When Digivolving] For each card with [X-Antibody] in its traits in this Digimon's digivolution "
        "cards, this Digimon gets +1000 DP for the turn."
    ).actions
    assert (dp.verb, dp.amount, dp.duration, dp.selector.this) == ("dp_modify", 1000, "this_turn", True)
    assert dp.per is not None
    assert (dp.per.zone, dp.per.owner, dp.per.count, dp.per.trait) == ("sources", "self", None, "X-Antibody")


def test_bt14_032_add_the_top_card_of_your_security_stack_to_the_hand() -> None:
    to_hand, back = compiled(
        "[On Play] Add the top card of your security stack to the hand. Then, you may place 1 card with "
        "[Sukamon] in its name from your hand on top of your security stack."
    ).actions
    assert (to_hand.verb, to_hand.amount, to_hand.selector.zone) == ("security_to_hand", 1, "security")
    assert back.verb == "place_security_top"


def test_ex5_072_without_paying_the_play_cost() -> None:
    (play,) = compiled(
        "[Main] You may play 1 Digimon card with [Fanglongmon] in its name from your hand without paying the "
        "play cost."
    ).actions
    assert (play.verb, play.free, play.optional, play.selector.name_contains) == (
        "play_card", True, True, "Fanglongmon")


def test_st13_16_play_a_card_in_your_hand() -> None:
    play, place = compiled(
        "[Main] You may play 1 Digimon card with [Legend-Arms] in its traits and a play cost of 7 or less in "
        "your hand without paying its memory cost. Then, place this card in your Battle Area."
    ).actions
    sel = play.selector
    assert (play.verb, play.free, sel.zone, sel.trait, sel.max_cost) == (
        "play_card", True, "hand", "Legend-Arms", 7)
    assert place.verb == "place_self"


def test_ex5_072_a_count_of_cards_with_different_names_stays_unread() -> None:
    (record,) = compile_card(
        "EX5-072",
        main="When this card would be used, reduce the cost by 1 for each [Deva]/[Four Sovereigns] trait "
        "card with a different name in your trash.",
    )
    assert not record.compiled.actions_compiled


def test_bt21_068_a_stray_period_before_with_is_read_through() -> None:
    delete, trash = compiled(
        "[On Play] [When Digivolving] Delete 1 of your opponent's Digimon. with 4000 DP or less. If this "
        "effect didn't delete, trash the top 2 cards of your deck."
    ).actions
    assert (delete.verb, delete.selector.max_dp) == ("delete", 4000)
    assert (trash.verb, trash.amount) == ("trash_deck", 2)


def test_ex10_071_a_doubled_in_its_name_is_read_once() -> None:
    *keywords, dp = compiled(
        "[Main] Until your opponent's turn ends, 1 of your Digimon with [Lucemon] in its name in its name "
        "gains <Raid>, <Piercing>, <Blocker> and +3000 DP."
    ).actions
    assert [k.keyword for k in keywords] == ["Raid", "Piercing", "Blocker"]
    assert (dp.amount, dp.selector.name_contains, dp.duration) == (
        3000, "Lucemon", "until_end_of_opponents_turn")


def test_ex7_060_trait_trait_is_one_trait() -> None:
    (play,) = compiled(
        "[On Deletion] You may play 1 level 5 or lower Digimon card with the [Dark Dragon]/[Evil Dragon] "
        "trait trait from your trash without paying the cost."
    ).actions
    sel = play.selector
    assert (sel.trait, sel.max_level, sel.zone) == ("Dark Dragon/Evil Dragon", 5, "trash")


def test_bt6_093_can_attack_unsuspended_without_also() -> None:
    (allowed,) = compiled(
        "[Main] 1 of your Digimon with [Huckmon] in its name or [Royal Knight] in its type can attack your "
        "opponent's unsuspended Digimon for the turn."
    ).actions
    assert (allowed.verb, allowed.duration, allowed.selector.owner) == (
        "can_attack_unsuspended", "this_turn", "self")
    target = allowed.card
    assert target is not None and (target.owner, target.state) == ("opponent", "unsuspended")
    assert [a.trait or a.name_contains for a in allowed.selector.any_of] == ["Huckmon", "Royal Knight"]
