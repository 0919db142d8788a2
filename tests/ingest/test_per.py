"""'For each …' / 'for every N …' multipliers (ingest/compiler/per.py) on real card texts: what is
counted, and which number is multiplied (CR 4-27)."""

from __future__ import annotations

from ingest.compiler.per import REPEATED, TRIGGER_DELETED
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


def test_bt9_107_de_digivolve_1_per_card_trashed_is_repeated_on_one_digimon() -> None:
    # <De-Digivolve 1> that many times on the 1 Digimon chosen, not <De-Digivolve 2> (QA Q1915, Q1916)
    _, dedigivolve, _ = actions(
        "[Main] Trash up to 3 cards in your hand. For each card trashed by this effect, <De-Digivolve 1> "
        "1 of your opponent's Digimon. (Trash 1 card from the top of one of your opponent's Digimon. If it "
        "has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards.) Then, "
        "delete 1 of your opponent's level 4 or lower Digimon."
    )
    assert (dedigivolve.verb, dedigivolve.amount, dedigivolve.selector.count) == ("de_digivolve", 1, 1)
    assert (dedigivolve.per.kind, dedigivolve.per_done) == ("card", "effect_trashed")
    assert dedigivolve.verb in REPEATED and dedigivolve.times is None  # counted when it resolves


def test_bt21_061_to_one_digimon_de_digivolve_for_every_two_tamer_colours() -> None:
    (dedigivolve,) = actions(
        "[On Play] [When Digivolving] To 1 of your opponent's Digimon, <De-Digivolve 1> for every 2 of your "
        "Tamers' colors."
    )
    assert (dedigivolve.verb, dedigivolve.amount) == ("de_digivolve", 1)
    assert dedigivolve.selector.owner == "opponent"
    assert (dedigivolve.per.kind, dedigivolve.per_every, dedigivolve.per_colors) == ("Tamer", 2, True)


def test_bt24_065_to_one_digimon_de_digivolve_for_each_of_your_digimon() -> None:
    dedigivolve, delete = actions(
        "[When Digivolving] To 1 of your opponent's Digimon, <De-Digivolve 1> for each of your Digimon. "
        "Then, delete all of your opponent's Digimon with the highest play cost."
    )
    assert dedigivolve.verb == "de_digivolve"
    assert (dedigivolve.per.owner, dedigivolve.per.kind) == ("self", "Digimon")
    assert (delete.verb, delete.selector.extreme) == ("delete", "highest_cost")


def test_bt21_072_this_digimon_gets_dp_for_each_of_its_digivolution_cards() -> None:
    (dp,) = actions("[All Turns] This Digimon gets +1000 DP for each of its digivolution cards.")
    assert (dp.verb, dp.amount, dp.selector.this) == ("dp_modify", 1000, True)
    assert (dp.per.zone, dp.per.owner, dp.per_colors) == ("sources", "self", False)


def test_bt12_031_each_of_its_digivolution_card_colors() -> None:
    dp, *_ = actions(
        "[All Turns] This Digimon gets +1000 DP for each of its digivolution card colors. While this Digimon "
        "has 2 or more colors, it gains <Security Attack +1> and <Blocker>."
    )
    assert (dp.verb, dp.per.zone, dp.per_colors) == ("dp_modify", "sources", True)


def test_bt11_017_gain_memory_for_each_after_and() -> None:
    unsuspend, memory = actions(
        "[Your Turn][Once Per Turn] When one of your Digimon's attack targets is switched, unsuspend this "
        "Digimon, and gain 1 memory for each red Tamer you have in play."
    )
    assert (unsuspend.verb, memory.verb, memory.amount) == ("unsuspend", "gain_memory", 1)
    assert (memory.per.kind, memory.per.color, memory.per.owner) == ("Tamer", "Red", "self")


def test_bt11_028_blocker_and_dp_for_every_four_cards_in_their_hand() -> None:
    blocker, dp = actions(
        "[When Digivolving] Until the end of your opponent's turn, this Digimon gains <Blocker> and gets "
        "+2000 DP for every 4 cards in your opponent's hand."
    )
    assert (blocker.keyword, blocker.per) == ("Blocker", None)
    assert blocker.duration == "until_end_of_opponents_turn"
    assert (dp.amount, dp.per.zone, dp.per.owner, dp.per_every) == (2000, "hand", "opponent", 4)
    assert dp.duration == "until_end_of_opponents_turn"


def test_bt3_073_reveal_one_card_for_each_opponents_digimon() -> None:
    reveal, play, rest = actions(
        "[When Digivolving] Reveal 1 card from the top of your deck for each Digimon your opponent has in "
        "play. You may play 1 black or red Digimon card with a level of 5 or less among them without paying "
        "its memory cost. Place the remaining cards at the bottom of your deck in any order."
    )
    assert (reveal.verb, reveal.amount) == ("reveal", 1)
    assert (reveal.per.owner, reveal.per.kind) == ("opponent", "Digimon")
    assert (play.verb, play.selector.zone, rest.verb) == ("play_card", "revealed", "rest_to_deck")


def test_bt10_112_royal_knights_misprint_counts_the_royal_knight_trait() -> None:
    *_, security = actions(
        "[All Turns] While a card with [Royal Knight] in its traits is in this Digimon's digivolution cards, "
        "this Digimon gains <Piercing> and <Blocker>, and gains <Security Attack +1> for each card with "
        "[Royal Knights] in its traits in this Digimon's digivolution cards."
    )
    assert (security.keyword, security.per.zone) == ("SecurityA", "sources")
    assert security.per.trait == "Royal Knight"


def test_ex2_036_cards_in_your_trash_with_traits_after_the_zone() -> None:
    (dp,) = actions(
        "[All Turns] For each card in your trash with [Cyborg] or [Machine] in its traits, this Digimon gets "
        "+1000 DP.")
    assert (dp.verb, dp.selector.this, dp.amount) == ("dp_modify", True, 1000)
    assert (dp.per.zone, dp.per.owner, dp.per.trait) == ("trash", "self", "Cyborg/Machine")


def test_bt7_016_digivolution_cards_this_digimon_has_with_a_trait() -> None:
    _, memory = actions(
        "[Your Turn][Once Per Turn] When this Digimon is blocked, unsuspend it, and gain 1 memory for each "
        "digivolution card this Digimon has with [Hybrid] in its traits.")
    assert (memory.verb, memory.per.zone, memory.per.trait) == ("gain_memory", "sources", "Hybrid")


def test_bt9_112_each_digimon_and_tamer_your_opponent_has() -> None:
    (record,) = compile_card(
        "BT9-112", main="When you would play this card, reduce its memory cost by 3 for each Digimon and "
        "Tamer your opponent has in play.")
    (reduce,) = record.compiled.actions
    assert (reduce.verb, reduce.amount) == ("reduce_play_cost", 3)
    assert (reduce.per.owner, reduce.per.kind) == ("opponent", "Digimon or Tamer")  # QA Q1928: the total


def test_bt9_099_each_yellow_and_or_red_tamer() -> None:
    _, dp = actions(
        "[Main] You may play 1 yellow or red Tamer card from your hand without paying its memory cost. Then, "
        "1 of your opponent's Digimon gets -3000 DP for the turn for each yellow and/or red Tamer you have "
        "in play.")
    assert (dp.amount, dp.per.kind, dp.per.color, dp.per.owner) == (-3000, "Tamer", "Yellow/Red", "self")


def test_ex2_024_return_1_option_card_for_each_tamer() -> None:
    unsuspend, add = actions(
        "[When Digivolving] Unsuspend 1 of your Digimon, and for each Tamer you have in play, return 1 "
        "Option card with [Plug-In] in its name from your trash to your hand.")
    assert (unsuspend.verb, add.verb, add.selector.zone, add.selector.count) == (
        "unsuspend", "add_to_hand", "trash", 1)
    assert (add.per.kind, add.per.owner) == ("Tamer", "self")


def test_bt18_006_each_color_of_your_opponents_digimon_and_tamers() -> None:
    (trash,) = actions(
        "[On Deletion] Trash the top card of your deck for each color of your opponent's Digimon and Tamers.")
    assert (trash.verb, trash.amount, trash.per_colors) == ("trash_deck", 1, True)
    assert (trash.per.owner, trash.per.kind) == ("opponent", "Digimon or Tamer")  # QA Q2908


def test_p_182_each_color_digimon_and_tamers_have_counts_both_players() -> None:
    (dp,) = actions("[All Turns] This Digimon gets +1000 DP for each color Digimon and Tamers have.")
    assert (dp.verb, dp.per_colors) == ("dp_modify", True)
    assert (dp.per.owner, dp.per.kind) == ("any", "Digimon or Tamer")


def test_bt4_107_suspend_1_for_each_card_added_to_your_hand_by_this_effect() -> None:
    *_, suspend = actions(
        "[Main] Reveal the top 3 cards of your deck. Add all Digimon cards with <Digi-Burst> among them to "
        "your hand. Place the remaining cards at the bottom of your deck in any order. Then, suspend 1 of "
        "your opponent's Digimon for each card added to your hand by this effect.")
    assert (suspend.verb, suspend.selector.count, suspend.per_done) == ("suspend", 1, "effect_added")


def test_bt3_092_each_digimon_deleted_counts_the_triggering_deletions() -> None:
    _, record = compile_card(
        "BT3-092", main="<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and "
        "survives the battle, it performs any security checks it normally would.)[All Turns] When another "
        "Digimon is deleted, gain 1 memory for each Digimon deleted.")
    (memory,) = record.compiled.actions
    assert (memory.verb, memory.amount) == ("gain_memory", 1)
    assert (memory.per_done, memory.per.owner) == (TRIGGER_DELETED, "any")  # CR 4-27-5, QA Q1120


def test_bt8_019_each_of_your_opponents_digimon_deleted() -> None:
    (security,) = actions(
        "[Your Turn] When an opponent's Digimon is deleted, this Digimon gains <Security Attack +1> for the "
        "turn for each of your opponent's Digimon deleted.")
    assert (security.keyword, security.per_done) == ("SecurityA", TRIGGER_DELETED)
    assert security.per.owner == "opponent"


def test_ex11_024_play_1_token_for_each_of_your_opponents_digimon() -> None:
    _, token = actions(
        "[On Play] [When Digivolving] You may play 1 level 4 or lower [Puppet] trait Digimon card from your "
        "hand without paying the cost. Then, you may play 1 [Familiar] Token for each of your opponent's "
        "Digimon. (Digimon/Yellow/3000 DP/[On Deletion] 1 of your opponent's Digimon gets -3000 DP for the "
        "turn.)")
    assert (token.verb, token.amount, token.card.name, token.optional) == ("play_token", 1, "Familiar", True)
    assert (token.per.owner, token.per.kind) == ("opponent", "Digimon")


def test_bt20_101_for_every_2_suspended_digimon_you_may_return_1() -> None:
    _, back = actions(
        "[On Play] [When Digivolving] You may suspend 1 Digimon. Then, for every 2 suspended Digimon, you "
        "may return 1 of your opponent's suspended Digimon to the bottom of the deck.")
    assert (back.verb, back.optional, back.selector.up_to, back.selector.state) == (
        "return_to_deck", True, True, "suspended")
    assert (back.per.owner, back.per.state, back.per_every) == ("any", "suspended", 2)


def test_ex5_063_for_each_digimon_is_for_each_digimon_deleted() -> None:
    # the corpus text ends '… for each Digimon.'; its Q&A quote 'for each Digimon deleted' (Q6037, Q6038)
    (memory,) = actions(
        "[All Turns] When an opponent's Digimon is deleted, gain 1 memory for each Digimon.")
    assert (memory.verb, memory.per_done) == ("gain_memory", TRIGGER_DELETED)


def test_bt12_014_it_gets_3000_to_the_maximum_for_every_2_digivolution_cards() -> None:
    delete, raise_ = actions(
        "[When Digivolving] Choose any number of your opponent's Digimon whose total DP adds up to 4000 or "
        "less and delete them. For every 2 cards in this Digimon's digivolution cards, it gets +3000 to the "
        "maximum DP-based deletion effects.")
    assert (delete.verb, delete.selector.total, delete.selector.total_max) == ("delete", "dp", 4000)
    assert (raise_.verb, raise_.amount, raise_.per.zone, raise_.per_every) == (
        "raise_deletion_max_dp", 3000, "sources", 2)


def test_face_up_security_cards_are_counted() -> None:
    """'For each of your face up security cards, suspend 1 of your opponent's Digimon' (BT18-056) and
    'for each of your opponent's face-up security cards' (EX11-064): placed face up (CR 3-7-4)."""
    from ingest.compiler.per import per_phrase

    mine, every, colors = per_phrase("each of your face up security cards")  # type: ignore[misc]
    assert (mine.kind, mine.zone, mine.owner, every, colors) == ("Face-up", "security", "self", None, False)
    theirs = per_phrase("each of your opponent's face-up security cards")
    assert theirs is not None and theirs[0].owner == "opponent"
