"""Lasting prohibitions about unsuspending (ingest/compiler/prohibition_phrases.py): real card texts."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, tag: str) -> list[Action]:
    record = next(r for r in compile_card(number, text) if r.label_tag == tag)
    assert record.compiled.actions_compiled, [a.span for a in record.compiled.actions if not a.compiled]
    return record.compiled.actions


def test_bt14_047_all_with_5000_dp_or_less_is_global() -> None:
    text = ("[On Play][When Digivolving] Suspend 1 of your opponent's Digimon. During your opponent's next "
            "unsuspend phase, all of your opponent's Digimon with 5000 DP or less don't unsuspend.")
    suspend, skip = _actions("BT14-047", text, "OnPlay")
    assert suspend.verb == "suspend" and skip.verb == "skips_next_unsuspend"
    sel = skip.selector
    assert sel is not None and sel.owner == "opponent" and sel.kind == "Digimon"
    assert sel.count is None and sel.max_dp == 5000 and not skip.same_targets


def test_bt2_049_none_of_your_opponents_digimon_can_unsuspend() -> None:
    text = ("[On Play] Suspend 1 of your opponent's Digimon. During your opponent's next unsuspend phase, "
            "none of your opponent's Digimon can unsuspend.")
    _, skip = _actions("BT2-049", text, "OnPlay")
    assert skip.verb == "skips_next_unsuspend" and skip.selector is not None
    assert (skip.selector.count, skip.selector.kind, skip.selector.owner) == (None, "Digimon", "opponent")


def test_ex5_041_all_of_their_digimon_cant_unsuspend() -> None:
    text = ("[On Play] [When Digivolving] For each of your Digimon with the [Deva]/[Four Sovereigns] trait, "
            "suspend 1 of your opponent's Digimon. Then, during your opponent's next unsuspend phase, all "
            "of their Digimon can't unsuspend .")
    _, skip = _actions("EX5-041", text, "OnPlay")
    assert skip.verb == "skips_next_unsuspend" and skip.selector is not None and skip.selector.count is None


def test_bt15_054_they_are_the_digimon_and_tamer_chosen() -> None:
    text = ("[When Digivolving] Suspend 1 of your opponent's Digimon and 1 of their Tamers. They can't "
            "unsuspend until the end of their turn.")
    *_, held = _actions("BT15-054", text, "WhenDigivolving")
    assert held.verb == "cant_unsuspend" and held.duration == "until_end_of_opponents_turn"
    assert held.same_targets and not held.changed_only


def test_ex2_029_they_dont_unsuspend_next_phase() -> None:
    text = ("[When Digivolving] For each green Tamer you have in play, suspend 1 of your opponent's "
            "Digimon. They don't unsuspend during your opponent's next unsuspend phase.")
    suspend, held = _actions("EX2-029", text, "WhenDigivolving")
    assert suspend.per is not None
    assert held.verb == "skips_next_unsuspend" and held.same_targets and not held.changed_only


def test_bt16_046_cards_this_effect_suspended() -> None:
    text = ("[On Play] [When Digivolving] Suspend 2 of your opponent's Digimon or Tamers. Cards this effect "
            "suspended can't unsuspend during your opponent's next unsuspend phase. Then, delete 1 of their "
            "suspended Tamers.")
    _, held, delete = _actions("BT16-046", text, "OnPlay")
    assert held.verb == "skips_next_unsuspend" and held.same_targets and held.changed_only
    assert delete.verb == "delete" and not delete.same_targets


def test_rb1_023_digimon_suspended_by_this_effect() -> None:
    text = ("[When Digivolving] Suspend 1 of your opponent's Digimon with DP less than or equal to this "
            "Digimon's DP. Digimon suspended by this effect don't unsuspend until the end of your "
            "opponent's turn.")
    _, held = _actions("RB1-023", text, "WhenDigivolving")
    assert held.verb == "cant_unsuspend" and held.duration == "until_end_of_opponents_turn"
    assert held.same_targets and held.changed_only


def test_bt8_102_cards_suspended_with_this_effect() -> None:
    text = ("[Main] You may suspend 1 of your Digimon to suspend 1 of your opponent's Digimon or Tamers. "
            "Your opponent's cards suspended with this effect can't unsuspend until the end of their next "
            "turn.")
    *_, held = _actions("BT8-102", text, "Main")
    assert held.verb == "cant_unsuspend" and held.duration == "until_end_of_opponents_next_turn"
    assert held.same_targets and held.changed_only


def test_bt5_021_bt5_033_st20_07_opponent_cant_reduce_digivolution_costs() -> None:
    for number in ("BT5-021", "BT5-033", "ST20-07"):
        record = next(r for r in compile_card(number, "[Opponent's Turn] Your opponent can't reduce "
                                              "digivolution costs.") if r.label_tag == "OpponentsTurn")
        assert record.compiled.category == "Persistent" and record.compiled.actions_compiled
        (action,) = record.compiled.actions
        assert action.verb == "cant_reduce_digivolution_costs"
        sel = action.selector
        assert sel is not None and (sel.owner, sel.kind) == ("opponent", "player")


def _de_digivolve_proof(action: Action, opponents_only: bool) -> None:
    assert action.verb == "unaffected_by_keyword" and action.keyword == "DeDigivolve"
    assert action.duration == "until_end_of_opponents_turn"
    assert (action.card is not None and action.card.owner == "opponent") == opponents_only


def test_ex10_031_their_de_digivolve_effects_dont_affect_and_dp() -> None:
    text = ("[On Play] [When Digivolving] Until your opponent's turn ends, their <De-Digivolve> effects "
            "don't affect 1 of your Digimon, and it gets +3000 DP.")
    proof, dp = _actions("EX10-031", text, "OnPlay")
    _de_digivolve_proof(proof, opponents_only=True)
    assert proof.selector is not None and (proof.selector.owner, proof.selector.count) == ("self", 1)
    assert dp.verb == "dp_modify" and dp.amount == 3000 and dp.same_targets


def test_ex10_029_de_digivolve_effects_dont_affect_anyones() -> None:
    text = ("[When Linking] By trashing 1 of this Digimon's link cards, <De-Digivolve> effects don't affect "
            "1 of your Digimon until your opponent's turn ends.")
    (proof,) = _actions("EX10-029", text, "WhenLinking")
    _de_digivolve_proof(proof, opponents_only=False)


def test_bt24_055_your_opponents_de_digivolve_until_their_turn_ends() -> None:
    text = ("[On Play] [When Digivolving] By placing 1 [Shuu Yulin] from your hand as this Digimon's bottom "
            "digivolution card, your opponent's <De-Digivolve> effects don't affect 1 of your [DigiPolice] "
            "or [SEEKERS] trait Digimon until their turn ends.")
    (proof,) = _actions("BT24-055", text, "OnPlay")
    _de_digivolve_proof(proof, opponents_only=True)
    assert proof.selector is not None and proof.selector.trait == "DigiPolice/SEEKERS"


def test_bt16_055_cant_have_dp_reduced_and_isnt_affected() -> None:
    text = ("[On Play] [When Digivolving] If you have 3 or more security cards, until the end of your "
            "opponent's turn, 1 of your Digimon can't have its DP reduced by your opponent's effects and "
            "isn't affected by <De-Digivolve> effects. If you have 3 or fewer, 1 of your Digimon gains "
            "<Blocker> and <Reboot> until the end of your opponent's turn.")
    dp, proof, *_ = _actions("BT16-055", text, "OnPlay")
    assert dp.verb == "cant_have_dp_reduced" and proof.same_targets
    _de_digivolve_proof(proof, opponents_only=False)


def test_bt23_033_and_bt21_074_cant_return_or_de_digivolve() -> None:
    text = ("[When Linking] Until your opponent's turn ends, their effects can't return this Digimon to "
            "hands or decks or affect it with <De-Digivolve> effects.")
    returned, proof = _actions("BT23-033", text, "WhenLinking")
    assert returned.verb == "cant_be_returned_by_opponents_effects" and returned.selector is not None
    assert returned.selector.this and proof.same_targets
    _de_digivolve_proof(proof, opponents_only=True)
    text = ("[On Play] [When Digivolving] By placing 1 [Appmon]/[Three Musketeers] trait card from your "
            "hand or trash as any of your Digimon's bottom digivolution card, until your opponent's turn "
            "ends, their effects can't return that Digimon to hands or decks or affect it with "
            "<De-Digivolve> effects.")
    record = next(r for r in compile_card("BT21-074", text) if r.label_tag == "OnPlay")
    (cost,) = record.compiled.costs
    returned, proof = record.compiled.actions
    assert cost.verb == "place_under" and returned.same_targets and proof.same_targets  # the cost's Digimon
    _de_digivolve_proof(proof, opponents_only=True)


def test_bt8_097_bt20_020_opponent_cant_play_by_effects_until_their_turn_ends() -> None:
    cases = [("BT8-097", "[Main] Your opponent can't play Digimon by effects until the end of their turn. "
              "Delete all of your opponent's Digimon with 6000 DP or less.", "Main", "Digimon"),
             ("BT20-020", "[When Digivolving] Your opponent can't play Digimon or Tamers by effects until "
              "the end of their turn.", "WhenDigivolving", "Digimon or Tamer")]
    for number, text, tag, kind in cases:
        bar = _actions(number, text, tag)[0]
        assert bar.verb == "cant_play_by_effects" and bar.duration == "until_end_of_opponents_turn"
        assert bar.selector is not None and (bar.selector.owner, bar.selector.kind) == ("opponent", "player")
        assert bar.card is not None and (bar.card.kind, bar.card.count) == (kind, None)


def test_ex1_072_opponent_cant_use_option_cards() -> None:
    main = "[Main] Your opponent can't use Option cards until the end of their next turn."
    (bar,) = _actions("EX1-072", main, "Main")
    assert bar.verb == "cant_use_options" and bar.duration == "until_end_of_opponents_next_turn"
    assert bar.selector is not None and (bar.selector.owner, bar.selector.kind) == ("opponent", "player")
    security = ("[Security] Your opponent can't use Option cards this turn. Then, add this card to its "
                "owner's hand.")
    bar, added = compile_card("EX1-072", "", security=security)[0].compiled.actions
    assert (bar.verb, bar.duration, added.verb) == ("cant_use_options", "this_turn", "add_self_to_hand")


def test_ex12_019_their_digimon_effects_dont_affect_this_digimon_and_it_gets_dp() -> None:
    text = ("[All Turns] [Once Per Turn] When attack targets change, until your opponent's turn ends, their "
            "Digimon effects don't affect this Digimon and it gets +4000 DP.")
    proof, dp = _actions("EX12-019", text, "AllTurns")
    assert proof.verb == "unaffected" and proof.card is not None and proof.card.kind == "Digimon"
    assert proof.selector is not None and proof.selector.this
    assert (dp.verb, dp.amount, dp.duration) == ("dp_modify", 4000, "until_end_of_opponents_turn")
    assert dp.selector is not None and dp.selector.this


def test_ad1_009_this_digimon_and_1_of_your_garurumon() -> None:
    text = ("[On Play] [When Digivolving] <De-Digivolve 3> 1 of your opponent's Digimon. Then, until your "
            "opponent's turn ends, their Digimon's effects don't affect this Digimon and 1 of your Digimon "
            "with [Garurumon] in its name.")
    _, this, other = _actions("AD1-009", text, "OnPlay")
    assert this.verb == other.verb == "unaffected" and this.selector is not None and this.selector.this
    assert other.selector is not None and other.selector.count == 1 and not other.same_targets
    assert other.selector.name_contains == "Garurumon" and other.duration == "until_end_of_opponents_turn"


def test_ex4_042_this_digimon_and_all_knightmon_are_unblockable() -> None:
    text = ("[Your Turn] This Digimon and all Digimon with [Knightmon] or [Knightsmon] in their names are "
            "unblockable.")
    this, every = _actions("EX4-042", text, "YourTurn")
    assert this.verb == every.verb == "cant_be_blocked" and this.selector is not None and this.selector.this
    assert every.selector is not None and every.selector.count is None
    assert every.selector.name_contains == "Knightmon/Knightsmon"


def test_ex11_011_ex8_016_can_only_attack_suspended_digimon() -> None:
    text = ("[Opponent's Turn] While this Digimon is suspended, all of your opponent's Digimon can only "
            "attack suspended Digimon.")
    for number in ("EX11-011", "EX8-016"):
        record = next(r for r in compile_card(number, text) if r.label_tag == "OpponentsTurn")
        assert record.compiled.category == "Persistent" and record.compiled.actions_compiled
        (only,) = record.compiled.actions
        assert only.verb == "attacks_only_suspended" and only.duration == "while_condition"
        assert only.selector is not None and (only.selector.owner, only.selector.count) == ("opponent", None)
        assert [c.kind for c in record.compiled.conditions] == ["this_suspended"]


def test_bt6_092_ex10_023_no_unsuspending_in_the_unsuspend_phase() -> None:
    text = ("[Opponent's Turn] While you have an [Eosmon] in play, your opponent's Tamers don't unsuspend "
            "during their unsuspend phase.")
    (tamers,) = _actions("BT6-092", text, "OpponentsTurn")
    assert tamers.verb == "cant_unsuspend_in_unsuspend_phase" and tamers.selector is not None
    assert (tamers.selector.owner, tamers.selector.kind, tamers.selector.count) == ("opponent", "Tamer", None)
    text = "[All Turns] Other than this Digimon, no Digimon or Tamers can unsuspend in the unsuspend phase."
    (every,) = _actions("EX10-023", text, "AllTurns")
    sel = every.selector
    assert every.verb == "cant_unsuspend_in_unsuspend_phase" and sel is not None
    assert (sel.owner, sel.kind, sel.count, sel.other) == ("any", "Digimon or Tamer", None, True)


def test_bt17_092_opponents_tamers_on_play_effects_dont_activate() -> None:
    text = ("[All Turns] While you have [Eosmon], all of your opponent's Tamers [On Play] effects don't "
            "activate.")
    record = next(r for r in compile_card("BT17-092", text) if r.label_tag == "AllTurns")
    assert record.compiled.category == "Persistent" and record.compiled.actions_compiled
    (quiet,) = record.compiled.actions
    assert (quiet.verb, quiet.timing, quiet.duration) == ("cant_activate", "OnPlay", "while_condition")
    assert quiet.selector is not None and (quiet.selector.owner, quiet.selector.kind) == ("opponent", "Tamer")
    assert quiet.selector.count is None


def test_bt25_019_their_digimon_or_option_effects_by_memory() -> None:
    text = ("[End of Your Turn] [Once Per Turn] If your opponent has 5 or more memory, their Digimon effects "
            "don't affect this Digimon until their turn ends. Then, if they have 5 or less, their Option "
            "effects don't affect this Digimon until their turn ends.")
    record = next(r for r in compile_card("BT25-019", text) if r.label_tag == "EndOfYourTurn")
    assert record.compiled.actions_compiled
    digimon, option = record.compiled.actions
    assert digimon.card is not None and option.card is not None
    assert (digimon.verb, digimon.card.kind, option.verb, option.card.kind) == (
        "unaffected", "Digimon", "unaffected", "Option")
    assert [(c.kind, c.amount, c.governs) for c in record.compiled.conditions] == [
        ("opponent_memory_at_least", 5, [0]), ("opponent_memory_at_most", 5, [1])]
