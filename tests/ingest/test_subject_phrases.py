"""Subject-first sentences (ingest.compiler.subject_phrases): one subject, several predicates, one
choice; real card texts, named by number."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action, EffectRecord
from ingest.effects import compile_card


def _effect(number: str, text: str, tag: str) -> EffectRecord:
    return next(r for r in compile_card(number, text) if r.label_tag == tag)


def _actions(number: str, text: str, tag: str) -> list[Action]:
    record = _effect(number, text, tag)
    assert record.compiled.actions_compiled, record.compiled.actions
    return record.compiled.actions


def test_p095_dp_and_when_digivolving_on_one_digimon_until_their_turn_ends() -> None:
    dp, quiet = _actions(
        "P-095",
        "[Main] 1 of your opponent's Digimon gets -6000 DP and cannot activate its [When Digivolving] "
        "effects until the end of your opponent's turn.",
        "Main",
    )
    assert (dp.verb, dp.amount, dp.duration, dp.same_targets) == (
        "dp_modify", -6000, "until_end_of_opponents_turn", False)
    assert (quiet.verb, quiet.timing, quiet.duration, quiet.same_targets) == (
        "cant_activate", "WhenDigivolving", "until_end_of_opponents_turn", True)
    assert dp.selector is not None and dp.selector.owner == "opponent" and dp.selector.count == 1


def test_p095_security_until_the_end_of_this_turn() -> None:
    dp, _add = _actions(
        "P-095", "[Security] 1 of your opponent's Digimon gets -6000 DP until the end of this turn. Then, "
        "add this card to your hand.", "Security")
    assert (dp.verb, dp.amount, dp.duration) == ("dp_modify", -6000, "this_turn")


def test_bt19_093_that_digimons_effects_dont_activate() -> None:
    dp, quiet = _actions(
        "BT19-093",
        "[Main] 1 of your opponent's Digimon gets -3000 DP and that Digimon's [When Digivolving] effects "
        "don't activate until the end of your opponent's turn.",
        "Main",
    )
    assert dp.verb == "dp_modify" and dp.duration == "until_end_of_opponents_turn"
    assert (quiet.verb, quiet.timing, quiet.same_targets) == ("cant_activate", "WhenDigivolving", True)


def test_st17_08_two_of_their_digimon_or_tamers_cant_unsuspend_or_digivolve() -> None:
    a, b = _actions(
        "ST17-08",
        "[Main] 2 of their Digimon or Tamers can't unsuspend or digivolve until the end of their turn.",
        "Main",
    )
    assert [a.verb, b.verb] == ["cant_unsuspend", "cant_digivolve"] and b.same_targets
    assert a.selector is not None and (a.selector.kind, a.selector.count) == ("Digimon or Tamer", 2)
    assert a.duration == b.duration == "until_end_of_opponents_turn"


def test_bt24_051_may_get_dp_and_attack_an_opponents_digimon() -> None:
    actions = _actions(
        "BT24-051",
        "[On Play] [When Digivolving] Suspend 2 of your opponent's Digimon or Tamers. Then, 1 of your "
        "Digimon may get +5000 DP for the turn and attack your opponent's Digimon.",
        "OnPlay",
    )
    dp, attack = actions[1:]
    assert (dp.verb, dp.amount, dp.duration, dp.optional) == ("dp_modify", 5000, "this_turn", True)
    assert (attack.verb, attack.optional, attack.same_targets) == ("attack_digimon", True, True)
    assert dp.span == attack.span  # one sentence: one yes / no (kg.solver.handlers.verbs._declines)


def test_ex12_029_may_gain_alliance_for_the_turn_and_attack() -> None:
    actions = _actions(
        "EX12-029",
        "[On Play] [When Digivolving] 1 of your opponent's Digimon or Tamers can't suspend until their turn "
        "ends. Then, 1 of your other [SW] trait Digimon may gain <Alliance> for the turn and attack.",
        "OnPlay",
    )
    gain, attack = actions[1:]
    assert (gain.verb, gain.keyword, gain.duration, gain.optional) == (
        "gain_keyword", "Alliance", "this_turn", True)
    assert (attack.verb, attack.optional, attack.same_targets, attack.duration) == (
        "attack", True, True, "instant")
    assert gain.selector is not None and gain.selector.other and gain.selector.trait == "SW"


def test_st15_16_opponents_digimon_gains_this_digimon_attacks() -> None:
    _de, grant = _actions(
        "ST15-16",
        "[Main] <De-Digivolve 3> 1 of your opponent's Digimon. Then, until the end of your opponent's turn, "
        '1 of your opponent\'s Digimon gains "[Start of Your Main Phase] This Digimon attacks."',
        "Main",
    )
    assert grant.verb == "gain_effect" and grant.duration == "until_end_of_opponents_turn"
    assert grant.granted is not None and grant.granted.compiled.trigger is not None
    assert grant.granted.compiled.trigger.event == "MainPhaseStarted"
    (attack,) = grant.granted.compiled.actions
    assert (attack.verb, attack.optional) == ("attack", False)


def test_ex5_048_dp_and_a_grant_on_one_digimon() -> None:
    dp, grant = _actions(
        "EX5-048",
        "[When Digivolving] Until the end of your opponent's turn, 1 of your opponent's Digimon gets "
        '-3000 DP and gains "[Start of Your Main Phase] This Digimon attacks."',
        "WhenDigivolving",
    )
    assert (dp.verb, dp.amount, dp.duration) == ("dp_modify", -3000, "until_end_of_opponents_turn")
    assert (grant.verb, grant.duration, grant.same_targets) == (
        "gain_effect", "until_end_of_opponents_turn", True)


def test_p135_cant_attack_digimon_and_security_attack_minus() -> None:
    cant, gain = _actions(
        "P-135",
        "[Main] Until the end of your opponent's turn, 1 of their Digimon can't attack Digimon and gains "
        "<Security Attack -1>.",
        "Main",
    )
    assert (cant.verb, cant.duration) == ("cant_attack_digimon", "until_end_of_opponents_turn")
    assert (gain.keyword, gain.keyword_value, gain.same_targets) == ("SecurityA", -1, True)


def test_bt26_021_chosen_digimons_attack_target_cant_change() -> None:
    record = _effect(
        "BT26-021",
        "[When Attacking] 1 of your [TS] trait Digimon's attack target can't change for the turn.",
        "WhenAttacking",
    )
    (action,) = [a for a in record.compiled.actions if a.verb == "cant_change_attack_target"]
    assert action.selector is not None and action.selector.trait == "TS" and action.selector.count == 1
    assert action.duration == "this_turn"


def test_ex7_072_all_your_opponents_digimon_each_a_global_grant() -> None:
    (grant,) = _actions(
        "EX7-072",
        "[Main] All your opponent's Digimon gain \"[End of Your Turn] Delete 1 of your Digimon.\" until end "
        "of their turn.",
        "Main",
    )
    assert grant.selector is not None and grant.selector.count is None and not grant.same_targets
    assert grant.duration == "until_end_of_opponents_turn"


def test_bt5_102_security_until_the_end_of_the_turn() -> None:
    actions = _actions(
        "BT5-102",
        "[Security] Up to 2 of your opponent's Digimon can't attack until the end of the turn. Then, if you "
        "have a Digimon with <Digi-Burst> in play, gain 2 memory.",
        "Security",
    )
    assert (actions[0].verb, actions[0].duration) == ("cant_attack", "this_turn")


def test_an_unread_predicate_leaves_the_sentence_uncompiled() -> None:
    """BT12-099: 'you may attack a player with that Digimon for the turn' is not read."""
    record = _effect(
        "BT12-099",
        "[Main] 1 of your Digimon with a [Hybrid] trait gets +3000 DP and you may attack a player with that "
        "Digimon for the turn.",
        "Main",
    )
    assert not record.compiled.actions_compiled


def test_a_modifier_without_the_duration_the_others_have_is_not_read() -> None:
    """'gets +2000 DP for the turn and gains <Piercing>' would leave <Piercing> without a duration."""
    text = "[Main] 1 of your Digimon may get +2000 DP for the turn and gain <Piercing>."
    record = _effect("X-1", text, "Main")
    assert not record.compiled.actions_compiled


def test_bt22_098_digivolve_into_a_card_with_both_traits() -> None:
    record = _effect(
        "BT22-098",
        "[Your Turn] When any of your [Arisa Kinosaki] suspend, <Delay> ・1 of your [Puppet] trait Digimon "
        "may digivolve into a [Puppet] and [LIBERATOR] trait Digimon card in the hand with the digivolution "
        "cost reduced by 3.",
        "YourTurn",
    )
    (action,) = [a for a in record.compiled.actions if a.verb == "digivolve"]
    card = action.card
    assert card is not None and card.trait == "Puppet" and card.zone == "hand"
    assert [alt.trait for alt in card.any_of] == ["LIBERATOR"]  # both: the trait and the one alternative
    assert action.amount == 3 and action.optional


def test_ex10_069_with_the_mineral_trait_and_liberator_trait() -> None:
    record = _effect(
        "EX10-069",
        "[Your Turn] When any of your [Close]s suspend, <Delay> ・1 of your [Mineral] or [Rock] trait "
        "Digimon may digivolve into a Digimon card with the [Mineral] trait and [LIBERATOR] trait in the "
        "hand with the digivolution cost reduced by 3.",
        "YourTurn",
    )
    (action,) = [a for a in record.compiled.actions if a.verb == "digivolve"]
    assert action.card is not None and action.card.trait == "Mineral"
    assert [alt.trait for alt in action.card.any_of] == ["LIBERATOR"]


def test_bt23_098_a_second_name_without_trait_is_not_read() -> None:
    """'with the [Ghost] trait and [LIBERATOR]': [LIBERATOR] is not said to be a trait."""
    record = _effect(
        "BT23-098",
        "[Your Turn] When any of your Tamers suspend, <Delay> ・1 of your Digimon with the [Ghost] trait may "
        "digivolve into a Digimon card with the [Ghost] trait and [LIBERATOR] in the hand with the "
        "digivolution cost reduced by 3.",
        "YourTurn",
    )
    assert not any(a.verb == "digivolve" and a.compiled for a in record.compiled.actions)


def test_bt19_089_not_affected_by_option_cards_and_it_cant_have_its_dp_reduced() -> None:
    unaffected, protected = _actions(
        "BT19-089",
        "[Main] Until the end of your opponent's turn, 1 of your Digimon isn't affected by the effects of "
        "your opponent's Option cards and it can't have its DP reduced.",
        "Main",
    )
    assert unaffected.verb == "unaffected" and unaffected.card is not None
    assert (unaffected.card.owner, unaffected.card.kind) == ("opponent", "Option")
    assert (protected.verb, protected.same_targets, protected.duration) == (
        "cant_have_dp_reduced", True, "until_end_of_opponents_turn")
    assert protected.card is not None and protected.card.owner == "any"  # anyone's effects


def test_bt15_092_all_their_digimon_and_security_digimon_each_a_global_effect() -> None:
    dp, security = _actions(
        "BT15-092",
        "[Security] All of your opponent's Digimon and security Digimon get -5000 DP until the end of your "
        "turn.",
        "Security",
    )
    assert dp.selector is not None and security.selector is not None
    assert (dp.selector.zone, security.selector.zone) == ("battle_area", "security")
    assert dp.selector.count is None and security.selector.owner == "opponent" and not security.same_targets
    assert dp.amount == security.amount == -5000 and dp.duration == "until_end_of_your_turn"


def test_bt21_086_one_of_your_marcus_damons_may_suspend() -> None:
    (action,) = _actions("BT21-086", "[On Play] 1 of your [Marcus Damon]s may suspend.", "OnPlay")
    assert (action.verb, action.optional) == ("suspend", True)
    assert action.selector is not None
    assert (action.selector.owner, action.selector.name) == ("self", "Marcus Damon")


def test_ex5_042_with_fortitude_and_no_digivolution_cards() -> None:
    record = _effect(
        "EX5-042", "[Your Turn] All of your Digimon with <Fortitude> and no digivolution cards gain <Rush>.",
        "YourTurn")
    (action,) = record.compiled.actions
    assert action.verb == "gain_keyword" and action.keyword == "Rush"
    assert action.selector is not None and action.selector.with_keywords == ["Fortitude"]
    assert action.selector.without_sources and action.selector.count is None


def test_bt10_016_may_also_attack_is_a_permission_and_the_dp_is_not_optional() -> None:
    text = (
        "[When Digivolving] If [Jesmon] is in this Digimon's digivolution cards or you have a Digimon with "
        "[Sistermon] in its name in play, until the end of your opponent's turn, all of your Digimon may "
        "also attack unsuspended Digimon and get +2000 DP."
    )
    actions = _effect("BT10-016", text, "WhenDigivolving").compiled.actions
    allow, dp = [a for a in actions if a.verb in ("can_attack_unsuspended", "dp_modify")]
    assert not allow.optional and not dp.optional
    assert dp.amount == 2000 and dp.duration == "until_end_of_opponents_turn"
    assert dp.selector is not None and dp.selector.count is None and not dp.same_targets  # global


def test_bt12_084_all_of_your_digimon_two_predicates_each_a_global_effect() -> None:
    text = (
        "[On Play][When Digivolving] You may place 1 Digimon card with a [Xros Heart] trait from your hand "
        "or "
        "from under one of your Tamers under this Digimon as its bottom digivolution card. Then, if this "
        "Digimon has [Sparrowmon] in its digivolution cards, until the end of your opponent's turn, all of "
        "your Digimon gain <Blocker> and can't be returned to hands or decks."
    )
    _place, blocker, unreturnable = _actions("BT12-084", text, "OnPlay")
    assert (blocker.verb, unreturnable.verb) == ("gain_keyword", "cant_be_returned")
    assert unreturnable.selector is not None and unreturnable.selector.count is None
    assert not unreturnable.same_targets  # not only what an earlier action chose (ingest.compiler.actions)


def test_bt25_051_other_than_sea_animal_trait_in_any_of_its_traits() -> None:
    (dp,) = _actions(
        "BT25-051",
        "[On Play] [When Digivolving] 1 of your Digimon with [Beast], [Animal] or [Sovereign], other than "
        "[Sea Animal] trait, in any of its traits or the [Shaman] or [TS] trait gets +3000 DP until your "
        "opponent's turn ends.",
        "OnPlay",
    )
    assert dp.selector is not None
    assert [a.trait_contains_except for a in dp.selector.any_of] == ["Sea Animal", None]
    assert (dp.amount, dp.duration) == (3000, "until_end_of_opponents_turn")


_DARK_FIELD = (
    "While you have no face-up security cards, you can ignore this card's color requirements.\n"
    "[Security] [All Turns] All of your [Titan] trait Digimon gain ＜Blocker＞ While you have a Digimon "
    "with [Plutomon] or [Titamon] in its name, they also get +3000 DP.\n[Main] Add your bottom security "
    "card to the hand and place this card face up as the bottom security card. Then, you may play 1 "
    "level 4 or lower [Titan] trait card from your hand or trash without paying the cost."
)


def test_bt26_100_they_also_are_the_titan_digimon_while_you_have_plutomon() -> None:
    record = _effect("BT26-100", _DARK_FIELD, "AllTurns")
    assert record.compiled.actions_compiled
    blocker, dp = record.compiled.actions
    assert (blocker.verb, blocker.keyword) == ("gain_keyword", "Blocker")
    assert (dp.verb, dp.amount) == ("dp_modify", 3000)
    assert dp.selector == blocker.selector and dp.selector is not None
    assert (dp.selector.trait, dp.selector.count, dp.duration) == ("Titan", None, "while_condition")
    (held,) = record.compiled.conditions
    assert (held.kind, held.governs) == ("has_card", [1])  # the 'while' governs only 'they also …'
    assert held.selector is not None and held.selector.name_contains == "Plutomon/Titamon"


def test_bt25_102_they_also_gain_link() -> None:
    record = _effect(
        "BT25-102",
        "[Security] [All Turns] All of your black or red [TS] trait Digimon gain ＜Blocker＞ While you have "
        "[Vulcanusmon], they also gain ＜Link +1＞ ",
        "AllTurns",
    )
    blocker, link = record.compiled.actions
    assert (link.verb, link.keyword, link.keyword_value) == ("gain_keyword", "Link", 1)
    assert link.selector == blocker.selector and link.selector is not None
    assert (link.selector.trait, link.selector.color) == ("TS", "Black/Red")
    (held,) = record.compiled.conditions
    assert held.governs == [1] and held.selector is not None and held.selector.name == "Vulcanusmon"


def test_they_also_after_a_chosen_digimon_is_not_read() -> None:
    """'they' after one chosen Digimon is not a plural subject: left unread (a made-up variant of
    BT25-102's text, which no card prints)."""
    record = _effect(
        "T-1",
        "[Main] 1 of your Digimon gains ＜Blocker＞ for the turn. While you have [Vulcanusmon], they "
        "also gain ＜Link +1＞",
        "Main",
    )
    assert not record.compiled.actions_compiled


@pytest.mark.parametrize(("number", "text", "verb", "compared"), [
    ("BT18-046", "[Opponent's Turn] None of your opponent's Digimon with as much or less DP as this Digimon "
                 "can attack players.", "cant_attack_players", "dp_at_most_this"),
    ("EX7-023", "[Opponent's Turn] None of your opponent's Digimon with as many or fewer digivolution cards "
                "as this Digimon can suspend.", "cant_suspend", "sources_at_most_this"),
])
def test_none_of_the_opponents_digimon_compared_with_this_digimon(number: str, text: str, verb: str,
                                                                  compared: str) -> None:
    (cant,) = _actions(number, text, "OpponentsTurn")
    assert cant.verb == verb and cant.selector is not None
    sel = cant.selector
    assert (sel.owner, sel.count, getattr(sel, compared)) == ("opponent", None, True)
