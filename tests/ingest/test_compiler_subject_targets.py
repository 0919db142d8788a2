"""Target and subject selectors read on real card texts (by card number): cards of a trash returned
to the top of a deck, and the like."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str) -> list[Action]:
    return [a for r in compile_card(number, text) for a in r.compiled.actions]


def test_trash_card_to_deck_top() -> None:
    """LM-027 Red Scramble (<Delay>): 1 red Digimon card of your trash to the top of your deck."""
    text = ("[Start of Your Turn] If your opponent has a Digimon, <Delay>\n・ Return 1 red Digimon card from "
            "your trash to the top of the deck. Then, if you don't have a Digimon, you may play 1 red "
            "Digimon card with 2000 DP or less from your trash without paying the cost.")
    back = next(a for a in _actions("LM-027", text) if a.verb.startswith("return_cards"))
    assert back.compiled and back.verb == "return_cards_to_deck_top" and back.amount == 1
    sel = back.selector
    assert (sel.owner, sel.kind, sel.color, sel.count, sel.zone, sel.up_to) == (
        "self", "Digimon", "Red", 1, "trash", False)


def test_delete_the_digimon_this_effect_played_at_turn_end() -> None:
    """EX11-061 Mirai Kinosaki: the Digimon the play chose is deleted at the end of the turn."""
    text = ("[Your Turn] When any of your Digimon digivolve into a [Puppet] trait Digimon, by suspending "
            "this Tamer, you may play 1 level 3 [Puppet] trait Digimon card from your hand without paying "
            "the cost. At turn end, delete the Digimon this effect played.")
    play, delete = _actions("EX11-061", text)
    assert play.verb == "play_card" and play.selector.zone == "hand"
    assert delete.compiled and delete.verb == "delete" and delete.same_targets
    assert (delete.processed_at, delete.selector.zone) == ("EndOfTurnPoint", "battle_area")


def test_the_digimon_this_effect_played_needs_a_play_right_before() -> None:
    """BT20-098: its play is under a cost the IR can't read, so 'the Digimon this effect played gain
    <Rush> and <Blocker>' has no play to refer to and is not compiled (never the event's subject)."""
    text = ("[On Play] the Digimon this effect played gain <Rush> and <Blocker> until the end of your "
            "opponent's turn.")
    assert [a.compiled for a in _actions("BT20-098", text)] == [False, False]


def test_the_digimon_played_by_this_effect_after_a_named_play() -> None:
    """ST14-09 BeelStarmon: 'play 1 [Impmon] …. The Digimon played by this effect gains <Rush>'."""
    text = ("[All Turns][Once Per Turn] When a card is trashed from your deck, you may play 1 [Impmon] from "
            "your trash without paying the cost. The Digimon played by this effect gains <Rush> "
            "for the turn.")
    play, rush = _actions("ST14-09", text)
    assert play.verb == "play_card" and play.selector.name == "Impmon"
    assert rush.compiled and rush.verb == "gain_keyword" and rush.keyword == "Rush" and rush.same_targets
    assert (rush.selector.subject, rush.selector.zone, rush.duration) == (False, "battle_area", "this_turn")
