"""What a card is or has (ingest/compiler/static_phrases.py): real card texts, named by number."""

from __future__ import annotations

from ingest.effect_ir import Action, EffectRecord
from ingest.effects import compile_card


def _effect(number: str, text: str, tag: str, inherited: str = "") -> EffectRecord:
    records = compile_card(number, text, inherited) if inherited else compile_card(number, text)
    return next(r for r in records if r.label_tag == tag)


def _only(record: EffectRecord) -> Action:
    assert record.compiled.actions_compiled
    (action,) = record.compiled.actions
    return action


def test_bt10_011_gains_all_effects_of_gammamon_cards_main_and_inherited() -> None:
    text = ("[All Turns] This Digimon gains all effects of cards with [Gammamon] in their names in this "
            "Digimon's digivolution cards.")
    for record in compile_card("BT10-011", text, text):
        action = _only(record)
        assert record.compiled.category == "Persistent"
        assert action.verb == "gain_source_effects" and action.duration == "permanent"
        assert action.selector is not None and action.selector.this
        card = action.card
        assert card is not None and card.zone == "sources" and card.count is None
        assert card.name_contains == "Gammamon" and card.name is None and action.timing is None


def test_bt16_062_all_of_the_effects_on_cards() -> None:
    text = ("[All Turns] This Digimon gains all of the effects on cards with [Gammamon] in their names in "
            "this Digimon's digivolution cards.")
    action = _only(_effect("BT16-062", text, "AllTurns"))
    assert action.verb == "gain_source_effects" and action.card is not None
    assert action.card.name_contains == "Gammamon"


def test_bt12_072_machinedramon_and_chaosdramon_either_name() -> None:
    """QA Q2213: a [Chaosdramon] under it gives its effects: 'and' is either name."""
    text = ("[All Turns] This Digimon gains all effects of cards with [Machinedramon] and [Chaosdramon] in "
            "their names in this Digimon's digivolution cards.")
    action = _only(_effect("BT12-072", text, "AllTurns"))
    assert action.card is not None and action.card.name_contains == "Machinedramon/Chaosdramon"


def test_bt16_014_effects_of_goldramon_by_exact_name() -> None:
    text = "[All Turns] This Digimon gains all effects of [Goldramon] in this Digimon's digivolution cards."
    action = _only(_effect("BT16-014", text, "AllTurns"))
    assert action.card is not None and action.card.name == "Goldramon" and action.card.name_contains is None


def test_bt22_078_main_effects_of_flame_trait_cards() -> None:
    text = ("[Your Turn] This Digimon gains all [Main] effects of its digivolution cards with the [Flame] "
            "trait.")
    action = _only(_effect("BT22-078", text, "YourTurn"))
    assert action.verb == "gain_source_effects" and action.timing == "Main"
    assert action.card is not None and action.card.trait == "Flame" and action.card.kind == "card"


def test_ex10_059_all_turns_effects_of_level_6_bagra_army_digimon() -> None:
    text = ("[All Turns] This Digimon gains all [All Turns] effects on all level 6 [Bagra Army] trait "
            "Digimon cards in its digivolution cards.")
    action = _only(_effect("EX10-059", text, "AllTurns"))
    assert action.timing == "AllTurns" and action.card is not None
    assert (action.card.kind, action.card.min_level, action.card.max_level) == ("Digimon", 6, 6)
    assert action.card.trait == "Bagra Army"


def test_bt15_047_while_suspended_isnt_affected_by_opponents_digimon() -> None:
    text = ("[All Turns] While this Digimon is suspended, it isn't affected by the effects of your "
            "opponent's Digimon.")
    record = _effect("BT15-047", text, "AllTurns")
    action = _only(record)
    assert [c.kind for c in record.compiled.conditions] == ["this_suspended"]
    assert action.verb == "unaffected" and action.duration == "while_condition"
    assert action.selector is not None and action.selector.this
    assert action.card is not None and (action.card.owner, action.card.kind) == ("opponent", "Digimon")


def test_st23_09_opponents_digimon_effects_dont_affect_this_until_their_turn_ends() -> None:
    text = ("[When Digivolving] [When Attacking] [Once Per Turn] Your opponent's Digimon effects don't "
            "affect this Digimon until their turn ends. Then, delete 1 of your opponent's Digimon with the "
            "lowest DP.")
    record = _effect("ST23-09", text, "WhenDigivolving")
    assert record.compiled.actions_compiled
    shield, delete = record.compiled.actions
    assert shield.verb == "unaffected" and shield.duration == "until_end_of_opponents_turn"
    assert shield.card is not None and shield.card.kind == "Digimon" and shield.card.owner == "opponent"
    assert delete.verb == "delete"


def test_bt17_016_isnt_affected_by_opponents_effects_any_card() -> None:
    text = ("[All Turns] While you have 0 or less memory, this Digimon isn't affected by your opponent's "
            "effects.")
    action = _only(_effect("BT17-016", text, "AllTurns"))
    assert action.verb == "unaffected" and action.card is not None and action.card.kind == "card"


def test_ex8_029_none_of_your_ds_digimon_are_affected() -> None:
    text = ("[All Turns] While you have 1 or more memory, none of your [DS] trait Digimon are affected by "
            "your opponent's Digimon's effects.")
    action = _only(_effect("EX8-029", text, "AllTurns"))
    sel = action.selector
    assert action.verb == "unaffected" and sel is not None and sel.count is None and sel.trait == "DS"
    assert sel.owner == "self" and action.card is not None and action.card.kind == "Digimon"


def test_ex7_041_opponents_effects_cant_delete_this_digimon() -> None:
    text = "[Opponent's Turn] Your opponent's effects can't delete this Digimon."
    action = _only(_effect("EX7-041", text, "OpponentsTurn"))
    assert action.verb == "cant_be_deleted_by_opponents_effects" and action.duration == "permanent"
    assert action.selector is not None and action.selector.this


def test_bt6_053_opponents_effects_cant_reduce_this_digimons_dp() -> None:
    text = "[Opponent's Turn] Your opponent's effects can't reduce this Digimon's DP."
    action = _only(_effect("BT6-053", text, "OpponentsTurn"))
    assert action.verb == "cant_have_dp_reduced"
    assert action.card is not None and action.card.owner == "opponent"


def test_an_opponents_digimon_is_never_the_protected_one() -> None:
    """'Your opponent's Digimon isn't affected …' (a selector of the opponent's cards) is not read."""
    text = "[On Play] 1 of your opponent's Digimon isn't affected by your opponent's effects for the turn."
    record = _effect("X-1", text, "OnPlay")
    assert not record.compiled.actions_compiled


def test_bt2_029_cant_be_blocked_by_digimon_with_no_digivolution_cards() -> None:
    text = "[Your Turn] This Digimon can't be blocked by your opponent's Digimon with no digivolution cards."
    for number, records in (("BT2-029", compile_card("BT2-029", text)),
                            ("BT1-034", compile_card("BT1-034", None, text))):
        action = _only(records[0])
        assert action.verb == "cant_be_blocked" and action.selector is not None and action.selector.this
        blockers = action.card
        assert blockers is not None, number
        assert blockers.owner == "opponent" and blockers.count is None and blockers.without_sources


def test_plain_cant_be_blocked_keeps_no_blocker_filter() -> None:
    action = _only(compile_card("BT9-023", "[Your Turn] This Digimon can't be blocked.")[0])
    assert action.verb == "cant_be_blocked" and action.card is None


def test_bt15_031_can_only_digivolve_into_white_digimon() -> None:
    action = _only(_effect("BT15-031", "[Your Turn] This Digimon can only digivolve into white Digimon.",
                           "YourTurn"))
    assert action.verb == "digivolves_only_into" and action.duration == "permanent"
    assert action.card is not None and action.card.color == "White" and action.card.kind == "Digimon"


def test_ex10_012_and_bt4_115_only_into_a_name_or_a_name_part() -> None:
    exact = _only(_effect("EX10-012", "[All Turns] This Digimon can only digivolve into [Apocalymon].",
                          "AllTurns"))
    assert exact.card is not None and exact.card.name == "Apocalymon"
    part = _only(_effect("BT4-115", "[All Turns] This Digimon can only digivolve into Digimon with [Lucemon] "
                         "in their names.", "AllTurns"))
    assert part.card is not None and part.card.name_contains == "Lucemon" and part.card.kind == "Digimon"


def test_can_only_digivolve_into_an_unknown_phrase_is_not_read() -> None:
    record = _effect("X-1", "[All Turns] This Digimon can only digivolve into other Digimon.", "AllTurns")
    assert not record.compiled.actions_compiled


def test_bt6_013_is_also_treated_as_black_in_your_turn() -> None:
    record = _effect("BT6-013", "[Your Turn] This Digimon is also treated as black.", "YourTurn")
    action = _only(record)
    assert record.compiled.category == "Persistent"
    assert action.verb == "also_colored" and action.selector is not None and action.selector.this
    assert action.card is not None and action.card.color == "Black"


def test_also_treated_as_a_colour_for_a_while_is_not_read() -> None:
    """Only the card's persistent fact is read (kg.solver.statics.stack_colors)."""
    record = _effect("X-1", "[On Play] This Digimon is also treated as black for the turn.", "OnPlay")
    assert not record.compiled.actions_compiled


def test_bt19_064_gains_blocker_and_isnt_affected_both_until_the_opponents_turn_ends() -> None:
    text = ("[On Play] [When Digivolving] This Digimon gains <Blocker>and isn't affected by your opponent's "
            "Digimon's effects until the end of your opponent's turn.")
    record = _effect("BT19-064", text, "OnPlay")
    assert record.compiled.actions_compiled
    blocker, shield = record.compiled.actions
    assert (blocker.verb, blocker.keyword, blocker.duration) == ("gain_keyword", "Blocker",
                                                                 "until_end_of_opponents_turn")
    assert (shield.verb, shield.duration) == ("unaffected", "until_end_of_opponents_turn")
    assert shield.card is not None and shield.card.kind == "Digimon" and shield.same_targets


def test_ex2_007_cant_attack_and_isnt_affected_by_opponents_effects() -> None:
    record = _effect("EX2-007", "[All Turns] This Digimon can't attack and isn't affected by your opponent's "
                     "effects.", "AllTurns")
    assert record.compiled.actions_compiled
    assert [(a.verb, a.duration) for a in record.compiled.actions] == [
        ("cant_attack", "permanent"), ("unaffected", "permanent")]


def test_bt12_035_a_requirement_naming_a_keyword_stays_one_rule_line() -> None:
    """'Digivolve: 0 from Lv.2 w/<Save> in text' (BT12-035) and a DigiXros line naming <Save> (BT12-011)
    are card rules whole: the keyword they name does not start an effect ('in text' no longer an action)."""
    from ingest.effects import split_part

    split = split_part("BT12-035", "main", "Digivolve: 0 from Lv.2 w/＜Save＞ in text")
    assert split.rules == ["Digivolve: 0 from Lv.2 w/<Save> in text"] and split.effects == []
    text = ("[DigiXros -2] 1 Digimon card w/<Save> in text[On Play][When Digivolving] Reveal the top 3 cards "
            "of your deck.")
    split = split_part("BT12-011", "main", text)
    assert split.rules == ["[DigiXros -2] 1 Digimon card w/<Save> in text"]
    assert [r.label_tag for r in split.effects] == ["OnPlay"]


def test_st13_14_opponents_effects_cant_delete_or_return_this_digimon() -> None:
    text = ("[When Digivolving] Your opponent's effects can't delete this Digimon or return it to its "
            "owner's hand or deck until the end of their turn.")
    record = _effect("ST13-14", text, "WhenDigivolving")
    assert record.compiled.actions_compiled
    assert [(a.verb, a.duration) for a in record.compiled.actions] == [
        ("cant_be_deleted_by_opponents_effects", "until_end_of_opponents_turn"),
        ("cant_be_returned_by_opponents_effects", "until_end_of_opponents_turn")]
    assert all(a.selector is not None and a.selector.this for a in record.compiled.actions)


def test_bt22_058_opponents_effects_cant_return_1_of_your_digimon() -> None:
    text = ("[On Play] Your opponent's effects can't return 1 of your Digimon to hands or decks until their "
            "turn ends.")
    action = _only(_effect("BT22-058", text, "OnPlay"))
    assert action.verb == "cant_be_returned_by_opponents_effects"
    assert action.selector is not None and action.selector.owner == "self" and action.selector.count == 1


def test_lm_010_none_of_your_opponents_tamers_can_unsuspend() -> None:
    text = ("[On Play] Suspend 1 Tamer. None of your opponent's Tamers can unsuspend until the end of their "
            "turn.")
    record = _effect("LM-010", text, "OnPlay")
    assert record.compiled.actions_compiled
    suspend, restriction = record.compiled.actions
    assert suspend.verb == "suspend"
    assert (restriction.verb, restriction.duration) == ("cant_unsuspend", "until_end_of_opponents_turn")
    sel = restriction.selector
    assert sel is not None and sel.owner == "opponent" and sel.kind == "Tamer" and sel.count is None


def test_st24_11_none_of_their_suspended_digimon_or_tamers_can_digivolve_or_unsuspend() -> None:
    from ingest.compiler.static_phrases import match_static

    found = match_static("until their turn ends, none of their suspended digimon or tamers can digivolve or "
                         "unsuspend")
    assert found is not None and [a.verb for a in found] == ["cant_digivolve", "cant_unsuspend"]
    assert all(a.selector is not None and a.selector.state == "suspended" for a in found)


def test_none_of_with_a_filter_compared_with_this_digimon_is_not_read() -> None:
    """'with as much or less DP as this Digimon' for a duration (a lasting effect: kept uncompiled); the
    persistent BT18-046 form is read by ``subject_phrases`` (compared as they are now, Q3844)."""
    text = ("[On Play] None of your opponent's Digimon with as much or less DP as this Digimon can "
            "attack players until the end of their turn.")
    assert not _effect("T-1", text, "OnPlay").compiled.actions_compiled


def test_bt25_060_until_your_turn_ends_gains_keywords_and_isnt_affected() -> None:
    """'until your turn ends' is the end of your turn (as 'until the end of your turn')."""
    text = ("[When Attacking] By trashing 1 card in your hand, until your turn ends, this Digimon gains "
            "<Piercing> and <Blocker>, and your opponent's Digimon effects don't affect it.")
    record = _effect("BT25-060", text, "WhenAttacking")
    assert record.compiled.actions_compiled
    assert [(a.verb, a.duration) for a in record.compiled.actions] == [
        ("gain_keyword", "until_end_of_your_turn"), ("gain_keyword", "until_end_of_your_turn"),
        ("unaffected", "until_end_of_your_turn")]


def test_bt1_025_doesnt_activate_security_skills_on_option_cards() -> None:
    text = ("[When Digivolving] This Digimon gains <Security Attack +1> (This Digimon checks 1 additional "
            "security card) for the turn. [Your Turn] This Digimon doesn't activate [Security] skills on "
            "Option cards it checks.")
    record = _effect("BT1-025", text, "YourTurn")
    action = _only(record)
    assert record.compiled.category == "Persistent" and not record.compiled.conditions
    assert action.verb == "no_option_security" and action.duration == "permanent"
    assert action.selector is not None and action.selector.this and action.selector.trait is None


def test_bt7_014_while_hybrid_it_doesnt_activate_option_security_effects() -> None:
    inherited = ("[Your Turn] While this Digimon has [Hybrid] or [Ten Warriors] in its traits, it doesn't "
                 "activate [Security] effects on Option cards it checks.")
    record = _effect("BT7-014", "[When Digivolving] Draw 1.", "YourTurn", inherited)
    action = _only(record)
    (condition,) = record.compiled.conditions
    assert condition.kind == "this_matches" and condition.selector is not None
    assert condition.selector.trait == "Hybrid/Ten Warriors"
    assert action.verb == "no_option_security" and action.duration == "while_condition"
    assert action.selector is not None and action.selector.this


def test_bt20_071_this_digimon_with_a_trait_doesnt_activate_option_security_effects() -> None:
    inherited = ("[Your Turn] This Digimon with the [SoC]/[SEEKERS] trait doesn't activate [Security] "
                 "effects on Option cards it checks.")
    action = _only(_effect("BT20-071", "[On Play] Draw 1.", "YourTurn", inherited))
    assert action.verb == "no_option_security"
    assert action.selector is not None and action.selector.this and action.selector.trait == "SoC/SEEKERS"


def test_bt23_051_this_digimon_cant_attack_your_opponents_digimon() -> None:
    record = _effect("BT23-051", "[Your Turn] This Digimon can't attack your opponent's Digimon.", "YourTurn")
    action = _only(record)
    assert record.compiled.category == "Persistent" and not record.compiled.conditions
    assert action.verb == "cant_attack_digimon" and action.duration == "permanent"
    assert action.selector is not None and action.selector.this


def test_ex1_056_while_no_myotismon_it_cant_attack_your_opponents_digimon() -> None:
    text = ("[Your Turn] While you don't have a Digimon with [Myotismon] in its name in play, this Digimon "
            "can't attack your opponent's Digimon.")
    record = _effect("EX1-056", text, "YourTurn")
    action = _only(record)
    (condition,) = record.compiled.conditions
    assert condition.negated and condition.selector is not None
    assert condition.selector.name_contains == "Myotismon"
    assert action.verb == "cant_attack_digimon" and action.duration == "while_condition"


def test_ex7_022_all_nsp_digimon_cant_have_their_attack_targets_switched() -> None:
    text = "[Your Turn] All of your Digimon with the [NSp] trait can't have their attack targets switched."
    action = _only(_effect("EX7-022", text, "YourTurn"))
    assert action.verb == "cant_change_attack_target" and action.duration == "permanent"
    sel = action.selector
    assert sel is not None and sel.owner == "self" and sel.count is None
    assert sel.trait == "NSp" and not sel.this


def test_bt13_029_for_the_turn_this_digimons_attack_target_cant_be_switched() -> None:
    text = ("[When Attacking] If your opponent has 8 or more cards in their hand, for the turn, this "
            "Digimon's attack target can't be switched.")
    record = _effect("BT13-029", text, "WhenAttacking")
    action = _only(record)
    (condition,) = record.compiled.conditions
    assert condition.kind == "opponent_hand_at_least" and condition.amount == 8
    assert action.verb == "cant_change_attack_target" and action.duration == "this_turn"
    assert action.selector is not None and action.selector.this
