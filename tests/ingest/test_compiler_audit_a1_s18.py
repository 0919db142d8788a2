"""Session-18 audit (A1): readings corrected after checking newly executable cards clause by clause."""

from __future__ import annotations

from ingest.effects import compile_card

ST24_10 = (
    "[On Play] [When Digivolving] [When Attacking] [Once Per Turn] Suspend 1 of your opponent's Digimon or "
    "Tamers. It can't unsuspend until their turn ends. Then, by trashing 2 bottom face-down cards from under "
    "any of your Tamers, this Digimon may digivolve into a [DATA SQUAD] trait Digimon card in the hand "
    "without paying the cost."
)


def test_it_cant_unsuspend_is_the_suspended_card() -> None:
    """ST24-10 'Suspend 1 of your opponent's Digimon or Tamers. It can't unsuspend until their turn ends':
    'It' is the card just suspended (same choice), not this Digimon."""
    (record,) = compile_card("ST24-10", main=ST24_10)
    suspend, cant = record.compiled.actions[:2]
    assert suspend.selector is not None
    assert (suspend.verb, suspend.selector.owner, suspend.selector.kind) == ("suspend", "opponent",
                                                                              "Digimon or Tamer")
    assert cant.verb == "cant_unsuspend" and cant.duration == "until_end_of_opponents_turn"
    assert cant.selector is not None and not cant.selector.this
    assert (cant.selector.owner, cant.selector.kind) == ("opponent", "Digimon or Tamer")


def test_it_cant_unsuspend_until_end_of_their_turn() -> None:
    """BT18-053 / BT25-053 wording: '… It can't unsuspend until the end of their turn'."""
    (record,) = compile_card("BT25-053", main="[When Digivolving] Suspend 1 of your opponent's Digimon or "
                             "Tamers. It can't unsuspend until the end of their turn.")
    cant = record.compiled.actions[1]
    assert cant.selector is not None and not cant.selector.this and cant.same_targets
    assert cant.selector.owner == "opponent"


EX4_027 = (
    "[Digivolve][Veemon]: Cost 2 (When this Digimon would be deleted, you may trash the top card of "
    "this Digimon to prevent that deletion.) [When Digivolving] 1 of your opponent's Digimon gets -2000 "
    "DP for the turn. If you have a blue or yellow Tamer in play, or if you have a card with the [Armor "
    "Form] trait in your trash, 1 of your opponent's Digimon with 6000 DP or less can't attack or block "
    "until the end of your opponent's turn."
)


def test_armor_purge_reminder_after_the_digivolve_rule_is_the_keyword() -> None:
    """EX4-027's corpus text lost the <Armor Purge> icon and kept its reminder after the Digivolve rule,
    where it was swallowed by the rule: the keyword is put back (CR 16-19) and read as an effect."""
    records = compile_card("EX4-027", main=EX4_027)
    assert [a.keyword for a in records[0].compiled.actions] == ["ArmorPurge"]
    assert records[0].compiled.actions_compiled
    assert [a.verb for a in records[1].compiled.actions] == ["dp_modify", "cant_attack", "cant_block"]


def test_playing_this_card_from_your_hand_requires_the_hand() -> None:
    """BT4-115 'While you have 10 or more cards in your trash, when playing this card from your hand,
    reduce its play cost by 8': only a play from the hand is reduced (WouldBePlayedFromHand); 'When you
    would play this card' without 'from your hand' keeps no such requirement."""
    (record,) = compile_card("BT4-115", main="While you have 10 or more cards in your trash, when playing "
                             "this card from your hand, reduce its play cost by 8.")
    trigger = record.compiled.trigger
    assert trigger is not None and trigger.event == "WouldBePlayed"
    assert trigger.requires == ["WouldBePlayedFromHand"]
    assert [a.verb for a in record.compiled.actions] == ["reduce_play_cost"]
    (record,) = compile_card("ST9-09", main="When you would play this card from the hand, you may reduce "
                             "the play cost by 1.")
    assert record.compiled.trigger is not None
    assert record.compiled.trigger.requires == ["WouldBePlayedFromHand"]
    (record,) = compile_card("X", main="When you would play this card, you may reduce the play cost by 1.")
    assert record.compiled.trigger is not None and record.compiled.trigger.requires == []
