"""Session 18 (H5): 'If …, <action>' sentences on real card texts."""

from __future__ import annotations

from ingest.effect_ir import Action, Condition
from ingest.effects import compile_card


def _compiled(number: str, text: str, tag: str) -> tuple[list[Condition], list[Action]]:
    record = next(r for r in compile_card(number, text) if r.label_tag == tag)
    assert record.compiled.actions_compiled
    assert all(c.compiled for c in record.compiled.conditions)
    return record.compiled.conditions, record.compiled.actions


def test_bt15_019_lost_draw_keyword_is_read_from_its_reminder() -> None:
    """The data lost '<Draw 1>' and kept its reminder after the condition's comma."""
    text = ("[On Play] Trash the bottom digivolution card of 1 of your opponent's Digimon. Then, if your "
            "opponent has no Digimon with digivolution cards,  (Draw 1 card from your deck).")
    (cond,), (trash, draw) = _compiled("BT15-019", text, "OnPlay")
    assert trash.verb == "trash_bottom_sources"
    assert draw.verb == "draw" and draw.amount == 1 and not draw.optional
    assert cond.kind == "has_card" and cond.negated and cond.governs == [1]


def test_bt15_051_lost_draw_for_each() -> None:
    text = ("[When Digivolving] If there's a suspended Digimon, gain 1 memory. If [Lillymon]/[X Antibody] is "
            "in this Digimon's digivolution cards, (Draw 1 card from your deck) for each of your opponent's "
            "suspended Digimon.")
    conds, (gain, draw) = _compiled("BT15-051", text, "WhenDigivolving")
    assert draw.verb == "draw" and draw.amount == 1 and draw.per is not None
    assert draw.per.state == "suspended"
    assert conds[1].kind == "sources_include" and conds[1].governs == [1]


def test_bt15_071_lost_draw_after_sources_condition() -> None:
    text = ("[When Attacking] By trashing 1 card in your hand, delete 1 of your opponent's Digimon with "
            "3000 DP or less. If a Tamer card with the [SoC] trait is in this Digimon's digivolution "
            "cards,  (Draw 1 card from your deck).")
    (cond,), (delete, draw) = _compiled("BT15-071", text, "WhenAttacking")
    assert delete.verb == "delete" and draw.verb == "draw" and draw.amount == 1
    assert cond.kind == "sources_include" and cond.selector is not None and cond.selector.trait == "SoC"
    assert cond.governs == [1]


def test_st19_11_increase_the_dp_reduction_of_this_effect() -> None:
    """'increase the DP reduction of this effect by -3000': a change to the earlier DP reduction."""
    text = ("[On Play] [When Digivolving] 1 of your opponent's Digimon gets -3000 DP for the turn. If there "
            "are 3 or more Digimon, increase the DP reduction of this effect by -3000.")
    (cond,), (dp, change) = _compiled("ST19-11", text, "OnPlay")
    assert dp.verb == "dp_modify" and dp.amount == -3000
    assert change.verb == "raise_dp_reduction" and change.amount == -3000
    assert cond.kind == "has_card" and cond.amount == 3 and cond.governs == [1]
    assert cond.selector is not None and cond.selector.owner == "any"


def test_bt5_063_play_one_is_the_named_card() -> None:
    """'If you don't have an [Arata Sanada] card in play, you may play one from your hand …'."""
    text = ("[When Digivolving] If you don't have an [Arata Sanada] card in play, you may play one from your "
            "hand without paying its memory cost.")
    (cond,), (play,) = _compiled("BT5-063", text, "WhenDigivolving")
    assert cond.kind == "has_card" and cond.negated
    assert cond.selector is not None and cond.selector.name == "Arata Sanada"
    sel = play.selector
    assert play.verb == "play_card" and play.free and play.optional and sel is not None
    assert sel.name == "Arata Sanada" and sel.zone == "hand" and sel.owner == "self"
    assert play.span.endswith("you may play one from your hand without paying its memory cost")


def test_ex1_005_play_one_taiga() -> None:
    text = ("[When Digivolving] If you don't have a [Taiga] in play, you may play one from your hand without "
            "paying its memory cost. [Your Turn] This Digimon is also treated as green.")
    (cond,), (play,) = _compiled("EX1-005", text, "WhenDigivolving")
    assert cond.negated and cond.selector is not None and cond.selector.name == "Taiga"
    assert play.verb == "play_card" and play.selector is not None and play.selector.name == "Taiga"


def test_bt17_011_delete_this_digimon_at_the_end_of_the_turn_if_digivolved() -> None:
    text = ("[When Digivolving] If [BurningGreymon] is in this Digimon's digivolution cards or you have "
            "a blue or green Digimon or Tamer, this Digimon may digivolve into [AncientGreymon] in the "
            "hand for a digivolution cost of 3, ignoring its digivolution requirements. If digivolved by "
            "this effect, delete this Digimon at the end of the turn.")
    (_either, done), (digivolve, delete) = _compiled("BT17-011", text, "WhenDigivolving")
    assert digivolve.verb == "digivolve" and digivolve.cost == 3
    assert done.kind == "effect_digivolved" and done.governs == [1]
    assert delete.verb == "delete" and delete.processed_at == "EndOfTurnPoint" and not delete.optional
    assert delete.selector is not None and delete.selector.this


def test_ex11_028_play_1_shoto_kazama_trait_is_the_named_card() -> None:
    """No card has a [Shoto Kazama] trait: the card named so is played (QA Q5826: EX11-062)."""
    text = ("[All Turns] [Once Per Turn] When any of your Digimon suspend, if you have 1 or fewer Tamers, "
            "you may play 1 [Shoto Kazama] trait from your hand without paying the cost.")
    (cond,), (play,) = _compiled("EX11-028", text, "AllTurns")
    assert cond.kind == "has_at_most" and cond.amount == 1
    sel = play.selector
    assert play.verb == "play_card" and play.free and sel is not None
    assert sel.name == "Shoto Kazama" and sel.trait is None and sel.zone == "hand"


def test_ex11_020_play_1_shoemon_trait_is_the_named_card() -> None:
    text = ("[On Deletion] If deleted other than in battle, you may play 1 [Shoemon] trait from your hand "
            "without paying the cost.")
    (cond,), (play,) = _compiled("EX11-020", text, "OnDeletion")
    assert cond.kind == "deleted_in_battle" and cond.negated
    assert play.verb == "play_card" and play.selector is not None and play.selector.name == "Shoemon"


def test_ex11_040_stray_closing_quote() -> None:
    text = ("[Your Turn] [Once Per Turn] When this Digimon gets linked, if you have 1 or fewer Tamers, "
            "you may play 1 [Unchained] from your hand or trash without paying the cost.\"")
    (cond,), (play,) = _compiled("EX11-040", text, "YourTurn")
    assert play.verb == "play_card" and play.selector is not None
    assert play.selector.name == "Unchained" and play.selector.zone == "hand_or_trash"


def test_ex4_003_lost_draw_after_the_trigger_clause() -> None:
    """'When …,. (Draw 1 card from your deck.)': the trigger's action is the lost <Draw 1>."""
    text = ("[Your Turn][Once Per Turn] When one of your other Digimon digivolves,. (Draw 1 card from your "
            "deck.)")
    record = next(r for r in compile_card("EX4-003", inherited=text))
    assert record.compiled.trigger_compiled and record.compiled.actions_compiled
    (draw,) = record.compiled.actions
    assert draw.verb == "draw" and draw.amount == 1


def test_ex4_016_lost_draw_is_the_whole_body() -> None:
    text = "[When Attacking]. (Draw 1 card from your deck.)"
    record = next(r for r in compile_card("EX4-016", inherited=text))
    assert record.compiled.actions_compiled
    (draw,) = record.compiled.actions
    assert draw.verb == "draw" and draw.amount == 1


def test_bt15_004_it_is_this_digimon() -> None:
    text = ("[End of Your Turn] If this Digimon has the [Insectoid] trait, it may attack an opponent's "
            "Digimon.")
    (cond,), (attack,) = _compiled("BT15-004", text, "EndOfYourTurn")
    assert cond.kind == "this_matches" and cond.selector is not None and cond.selector.trait == "Insectoid"
    assert attack.verb == "attack_digimon" and attack.optional
    assert attack.selector is not None and attack.selector.this


def test_lm_041_until_your_opponents_turn_ends_cant_be_suspended() -> None:
    text = ("[When Digivolving] [When Attacking] [Once Per Turn] If you have 1 or more memory, your opponent "
            "adds their top security card to the hand. Then, if you have 1 or less, until your opponent's "
            "turn ends, 1 of their Digimon or Tamers can't be suspended.")
    (more, less), (_add, cant) = _compiled("LM-041", text, "WhenDigivolving")
    assert less.kind == "memory_at_most" and less.amount == 1 and less.governs == [1]
    assert cant.verb == "cant_suspend" and cant.duration == "until_end_of_opponents_turn"
    assert cant.selector is not None and cant.selector.kind == "Digimon or Tamer"
    assert cant.selector.owner == "opponent" and cant.selector.count == 1


def test_bt14_076_that_digimon_is_the_one_played() -> None:
    text = ("[On Deletion] You may play 1 [Agumon] from your trash without paying the cost. If you have a "
            "Tamer with [Tai Kamiya] in its name, that Digimon gains <Rush> for the turn.")
    (cond,), (play, rush) = _compiled("BT14-076", text, "OnDeletion")
    assert play.verb == "play_card" and play.selector is not None and play.selector.zone == "trash"
    assert cond.kind == "has_card" and cond.governs == [1]
    sel = rush.selector
    assert rush.verb == "gain_keyword" and rush.keyword == "Rush" and rush.same_targets
    assert sel is not None and sel.name == "Agumon" and sel.zone == "battle_area" and not sel.subject


def test_ex4_027_if_x_comma_or_if_y() -> None:
    """'If X, or if Y, …': one condition of two alternatives, not 'If X' and an action 'or if Y, …'."""
    text = ("[On Play] 1 of your opponent's Digimon gets -2000 DP for the turn. If you have a blue or yellow "
            "Tamer in play, or if you have a card with the [Armor Form] trait in your trash, 1 of your "
            "opponent's Digimon with 6000 DP or less can't attack or block until the end of your opponent's "
            "turn.")
    (cond,), (_dp, attack, block) = _compiled("EX4-027", text, "OnPlay")
    assert cond.kind == "either" and cond.governs == [1, 2]
    tamer, trash = cond.either
    assert tamer.kind == "has_card" and tamer.selector is not None and tamer.selector.kind == "Tamer"
    assert trash.kind == "trash_at_least" and trash.amount == 1
    assert trash.selector is not None and trash.selector.trait == "Armor Form"
    assert attack.verb == "cant_attack" and block.verb == "cant_block" and block.same_targets


def test_bt19_074_instead_with_your_trash_count() -> None:
    """Deleting the opponent's Digimon cannot change your trash count: 'instead' is read exactly."""
    text = ("[On Play] [When Digivolving] Delete 1 of your opponent's level 6 or lower Digimon. If you have "
            "10 or more cards in your trash, delete 1 of their Digimon instead.")
    (cond, negation), (first, instead) = _compiled("BT19-074", text, "OnPlay")
    assert cond.kind == negation.kind == "trash_at_least" and cond.amount == 10
    assert not cond.negated and cond.governs == [1] and negation.negated and negation.governs == [0]
    assert first.verb == instead.verb == "delete"
    assert first.selector is not None and first.selector.max_level == 6
    assert instead.selector is not None and instead.selector.max_level is None
    assert instead.selector.owner == "opponent"


def test_bt3_093_misprinted_on_play_tag_starts_a_new_effect() -> None:
    from ingest.text import normalise

    text = normalise("[Start of Your Turn] If you have 2 memory or less, set your memory to 3.On Play] "
                     "Reveal the top 3 cards of your deck. Add 1 blue and 1 green Digimon card among them to "
                     "your hand. Place the remaining cards at the bottom of your deck in any order.")
    records = compile_card("BT3-093", text)
    assert [r.timings for r in records] == [["StartOfYourTurn"], ["OnPlay"]]
    (cond,), (memory,) = _compiled("BT3-093", text, "StartOfYourTurn")
    assert cond.kind == "memory_at_most" and cond.amount == 2
    assert memory.verb == "set_memory" and memory.amount == 3


def test_bt26_009_return_1_card_in_your_hand_to_the_bottom_of_the_deck() -> None:
    text = ("[When Attacking] <Draw 1> Then, if your hand has 6 or more cards, return 1 card in your hand to "
            "the bottom of the deck.")
    (cond,), (draw, back) = _compiled("BT26-009", text, "WhenAttacking")
    assert draw.verb == "draw" and cond.kind == "hand_at_least" and cond.amount == 6 and cond.governs == [1]
    assert back.verb == "hand_to_deck_bottom" and back.amount == 1 and not back.optional
    assert back.selector is not None and back.selector.zone == "hand" and back.selector.owner == "self"


def test_bt8_096_two_colours_or_two_colours_in_one_of_its_digivolution_cards() -> None:
    text = ("[Main] Delete 1 of your opponent's Digimon with 4000 DP or less. If you have a Digimon in play "
            "with 2 or more colors, or with 2 or more colors in one of its digivolution cards, delete 1 of "
            "your opponent's Digimon with 7000 DP or less instead.")
    (cond, negation), (first, instead) = _compiled("BT8-096", text, "Main")
    assert cond.kind == "either" and cond.governs == [1] and negation.negated and negation.governs == [0]
    itself, under = cond.either
    assert itself.selector is not None and itself.selector.min_colors == 2
    assert under.selector is not None and under.selector.source_min_colors == 2
    assert under.selector.min_colors is None and under.selector.owner == "self"
    assert first.selector is not None and first.selector.max_dp == 4000
    assert instead.selector is not None and instead.selector.max_dp == 7000


def test_bt8_100_overwrite_without_a_duration_is_not_read() -> None:
    """'… gets -3000 DP for the turn. If …, 1 of … gets -6000 DP instead': how long is unsaid."""
    text = ("[Main] 1 of your opponent's Digimon gets -3000 DP for the turn. If you have a Digimon in play "
            "with 2 or more colors, or with 2 or more colors in one of its digivolution cards, 1 of your "
            "opponent's Digimon gets -6000 DP instead.")
    record = next(r for r in compile_card("BT8-100", text) if r.label_tag == "Main")
    assert not record.compiled.actions_compiled
