"""'For each …' / 'for every N …' multipliers (ingest/compiler/per.py) on real card texts: what is
counted, and which number is multiplied (CR 4-27)."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def actions(text: str) -> list[Action]:
    (record,) = compile_card("X-1", main=text)
    assert record.compiled.actions_compiled, text
    return record.compiled.actions


def test_bt11_055_one_digimon_suspended_per_tamer() -> None:
    suspend, _ = actions(
        "[When Digivolving][On Play] For each green or black Tamer you have in play, suspend 1 of your "
        "opponent's Digimon. Then, 1 of your opponent's suspended Digimon can't unsuspend during your "
        "opponent's next unsuspend phase."
    )
    assert (suspend.verb, suspend.selector.count, suspend.selector.owner) == ("suspend", 1, "opponent")
    assert (suspend.per.owner, suspend.per.kind, suspend.per.color) == ("self", "Tamer", "Green/Black")


def test_bt9_083_cards_with_a_trait_among_this_digimons_digivolution_cards() -> None:
    (record,) = compile_card(
        "X-1", main="[When Digivolving] For each card with [Mega] in their traits in this Digimon's "
        "digivolution cards, delete 1 of your opponent's Digimon."
    )
    (delete,) = record.compiled.actions
    assert (delete.verb, delete.selector.count) == ("delete", 1)
    assert (delete.per.zone, delete.per.owner, delete.per.trait) == ("sources", "self", "Mega")


def test_bt21_079_every_ten_total_cards_in_both_trashes() -> None:
    _, change = actions(
        "[On Deletion] You may play 1 play cost 3 or lower Digimon card with [Guilmon]/[Growlmon] in its "
        "name from your trash without paying the cost. For every 10 total cards in both players' trashes, "
        "add 2 to this effect's play cost maximum."
    )
    assert (change.verb, change.amount, change.per_every) == ("raise_max_cost", 2, 10)
    assert (change.per.zone, change.per.owner) == ("trash", "any")


def test_ex8_074_each_other_suspended_digimon_is_anyones() -> None:
    *_, change = actions(
        "[When Digivolving] You may suspend 1 Digimon. Then, you may delete 1 of your opponent's 8000 DP or "
        "lower Digimon. For each other suspended Digimon, add 3000 to this DP deletion effect's maximum."
    )
    assert (change.per.owner, change.per.state, change.per.other) == ("any", "suspended", True)


def test_bt7_024_digimon_your_opponent_has_with_no_digivolution_cards() -> None:
    (draw,) = actions("[On Play] For each Digimon your opponent has with no digivolution cards, <Draw 1>.")
    assert (draw.per.owner, draw.per.kind, draw.per.without_sources) == ("opponent", "Digimon", True)


def test_ex1_022_each_colour_in_this_digimons_digivolution_cards() -> None:
    # QA Q3209: 'for each color' counts the different colours (4 blue cards are 1 colour)
    (record,) = compile_card(
        "X-1", main="[Your Turn] For each color in this Digimon's digivolution cards, it gets +1000 DP."
    )
    (dp,) = record.compiled.actions
    assert (dp.verb, dp.amount, dp.per_colors, dp.per.zone) == ("dp_modify", 1000, True, "sources")


def test_st21_09_every_two_colours_your_tamers_have() -> None:
    _, back = actions(
        "[On Play] [When Digivolving] Suspend all of your opponent's 5000 DP or lower Digimon. Then, for "
        "every 2 colors your Tamers have, return 1 of their suspended Digimon to the bottom of the deck."
    )
    assert (back.verb, back.selector.count, back.per_every, back.per_colors) == ("return_to_deck", 1, 2, True)
    assert (back.per.owner, back.per.kind) == ("self", "Tamer")


def test_ex11_073_link_cards_are_not_counted() -> None:
    (record,) = compile_card(
        "X-1", main="[End of Opponent's Turn] [Once Per Turn] For each of this Digimon's link cards, trash "
        "your opponent's top security card and return 1 of their Digimon to the bottom of the deck."
    )
    assert not record.compiled.actions_compiled


def test_bt17_018_every_ten_cards_in_both_trashes() -> None:
    *_, trash = actions(
        "[When Attacking] Choose any number of your opponent's Digimon whose total DP adds up to 15000 or "
        "less and delete them. Then, for every 10 cards in both player's trash, trash 1 card from the top "
        "of your opponent's security stack."
    )
    assert (trash.verb, trash.amount, trash.per_every) == ("trash_security", 1, 10)
    assert (trash.selector.owner, trash.per.zone, trash.per.owner) == ("opponent", "trash", "any")


def test_bt9_082_each_digimon_deleted_by_this_effect() -> None:
    # Ordinemon: the Digimon the effect's own deletion removed are counted, anyone's
    *_, recovery = actions(
        "[When Digivolving] When DNA digivolving, delete 1 of your opponent's level 6 or higher Digimon and "
        "all of their level 5 or lower Digimon. For each Digimon deleted by this effect, "
        "＜Recovery +1 (Deck)＞."
    )
    assert (recovery.verb, recovery.amount, recovery.per_done) == ("recovery", 1, "effect_deleted")
    assert (recovery.per.owner, recovery.per.kind, recovery.per_every) == ("any", "Digimon", None)


def test_ex8_044_each_of_your_opponents_digimon_suspended_by_this_effect() -> None:
    suspend, memory = actions(
        "[On Play] [When Digivolving] You may suspend up to 3 Digimon. For each of your opponent's Digimon "
        "suspended by this effect, gain 1 memory."
    )
    assert (suspend.verb, memory.verb, memory.amount) == ("suspend", "gain_memory", 1)
    assert (memory.per.owner, memory.per_done) == ("opponent", "effect_suspended")


def test_bt11_057_each_card_trashed_suspends_one() -> None:
    trash, suspend, memory = actions(
        "[When Digivolving] You may trash up to 3 cards in your hand. If you do, for each card trashed, "
        "suspend 1 of your opponent's Digimon. Then, for each suspended Digimon your opponent has in play, "
        "gain 1 memory."
    )
    assert (trash.verb, suspend.verb, suspend.selector.count) == ("trash_card", "suspend", 1)
    assert (suspend.per.owner, suspend.per.kind, suspend.per_done) == ("any", "card", "effect_trashed")
    assert (memory.per.state, memory.per_done) == ("suspended", None)


def test_bt14_078_each_card_trashed_by_this_effect_raises_the_level() -> None:
    *_, raise_ = actions(
        "[On Deletion] You may trash up to 3 cards with the [Dark Animal] or [SoC] trait in your hand. Then, "
        "delete 1 of your opponent's level 3 or lower Digimon. For each card trashed by this effect, add 1 "
        "to the level this effect may choose."
    )
    assert (raise_.verb, raise_.amount, raise_.per_done) == ("raise_max_level", 1, "effect_trashed")


def test_a_de_digivolve_per_card_trashed_is_not_read() -> None:
    # <De-Digivolve 1> on 1 Digimon, N times, may hit the same Digimon again: no count to multiply (BT9-107)
    (record,) = compile_card(
        "X-1", main="[Main] Trash up to 3 cards in your hand. For each card trashed by this effect, "
        "<De-Digivolve 1> 1 of your opponent's Digimon."
    )
    assert not record.compiled.actions[-1].compiled
