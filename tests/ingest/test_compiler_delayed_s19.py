"""Delayed processing on 'the Digimon this effect played' (CR 18-1): after a play of a card from the
hand or trash, after 'play this card', past 'Then, add this card to the hand'; 'at the end of your turn'
waits for the effect's player's next turn end (EndOfYourTurnPoint)."""

from __future__ import annotations

from ingest.effects import compile_card

EX10_072_SECURITY = ("[Security] You may play 1 Digimon card with the [Dark Masters]\xa0trait from your "
                     "hand or trash without paying the cost. Then, add this card to the hand. At turn end, "
                     "delete the Digimon this effect played.")
EX10_012_HAND = ("[Hand] [Main] If you don't have any Digimon other than Digimon with [Dark Masters]\xa0in "
                 "their texts, you may play this card with the play cost reduced by 5. At turn end, delete "
                 "the Digimon this effect played.")
P_216_DELETION = ("[On Deletion] You may play 1 face-up [Dark Masters]\xa0trait Digimon card from your "
                  "security stack without paying the cost. At the end of your turn, delete the Digimon this "
                  "effect played.")


def test_the_played_digimon_past_adding_this_card_to_the_hand() -> None:
    (effect,) = compile_card("EX10-072", EX10_072_SECURITY)
    play, add, later = effect.compiled.actions
    assert (play.verb, add.verb, later.verb) == ("play_card", "add_self_to_hand", "delete")
    assert later.compiled and later.same_targets and later.processed_at == "EndOfTurnPoint"
    assert later.selector is not None and later.selector.trait == "Dark Masters"
    assert later.selector.zone == "battle_area" and not later.selector.this  # the played card, not EX10-072


def test_the_digimon_this_effect_played_after_play_this_card() -> None:
    (effect,) = compile_card("EX10-012", EX10_012_HAND)
    play, later = effect.compiled.actions
    assert play.verb == "play_self" and play.amount == 5
    assert later.verb == "delete" and later.compiled and later.same_targets
    assert later.selector is not None and later.selector.count == 1  # the one card played, not 5
    assert later.selector.kind == "Digimon" and later.processed_at == "EndOfTurnPoint"


def test_at_the_end_of_your_turn_is_its_own_point_and_waits_for_a_play_it_can_name() -> None:
    (effect,) = compile_card("P-216", P_216_DELETION)
    play, later = effect.compiled.actions
    assert later.processed_at == "EndOfYourTurnPoint"
    assert not play.compiled and not later.compiled  # no play understood: nothing named 'played'


def test_the_played_digimon_after_an_action_that_chooses_is_not_read() -> None:
    text = ("[On Play] You may play 1 [Agumon] from your hand without paying the cost. Then, delete 1 of "
            "your opponent's Digimon. At turn end, delete the Digimon this effect played.")
    (effect,) = compile_card("X-1", text)
    assert not effect.compiled.actions[-1].compiled


EX5_061 = ("[On Play] You may play 1 purple level 3 Digimon card from your trash without paying the "
           "cost.[When Digivolving] ＜Draw 1＞ (Draw 1 card from your deck). "
           "Then, trash 1 card in your hand. If a Digimon card with [Cerberusmon]\xa0in its name or "
           "[X Antibody] is in this Digimon's digivolution cards, activate this Digimon's [On Play] effects.")


def test_activate_this_digimons_effects_is_all_of_them() -> None:
    """'… effects': every [On Play] effect the Digimon has, its digivolution cards' too (QA Q3660)."""
    _on_play, digivolving = compile_card("EX5-061", EX5_061)
    activate = digivolving.compiled.actions[-1]
    assert activate.verb == "activate_effect" and activate.compiled and activate.timing == "OnPlay"
    assert activate.selector is not None and activate.selector.count is None and activate.selector.this
    (single,) = compile_card("X-1", "[When Digivolving] Activate this Digimon's [On Play] effect.")
    (one,) = single.compiled.actions
    assert one.selector is not None and one.selector.count == 1  # the singular: its own one effect


BT24_096 = ("[Trash] [Your Turn] When any of your Digimon digivolve into [Creepymon (X Antibody)], by "
            "returning this card to the bottom of the deck, activate its [Main] effects.  [Main] Delete 1 of "
            "your opponent's level 6 or higher Digimon. If this effect didn't delete, trash the top 3 cards "
            "of your opponent's deck.")


def test_its_effects_after_a_cost_on_this_card_are_this_cards() -> None:
    from_trash, _main = compile_card("BT24-096", BT24_096)
    (cost,) = from_trash.compiled.costs
    (activate,) = from_trash.compiled.actions
    assert cost.verb == "return_to_deck" and cost.selector is not None and cost.selector.this
    assert activate.verb == "activate_effect" and activate.timing == "Main" and activate.compiled
    assert activate.selector is not None and activate.selector.this
