"""Session 18, placing cards (ingest/compiler/place.py, body.py misprints) on real card texts."""

from __future__ import annotations

from ingest.effects import compile_card


def _parts(number: str, text: str) -> list:
    return [a for r in compile_card(number, text) for a in [*r.compiled.costs, *r.compiled.actions]]


def test_trait_without_its_word_is_a_trait() -> None:
    """'with the [Blue Flare] from your trash' (BT19-022), '… or the [Hero] from your hand' (BT21-028):
    the bracket after 'with the' names a trait; 'trait rom your hand' (BT19-001) is 'from'."""
    (place, save) = _parts("BT19-022", "[On Deletion] You may place 1 Digimon card with the [Blue Flare] "
                           "from your trash under any of your Tamers. Then, <Save>.")
    assert place.compiled and place.verb == "place_under" and place.card.trait == "Blue Flare"
    assert place.card.zone == "trash" and place.selector.kind == "Tamer" and place.optional
    cost, delete = _parts("BT21-028", "[When Digivolving] [When Attacking] By placing 1 Digimon card with "
                          "[Gammamon] in its text or the [Hero] from your hand as this Digimon's bottom "
                          "digivolution card, delete 1 of your opponent's lowest DP Digimon.")
    assert cost.compiled and cost.verb == "place_under" and cost.selector.this
    assert [s.text_contains or s.trait for s in cost.card.any_of] == ["Gammamon", "Hero"]
    assert delete.compiled and delete.verb == "delete"
    cost, draw = _parts("BT19-001", "[When Attacking] [Once Per Turn] By placing 1 Digimon card with the "
                        "[Xros Heart]/[Blue Flare] trait rom your hand under any of your Tamers, <Draw 1>.")
    assert cost.compiled and cost.card.zone == "hand" and cost.card.trait == "Xros Heart/Blue Flare"
    assert draw.compiled and draw.verb == "draw"


def test_top_card_placed_on_top_of_the_security_stack() -> None:
    """A Digimon's top card on top of the security stack (``top_card_to_security``): this Digimon's
    (BT20-084, BT9-044 as a cost) or one the player chooses (BT17-098, BT24-093)."""
    (place,) = _parts("BT20-084", "[End of All Turns] Place this Digimon's top stacked card as the top "
                      "security card.")
    assert place.compiled and place.verb == "top_card_to_security" and place.selector.this
    cost, prevent = _parts("BT9-044", "[All Turns] When this Digimon would be deleted, you may place the "
                           "top card of this Digimon on top of your security stack face down to prevent "
                           "that deletion.")
    assert cost.compiled and cost.verb == "top_card_to_security" and cost.selector.this
    assert prevent.verb == "prevent"
    delay, cost, gain = _parts("BT17-098", "[Main] <Delay>.\n・By placing the top card of 1 of your level 4 "
                               "or higher Digimon with [Pulsemon] in its text on top of your security stack, "
                               "gain 2 memory.")
    assert cost.verb == "top_card_to_security" and cost.pays and cost.compiled
    assert (cost.selector.owner, cost.selector.min_level, cost.selector.count) == ("self", 4, 1)
    assert cost.selector.text_contains.lower() == "pulsemon" and gain.verb == "gain_memory"
    delay, place = _parts("BT24-093", "[All Turns] When your security stack is removed from, <Delay>\n・You "
                          "may place the top stacked card of any of your Digimon with [Aegiochusmon] or "
                          "[Jupitermon] in their names as the top security card.")
    assert place.compiled and place.verb == "top_card_to_security" and place.optional
    assert place.selector.name_contains.lower() == "aegiochusmon/jupitermon" and not place.selector.this


def test_this_card_placed_face_up_in_the_security_stack() -> None:
    """'place this card face up as the top security card' (ST20-15); as a cost, 'by placing this Digimon
    as the face-up bottom security card, they don't leave' (BT19-048)."""
    add, place = _parts("ST20-15", "[Main] Add your top security card to the hand. Then, place this card "
                        "face up as the top security card.")
    assert add.verb == "security_to_hand"
    assert place.compiled and place.verb == "place_self_face_up_top_security" and place.selector.this
    (record,) = compile_card("BT19-048", "[All Turns] [Once Per Turn] When any of your other Digimon with "
                             "the [Royal Base] trait would leave the battle area by effects, by placing this "
                             "Digimon as the face-up bottom security card, they don't leave.")
    (cost,), (prevent,) = record.compiled.costs, record.compiled.actions
    assert cost.compiled and cost.verb == "place_self_face_up_bottom_security" and cost.selector.this
    assert prevent.compiled and prevent.verb == "prevent"


def test_this_digimon_placed_under_the_trigger_subject() -> None:
    """'by placing this Digimon as its bottom digivolution card, it doesn't leave' (P-154): under the
    Digimon that would leave (the event's subject)."""
    (record,) = compile_card("P-154", "[All Turns] When another of your Digimon with [Knightmon] in its text "
                             "would leave the battle area by an opponent's effect, by placing this Digimon "
                             "as its bottom digivolution card, it doesn't leave.")
    (cost,), (prevent,) = record.compiled.costs, record.compiled.actions
    assert cost.compiled and cost.verb == "place_under" and cost.card.this
    assert cost.selector.subject and cost.selector.kind == "Digimon" and not cost.selector.this
    assert prevent.compiled and prevent.verb == "prevent"


def test_top_stacked_card_of_any_of_your_digimon_under_its_sources() -> None:
    """'By placing the top stacked card of any of your level 4 or higher [CS] Digimon as its bottom
    digivolution card' (P-225): one Digimon of the player's choice, [CS] a trait."""
    delay, cost, gain = _parts("P-225", "[Main] <Delay> \n・By placing the top stacked card of any of your "
                               "level 4 or higher [CS] Digimon as its bottom digivolution card, "
                               "gain 2 memory.")
    assert cost.compiled and cost.verb == "top_to_bottom_source" and cost.pays
    assert (cost.selector.owner, cost.selector.trait, cost.selector.min_level, cost.selector.this) == (
        "self", "CS", 4, False)
    assert gain.verb == "gain_memory" and gain.amount == 2


def test_condition_between_the_cost_and_the_action_governs_the_action() -> None:
    """'By placing …, if you have 7 or fewer cards in your hand, <Draw 1>' (P-224): the condition is
    checked when the action is reached, after the cost (QA Q6119), not for the whole effect."""
    (record,) = compile_card("P-224", "[Start of Your Main Phase] [On Play] By placing 1 [Xros Heart] or "
                             "[Twilight] trait Digimon card from your hand or trash under this Tamer, if you "
                             "have 7 or fewer cards in your hand, <Draw 1>")
    c = record.compiled
    assert c.actions_compiled and [a.verb for a in c.costs] == ["place_under"]
    assert [(x.kind, x.amount, x.governs) for x in c.conditions] == [("hand_at_most", 7, [0])]
    (record,) = compile_card("BT17-030", "[Start of Your Main Phase] By placing 1 [Leon Alexander] from "
                             "your hand as this Digimon's bottom digivolution card, if you have 3 or more "
                             "security cards, gain 1 memory. If you have 2 or fewer security cards, "
                             "<Recovery +1 (Deck)>.")
    c = record.compiled
    assert c.actions_compiled and [a.verb for a in c.actions] == ["gain_memory", "recovery"]
    assert [(x.kind, x.amount, x.governs) for x in c.conditions] == [
        ("security_at_least", 3, [0]), ("security_at_most", 2, [1])]


def test_under_a_named_digimon_or_a_digimon_or_tamer_of_a_trait() -> None:
    """'Place 1 [ADR-02 Searcher] among them under 1 of your [Mother D-Reaper]s as its bottom digivolution
    card' (EX2-049); '… as any of your [Bagra Army] trait Digimon's bottom digivolution cards or under any
    of your [Bagra Army] trait Tamers' (EX10-039): one Digimon or Tamer of that trait."""
    parts = _parts("EX2-049", "[Main] You may suspend this Digimon to reveal the top 5 cards of your deck. "
                   "Place 1 [ADR-02 Searcher] among them under 1 of your [Mother D-Reaper]s as its bottom "
                   "digivolution card. Place the remaining cards at the bottom of your deck in any order.")
    place = next(a for a in parts if a.verb == "place_under")
    assert place.compiled and place.card.zone == "revealed" and place.card.name.lower() == "adr-02 searcher"
    assert place.selector.kind == "card" and place.selector.name.lower() == "mother d-reaper"
    (place,) = _parts("EX10-039", "[Start of Your Main Phase] You may place 1 Digimon card with the [Bagra "
                      "Army] trait from your hand or trash as any of your [Bagra Army] trait Digimon's "
                      "bottom digivolution cards or under any of your [Bagra Army] trait Tamers.")
    assert place.compiled and place.optional and place.card.zone == "hand_or_trash"
    assert (place.selector.kind, place.selector.trait) == ("Digimon or Tamer", "Bagra Army")


def test_it_is_this_card_after_a_trigger_on_this_card() -> None:
    """'When this card is trashed from your deck, you may place it in the battle area' (ST14-12); 'When you
    trash this card in your hand …, you may place it under 1 of your purple Digimon at the bottom of its
    digivolution cards' (BT6-078): 'it' is this card."""
    (place,) = _parts("ST14-12", "When this card is trashed from your deck, you may place it "
                      "in the battle area.")
    assert place.compiled and place.verb == "place_self" and place.selector.this and place.optional
    (place,) = _parts("BT6-078", "When you trash this card in your hand using one of your effects, you may "
                      "place it under 1 of your purple Digimon at the bottom of its digivolution cards.")
    assert place.compiled and place.verb == "place_under" and place.card.this and place.optional
    assert (place.selector.kind, place.selector.color, place.selector.this) == ("Digimon", "Purple", False)


def test_all_digimon_on_top_of_their_owners_security_stacks_in_any_order() -> None:
    """'Place all level 3 Digimon face down on top of their owners' security stacks in any order' (RB1-019):
    both players' level 3 Digimon, in the order the player chooses (QA Q4095)."""
    place, *_ = _parts("RB1-019", "[When Digivolving] Place all level 3 Digimon face down on top of their "
                       "owners' security stacks in any order.")
    assert place.compiled and place.verb == "place_security_top_in_order"
    sel = place.selector
    assert (sel.owner, sel.count, sel.min_level, sel.max_level) == ("any", None, 3, 3)


def test_the_opponent_places_a_card_of_their_hand_in_their_security_stack() -> None:
    """'If your opponent has 5 or fewer security cards, they place 1 card from their hand as the bottom
    security card. Then, trash their top security card' (BT21-024): the condition governs the first
    sentence only (QA Q4534)."""
    (record,) = compile_card("BT21-024", "[On Play] [When Digivolving] If your opponent has 5 or fewer "
                             "security cards, they place 1 card from their hand as the bottom security card. "
                             "Then, trash their top security card.")
    c = record.compiled
    assert c.actions_compiled and [a.verb for a in c.actions] == ["opponent_places_security_bottom",
                                                                  "trash_security"]
    place = c.actions[0]
    assert (place.selector.owner, place.selector.zone, place.selector.count) == ("opponent", "hand", 1)
    assert [x.governs for x in c.conditions] == [[0]]


def test_from_a_zone_as_the_bottom_digivolution_card_of_one_of_your_digimon() -> None:
    """'Then, you may place 1 card with [X-Antibody] in its traits from your hand as the bottom digivolution
    card of 1 of your black Digimon with [X-Antibody] in its traits to delete …' (BT8-104): paid midway."""
    parts = _parts("BT8-104", "[Main] <De-Digivolve 1> 1 of your opponent's Digimon. Then, you may place "
                   "1 card with [X-Antibody] in its traits from your hand as the bottom digivolution card of "
                   "1 of your black Digimon with [X-Antibody] in its traits to delete 1 of your opponent's "
                   "Digimon with a play cost of 4 or less.")
    assert [a.verb for a in parts] == ["de_digivolve", "place_under", "delete"]
    place = parts[1]
    assert place.compiled and place.pays and place.card.zone == "hand" and place.card.trait == "X-Antibody"
    assert (place.selector.color, place.selector.trait, place.selector.this) == ("Black", "X-Antibody", False)


def test_compared_with_the_placed_card() -> None:
    """'By placing 1 of your other blue Digimon as this Digimon's bottom digivolution card, return 1 of your
    opponent's Digimon whose level is less than or equal to the placed card's level …' (BT15-029)."""
    (record,) = compile_card("BT15-029", "[On Play] [When Digivolving] By placing 1 of your other blue "
                             "Digimon as this Digimon's bottom digivolution card, return 1 of your "
                             "opponent's Digimon whose level is less than or equal to the placed card's "
                             "level to the bottom of the deck.")
    (cost,), (back,) = record.compiled.costs, record.compiled.actions
    assert cost.verb == "place_under" and cost.card.other and cost.card.color == "Blue"
    assert back.compiled and back.verb == "return_to_deck"
    assert (back.selector.compare, back.selector.compare_op, back.selector.compare_to) == (
        "level", "at_most", "placed")
    # without a card placed right before it, 'the placed card' is not read
    (record,) = compile_card("T-PLACED", "[Main] Return 1 of your opponent's Digimon whose level is less "
                             "than or equal to the placed card's level to the bottom of the deck.")
    assert not record.compiled.actions[0].compiled


def test_to_activate_a_keyword_is_its_effect() -> None:
    """'You may place 3 non-Digi-Egg cards from your trash at the bottom of your deck in any order to
    activate <Draw 1>' (P-011): the cards are the cost, <Draw 1> the action."""
    cost, draw = _parts("P-011", "[When Attacking] You may place 3 non-Digi-Egg cards from your trash at the "
                        "bottom of your deck in any order to activate <Draw 1>. (Draw 1 card "
                        "from your deck.)")
    assert cost.compiled and cost.verb == "return_cards_to_deck" and cost.amount == 3
    assert draw.compiled and draw.verb == "draw" and draw.optional


def test_one_of_each_as_the_played_digimons_bottom_digivolution_cards() -> None:
    """'You may play 1 [ShootingStarmon] from under your Tamers …. Then, place 1 [Starmons] and 1 [Pickmons]
    from your trash as that Digimon's bottom digivolution cards' (BT19-031): under the played Digimon."""
    play, first, second = _parts("BT19-031", "[On Deletion] You may play 1 [ShootingStarmon] from under your "
                                 "Tamers without paying the cost. Then, place 1 [Starmons] and 1 [Pickmons] "
                                 "from your trash as that Digimon's bottom digivolution cards.")
    assert play.verb == "play_card" and [first.verb, second.verb] == ["place_under", "place_under"]
    assert first.compiled and second.compiled and first.same_targets and second.same_targets
    assert (first.card.name, second.card.name, first.card.zone) == ("Starmons", "Pickmons", "trash")
