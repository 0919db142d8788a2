"""Session 19 (h4): delayed processing and durations on real card text (CR 18-1)."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card
from kg.solver.effect_reader import load_effects
from tests.ingest.test_effect_rdf import store_of


def _actions(number: str, text: str, part: str = "main") -> list[Action]:
    """The actions of a card's one effect whose text is ``text``; every one compiled."""
    (record,) = [r for r in compile_card(number, **{part: text}) if r.text.strip()]
    assert all(a.compiled for a in record.compiled.actions), record.compiled.actions
    return record.compiled.actions


LM_013 = ("[When Attacking] You may play 1 Digimon card with [Angoramon]\u00a0in its text from your hand "
          "without paying the cost. At the end of your opponent's turn, return that Digimon to the hand.")


def test_at_the_end_of_your_opponents_turn_returns_that_digimon() -> None:
    """LM-013: 'At the end of your opponent's turn' is the point 'at the next end of your opponent's turn'
    (BT16-084); 'that Digimon' is the one the effect played, not the attacker (the trigger's subject)."""
    play, back = _actions("LM-013", LM_013)
    assert play.verb == "play_card" and play.selector is not None and play.selector.zone == "hand"
    assert (back.verb, back.processed_at) == ("return_to_hand", "EndOfOpponentsTurnPoint")
    assert back.same_targets
    assert back.selector is not None and back.selector.zone == "battle_area"
    assert not back.selector.subject and back.selector.text_contains == "Angoramon"


P_165 = ("[On Play] [When Digivolving] Play 1 [Familiar] Token (Digimon/Yellow/3000 DP/[On Deletion] 1 of "
         "your opponent's Digimon gets -3000 DP for the turn). At the end of your opponent's turn, "
         "delete that token.")


def test_delete_that_token_is_the_token_played() -> None:
    """P-165: 'delete that token' after 'Play 1 [Familiar] Token': the token played, at the end of the
    opponent's turn."""
    token, gone = _actions("P-165", P_165)
    assert token.verb == "play_token" and token.card is not None and token.card.name == "Familiar"
    assert (gone.verb, gone.processed_at, gone.same_targets) == ("delete", "EndOfOpponentsTurnPoint", True)
    assert gone.selector is not None
    assert (gone.selector.owner, gone.selector.kind, gone.selector.count) == ("self", "Digimon", 1)


def test_that_token_without_a_token_played_stays_unread() -> None:
    """'delete that token' with no token played before it names nothing: not compiled."""
    (record,) = compile_card("P-165", main="[On Play] At the end of your opponent's turn, delete that token.")
    assert [a.compiled for a in record.compiled.actions] == [False]


EX4_013 = ("[Security] Play this card without battling and without paying the cost. At the end of the turn, "
           "return this Digimon to your hand.")


def test_security_play_then_return_this_digimon_at_turn_end() -> None:
    """EX4-013: 'return this Digimon to your hand' at the end of the turn: the card the effect played
    from the security stack, now a Digimon in play (a new card, CR 3-1-3-1-1), to its owner's hand."""
    play, back = _actions("EX4-013", EX4_013, "security")
    assert (play.verb, play.free, play.without_battling) == ("play_self", True, True)
    assert (back.verb, back.processed_at, back.same_targets) == ("return_to_hand", "EndOfTurnPoint", True)
    assert back.selector is not None and back.selector.zone == "battle_area"


def test_return_this_digimon_to_your_hand() -> None:
    """'Return this Digimon to your hand' (no play before it): this Digimon itself."""
    (back,) = _actions("EX4-013", "[End of Your Turn] Return this Digimon to your hand.")
    assert back.verb == "return_to_hand" and back.selector is not None and back.selector.this
    assert not back.same_targets


def test_play_this_digimon_at_the_end_of_the_battle() -> None:
    """BT9-074: '[Security] At the end of the battle, play this Digimon without paying its memory cost'."""
    (play,) = _actions("BT9-074", "[Security] At the end of the battle, play this Digimon without paying its "
                       "memory cost.", "security")
    assert (play.verb, play.free, play.processed_at) == ("play_self", True, "EndOfBattlePoint")


def _waiting(action: Action) -> tuple[str | None, list[tuple[str, int | None]]]:
    """The waiting effect's trigger event and its actions (verb, amount)."""
    assert action.verb == "next_time_effect" and action.duration == "this_turn" and action.granted is not None
    c = action.granted.compiled
    assert c.trigger is not None
    return c.trigger.event, [(a.verb, a.amount) for a in c.actions]


def test_next_time_one_of_your_digimon_would_digivolve() -> None:
    """ST12-15's <Delay>: 'The next time one of your Digimon would digivolve this turn, reduce the
    digivolution cost by 1': one waiting effect answering 'would digivolve' (CR 15-8-5)."""
    text = ("[Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't "
            "activate this effect the turn this card enters play.)・The next time one of your Digimon would "
            "digivolve this turn, reduce the digivolution cost by 1.")
    *_, waits = _actions("ST12-15", text)
    assert _waiting(waits) == ("WouldDigivolve", [("reduce_digivolve_cost", 1)])
    assert waits.granted is not None and waits.granted.compiled.trigger is not None
    assert waits.granted.compiled.trigger.selector is None  # any card digivolved into


def test_next_time_digivolves_into_traits() -> None:
    """EX1-033: '… digivolves into a Digimon card with [Insectoid] or [Ancient Insect] in its traits this
    turn, reduce the memory cost of the digivolution by 1': the card digivolved into is filtered."""
    text = ("[When Attacking] The next time one of your Digimon digivolves into a Digimon card with "
            "[Insectoid] or [Ancient Insect] in its traits this turn, reduce the memory cost of the "
            "digivolution by 1.")
    (waits,) = _actions("EX1-033", text, "inherited")
    assert _waiting(waits) == ("WouldDigivolve", [("reduce_digivolve_cost", 1)])
    trigger = waits.granted.compiled.trigger if waits.granted else None
    assert trigger is not None and trigger.selector is not None
    assert trigger.selector.trait == "Insectoid/Ancient Insect"


def test_next_time_from_level_5_to_level_6() -> None:
    """BT1-109 (its printed slips 'digivoLv.e', '，' as printed): a green level 5 Digimon digivolving into
    a level 6 card, cost reduced by 4."""
    text = ("[Main] For the turn， the next time you would digivoLv.e one of your green Digimon from level "
            "5 to level 6， decrease the digivolution cost by 4.")
    (waits,) = _actions("BT1-109", text)
    assert _waiting(waits) == ("WouldDigivolve", [("reduce_digivolve_cost", 4)])
    trigger = waits.granted.compiled.trigger if waits.granted else None
    assert trigger is not None and trigger.selector is not None and trigger.object_selector is not None
    assert (trigger.selector.min_level, trigger.selector.max_level) == (6, 6)
    held = trigger.object_selector
    assert (held.color, held.min_level, held.max_level) == ("Green", 5, 5)


def test_next_time_with_an_optional_cost_stays_unread() -> None:
    """BT3-103: '… you may suspend 1 of your Digimon to reduce the memory cost of the digivolution by 5':
    a cost inside the waiting effect is not read."""
    (record, _) = compile_card("BT3-103", main="[Main] The next time one of your green Digimon digivolves "
                               "this turn, you may suspend 1 of your Digimon to reduce the memory cost "
                               "of the digivolution by 5.", security="[Security] Add this card to your hand.")
    assert [a.compiled for a in record.compiled.actions] == [False]


def test_waiting_and_delayed_effects_round_trip() -> None:
    """The waiting effect (``granted``) and the delayed 'that token' (``same_targets``) survive RDF."""
    inherited = ("[When Attacking] The next time one of your Digimon digivolves into a Digimon card with "
                 "[Insectoid] or [Ancient Insect] in its traits this turn, reduce the memory cost of the "
                 "digivolution by 1.")
    records = compile_card("EX1-033", main=P_165, inherited=inherited)
    verbs = [a.verb for r in records for a in r.compiled.actions]
    assert verbs == ["play_token", "delete", "next_time_effect"]
    assert load_effects(store_of(records)) == {"EX1-033": records}


def test_for_the_turn_when_would_next_digivolve_after_a_cost() -> None:
    """EX5-029: 'By trashing the top card of your security stack, for the turn, when one of your Digimon
    would next digivolve, reduce the digivolution cost by 2': the cost, then the waiting effect."""
    (record,) = compile_card("EX5-029", main="[When Attacking] By trashing the top card of your security "
                             "stack, for the turn, when one of your Digimon would next digivolve, "
                             "reduce the digivolution cost by 2.")
    (cost,) = record.compiled.costs
    assert cost.compiled and cost.verb == "trash_security"
    (waits,) = record.compiled.actions
    assert _waiting(waits) == ("WouldDigivolve", [("reduce_digivolve_cost", 2)])


def test_for_each_digimon_and_each_tamer_counts_both() -> None:
    """BT7-108: 'For each Digimon with [Hybrid] in its traits and each Tamer you have in play, delete 1 of
    your opponent's level 5 or lower Digimon': one count of both kinds (QA Q1675), 'you have in play'
    ending both; that many deleted."""
    (record, _) = compile_card("BT7-108", main="[Main] For each Digimon with [Hybrid] in its traits and each "
                               "Tamer you have in play, delete 1 of your opponent's level 5 or lower "
                               "Digimon.",
                               security="[Security] Activate this card's [Main] effect.")
    (delete,) = record.compiled.actions
    assert delete.verb == "delete" and delete.per is not None
    hybrid, tamer = delete.per.any_of
    assert (delete.per.owner, delete.per.kind) == ("self", "Digimon or Tamer")
    assert (hybrid.owner, hybrid.kind, hybrid.trait) == ("self", "Digimon", "Hybrid")
    assert (tamer.owner, tamer.kind) == ("self", "Tamer")
    assert load_effects(store_of([record])) == {"BT7-108": [record]}


def test_for_each_of_your_digimon_and_each_of_your_tamers() -> None:
    """BT13-030: '… each of your Digimon with the [Royal Knight] trait and each of your blue Tamers, trash the
    top 2 digivolution cards of 1 of your opponent's Digimon': twice as many from the one Digimon (Q2281)."""
    (record,) = compile_card("BT13-030", main="[On Play][When Digivolving] For each of your Digimon with the "
                             "[Royal Knight] trait and each of your blue Tamers, trash the top 2 "
                             "digivolution cards of 1 of your opponent's Digimon.")
    (trash,) = record.compiled.actions
    assert trash.verb == "trash_top_sources" and trash.amount == 2 and trash.per is not None
    knight, tamer = trash.per.any_of
    assert (knight.kind, knight.trait) == ("Digimon", "Royal Knight")
    assert (tamer.kind, tamer.color) == ("Tamer", "Blue")


def test_each_and_each_of_both_players_stays_unread() -> None:
    """Two kinds of different players ('each of your Tamers and each of your opponent's Digimon') are not
    one count here: not read."""
    (record,) = compile_card("BT13-030", main="[On Play] For each of your Tamers and each of your opponent's "
                             "Digimon, gain 1 memory.")
    assert [a.compiled for a in record.compiled.actions] == [False]


def test_gains_and_for_every_2_colors_gets_dp() -> None:
    """ST20-04: 'For the turn, 1 of your Digimon gains <Security A. +1>, and for every 2 colors your Tamers
    have, gets +2000 DP': both on the one Digimon chosen, for the turn; only the DP multiplied."""
    (record,) = compile_card("ST20-04", main="[On Play] [When Digivolving] For the turn, 1 of your Digimon "
                             "gains ＜Security A. +1＞ , and for every 2 colors your Tamers have, "
                             "gets +2000 DP.")
    keyword, dp = record.compiled.actions
    assert (keyword.verb, keyword.keyword, keyword.keyword_value, keyword.duration) == (
        "gain_keyword", "SecurityA", 1, "this_turn")
    assert keyword.per is None
    assert (dp.verb, dp.amount, dp.duration, dp.same_targets) == ("dp_modify", 2000, "this_turn", True)
    assert dp.per is not None and (dp.per.kind, dp.per_every, dp.per_colors) == ("Tamer", 2, True)
    assert "for every 2 colors" in dp.span  # the printed text


def test_for_each_level_of_the_digimon_deleted_by_this_effect() -> None:
    """EX6-058: 'For each level of the Digimon deleted by this effect, trash the top card of your deck': the
    deleted Digimon's levels, added up (``per_done``), multiply the 1 card."""
    (record,) = compile_card("EX6-058", main="[On Play] [When Digivolving] Delete 1 of your opponent's "
                             "Digimon with the lowest DP. For each level of the Digimon deleted by this "
                             "effect, trash the top card of your deck.")
    delete, trash = record.compiled.actions
    assert delete.verb == "delete" and delete.selector is not None and delete.selector.extreme == "lowest_dp"
    assert (trash.verb, trash.amount, trash.per_done) == ("trash_deck", 1, "effect_deleted_levels")
    assert load_effects(store_of([record])) == {"EX6-058": [record]}


def test_for_each_with_different_names() -> None:
    """EX7-066: 'For each your Digimon with the [Three Musketeers] trait with different names, add 3000 to
    this DP-Based deletion effects maximum' (its 'each your' as 'each of your'): the Digimon counted as
    many as have a name each (``Selector.different``)."""
    (record,) = compile_card("EX7-066", main="[Main] Delete 1 of your opponent's Digimon with 9000 DP or "
                             "less. For each your Digimon with the [Three Musketeers]\u00a0trait "
                             "with different names, add 3000 to this DP-Based deletion effects maximum.")
    delete, raised = record.compiled.actions
    assert delete.verb == "delete" and raised.verb == "raise_deletion_max_dp" and raised.amount == 3000
    assert raised.per is not None
    assert (raised.per.owner, raised.per.trait, raised.per.different) == ("self", "Three Musketeers", "names")
    assert load_effects(store_of([record])) == {"EX7-066": [record]}


def test_for_each_other_tamer_add_to_the_maximum_number_placed() -> None:
    """BT18-088: 'You may place up to 1 [Hybrid] trait card with different names from your trash under this
    Tamer. For each of your other Tamers, add 2 to the maximum number this effect may place': the change
    links to the place's count of cards (QA Q3045)."""
    (record,) = compile_card("BT18-088", main="[Start of Your Main Phase] You may place up to 1 "
                             "[Hybrid]\u00a0trait card with different names from your trash under "
                             "this Tamer. For each of your other Tamers, add 2 to the maximum "
                             "number this effect may place.")
    place, raised = record.compiled.actions
    assert place.verb == "place_under" and place.card is not None and place.card.count == 1
    assert (raised.verb, raised.amount, raised.compiled) == ("raise_count", 2, True)
    assert raised.per is not None and (raised.per.kind, raised.per.other) == ("Tamer", True)


def test_the_digimon_this_effect_digivolved_is_the_digivolution_choice() -> None:
    """BT16-093: '… may digivolve into a card with [Rapidmon] in its name …. Until the end of your opponent's
    turn, their effects can't reduce the DP of the Digimon this effect digivolved': the protection is on
    the Digimon the digivolution chose (``same_targets``), against the opponent's effects."""
    (record,) = compile_card("BT16-093", main="[Main] 1 of your Digimon with [Gargomon] or [Rapidmon] in its "
                             "name may digivolve into a card with [Rapidmon] in its name in your hand, "
                             "ignoring its digivolution requirements and without paying the cost. Until the "
                             "end of your opponent's turn, their effects can't reduce the DP of the Digimon "
                             "this effect digivolved.")
    digivolve, proof = record.compiled.actions
    assert digivolve.verb == "digivolve" and digivolve.ignore_requirements and digivolve.free
    assert (proof.verb, proof.duration, proof.same_targets) == (
        "cant_have_dp_reduced", "until_end_of_opponents_turn", True)
    assert proof.selector == digivolve.selector and proof.card is not None and proof.card.owner == "opponent"
    assert "the Digimon this effect digivolved" in proof.span


def test_the_digimon_this_effect_digivolved_without_a_digivolution_stays_unread() -> None:
    """With no digivolution right before it, 'the Digimon this effect digivolved' names nothing."""
    (record,) = compile_card("BT16-093", main="[Main] Until the end of your opponent's turn, their effects "
                             "can't reduce the DP of the Digimon this effect digivolved.")
    assert [a.compiled for a in record.compiled.actions] == [False]
