"""Modal choices ('Activate 1 of the effects below: ・… ・…'), 'when DNA digivolving, …' and keyword
parameters read from real card texts (card number named on each test): what each compiles to, the
near shapes that must stay uncompiled, and an exact round trip through a store."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effects import compile_card
from kg.solver.effect_reader import load_effects
from tests.ingest.test_effect_rdf import store_of


def compiled(text: str, part: str = "main") -> CompiledEffect:
    """The compiled form of a one-effect text."""
    (record,) = compile_card("X-1", **{part: text})
    return record.compiled


EX2_038 = ("[When Digivolving] Activate 1 of the effects below. ・This Digimon gets +2000 DP for the turn. "
           "・Unsuspend this Digimon. ・Delete 1 of your opponent's Digimon with a play cost of 5 or less.")
BT10_036 = ("[When Digivolving] You may activate 1 of the effects below.・Return 1 Option card with "
            "[Plug-In] in its name from your trash to your hand.・By trashing 1 Option card with "
            "[Plug-In] in its name in your hand, <Draw 2>. (Draw 2 cards from your deck.)")


def test_each_listed_effect_is_a_mode_of_one_choice() -> None:
    """EX2-038: one choose_effects action, its three effects in printed order, each compiled whole."""
    effect = compiled(EX2_038)
    assert effect.trigger is not None and effect.trigger.event == "Digivolved"
    (choose,) = effect.actions
    assert (choose.verb, choose.amount, choose.optional) == ("choose_effects", 1, False)
    assert choose.compiled
    assert effect.actions_compiled
    modes = [[(a.verb, a.amount) for a in m.compiled.actions] for m in choose.modes]
    assert modes == [[("dp_modify", 2000)], [("unsuspend", None)], [("delete", None)]]
    assert choose.modes[0].compiled.actions[0].selector.this
    assert choose.modes[2].compiled.actions[0].selector.max_cost == 5
    assert [m.index for m in choose.modes] == [1, 2, 3]


def test_a_cost_in_one_listed_effect_is_that_effects_cost_only() -> None:
    """BT10-036: 'By trashing 1 [Plug-In] Option card' is paid only when the second effect is chosen."""
    effect = compiled(BT10_036)
    assert effect.costs == []
    (choose,) = effect.actions
    assert choose.optional and choose.compiled  # 'You may activate 1 …'
    first, second = choose.modes
    assert first.compiled.costs == [] and first.compiled.actions[0].verb == "add_to_hand"
    (cost,) = second.compiled.costs
    assert (cost.verb, cost.selector.kind, cost.selector.name_contains, cost.selector.zone) == \
        ("trash_card", "Option", "Plug-In", "hand")
    assert [(a.verb, a.amount) for a in second.compiled.actions] == [("draw", 2)]


def test_a_cost_before_the_choice_is_the_whole_effects() -> None:
    """EX12-066: 'by suspending this Tamer, activate 1 of the effects below': the Tamer is suspended
    whichever effect is chosen; 'it' in a listed effect is the attacking Digimon (the event's subject)."""
    effect = compiled(
        "[Your Turn] When one of your Digimon with [Gammamon] in its text or the [VB] trait attacks, by "
        "suspending this Tamer, activate 1 of the effects below: ・It may digivolve into a level 6 or lower "
        "card with [Gammamon] in its text or the [VB] trait in the hand with the cost reduced by 1. ・You "
        "may use 1 Option card with [Gammamon] in its text or the [VB] trait from your hand with the cost "
        "reduced by 2.")
    (cost,) = effect.costs
    assert cost.verb == "suspend" and cost.selector.this and cost.selector.kind == "Tamer"
    (choose,) = effect.actions
    digivolve = choose.modes[0].compiled.actions[0]
    assert digivolve.verb == "digivolve" and digivolve.selector.subject and digivolve.amount == 1


def test_the_choice_is_uncompiled_when_one_listed_effect_is() -> None:
    """EX4-051: its first effect is misprinted ('・  3 of your opponent's Digimon.', the verb is
    missing), so the choice is not read either; the third is."""
    effect = compiled(
        "[When Digivolving] Activate 1 of the effects below. ・  3 of your opponent's Digimon. ・ 1 of your "
        "other Digimon digivolves into a level 6 or lower Digimon card with [Garurumon] in its name in your "
        "hand without paying the cost. ・This Digimon and one of your other Digimon may DNA digivolve into a "
        "Digimon card in your hand for the cost.")
    (choose,) = effect.actions
    assert choose.verb == "choose_effects" and not choose.compiled and not effect.actions_compiled
    assert not choose.modes[0].compiled.actions_compiled
    assert choose.modes[2].compiled.actions[0].verb == "dna_digivolve_with_this"


def test_activate_all_instead_is_the_other_choice() -> None:
    """BT5-082: 'Activate 1 of the effects below. If you have no other Digimon in play, activate all
    of the effects below instead.': two choices over the same three effects, one under the
    condition's negation, all three under the condition (CR 18-2; Q1350, Q1351)."""
    effect = compiled(
        "[When Attacking] Activate 1 of the effects below. If you have no other Digimon in play, activate "
        "all of the effects below instead.・Gain 1 memory.・This Digimon gets +2000 DP for the turn.・Delete "
        "up to 3 of your opponent's level 3 Digimon.")
    one, every = effect.actions
    assert (one.verb, one.amount, every.verb, every.amount) == ("choose_effects", 1, "choose_effects", 3)
    assert one.modes == every.modes and len(one.modes) == 3 and effect.actions_compiled
    by_action = sorted((c.governs, c.kind, c.negated) for c in effect.conditions)
    assert by_action == [([0], "has_card", False), ([1], "has_card", True)]  # 'no other Digimon'


def test_a_choice_for_every_five() -> None:
    """EX12-037 ('for every 5 of this Digimon's digivolution cards, activate 1 of the effects below') is
    the choice made once for every 5 of them, counted as it activates (QA Q6795-Q6797; activate_phrases)."""
    per = compiled(
        "[When Digivolving] Delete 1 of your opponent's Digimon. Then, for every 5 of this Digimon's "
        "digivolution cards, activate 1 of the effects below: ・1 of your opponent's Digimon gets -5000 DP "
        "for the turn. ・Trash the top card of your opponent's security stack.")
    assert per.actions_compiled
    choose = per.actions[-1]
    assert (choose.verb, len(choose.modes), choose.per.zone, choose.per_every) == (
        "choose_effects", 2, "sources", 5)


def test_modes_round_trip_exactly() -> None:
    records = compile_card("BT10-036", main=BT10_036)
    assert load_effects(store_of(records)) == {"BT10-036": records}


def test_when_dna_digivolving_is_a_processing_condition() -> None:
    """BT8-015: 'Then, when DNA digivolving, delete …' governs only the deletion (CR 8-2); ST9-05: the
    whole effect."""
    effect = compiled("[When Digivolving] 1 of your opponent's Digimon gets -5000 DP for the turn. Then, "
                      "when DNA digivolving, delete 1 of your opponent's Digimon with 5000 DP or less.")
    (cond,) = effect.conditions
    assert (cond.kind, cond.governs) == ("dna_digivolving", [1])
    assert [a.verb for a in effect.actions] == ["dp_modify", "delete"] and effect.actions_compiled
    whole = compiled("[When Digivolving] When DNA digivolving, return 1 of your opponent's Digimon with "
                     "6000 DP or less to the bottom of its owner's deck.")
    assert [(c.kind, c.governs) for c in whole.conditions] == [("dna_digivolving", [])]
    assert whole.actions[0].verb == "return_to_deck" and whole.actions_compiled


def test_decode_in_any_trait() -> None:
    """BT22-028: '<Decode (Lv.6 or lower w/[Aqua]/[Sea Animal] in any trait)>': its reminder says
    'with [Aqua] or [Sea Animal] in any of its traits'."""
    effect = compiled("<Decode (Lv.6 or lower w/[Aqua]/[Sea Animal] in any trait)> (When this Digimon would "
                      "leave the battle area other than in battle, you may play 1 Level 6 or lower Digimon "
                      "card with [Aqua] or [Sea Animal] in any of its traits from its digivolution cards "
                      "without paying the cost.)")
    (action,) = effect.actions
    assert action.keyword == "Decode" and action.compiled
    assert (action.selector.max_level, action.selector.trait) == (6, "Aqua/Sea Animal")
