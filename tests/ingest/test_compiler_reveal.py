"""Templates of ingest/compiler/reveal_phrases.py on real card texts (by card number): searching and
shuffling a security stack."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str) -> list[Action]:
    return [a for r in compile_card(number, text) for a in r.compiled.actions]


def test_search_then_among_them_is_the_security_stack() -> None:
    """EX5-027 Liollmon: the card added 'among them' is one of the searched security cards."""
    text = ("[Digivolve][Frimon]: Cost 0[On Play] Search your security stack. You may add 1 card "
            "with [Leomon] in its name among them to the hand. If you added a card, <Recovery +1 "
            "(Deck)> (Place the top card of your deck on top of your security stack). Then, "
            "shuffle your security stack.")
    search, add, recovery, shuffle = _actions("EX5-027", text)
    assert (search.verb, search.selector.zone, search.selector.count) == ("search_security", "security", None)
    assert (add.verb, add.optional, add.selector.name_contains, add.selector.zone) == (
        "add_to_hand", True, "Leomon", "security")
    assert recovery.verb == "recovery"
    assert (shuffle.verb, shuffle.selector.owner, shuffle.optional) == ("shuffle_security", "self", False)
    (record,) = compile_card("EX5-027", text)
    (added,) = record.compiled.conditions
    assert (added.kind, added.governs) == ("effect_added", [2])  # the shuffle is not governed (QA Q4848)


def test_search_for_one_card_reveal_it_and_add_it() -> None:
    """BT5-037 Gladimon: 'search your security stack for 1 X, reveal it, and add it to your hand'."""
    text = ("[On Play] You may search your security stack for 1 Digimon card with [Warrior] or "
            "[Holy Warrior] in its type, reveal it, and add it to your hand. If you do, trigger "
            "<Recovery +1 (Deck)>. (Place the top card of your deck on top of your security "
            "stack.) Then, shuffle your security stack.")
    search, add, _, shuffle = _actions("BT5-037", text)
    assert (search.verb, search.optional) == ("search_security", True)
    assert (add.verb, add.selector.kind, add.selector.count, add.selector.trait, add.selector.zone) == (
        "add_to_hand", "Digimon", 1, "Warrior/Holy Warrior", "security")
    assert shuffle.verb == "shuffle_security"


def test_search_reveal_one_from_it() -> None:
    """BT11-042 Angewomon: 'search your security stack, reveal 1 card with X from it, and add it'."""
    text = ("[When Digivolving] You may search your security stack, reveal 1 card with [Angel], "
            "[Archangel], or [Fallen Angel] in its traits from it, and add it to your hand. If "
            "you added a card, <Recovery +1 (Deck)>. Then, shuffle your security stack.")
    search, add, _, _ = _actions("BT11-042", text)
    assert search.verb == "search_security"
    assert (add.selector.trait, add.selector.zone, add.optional) == (
        "Angel/Archangel/Fallen Angel", "security", True)


def test_play_among_it_after_a_search() -> None:
    """BT15-092 Revelation of Light: 'play 1 … Digimon card among it' plays a searched security card."""
    text = ("[Main] Search your security stack. You may play 1 yellow level 4 or lower Digimon "
            "card among it without paying the cost. Then, shuffle your security stack. If you "
            "have a Tamer with [Kari Kamiya] in its name, place this card on top of your security "
            "stack.")
    search, play, shuffle, _ = _actions("BT15-092", text)
    assert search.verb == "search_security" and shuffle.verb == "shuffle_security"
    assert (play.verb, play.free, play.selector.max_level, play.selector.zone) == (
        "play_card", True, 4, "security")


def test_digivolve_among_them_after_a_search() -> None:
    """BT16-024 MagnaAngemon: the card digivolved into is one of the searched security cards."""
    text = ("[On Play] [When Digivolving] If it's your turn, search your security stack. This "
            "Digimon may digivolve into a Digimon card with the [Angel] or [Three Great Angels] "
            "trait among them with the digivolution cost reduced by 2. Then, shuffle your "
            "security stack.")
    search, digivolve, shuffle = _actions("BT16-024", text)
    assert search.verb == "search_security" and shuffle.verb == "shuffle_security"
    assert (digivolve.verb, digivolve.card.zone, digivolve.amount) == ("digivolve", "security", 2)


def test_it_after_revealing_one_card() -> None:
    """ST4-03 Tentomon: 'If it's a green Digimon card, add it to your hand. Otherwise, place it at the
    bottom of your deck' is said of the one revealed card: add it if it fits, the rest to the bottom."""
    text = ("[On Play] Reveal the top card of your deck. If it's a green Digimon card, add it to your "
            "hand. Otherwise, place it at the bottom of your deck.")
    (record,) = compile_card("ST4-03", text)
    assert record.compiled.conditions == []
    reveal, add, rest = record.compiled.actions
    assert (reveal.verb, reveal.amount) == ("reveal", 1)
    assert (add.verb, add.selector.kind, add.selector.color, add.selector.zone) == (
        "add_to_hand", "Digimon", "Green", "revealed")
    assert add.span == "If it's a green Digimon card, add it to your hand"  # as printed
    assert (rest.verb, rest.span) == ("rest_to_deck", "Otherwise, place it at the bottom of your deck")


def test_add_it_if_and_that_card_has_a_trait() -> None:
    """BT12-045 EbiBurgamon ('Add it to your hand if it's …') and EX4-040 SkullKnightmon ('If that card
    has the [Blue Flare] or [Twilight] trait, add it to your hand. Trash the rest')."""
    ebi = _actions("BT12-045", "[On Play] Reveal 1 card from the top of your deck. Add it to your hand if "
                               "it's a green Digimon card. Otherwise, place it at the bottom of your deck.")
    assert [a.verb for a in ebi] == ["reveal", "add_to_hand", "rest_to_deck"]
    skull = _actions("EX4-040", "[On Deletion] Reveal the top card of your deck. If that card has the [Blue "
                                "Flare] or [Twilight] trait, add it to your hand. Trash the rest.")
    assert [a.verb for a in skull] == ["reveal", "add_to_hand", "trash_rest"]
    assert (skull[1].selector.kind, skull[1].selector.trait) == ("card", "Blue Flare/Twilight")


def test_play_it_then_add_the_rest() -> None:
    """EX5-042 Merukimon: 'If that card is a level 5 or lower Digimon card with <Fortitude>, play it
    without paying the cost. Add the rest to your hand.'"""
    text = ("[On Play] [When Digivolving] Reveal the top card of your deck. If that card is a level 5 or "
            "lower Digimon card with <Fortitude>, play it without paying the cost. Add the rest to your "
            "hand.")
    _, play, rest = _actions("EX5-042", text)
    assert (play.verb, play.free, play.optional, play.selector.max_level, play.selector.with_keywords) == (
        "play_card", True, False, 5, ["Fortitude"])
    assert rest.verb == "rest_to_hand"


def test_it_after_a_delayed_reveal_is_not_read() -> None:
    """P-070 Dorumon: the reveal waits for the end of the battle; 'it' is not read as revealed now."""
    text = ("[Security] At the end of the battle, reveal the top card of your deck. If it's a black Digimon "
            "card with a play cost of 4 or less, you may play it without paying its memory cost. Add the "
            "remaining cards to your hand. Then, add this card to its owner's hand.")
    (record,) = compile_card("P-070", security=text)
    assert not record.compiled.actions[1].compiled


def test_look_at_your_security_stack_then_reveal_one() -> None:
    """BT1-087 T.K. Takaishi: 'Look at your security stack, then reveal 1 card in it and add it to your
    hand … Then shuffle your security stack' (printed without the comma after 'Then')."""
    text = ("[On Play] Look at your security stack, then reveal 1 card in it and add it to your hand. If "
            "that card is yellow, trigger <Recovery +1 (Deck)>. (Place the top card of your deck on top of "
            "your security stack.) Then shuffle your security stack.")
    search, add, _, shuffle = _actions("BT1-087", text)
    assert (search.verb, add.verb, add.selector.count, add.selector.zone) == (
        "search_security", "add_to_hand", 1, "security")
    assert shuffle.verb == "shuffle_security"


def test_look_at_the_top_card_of_your_deck() -> None:
    """BT5-060 Monitamon: the top card is looked at; it stays."""
    (look,) = _actions("BT5-060", "[On Play] Look at the top card of your deck.")
    assert (look.verb, look.amount, look.selector.zone) == ("look_deck_top", 1, "deck")


def test_misprints_of_a_reveal() -> None:
    """BT19-076 Luminamon ('Reveal top 3 cards', 'from among to your hand', 'the remaining to the bottom
    of deck') and BT17-054 Trailmon ('… to the hand. trash the rest.')."""
    lumi = _actions("BT19-076", "[On Play] Reveal top 3 cards of your deck. Add 1 card with the [Xros "
                                "Heart]/[Blue Flare]/[Twilight] trait from among to your hand. Return the "
                                "remaining to the bottom of deck.")
    assert [(a.verb, a.amount) for a in lumi] == [("reveal", 3), ("add_to_hand", 1), ("rest_to_deck", None)]
    assert lumi[1].selector.trait == "Xros Heart/Blue Flare/Twilight"
    trail = _actions("BT17-054", "[On Play] Reveal the top 3 cards of your deck. Add 1 Tamer card or 1 "
                                 "Digimon card with the [Machine] trait among them to the hand. trash the "
                                 "rest.")
    assert [a.verb for a in trail] == ["reveal", "add_to_hand", "trash_rest"]
    assert [(s.kind, s.trait) for s in trail[1].selector.any_of] == [("Tamer", None), ("Digimon", "Machine")]


def test_a_bare_trait_or_another_card() -> None:
    """BT16-094 Dragon's Breath and BT16-029 Agumon: '1 [X] trait or 1 yellow card' is a card of either."""
    breath = _actions("BT16-094", "[Main] Reveal the top 4 cards of your deck. Add 1 [Four Great Dragons] "
                                  "trait or 1 yellow card among them to the hand.")
    assert [(s.trait, s.color) for s in breath[1].selector.any_of] == [("Four Great Dragons", None),
                                                                      (None, "Yellow")]
    agumon = _actions("BT16-029", "[On Play] Reveal the top 3 cards of your deck. Add 1 [Light Fang] trait "
                                  "card and 1 [Night Claw] trait or 1 2-color card among them to the hand.")
    _, first, second = agumon
    assert first.selector.trait == "Light Fang"
    assert [(s.trait, s.min_colors, s.max_colors) for s in second.selector.any_of] == [
        ("Night Claw", None, None), (None, 2, 2)]


def test_add_then_place_face_down_under_a_digimon() -> None:
    """EX9-007 Agumon: one revealed [DM] card to the hand, then one [Ver.1] card face down under one of
    the player's [DM] Digimon (QA Q4750: the add comes first)."""
    text = ("[On Play] Reveal the top 3 cards of your deck. Among them, add 1 card with the [DM] trait to "
            "the hand and place 1 card with the [Ver.1] trait face down as the bottom digivolution card of "
            "any of your Digimon with the [DM] trait. Return the rest to the bottom of the deck.")
    reveal, add, place, rest = _actions("EX9-007", text)
    assert (reveal.verb, add.verb, place.verb, rest.verb) == (
        "reveal", "add_to_hand", "place_under_face_down", "rest_to_deck")
    assert (add.selector.trait, add.selector.zone, add.selector.count) == ("DM", "revealed", 1)
    assert (place.card.trait, place.card.zone, place.card.count) == ("Ver.1", "revealed", 1)
    assert (place.selector.owner, place.selector.kind, place.selector.trait, place.selector.count) == (
        "self", "Digimon", "DM", 1)


def test_add_then_place_such_card_under_a_tamer() -> None:
    """ST24-04 Agumon: 'place 1 such card face down under any of your [DATA SQUAD] trait Tamers' places a
    card of the same description; BT19-055 Monitamon: 'under your Tamers', face up."""
    text = ("[When Moving] [On Play] Reveal the top 3 cards of your deck. Among them, add 1 [DATA SQUAD] "
            "trait card to the hand and place 1 such card face down under any of your [DATA SQUAD] trait "
            "Tamers. Return the rest to the bottom of the deck.")
    _, add, place, _ = _actions("ST24-04", text)
    assert add.selector.trait == place.card.trait == "DATA SQUAD"
    assert (place.verb, place.selector.kind, place.selector.trait) == (
        "place_under_face_down", "Tamer", "DATA SQUAD")
    text = ("[On Deletion] Reveal the top 3 cards of your deck. Among them, add 1 card with [Knightmon] in "
            "its text or the [Twilight] trait to the hand and place 1 such card under your Tamers. Return "
            "the rest to the bottom of the deck.")
    _, add, place, _ = _actions("BT19-055", text)
    assert (place.verb, place.selector.kind, place.selector.trait, len(place.card.any_of)) == (
        "place_under", "Tamer", None, 2)
    assert place.card.any_of == add.selector.any_of


def test_rest_to_the_top_or_bottom_is_the_players_choice() -> None:
    """BT11-056 Jijimon / BT24-058 Blimpmon: 'Place the rest at the top or bottom of your deck in any order',
    'Return the rest to the top or bottom of the deck': the player chooses the end, not always the bottom."""
    text = ("[When Digivolving] Reveal the top 3 cards of your deck. You may play 1 Tamer card among them "
            "without paying the cost. Place the rest at the top or bottom of your deck in any order.")
    assert [a.verb for a in _actions("BT11-056", text)] == [
        "reveal", "play_card", "revealed_to_top_or_bottom"]
    text = "[Main] Reveal the top 3 cards of your deck. Return the rest to the top or bottom of the deck."
    assert [a.verb for a in _actions("BT24-058", text)][-1] == "revealed_to_top_or_bottom"


def test_add_or_place_the_revealed_card() -> None:
    """BT18-023 Lanamon / EX5-071 Loyalty Deeper than the Sea: one revealed card to the hand or under one of
    the player's Digimon, as the player chooses (add_or_place; QA Q2939, Q3683)."""
    text = ("[On Play] [When Digivolving] Reveal the top 3 cards of your deck. Add 1 Digimon card with the "
            "[Aqua]/[Sea Animal] in one of its traits among them to the hand or place 1 such card as any of "
            "your blue Digimon's bottom digivolution card. Return the rest to the bottom of the deck.")
    _, either, _ = _actions("BT18-023", text)
    assert (either.verb, either.card.kind, either.card.trait_contains, either.card.zone) == (
        "add_or_place", "Digimon", "Aqua/Sea Animal", "revealed")
    assert (either.selector.owner, either.selector.kind, either.selector.color) == ("self", "Digimon", "Blue")
    text = ("[Main] Reveal the top 3 cards of your deck. Place 1 card with [Deva]/[Four Sovereigns] trait "
            "among them as the bottom digivolution card of 1 of your Digimon or add it to your hand. Return "
            "the rest to the top or bottom of the deck.")
    _, either, rest = _actions("EX5-071", text)
    assert (either.verb, either.card.trait, either.selector.kind, rest.verb) == (
        "add_or_place", "Deva/Four Sovereigns", "Digimon", "revealed_to_top_or_bottom")


def test_both_with_and_types_among_them() -> None:
    """BT10-008 Shoutmon: '1 Digimon card and 1 Tamer card―both with [Xros Heart] in their traits―' is a pair,
    each with the trait (QA Q1932); BT5-034: '[Warrior] and/or [Holy Warrior] in their types' (QA Q1316)."""
    text = ("[On Play] Reveal the top 3 cards of your deck. Add 1 Digimon card and 1 Tamer card―both with "
            "[Xros Heart] in their traits―among them to your hand. Place the rest at the bottom of your deck "
            "in any order.")
    _, digimon, tamer, _ = _actions("BT10-008", text)
    assert (digimon.selector.kind, digimon.selector.trait, tamer.selector.kind, tamer.selector.trait) == (
        "Digimon", "Xros Heart", "Tamer", "Xros Heart")
    text = ("[On Play] Reveal 5 cards from the top of your deck. Add up to 2 yellow Digimon cards with "
            "[Warrior] and/or [Holy Warrior] in their types among them to your hand. Place the remaining "
            "cards at the bottom of your deck in any order.")
    _, add, _ = _actions("BT5-034", text)
    assert (add.selector.count, add.selector.up_to, add.selector.color, add.selector.trait) == (
        2, True, "Yellow", "Warrior/Holy Warrior")
