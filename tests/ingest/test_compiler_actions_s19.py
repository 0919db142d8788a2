"""Session 19 action and selector wordings, each on a real card's own text (card number named)."""

from __future__ import annotations

from ingest.effects import compile_card
from kg.solver.effect_reader import load_effects
from tests.ingest.compile_helpers import compiled, not_compiled
from tests.ingest.test_effect_rdf import store_of

# ---------------------------------------------------------------- 'non-<colour>' (Selector.not_color)


def test_bt25_081_suspend_one_non_purple_tamer_of_either_player() -> None:
    (action,) = compiled("[On Play] [When Digivolving] Suspend 1 non-purple Tamer.").actions
    sel = action.selector
    assert (action.verb, sel.owner, sel.kind, sel.count, sel.not_color, sel.color) == (
        "suspend", "any", "Tamer", 1, "Purple", None)


def test_bt14_097_non_white_digimon_digivolves() -> None:
    (action,) = compiled(
        "[Main] 1 of your non-white Digimon may digivolve into a Digimon card with [Sukamon] in its name in "
        "your hand without paying the cost, ignoring its digivolution requirements."
    ).actions
    assert (action.verb, action.selector.owner, action.selector.not_color) == ("digivolve", "self", "White")
    assert action.card.name_contains == "Sukamon" and action.free and action.ignore_requirements


def test_bt10_001_non_red_card_among_digivolution_cards() -> None:
    effect = compiled(
        "[Your Turn] While a non-red card is in this Digimon's digivolution cards, this Digimon gets "
        "+1000 DP."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.zone, condition.selector.not_color) == (
        "sources_include", "sources", "Red")


def test_not_color_round_trips_through_the_graph() -> None:
    """The solver reads real cards' effects from the graph: dcg:notColor must come back."""
    records = compile_card("BT25-081", main="[On Play] [When Digivolving] Suspend 1 non-purple Tamer.")
    assert load_effects(store_of(records), ["BT25-081"])["BT25-081"] == records


# ---------------------------------------------------------------- 'with N or more digivolution cards'


def test_bt1_085_all_red_digimon_with_4_or_more_digivolution_cards() -> None:
    (action,) = compiled(
        "[Your Turn] All of your red Digimon with 4 or more digivolution cards gain <Security Attack +1> "
        "(This Digimon checks 1 additional security card)."
    ).actions
    sel = action.selector
    assert (action.verb, action.keyword, action.keyword_value) == ("gain_keyword", "SecurityA", 1)
    assert (sel.owner, sel.count, sel.color) == ("self", None, "Red")
    assert (sel.min_sources, sel.max_sources) == (4, None)


def test_n_or_more_digivolution_cards_in_a_condition_keeps_its_own_reading() -> None:
    """'If you have a Digimon with 3 or more digivolution cards' (BT12-103) is counted by the condition
    readers (digimon_sources_include), not by a selector bound."""
    (record,) = compile_card("X-1", main=(
        "[Main] If you have a Digimon with 3 or more digivolution cards, gain 1 memory."))
    (condition,) = record.compiled.conditions
    assert (condition.kind, condition.amount, condition.compiled) == ("digimon_sources_include", 3, True)


# ---------------------------------------------------------------- plays whose [On Play] don't activate


def test_st6_16_two_plays_at_once_their_on_play_effects_dont_activate() -> None:
    play, quiet = compiled(
        "[Main] You may play 1 purple level 3 Digimon card and 1 purple level 4 Digimon card from your trash "
        "without paying their memory costs. Any [On Play] effects on Digimon played with this effect don't "
        "activate."
    ).actions
    assert (play.verb, play.free, [a.min_level for a in play.selector.any_of]) == ("play_each", True, [3, 4])
    assert (quiet.verb, quiet.timing, quiet.same_targets, quiet.duration) == (
        "cant_activate", "OnPlay", True, "this_turn")


# ---------------------------------------------------------------- rewordings (reworded_phrases.py)


def test_bt2_094_choose_1_digivolution_card_and_trash_it() -> None:
    trash, dp = compiled(
        "[Main] Choose 1 digivolution card of 1 of your opponent's Digimon and trash it. Then, 1 of your "
        "Digimon gets +2000 DP for the turn."
    ).actions
    assert (trash.verb, trash.amount, trash.selector.owner, trash.selector.count) == (
        "trash_any_sources", 1, "opponent", 1)
    assert (dp.verb, dp.amount, dp.selector.owner) == ("dp_modify", 2000, "self")


def test_choose_a_digivolution_card_of_your_own_digimon_stays_uncompiled() -> None:
    assert not_compiled("[Main] Choose 1 digivolution card of 1 of your Digimon and trash it.")


def test_bt13_012_search_security_and_you_may_play_among_it() -> None:
    effect = compiled(
        "[When Digivolving] Search your security stack, and you may play 1 red or yellow Tamer card among it "
        "without paying the cost. If you did, <Recovery +1 (Deck)>. (Place the top card of your deck on top "
        "of your security stack.) Then, shuffle your security stack."
    )
    search, play, recovery, shuffle = effect.actions
    assert (search.verb, search.optional) == ("search_security", False)
    assert (play.verb, play.optional, play.free) == ("play_card", True, True)
    sel = play.selector
    assert (sel.zone, sel.kind, sel.color) == ("security", "Tamer", "Red/Yellow")
    assert (recovery.verb, recovery.amount, shuffle.verb) == ("recovery", 1, "shuffle_security")
    (done,) = effect.conditions
    assert (done.kind, done.governs) == ("effect_done", [2])


def test_ex6_068_traitamong_misprint_reads_trait_among() -> None:
    effect = compiled(
        "[All Turns] When one of your Digimon with the [Angel]/[Archangel]/[Three Great Angels] trait is "
        "deleted, <Delay>・Search your security stack. You may play 1 Digimon card with the [Three Great "
        "Angels] traitamong it without paying the cost. Shuffle your security stack."
    )
    play = effect.actions[2]
    assert (play.verb, play.selector.trait, play.selector.zone, play.free) == (
        "play_card", "Three Great Angels", "security", True)


def test_bt5_058_opponents_tamers_dont_unsuspend_for_good() -> None:
    (action,) = compiled("[All Turns] Your opponent's Tamers don't unsuspend.").actions
    sel = action.selector
    assert (action.verb, action.duration, sel.owner, sel.kind, sel.count) == (
        "cant_unsuspend", "permanent", "opponent", "Tamer", None)


def test_st13_16_place_those_cards_on_the_top_or_bottom_of_your_deck() -> None:
    delay, reveal, back = compiled(
        "[Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't "
        "activate this effect the turn this card enters play.)・Reveal the top 4 cards of your deck. Place "
        "those cards on the top or bottom of your deck in any order."
    ).actions
    assert (delay.keyword, reveal.verb, reveal.amount, back.verb) == (
        "Delay", "reveal", 4, "revealed_to_top_or_bottom")


def test_ex10_053_differently_named_cards_placed_under() -> None:
    place, delete = compiled(
        "[On Play] [When Digivolving] You may place up to 5 differently named Digimon cards with [Gammamon] "
        "in their names from your trash as this Digimon's bottom digivolution cards. Then, delete 1 of your "
        "opponent's Digimon with as much or less DP as this Digimon."
    ).actions
    card = place.card
    assert (place.verb, place.optional) == ("place_under", True)
    assert (card.count, card.up_to, card.zone) == (5, True, "trash")
    assert (card.different, card.name_contains) == ("names", "Gammamon")
    assert (delete.verb, delete.selector.dp_at_most_this) == ("delete", True)


def test_differently_colored_cards_added_to_the_hand_stay_uncompiled() -> None:
    """BT12-086: the add_to_hand handler does not keep the colours different (kg/solver/distinct.py)."""
    assert not_compiled(
        "[On Play] Reveal the top 3 cards of your deck. Add up to 2 differently colored Digimon cards with "
        "<Save> in their text among them to your hand. Place the remaining cards at the bottom of your "
        "deck in any order."
    )


def test_bt18_097_tamer_with_5_or_more_cards_under_it_digivolves() -> None:
    _place, digivolve = compiled(
        "[Main] You may place up to 5 [Hybrid] trait cards with different names from your hand or trash "
        "under 1 of your Tamers. Then, 1 of your Tamers with 5 or more cards under it may digivolve into "
        "[MagnaGarurumon] in the hand or trash, ignoring digivolution requirements and without paying the "
        "cost."
    ).actions
    tamer, card = digivolve.selector, digivolve.card
    assert (digivolve.verb, digivolve.optional, digivolve.free, digivolve.ignore_requirements) == (
        "digivolve", True, True, True)
    assert (tamer.owner, tamer.kind, tamer.min_sources) == ("self", "Tamer", 5)
    assert (card.name, card.zone) == ("MagnaGarurumon", "hand_or_trash")


def test_bt2_082_delete_another_diaboromon_to_prevent_this_digimon_from_being_deleted() -> None:
    effect = compiled(
        "[All Turns] When this Digimon would be deleted in battle, you may delete one of your other "
        "[Diaboromon] to prevent this Digimon from being deleted."
    )
    (cost,), (prevent,) = effect.costs, effect.actions
    assert (cost.verb, cost.selector.owner, cost.selector.other, cost.selector.name, cost.selector.count) == (
        "delete", "self", True, "Diaboromon", 1)
    assert (prevent.verb, prevent.optional) == ("prevent", True)


# ---------------------------------------------------------------- a hand card revealed onto the deck


def test_p_077_reveal_1_purple_card_from_the_hand_onto_the_deck() -> None:
    (action,) = compiled(
        "[When Attacking] You may reveal 1 purple card from your hand and place it on top of your deck.",
        part="inherited",
    ).actions
    sel = action.selector
    assert (action.verb, action.amount, action.optional) == ("hand_to_deck_top", 1, True)
    assert (sel.owner, sel.kind, sel.zone, sel.color) == ("self", "card", "hand", "Purple")


def test_bt7_045_revealing_a_green_digimon_card_is_the_cost_of_the_dp() -> None:
    effect = compiled(
        "[When Attacking] You may reveal 1 green Digimon card from your hand and place it on top of your "
        "deck to have this Digimon get +3000 DP for the turn.",
        part="inherited",
    )
    (cost,), (dp,) = effect.costs, effect.actions
    assert (cost.verb, cost.selector.kind, cost.selector.color) == ("hand_to_deck_top", "Digimon", "Green")
    assert (dp.verb, dp.amount, dp.duration, dp.selector.this) == ("dp_modify", 3000, "this_turn", True)


def test_reveal_up_to_1_card_onto_the_deck_stays_uncompiled() -> None:
    assert not_compiled("[Main] Reveal up to 1 purple card from your hand and place it on top of your deck.")


def test_ex9_033_all_of_your_tokens_and_puppet_digimon_gain_keywords() -> None:
    actions = compiled(
        "[All Turns] All of your Tokens and [Puppet] trait Digimon gain <Alliance> and <Blocker>").actions
    assert [(a.verb, a.keyword, a.duration) for a in actions] == [
        ("gain_keyword", "Alliance", "permanent"), ("gain_keyword", "Blocker", "permanent")] * 2
    tokens, puppets = actions[0].selector, actions[2].selector
    assert (tokens.owner, tokens.kind, tokens.token, tokens.count) == ("self", "card", True, None)
    assert (puppets.owner, puppets.kind, puppets.trait, puppets.token, puppets.count) == (
        "self", "Digimon", "Puppet", False, None)


def test_bt26_080_delete_with_the_same_orientation_as_this_digimon() -> None:
    (action,) = compiled(
        "[When Attacking] [Once Per Turn] Delete 1 of your opponent's Digimon with the same orientation as "
        "this Digimon.").actions
    sel = action.selector
    assert (action.verb, sel.owner, sel.count, sel.same_orientation_as_this, sel.state) == (
        "delete", "opponent", 1, True, None)
    records = compile_card("BT26-080", main="[When Attacking] Delete 1 of your opponent's Digimon with the "
                                            "same orientation as this Digimon.")
    assert load_effects(store_of(records), ["BT26-080"])["BT26-080"] == records


# ---------------------------------------------------------------- 'as that Digimon' with no earlier choice


def test_bt17_076_compares_with_the_played_digimon() -> None:
    (action,) = compiled(
        "[All Turns] [Once Per Turn] When one of your [Eosmon] is played, delete 1 of your opponent's "
        "Digimon with as much or less DP as that Digimon.").actions
    sel = action.selector
    assert (action.verb, sel.compare, sel.compare_op) == ("delete", "dp", "at_most")
    assert sel.compare_to == "subject"


def test_as_that_digimon_under_an_on_play_stays_uncompiled() -> None:
    """[On Play] names no other card as its subject: 'that Digimon' would be this card."""
    assert not_compiled(
        "[On Play] Delete 1 of your opponent's Digimon with as much or less DP as that Digimon.")
