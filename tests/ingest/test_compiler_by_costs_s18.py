"""'By <cost>, <effect>' cost wordings read in session 18, on the real card texts (corpus cards.json)."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action, CompiledEffect
from ingest.effects import compile_card

BT25_035 = (
    "[Digivolve] Lv.3 w/[Glowing Dawn]\xa0trait: Cost 2 \n\n[On Play] [When Digivolving] 1 of your "
    "opponent's Digimon gets -3000 DP for the turn. Then, by trashing 2 bottom face-down cards "
    "from under any of your Tamers, this Digimon may digivolve into a [Glowing Dawn]\xa0trait "
    "Digimon card in the hand without paying the cost."
)
ST24_10 = (
    "[Digivolve] Lv.4 w/[DATA SQUAD]\xa0trait: Cost 3 \n\n[On Play] [When Digivolving] [When "
    "Attacking] [Once Per Turn] Suspend 1 of your opponent's Digimon or Tamers. It can't "
    "unsuspend until their turn ends. Then, by trashing 2 bottom face-down cards from under "
    "any of your Tamers, this Digimon may digivolve into a [DATA SQUAD]\xa0trait Digimon card in "
    "the hand without paying the cost."
)
BT26_070 = (
    "[Digivolve] Lv.3 w/[Glowing Dawn] trait: Cost 2 \n\n[On Play] [When Digivolving] ＜Draw 1＞ "
    "and trash 1 card in your hand.\n[Main] [Once Per Turn] By trashing 2 bottom face-down "
    "cards from under any of your Tamers, you may use 1 Option card with the [Glowing Dawn] "
    "trait from your trash with the cost reduced by 2."
)

BT25_043 = (
    "[Digivolve] Lv.5 w/[Glowing Dawn]\xa0trait: Cost 3 \n\n[When Digivolving] [When Attacking] "
    "[Once Per Turn] ＜Recovery +1＞ Then, by trashing the top security card of 1 player with "
    "the most security cards, this Digimon unsuspends.\n[All Turns] [Once Per Turn] When any of "
    "your [Glowing Dawn]\xa0trait Digimon would leave the battle area, by trashing your top "
    "security card, they don't leave."
)
ST23_05 = (
    "[Digivolve] Lv.5 w/[Glowing Dawn]\xa0trait: Cost 3 \n\n[When Digivolving] [When Attacking] "
    "[Once Per Turn] Place 1 of your opponent's lowest DP Digimon as the top security card. "
    "Then, by trashing the top security card of 1 player with the most security cards, "
    "＜Recovery +1＞ \n[All Turns] [Once Per Turn] When any of your [Glowing Dawn]\xa0trait Digimon "
    "would leave the battle area, by trashing your top security card, they don't leave."
)
BT19_086 = (
    "[Start of Your Main Phase] By placing 1 Option card with the [Device]\xa0trait from your "
    "hand in the battle area, ＜Draw 1＞ \n[Main] By suspending this Tamer and trashing 4 of your "
    "Option cards with the [Device]\xa0trait in the battle area, you may play 1 [Cyberdramon] "
    "from your hand or trash without paying the cost."
)
BT19_075 = (
    "[Digivolve][Millenniummon]: Cost 2 \n\n[On Play] [When Digivolving] Your opponent trashes "
    "cards in their hand until they have 5 left. For every 2 cards trashed by this effect, "
    "delete 1 of your opponent's Tamers.\n[All Turns] When this Digimon would leave the battle "
    "area, by deleting 1 of your Digimon with the [Composite]\xa0trait Digimon, it doesn't "
    "leave.\n[All Turns] [Once Per Turn] When other Digimon or Tamers are deleted, trash your "
    "opponent's top security card."
)
BT13_028 = (
    "[End of Attack][Once Per Turn] By returning 3 cards with [Jellymon] in their text from "
    "your trash at the bottom of the deck in any order, unsuspend this Digimon."
)
EX11_038 = (
    "[When Moving] [On Play] By trashing 1 [Mineral] or [Rock]\xa0trait card from your hand or "
    "your Digimon's digivolution cards, ＜Draw 1＞"
)
BT25_092 = (
    "[Start of Your Main Phase] By trashing 1 card with [Three Musketeers]\xa0in its text or the "
    "[TS]\xa0trait from your hand, ＜Draw 1＞ and gain 1 memory.\n[Main] By suspending this Tamer "
    "and trashing 1 Option card from your hand or your Digimon's digivolution cards, 1 of your "
    "Digimon may digivolve into a Digimon card with [Three Musketeers]\xa0in its text or the "
    "[TS]\xa0trait in the hand or trash with the cost reduced by 1."
)
BT11_041 = (
    "Digivolve: 3 from Lv.4 w/[Sukamon] in name[When Digivolving][On Play] By trashing 1 card "
    "with [Sukamon] in its name in your hand or in this Digimon's digivolution cards, until "
    "the end of your opponent's turn, 1 of your opponent's Digimon gets -3000 DP and gains "
    "＜Security Attack -1＞. (This Digimon checks 1 fewer security cards.)"
)
BT21_085 = (
    "[Start of Your Main Phase] If your opponent has a Digimon, gain 1 memory.\n[Main] By "
    "suspending this Tamer and trashing the top stacked card of 1 of your [Armor Form]\xa0trait "
    "Digimon, ＜Draw 1＞ and gain 1 memory."
)
BT25_073 = (
    "[Digivolve] Lv.4 w/[TS]\xa0trait: Cost 3 \n\n＜Jamming＞ \n[On Play] [When Digivolving] By "
    "trashing 1 of your Digimon's link cards, you may play or use 1 [TS]\xa0trait card with a "
    "play or use cost of 5 or less from your hand without paying the cost."
)
BT18_101 = (
    "[Digivolve][Lucemon: Chaos Mode]: Cost 6 \n\n[When Digivolving] By playing 1 [Lucemon: "
    "Larva] from your trash to your empty breeding area without paying the cost, delete 1 of "
    "your opponent's Digimon or Tamers.\n[End of All Turns] [Once Per Turn] Trash your "
    "opponent's top security card. If this effect didn't trash, delete 1 of your opponent's "
    "Digimon and 1 of their Tamers."
)
EX10_060 = (
    "[Digivolve] [Lucemon: Chaos Mode]: Cost 6 \n\n[On Play] [When Digivolving] By playing 1 "
    "[Lucemon: Larva] from your trash to your empty breeding area without paying the cost, "
    "delete all of your opponent's Digimon with the highest level.\n[When Digivolving] [When "
    "Attacking] [Once Per Turn] Your opponent may delete 1 of their Digimon or Tamers. If this "
    "effect didn't delete, trash their top security card and this Digimon unsuspends."
)
BT20_071 = (
    "[Digivolve] [Loogarmon]/Lv.4 w/[SEEKERS]\xa0trait: Cost 3 \n\n[On Play] [When Digivolving] By "
    "trashing 1 card in your hand, for the turn 1 of your Digimon gains ＜Raid＞ and gets +3000 "
    "DP.\n[All Turns] When Tamer cards are placed in this Digimon's digivolution cards, delete "
    "1 of your opponent's Digimon with 6000 DP or less."
)

def _with_cost(number: str, text: str, verb: str) -> tuple[CompiledEffect, Action]:
    """The card's one effect that pays a cost of ``verb`` (a cost, or one paid midway), and that cost."""
    found = [(r.compiled, a) for r in compile_card(number, text)
             for a in [*r.compiled.costs, *r.compiled.actions]
             if a.verb == verb and (a.pays or any(a is c for c in r.compiled.costs))]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(("number", "text", "then"), [
    ("BT25-035", BT25_035, "digivolve"), ("ST24-10", ST24_10, "digivolve"),
    ("BT26-070", BT26_070, "use_option"),
])
def test_two_bottom_face_down_cards_from_under_any_tamers(number: str, text: str, then: str) -> None:
    """2 cards in all, from under one or several Tamers (QA Q6301, Q6212); all or none (Q6300)."""
    c, cost = _with_cost(number, text, "trash_bottom_face_down")
    assert cost.amount == 2 and c.actions_compiled
    assert cost.selector is not None and (cost.selector.owner, cost.selector.kind) == ("self", "Tamer")
    assert c.actions[-1].verb == then


@pytest.mark.parametrize(("number", "text", "then"), [
    ("BT25-043", BT25_043, "unsuspend"), ("ST23-05", ST23_05, "keyword")])
def test_the_top_security_card_of_the_player_with_the_most(number: str, text: str, then: str) -> None:
    """Whoever has more security cards; on a tie the effect's player chooses (QA Q6312, Q6167)."""
    c, cost = _with_cost(number, text, "trash_security_of_most")
    assert cost.amount == 1 and c.actions_compiled and c.actions[-1].verb == then


def test_bt19_086_suspends_this_tamer_and_trashes_4_device_options_in_the_battle_area() -> None:
    """Both costs, in order (CR 15-7): this Tamer, then exactly 4 of your placed [Device] Option cards."""
    c, cost = _with_cost("BT19-086", BT19_086, "trash_option_in_play")
    assert [a.verb for a in c.costs] == ["suspend", "trash_option_in_play"] and c.actions_compiled
    sel = cost.selector
    assert sel is not None and (sel.owner, sel.kind, sel.trait) == ("self", "Option", "Device")
    assert cost.amount == 4
    assert [a.verb for a in c.actions] == ["play_card"]


def test_bt19_075_deletes_1_of_your_composite_digimon_as_printed() -> None:
    """'1 of your Digimon with the [Composite] trait Digimon' (as printed): 1 of your [Composite] Digimon."""
    c, cost = _with_cost("BT19-075", BT19_075, "delete")
    sel = cost.selector
    assert sel is not None and (sel.owner, sel.kind, sel.trait) == ("self", "Digimon", "Composite")
    assert sel.count == 1
    assert [a.verb for a in c.actions] == ["prevent"] and c.actions_compiled


def test_bt13_028_returns_3_jellymon_text_cards_at_the_bottom_of_the_deck() -> None:
    """'from your trash at the bottom of the deck in any order': to the bottom, as 'to the bottom'."""
    (r,) = compile_card("BT13-028", None, inherited=BT13_028)
    (cost,) = r.compiled.costs
    sel = cost.selector
    assert (cost.verb, cost.amount) == ("return_cards_to_deck", 3) and r.compiled.actions_compiled
    assert sel is not None and (sel.zone, sel.text_contains) == ("trash", "Jellymon")


@pytest.mark.parametrize(("number", "text", "verb", "fits"), [
    ("EX11-038", EX11_038, "trash_hand_or_digimon_sources", ("card", "Mineral/Rock", None)),
    ("BT25-092", BT25_092, "trash_hand_or_digimon_sources", ("Option", None, None)),
    ("BT11-041", BT11_041, "trash_hand_or_own_sources", ("card", None, "Sukamon")),
])
def test_one_card_from_the_hand_or_digivolution_cards(number: str, text: str, verb: str,
                                                      fits: tuple[str, str | None, str | None]) -> None:
    """Either place, exactly 1 card (QA Q5865: any of your Digimon's when it says 'your Digimon's')."""
    c, cost = _with_cost(number, text, verb)
    sel = cost.selector
    assert sel is not None and cost.amount == 1 and (sel.kind, sel.trait, sel.name_contains) == fits
    assert c.actions_compiled


def test_bt21_085_suspends_and_trashes_the_top_stacked_card_of_an_armor_form_digimon() -> None:
    c, cost = _with_cost("BT21-085", BT21_085, "trash_top_stacked_card")
    assert [a.verb for a in c.costs] == ["suspend", "trash_top_stacked_card"]
    sel = cost.selector
    assert sel is not None and (sel.owner, sel.kind, sel.trait) == ("self", "Digimon", "Armor Form")
    assert [a.verb for a in c.actions] == ["draw", "gain_memory"] and c.actions_compiled


def test_bt25_073_trashes_1_of_your_digimons_link_cards() -> None:
    """Any of your Digimon's (its inherited 'by trashing 1 of its link cards' is this Digimon's)."""
    c, cost = _with_cost("BT25-073", BT25_073, "trash_your_link_cards")
    assert cost.amount == 1 and c.actions_compiled


@pytest.mark.parametrize(("number", "text"), [("BT18-101", BT18_101), ("EX10-060", EX10_060)])
def test_playing_lucemon_larva_to_the_empty_breeding_area_as_a_cost(number: str, text: str) -> None:
    c, cost = _with_cost(number, text, "play_to_breeding")
    sel = cost.selector
    assert sel is not None and (sel.name, sel.zone, cost.free) == ("Lucemon: Larva", "trash", True)
    assert [a.verb for a in c.actions] == ["delete"] and c.actions_compiled


def test_bt20_071_for_the_turn_without_its_comma() -> None:
    """'for the turn 1 of your Digimon gains <Raid> and gets +3000 DP': one Digimon, both for the turn."""
    c, cost = _with_cost("BT20-071", BT20_071, "trash_card")
    assert cost.selector is not None and cost.selector.zone == "hand" and c.actions_compiled
    first, second = c.actions
    assert (first.verb, first.keyword, first.duration) == ("gain_keyword", "Raid", "this_turn")
    assert (second.verb, second.amount, second.duration) == ("dp_modify", 3000, "this_turn")
    assert second.same_targets
