"""Templates of ingest/compiler/place.py on real card texts (by card number): linking a card by an
effect, cards in play placed in a security stack, cards placed under a Digimon or Tamer."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


def _actions(number: str, text: str) -> list:
    return [a for r in compile_card(number, text) for a in r.compiled.actions]


def _one(number: str, text: str, verb: str):
    (action,) = [a for a in _actions(number, text) if a.verb == verb]
    assert action.compiled
    return action


@pytest.mark.parametrize(
    ("number", "text", "zone", "onto_this", "free", "reduced"),
    [
        ("BT21-023", "[On Play] [When Digivolving] You may link 1 level 4 or lower Digimon card "
         "from your hand or "
         "this Digimon's digivolution cards to this Digimon without paying the cost.",
         "hand_or_sources", True, True, None),
        ("BT21-073", "[On Play] [When Digivolving] You may link 1 level 4 or lower Digimon card "
         "from your trash or "
         "this Digimon's digivolution cards to this Digimon without paying the cost.",
         "trash_or_sources", True, True, None),
        ("BT25-052", "[Main] You may link 1 [Social], [Tool] or [Game] trait Digimon card from your "
         "hand or this "
         "Digimon's digivolution cards to this Digimon with the cost reduced by 1.",
         "hand_or_sources", True, False, 1),
        ("BT22-097", "[Main] You may link 1 [Appmon] trait Digimon card from your hand to 1 of your Digimon "
         "without paying the cost.", "hand", False, True, None),
    ],
)
def test_link_a_card_from_a_zone(number: str, text: str, zone: str, onto_this: bool, free: bool,
                                 reduced: int | None) -> None:
    action = _one(number, text, "link_card")
    assert (action.card.zone, action.card.count, action.selector.this, action.selector.owner) == (
        zone, 1, onto_this, "self")
    assert (action.free, action.amount, action.optional) == (free, reduced, True)
    assert action.selector.zone == "battle_area"


def test_link_filters_of_the_card() -> None:
    action = _one("BT21-023", "[On Play] You may link 1 level 4 or lower Digimon card from your hand or this "
                  "Digimon's digivolution cards to this Digimon without paying the cost.", "link_card")
    assert (action.card.kind, action.card.max_level) == ("Digimon", 4)
    action = _one("BT25-052", "[Main] You may link 1 [Social], [Tool] or [Game] trait Digimon card "
    "from your hand "
                  "or this Digimon's digivolution cards to this Digimon with the cost reduced by "
                  "1.", "link_card")
    assert action.card.trait == "Social/Tool/Game"


def test_link_this_card_on_the_field_reaches_the_breeding_area() -> None:
    action = _one("BT24-092", "[Main] 1 of your opponent's Digimon gets -6000 DP for the turn. "
    "Then, you may link "
                  "this card to 1 of your Digimon on the field without paying the cost.", "link_card")
    assert (action.card.this, action.selector.this, action.selector.zone, action.free) == (
        True, False, "field", True)
    action = _one("ST22-11", "[Main] You may link this card to 1 of your Digimon without paying the cost.",
                  "link_card")
    assert (action.card.this, action.selector.zone) == (True, "battle_area")


@pytest.mark.parametrize(
    ("number", "text"),
    [
        ("AD1-005", "[On Play] You may link up to 2 [Social], [Navi] or [Tool] trait cards from "
         "your hand or this "
         "Digimon's digivolution cards to this Digimon without paying the cost."),
        ("P-234", "[Your Turn] When effects trash any of your Digimon's link cards, by suspending "
         "this Tamer, you may "
         "link 1 [System], [Navi], [Tool] or [Leviathan] trait card from your hand with the cost "
         "reduced by 2."),
    ],
)
def test_links_not_read_stay_uncompiled(number: str, text: str) -> None:
    """'up to 2' (several links at once), no Digimon named: not read."""
    assert not [a for a in _actions(number, text) if a.verb == "link_card"]


@pytest.mark.parametrize(
    ("number", "text", "verb", "owner", "this"),
    [
        ("BT4-105", "[Main] Place 1 of your Digimon on top of your security stack face down. Trash all of "
         "the digivolution cards of that Digimon.", "place_security_top", "self", False),
        ("BT14-102", "[On Deletion] Place this card at the bottom of your security stack.",
         "place_security_bottom", "self", True),
        ("LM-007", "[End of Attack] Place this Digimon on top of your security stack.", "place_security_top",
         "self", True),
        ("EX12-076", "[When Attacking] [Once Per Turn] Place 1 of your opponent's Digimon as the top "
         "security card.", "place_security_top", "opponent", False),
        ("EX6-031", "[End of Opponent's Turn] [Once Per Turn] You may place 1 Digimon with <Security Attack> "
         "on top of its owner's security stack.", "place_security_top", "any", False),
    ],
)
def test_a_card_in_play_placed_in_a_security_stack(number: str, text: str, verb: str, owner: str,
                                                   this: bool) -> None:
    action = _one(number, text, verb)
    assert (action.selector.zone, action.selector.owner, action.selector.this) == ("battle_area", owner, this)
    assert this or (action.selector.count, action.selector.kind) == (1, "Digimon")


@pytest.mark.parametrize(
    ("number", "text", "zone", "onto"),
    [
        ("BT19-024", "[On Play] [When Digivolving] You may place 1 Digimon card with [Aqua]/[Sea "
         "Animal] in one "
         "of its traits from your hand as 1 of your Digimon's bottom digivolution card.", "hand",
         {"owner": "self", "kind": "Digimon", "this": False, "zone": "battle_area"}),
        ("EX10-025", "[Main] You may place 2 cards with the [Mineral] or [Rock] trait from your "
         "trash as 1 of "
         "your [Mineral] or [Rock] trait Digimon's bottom digivolution cards.", "trash",
         {"owner": "self", "trait": "Mineral/Rock", "zone": "battle_area"}),
        ("BT10-012", "[On Play][When Digivolving] You may place 1 Digimon card with [Xros Heart] in "
         "its traits "
         "from your hand or from under one of your Tamers under this Digimon as its bottom "
         "digivolution card.",
         "hand_or_under_tamers", {"this": True}),
        ("EX6-056", "[All Turns] When this Digimon would leave the battle area other than in battle, place 1 "
         "card with the [Seven Great Demon Lords] trait from your trash as the bottom digivolution "
         "card of one "
         "of your [Gate of Deadly Sins] in your breeding area.", "trash",
         {"name": "Gate of Deadly Sins", "zone": "breeding_area", "kind": "card"}),
    ],
)
def test_cards_of_a_zone_placed_under(number: str, text: str, zone: str, onto: dict) -> None:
    action = _one(number, text, "place_under")
    assert action.card.zone == zone
    assert {k: getattr(action.selector, k) for k in onto} == onto


def test_this_digimon_placed_under_another() -> None:
    action = _one("BT17-050", "[On Deletion] You may place this Digimon as the bottom digivolution card of 1 "
                  "of your other Digimon.", "place_under")
    assert (action.card.this, action.selector.other, action.selector.owner) == (True, True, "self")


def test_placement_under_a_non_white_digimon() -> None:
    """P-146 'non-white' (Selector.not_color): under one of the player's Digimon none of whose colours
    is white."""
    (action,) = [a for a in _actions("P-146", "[Main] Place this card as 1 of your non-white Digimon's "
                                              "bottom digivolution card.") if a.verb == "place_under"]
    assert (action.selector.owner, action.selector.not_color, action.card.this) == ("self", "White", True)


def test_revealed_cards_placed_under_this_digimon() -> None:
    action = _one("BT18-061", "[When Digivolving] Reveal the top 3 cards of your deck. You may place 1 Tamer "
                  "card or 1 level 4 or lower black card among them as this Digimon's bottom "
                  "digivolution card. "
                  "Return the rest to the bottom of the deck.", "place_under")
    assert (action.card.zone, action.selector.this, len(action.card.any_of)) == ("revealed", True, 2)
    assert (action.card.any_of[0].kind, action.card.any_of[1].max_level) == ("Tamer", 4)


@pytest.mark.parametrize(
    ("number", "text", "zone", "kind"),
    [
        ("EX3-025", "[On Deletion] If you don't have a [Trial of the Four Great Dragons] in play, "
         "you may place "
         "1 [Trial of the Four Great Dragons] from your hand in your battle area.", "hand", "card"),
        ("EX8-052", "[When Digivolving] If [Cyberdramon]/[X Antibody] is in this Digimon's "
         "digivolution cards, "
         "you may place 1 Option card with the [Device] trait from your hand or trash in the battle area.",
         "hand_or_trash", "Option"),
    ],
)
def test_a_card_placed_in_the_battle_area(number: str, text: str, zone: str, kind: str) -> None:
    action = _one(number, text, "place_card")
    assert (action.selector.zone, action.selector.kind, action.selector.count) == (zone, kind, 1)


@pytest.mark.parametrize(
    ("number", "text", "then"),
    [
        ("BT7-083", "[On Play] You may place 1 [Sistermon Ciel] from your hand or trash at the "
         "bottom of this "
         "Digimon's digivolution cards to delete 1 of your opponent's Digimon with a play cost of 5 or less.",
         "delete"),
        ("BT8-069", "[When Digivolving] You may place 1 card with [X-Antibody] in its traits from "
         "your hand under "
         "this Digimon as its bottom digivolution card to delete 1 of your opponent's Digimon with "
         "a play cost "
         "of 7 or less.", "delete"),
        ("EX2-055", "[On Play] You may place 2 [ADR-02 Searcher]s from your trash under this "
         "Digimon in any order "
         "as its bottom digivolution cards to unsuspend this Digimon.", "unsuspend"),
        ("BT7-082", "[When Digivolving] You may place 1 [Sistermon Blanc] from your hand or trash "
         "at the bottom of "
         "this Digimon's digivolution cards to <Recovery +1 (Deck)>.", "recovery"),
    ],
)
def test_placing_to_do_something_is_its_cost(number: str, text: str, then: str) -> None:
    """'You may place X … to do Y': placing X is paid to do Y (nothing happens if it can't be placed)."""
    (effect,) = [r.compiled for r in compile_card(number, text)]
    (cost,) = effect.costs
    assert (cost.verb, cost.selector.this, effect.actions_compiled) == ("place_under", True, True)
    assert [a.verb for a in effect.actions] == [then]


def test_at_the_bottom_of_one_of_your_digimons_digivolution_cards() -> None:
    action = _one("BT5-047", "[On Play] Place 1 [Palmon] from your trash under 1 of your green "
    "Digimon at the "
                  "bottom of its digivolution cards.", "place_under")
    assert (action.card.name, action.card.zone, action.selector.color, action.selector.this) == (
        "Palmon", "trash", "Green", False)


@pytest.mark.parametrize(
    ("number", "text", "zone", "owner"),
    [
        ("ST10-14", "[Main] Place 1 of your opponent's Digimon face down at the top or bottom of your "
         "opponent's security stack.", "battle_area", "opponent"),
        ("BT15-042", "[All Turns] [Once Per Turn] When a card is removed from your security stack, "
         "if you have 3 "
         "or fewer security cards, you may place 1 yellow card from your hand at the top or bottom of your "
         "security stack.", "hand", "self"),
    ],
)
def test_the_top_or_the_bottom_of_the_security_stack(number: str, text: str, zone: str, owner: str) -> None:
    action = _one(number, text, "place_security_top_or_bottom")
    assert (action.selector.zone, action.selector.owner, action.selector.count) == (zone, owner, 1)


@pytest.mark.parametrize(
    ("number", "text", "verb"),
    [
        ("EX4-038", "[On Play] Reveal the top 3 cards of your deck. Add 1 Digimon card with "
         "[Greymon] in its name "
         "and 1 Digimon card with [Gabumon], [Garurumon], or [Omnimon] in its name among them to your hand. "
         "Place the rest on top of your deck in any order.", "rest_to_deck_top"),
        ("BT2-086", "[On Play] Reveal 3 cards from the top of your deck. Add 1 Digimon card with "
         "[Vee] in its name "
         "among them to your hand. Place the remaining cards on the bottom of your deck in any order.",
         "rest_to_deck"),
    ],
)
def test_the_rest_placed_back_on_the_deck(number: str, text: str, verb: str) -> None:
    assert _actions(number, text)[-1].verb == verb


@pytest.mark.parametrize(
    ("number", "text", "zone"),
    [
        ("BT5-019", "[When Digivolving] You may place 1 red Digimon card from your hand at the top of this "
         "Digimon's digivolution cards.", "hand"),
        ("EX9-074", "[On Play] You may place 1 level 4 or lower [DM] trait Digimon card from your "
         "trash as this "
         "Digimon's top digivolution card.", "trash"),
        ("BT11-071", "[On Play] You may place 1 Digimon card with [Knightmon] in its name or [Bagra "
         "Army] in its "
         "traits from your hand or trash under this Digimon as its top digivolution card.", "hand_or_trash"),
    ],
)
def test_placed_as_the_top_digivolution_card(number: str, text: str, zone: str) -> None:
    action = _one(number, text, "place_under_top")
    assert (action.card.zone, action.selector.this, action.amount) == (zone, True, 1)



_TEXTS = {
    "BT11-031": "[On Deletion] <Save>. (You may place this card under one of your Tamers.) Then, place 1 "
                "blue [Greymon] and 1 blue [MailBirdramon] from your trash under 1 of your Tamers with "
                "[General] in its traits.",
    "BT9-067": "[On Play][When Digivolving] Place 1 [Raijinmon], 1 [Fujinmon], and 1 [Suijinmon] from "
               "your trash under this Digimon in any order as its bottom digivolution cards.",
    "BT6-075": "[On Play] You may place 1 [Kinkakumon] and 1 [Ginkakumon] from your trash in this card's "
               "digivolution cards in any order.",
    "BT8-099": "[Main] Suspend 1 of your opponent's Digimon. Then, place up to 10 of your opponent's "
               "suspended Digimon at the bottom of their owners' decks in any order.",
    "BT22-095": "[Main] Place this Tamer as any of your [Mother Eater]s' bottom digivolution card.",
}


def _card_text(number: str) -> str:
    return _TEXTS[number]



@pytest.mark.parametrize(
    ("number", "names", "onto_this", "onto_trait"),
    [
        ("BT11-031", ["Greymon", "MailBirdramon"], False, "General"),
        ("BT9-067", ["Raijinmon", "Fujinmon", "Suijinmon"], True, None),
        ("BT6-075", ["Kinkakumon", "Ginkakumon"], True, None),
    ],
)
def test_one_of_each_named_card_placed_under_one_digimon_or_tamer(
        number: str, names: list[str], onto_this: bool, onto_trait: str | None) -> None:
    placed = [a for a in _actions(number, _card_text(number)) if a.verb == "place_under"]
    assert [a.card.name for a in placed] == names
    assert all(a.compiled and a.card.zone == "trash" and (a.card.count, a.card.up_to) == (1, False)
               for a in placed)
    assert [a.same_targets for a in placed] == [False] + [True] * (len(names) - 1)
    onto = {(a.selector.this, a.selector.trait, a.selector.owner) for a in placed}
    assert onto == {(onto_this, onto_trait, "self")}
    if number == "BT11-031":
        assert [a.card.color for a in placed] == ["Blue", "Blue"] and placed[0].selector.kind == "Tamer"


def test_suspended_digimon_placed_at_the_bottom_of_their_owners_decks() -> None:
    action = _one("BT8-099", _card_text("BT8-099"), "return_to_deck")
    sel = action.selector
    assert (sel.owner, sel.kind, sel.state, sel.count, sel.up_to, sel.zone) == (
        "opponent", "Digimon", "suspended", 10, True, "battle_area")


def test_this_tamer_placed_under_a_named_digimon() -> None:
    action = _one("BT22-095", _card_text("BT22-095"), "place_under")
    assert (action.card.this, action.card.kind, action.selector.name, action.selector.zone) == (
        True, "Tamer", "Mother Eater", "battle_area")


_CLOSE = ("[Your Turn] When any of your Digimon digivolve into a [Mineral]/[Rock] trait Digimon, "
          "by suspending this Tamer, place up to 2 cards with the [Mineral]/[Rock] trait from "
          "your trash as that Digimon's bottom digivolution cards.")
_BT19_082 = ("[Your Turn] When any of your Digimon with [Aqua]/[Sea Animal] in one of its traits "
             "attack, by suspending this Tamer, you may place 1 level 5 or lower Digimon card with "
             "[Aqua]/[Sea Animal] in one of its traits from your hand as that Digimon's bottom "
             "digivolution card.")


@pytest.mark.parametrize(
    ("number", "text", "zone", "count", "up_to"),
    [("EX8-067", _CLOSE, "trash", 2, True), ("BT19-082", _BT19_082, "hand", 1, False)],
)
def test_placed_under_the_triggering_digimon(number: str, text: str, zone: str, count: int,
                                             up_to: bool) -> None:
    action = _one(number, text, "place_under")
    assert (action.card.zone, action.card.count, action.card.up_to) == (zone, count, up_to)
    assert action.selector.subject and not action.same_targets


def test_one_revealed_card_placed_on_top_of_the_security_stack() -> None:
    text = ("[Main] Reveal the top 2 cards of your deck. Place 1 of them on top of your security stack "
            "face down. Add the remaining card to your hand. Then, place this card in your battle area.")
    action = _one("BT6-100", text, "place_security_top")
    assert (action.selector.zone, action.selector.count, action.selector.owner) == ("revealed", 1, "self")


def test_cards_of_the_opponents_trash_placed_at_the_bottom_of_their_deck() -> None:
    text = ("[When Digivolving] For each card with [Mega] in their traits in this Digimon's digivolution "
            "cards, delete 1 of your opponent's Digimon. Then, place 10 cards from your opponent's trash "
            "at the bottom of their deck in any order.")
    action = _one("BT9-083", text, "return_cards_to_deck")
    sel = action.selector
    assert (action.amount, sel.owner, sel.zone, sel.count, sel.up_to) == (10, "opponent", "trash", 10, False)


def test_placing_under_the_triggering_digimon_as_a_cost() -> None:
    text = ("[Your Turn] When any of your Digimon digivolve into a Digimon with <Save> in its text, by "
            "suspending this Tamer and placing 1 Digimon card with <Save> in its text from under your "
            "Tamers as that Digimon's bottom digivolution card, that Digimon gains <Alliance> for the turn.")
    (record,) = compile_card("EX10-067", text)
    suspend, place = record.compiled.costs
    assert (suspend.verb, place.verb, place.card.zone, place.card.text_contains) == (
        "suspend", "place_under", "under_tamers", "<Save>")
    assert place.selector.subject and place.compiled


def test_link_to_one_of_those_digimon() -> None:
    """BT23-093: 'to 1 of those Digimon' is one of the Digimon whose suspending triggered it."""
    action = _one("BT23-093", "[All Turns] When any of your [Appmon] trait Digimon suspend, <Delay> \n"
                  "・You may link 1 [Appmon] trait Digimon card from your hand to 1 of those Digimon without "
                  "paying the cost.", "link_card")
    assert (action.selector.those, action.selector.count, action.selector.kind) == (True, 1, "Digimon")
    assert (action.card.zone, action.card.trait, action.card.kind, action.free, action.optional) == (
        "hand", "Appmon", "Digimon", True, True)
