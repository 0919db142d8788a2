"""Session 18 (H7): 'you may trash 2 of this Digimon's digivolution cards to end the attack' (BT5-111) and
'you can suspend this Tamer to trash …' (BT1-086): the first part is paid to do the second, on real texts."""

from __future__ import annotations

from ingest.effects import compile_card


def test_bt5_111_trash_2_sources_to_end_the_attack() -> None:
    text = ("[Opponent's Turn] When your opponent's Digimon attacks, you may trash 2 of this Digimon's "
            "digivolution cards to end the attack.")
    compiled = next(r for r in compile_card("BT5-111", text) if r.label_tag == "OpponentsTurn").compiled
    assert compiled.actions_compiled
    (cost,) = compiled.costs
    assert cost.verb == "trash_source" and cost.amount == 2
    assert cost.selector is not None and cost.selector.zone == "sources" and cost.selector.owner == "self"
    (end,) = compiled.actions
    assert end.verb == "end_attack" and end.optional


def test_bt1_086_you_can_suspend_this_tamer_to_trash() -> None:
    text = ("[Your Turn] When you play a blue Digimon， you can suspend this Tamer to trash the bottom "
            "digivolution card of 1 of your opponent's Digimon.")
    compiled = next(r for r in compile_card("BT1-086", text) if r.label_tag == "YourTurn").compiled
    assert compiled.actions_compiled
    (cost,) = compiled.costs
    assert cost.verb == "suspend" and cost.selector is not None and cost.selector.this
    assert cost.selector.kind == "Tamer"
    (trash,) = compiled.actions
    assert trash.verb == "trash_bottom_sources" and trash.amount == 1 and trash.optional
    assert trash.selector is not None and trash.selector.owner == "opponent" and trash.selector.count == 1


def test_you_can_without_a_cost_is_not_read_as_may() -> None:
    compiled = next(r for r in compile_card("X", "[Main] You can trash the top card of your deck.")
                    if r.label_tag == "Main").compiled
    assert not compiled.actions_compiled


def test_bt8_043_delete_to_reduce_this_cards_play_cost() -> None:
    text = ("When you would play this card from your hand, you may delete 1 of your purple [Cherubimon] to "
            "reduce this card's play cost by 8.")
    compiled = next(r for r in compile_card("BT8-043", text)).compiled
    assert compiled.actions_compiled and compiled.trigger is not None
    assert compiled.trigger.event == "WouldBePlayed"
    (cost,) = compiled.costs
    assert cost.verb == "delete" and cost.selector is not None and cost.selector.name == "Cherubimon"
    assert cost.selector.color == "Purple" and cost.selector.owner == "self"
    (reduce,) = compiled.actions
    assert reduce.verb == "reduce_play_cost" and reduce.amount == 8 and reduce.optional


def test_bt9_100_unsuspend_and_it_attacks() -> None:
    text = ("[Main] Suspend 1 of your opponent's Digimon. Then, you may unsuspend 1 of your Digimon with "
            "[Insectoid] in its traits, and it attacks your opponent’s Digimon.")
    compiled = next(r for r in compile_card("BT9-100", text) if r.label_tag == "Main").compiled
    assert compiled.actions_compiled
    suspend, unsuspend, attack = compiled.actions
    assert suspend.verb == "suspend" and suspend.selector is not None and suspend.selector.owner == "opponent"
    assert unsuspend.verb == "unsuspend" and unsuspend.optional
    assert unsuspend.selector is not None and unsuspend.selector.trait == "Insectoid"
    assert attack.verb == "attack_digimon" and attack.same_targets and attack.selector == unsuspend.selector
