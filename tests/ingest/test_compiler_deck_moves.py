"""Templates of ingest/compiler/deck_phrases.py on real card texts (by card number)."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, part: str = "main") -> list[Action]:
    records = compile_card(number, inherited=text) if part == "inherited" else compile_card(number, text)
    return [a for r in records for a in r.compiled.actions]


def _selector_fields(action: Action, *fields: str) -> tuple:
    return tuple(getattr(action.selector, f) for f in fields)


def test_trash_all_tamer_cards_among_them() -> None:
    """BT7-070 Wendigomon: every revealed Tamer card is trashed (QA Q1625), the rest go to the bottom."""
    text = ("[When Digivolving] You may reveal the top 5 cards of your deck. Trash all Tamer cards "
            "among them. "
            "Place the remaining cards at the bottom of your deck in any order.")
    reveal, trash, rest = _actions("BT7-070", text)
    assert (reveal.verb, reveal.amount, reveal.optional) == ("reveal", 5, True)
    assert trash.compiled and trash.verb == "trash_card"
    assert (trash.selector.kind, trash.selector.count, trash.selector.zone) == ("Tamer", None, "revealed")
    assert rest.verb == "rest_to_deck"


def test_add_and_trash_among_them() -> None:
    """BT8-072 DemiDevimon: 1 Tamer card to the hand, and 1 purple Digimon card trashed (QA Q1758)."""
    text = ("[On Play] Reveal the top 3 cards of your deck. Add 1 Tamer card among them to your "
            "hand, and trash 1 "
            "purple Digimon card among them. Place the remaining cards at the bottom of your deck "
            "in any order.")
    _, add, trash, _ = _actions("BT8-072", text)
    assert (add.verb, add.selector.kind, add.selector.count) == ("add_to_hand", "Tamer", 1)
    assert (trash.verb, trash.amount) == ("trash_card", 1)
    assert _selector_fields(trash, "kind", "color", "zone") == ("Digimon", "Purple", "revealed")


@pytest.mark.parametrize(
    ("number", "text", "fields"),
    [
        ("BT1-048", "Add all yellow Tamer cards among them to your hand.",
         {"kind": "Tamer", "color": "Yellow"}),
        ("BT12-007", "Add all of the [Takato Matsuki] cards among them to your hand.",
         {"name": "Takato Matsuki"}),
        ("BT5-049", "Add all Digimon cards with <Digisorption> among them to your hand.",
         {"kind": "Digimon", "with_keywords": ["Digisorption"]}),
    ],
)
def test_add_all_that_fit_among_them(number: str, text: str, fields: dict) -> None:
    (add,) = _actions(number, f"[On Play] {text}")
    assert add.verb == "add_to_hand" and add.selector.count is None and add.selector.zone == "revealed"
    assert {k: getattr(add.selector, k) for k in fields} == fields


@pytest.mark.parametrize(
    ("number", "text", "verb"),
    [
        ("BT13-021", "[When Attacking][Once Per Turn] Both players draw 1 card from their decks.", "draw"),
        ("BT25-002", "[Your Turn] [Once Per Turn] When any of your [DATA SQUAD] trait Tamers are "
                     "played, both "
         "players <Draw 1>", "draw"),
        ("EX4-015", "[On Play] Both players draw the top card of their decks.", "draw"),
        ("BT3-090", "[When Digivolving] Trash 1 card from the top of both players' security stacks.",
         "trash_security"),
        ("BT25-038", "[When Digivolving] Trash both players' top security cards.", "trash_security"),
    ],
)
def test_both_players_at_once(number: str, text: str, verb: str) -> None:
    """One action on both players' cards (``owner='any'``): their hands grow at once (QA Q2775)."""
    (action,) = _actions(number, text, "inherited" if number == "BT25-002" else "main")
    assert (action.verb, action.amount, action.selector.owner) == (verb, 1, "any")


def test_revealed_cards_to_the_top_or_bottom() -> None:
    """BT24-005 Kyokyomon / BT7-004 Koromon: the player chooses the end of the deck."""
    text = ("[Your Turn] [Once Per Turn] When Tamer cards are placed in this Digimon's digivolution "
            "cards, reveal "
            "the top 3 cards of your deck. Return the revealed cards to the top or bottom of the deck.")
    verbs = [a.verb for a in _actions("BT24-005", text, "inherited")]
    assert verbs == ["reveal", "revealed_to_top_or_bottom"]
    text = ("[When Attacking] Reveal the top card of your deck, and place it at the top or bottom of "
            "your deck.")
    reveal, back = _actions("BT7-004", text, "inherited")
    assert (reveal.verb, reveal.amount, back.verb) == ("reveal", 1, "revealed_to_top_or_bottom")


def test_look_at_the_top_security_card_and_may_add_it() -> None:
    """BT9-034 Salamon (X Antibody): the top security card to the hand, if the player wants (QA Q1833)."""
    text = ("[When Digivolving] Look at the top card of your security stack, and you may add it to "
            "your hand. "
            "If you do, <Recovery +1 (Deck)>.")
    add, recovery = _actions("BT9-034", text)
    assert (add.verb, add.amount, add.optional) == ("security_to_hand", 1, True)
    assert add.selector.zone == "security"
    assert recovery.verb == "recovery"


@pytest.mark.parametrize(
    ("number", "text", "verb", "amount", "count"),
    [
        ("BT1-099", "[Main] Trash all digivolution cards under 1 of your opponent's Digimon.",
         "trash_all_sources", None, 1),
        ("BT1-101", "[Main] Trash all digivolution cards under all of your opponent's Digimon.",
         "trash_all_sources", None, None),
        ("EX3-021", "[When Digivolving] Trash any 2 digivolution cards under 1 of your opponent's Digimon.",
         "trash_any_sources", 2, 1),
        ("ST2-06", "[When Attacking] Trash the digivolution card at the bottom of 1 of your "
                   "opponent's Digimon.",
         "trash_bottom_sources", 1, 1),
        ("ST2-09", "[When Digivolving] Trash 2 digivolution cards at the bottom of 1 of your "
                   "opponent's Digimon.",
         "trash_bottom_sources", 2, 1),
    ],
)
def test_digivolution_cards_under(
    number: str, text: str, verb: str, amount: int | None, count: int | None
) -> None:
    (action,) = _actions(number, text)
    assert (action.verb, action.amount, action.selector.owner, action.selector.count) == (
        verb, amount, "opponent", count)


def test_its_bottom_digivolution_cards_are_the_attackers() -> None:
    """BT14-019 Otamamon: 'its' is the attacking Digimon, the trigger's subject."""
    text = ("[Opponent's Turn][Once Per Turn] When an opponent's Digimon attacks, trash its bottom "
            "2 digivolution "
            "cards.")
    (action,) = _actions("BT14-019", text, "inherited")
    assert (action.verb, action.amount, action.selector.subject) == ("trash_bottom_sources", 2, True)


def test_up_to_digivolution_cards_from_the_bottom() -> None:
    """BT5-025: 'up to 2' from the bottom: how many is the player's (trash_bottom_sources_up_to)."""
    text = ("[When Digivolving] Trash up to 2 digivolution cards from the bottom of 1 of your opponent's "
            "Digimon.")
    assert [(a.verb, a.amount, a.compiled) for a in _actions("BT5-025", text)] == [
        ("trash_bottom_sources_up_to", 2, True)]


def test_two_color_card_among_them() -> None:
    """BT8-009 Hawkmon: '1 2-color red card' is a red card of exactly two colours (QA Q1698)."""
    text = "[On Play] Reveal the top 4 cards of your deck. Add 1 2-color red card among them to your hand."
    _, add = _actions("BT8-009", text)
    assert add.verb == "add_to_hand"
    assert _selector_fields(add, "kind", "color", "min_colors", "max_colors") == ("card", "Red", 2, 2)


def test_two_or_more_colors_and_a_named_tamer() -> None:
    """P-118 Wormmon: a green or blue card with 2 or more colours, and a [Ken Ichijoji] Tamer (QA Q4227)."""
    text = ("[On Play] Reveal the top 3 cards of your deck. Add 1 green or blue card with 2 or more "
            "colors and 1 "
            "Tamer card with [Ken Ichijoji] in its name among them to the hand.")
    _, colored, tamer = _actions("P-118", text)
    assert _selector_fields(colored, "color", "min_colors", "max_colors") == ("Green/Blue", 2, None)
    assert _selector_fields(tamer, "kind", "name_contains") == ("Tamer", "Ken Ichijoji")


def test_colour_counts_of_cards_in_play_stay_with_their_condition() -> None:
    """'If this Digimon has 2 or more colors' keeps its own condition kind (colours in play can change);
    '1 of your Digimon with 2 or more colors' is a selector, matched by its colours now (Board.matches)."""
    from ingest.compiler.select import select, this_with

    assert this_with("with 2 or more colors") is None
    chosen = select("1 of your Digimon with 2 or more colors")
    assert chosen is not None and (chosen.min_colors, chosen.zone) == (2, "battle_area")


@pytest.mark.parametrize(
    ("number", "text", "first", "second"),
    [
        ("BT3-051", "Add 1 level 5 and 1 level 6 Digimon card among them to your hand.",
         ("Digimon", 5, 5, None), ("Digimon", 6, 6, None)),
        ("BT3-093", "Add 1 blue and 1 green Digimon card among them to your hand.",
         ("Digimon", None, None, "Blue"), ("Digimon", None, None, "Green")),
        ("ST17-11", "Add 1 green Digimon card and 1 such Tamer card among them to the hand.",
         ("Digimon", None, None, "Green"), ("Tamer", None, None, "Green")),
    ],
)
def test_two_cards_sharing_a_description(number: str, text: str, first: tuple, second: tuple) -> None:
    """The kind (and what follows it) written once for both, or 'such': the first one's filters."""
    one, two = _actions(number, f"[On Play] {text}")
    fields = ("kind", "min_level", "max_level", "color")
    assert (_selector_fields(one, *fields), _selector_fields(two, *fields)) == (first, second)


def test_such_keeps_the_first_cards_trait() -> None:
    """BT15-011 Tyrannomon: '1 such Tamer card' is a Tamer card with the [SoC] trait (QA Q2495)."""
    text = ("[On Play] Reveal the top 3 cards of your deck. Add 1 Digimon card with the [SoC] trait "
            "and 1 such "
            "Tamer card among them to the hand.")
    _, one, two = _actions("BT15-011", text)
    assert _selector_fields(one, "kind", "trait") == ("Digimon", "SoC")
    assert _selector_fields(two, "kind", "trait") == ("Tamer", "SoC")


def test_named_digimon_card_and_exact_cost_option() -> None:
    """BT3-008 Zubamon: '1 [RagnaLoardmon] Digimon card'; EX7-008 ToyAgumon: 'an Option card with a cost
    of 6'."""
    one, two = _actions("BT3-008", "[On Play] Add 1 [RagnaLoardmon] Digimon card and 1 Digimon card with "
                                   "[Legend-Arms] in its type among them to your hand.")
    assert _selector_fields(one, "kind", "name_or_trait") == ("Digimon", "RagnaLoardmon")
    assert _selector_fields(two, "kind", "trait") == ("Digimon", "Legend-Arms")
    _, option = _actions("EX7-008", "[On Play] Add 1 card with [Three Musketeers] in its text and 1 "
                                    "Option card "
                                    "with a cost of 6 among them to the hand.")
    assert _selector_fields(option, "kind", "min_cost", "max_cost") == ("Option", 6, 6)


def test_level_four_or_five_is_a_range() -> None:
    """BT3-047 Wormmon: 'level 4 or 5' (levels next to each other) is 4 to 5."""
    (add,) = _actions("BT3-047", "[On Play] Add 1 level 4 or 5 Digimon card among them to your hand.")
    assert _selector_fields(add, "min_level", "max_level") == (4, 5)


def test_one_card_of_three_descriptions() -> None:
    """BT7-008 Flamemon: one card with [Hybrid] in its traits, or a [Susanoomon], or a [Takuya Kanbara]."""
    text = ("[On Play] Add 1 card with [Hybrid] in its traits, [Susanoomon], or [Takuya Kanbara] "
            "among them to "
            "your hand.")
    (add,) = _actions("BT7-008", text)
    assert add.selector.count == 1
    assert [(a.trait, a.name) for a in add.selector.any_of] == [
        ("Hybrid", None), (None, "Susanoomon"), (None, "Takuya Kanbara")]


def test_a_bracket_before_digimon_card_is_a_name_or_a_trait() -> None:
    """BT24-073: '1 [Evil] or [Fallen Angel] Digimon card' names traits where BT3-008 names a card
    ('1 [RagnaLoardmon] Digimon card'); the text can't tell which, so a card fits by either."""
    (play,) = _actions("BT24-073", "[On Play] You may play 1 level 4 or lower [Evil] or [Fallen Angel] "
                                   "Digimon card from your hand without paying the cost.")
    assert _selector_fields(play, "kind", "name_or_trait", "name", "trait") == (
        "Digimon", "Evil/Fallen Angel", None, None)


@pytest.mark.parametrize(
    ("number", "text", "trashed"),
    [
        ("BT15-096", "[Main] Reveal the top 5 cards of your deck. Among them, add 1 card with the "
         "[Machine]/[Cyborg] trait to the hand and trash 1 such card. Return the rest to the top of "
         "the deck.",
         {"trait": "Machine/Cyborg"}),
        ("EX7-052", "[On Play] Reveal the top 3 cards of your deck. Among them, add 1 card with [Lilithmon] "
         "in its text to the hand and trash 1 purple card. Return the rest to the bottom of the deck.",
         {"color": "Purple"}),
    ],
)
def test_among_them_add_and_trash_such_card(number: str, text: str, trashed: dict[str, str]) -> None:
    """'Among them, add 1 X to the hand and trash 1 such card' (QA Q2592, Q2593): add, then trash one
    more revealed card, 'such' meaning one of the same description as the added one."""
    _, add, trash, _ = _actions(number, text)
    assert (add.verb, add.selector.count, add.selector.zone) == ("add_to_hand", 1, "revealed")
    assert (trash.verb, trash.amount, trash.selector.zone) == ("trash_card", 1, "revealed")
    assert _selector_fields(trash, *trashed) == tuple(trashed.values())


def test_such_card_of_an_either_description() -> None:
    """BT24-066 Guilmon: 'such card' is one of the same two descriptions as the added card."""
    text = ("[On Play] Reveal the top 3 cards of your deck. Among them, add 1 [Evil], [Dark Dragon], "
            "[Evil Dragon] or [Dark Knight] trait card or purple Tamer card to the hand and trash 1 such "
            "card. Return the rest to the bottom of the deck. Then, trash 1 card in your hand.")
    _, add, trash, _, _ = _actions("BT24-066", text)
    assert add.selector.any_of == trash.selector.any_of
    assert [(s.kind, s.trait, s.color) for s in trash.selector.any_of] == [
        ("card", "Evil/Dark Dragon/Evil Dragon/Dark Knight", None), ("Tamer", None, "Purple")]


@pytest.mark.parametrize(
    ("number", "text", "n", "fields"),
    [
        ("BT13-058", "[End of Your Turn] Trash the top card of this Digimon and unsuspend all of your "
         "Digimon.",
         1, {"this": True, "owner": "self"}),
        ("BT21-030", "[On Play] [When Digivolving] Trash the top 10 stacked cards of 1 of your opponent's "
         "Digimon.", 10, {"owner": "opponent", "count": 1}),
        ("BT8-110", "[Main] Trash the top card of 1 of your Digimon with [Armor Form] in its traits.",
         1, {"owner": "self", "trait": "Armor Form"}),
    ],
)
def test_trash_the_top_cards_of_a_digimon(number: str, text: str, n: int, fields: dict[str, object]) -> None:
    """'Trash the top card of this Digimon' / 'the top 10 stacked cards of …' (QA Q1885, Q4540)."""
    top = _actions(number, text)[0]
    assert (top.verb, top.amount, top.selector.kind) == ("trash_top_cards", n, "Digimon")
    assert _selector_fields(top, *fields) == tuple(fields.values())


def test_the_top_card_of_a_deck_is_not_a_digimons() -> None:
    """'Trash the top card of your deck' stays the deck's (not a Digimon's top card)."""
    (action,) = _actions("BT1-001", "[On Play] Trash the top card of your deck.")
    assert action.verb != "trash_top_cards"


def test_one_of_each_named_card_among_them() -> None:
    """EX6-025 Sanzomon: 'Add 1 of each [Gokuumon], [Sagomon], [Cho-Hakkaimon] and [Shakamon] among them
    to the hand': one revealed card of each name."""
    text = ("[On Play] Reveal the top 4 cards of your deck. Add 1 of each [Gokuumon], [Sagomon], "
            "[Cho-Hakkaimon] and [Shakamon] among them to the hand. Return the rest to the bottom of the "
            "deck.")
    _, *adds, _ = _actions("EX6-025", text)
    assert [(a.verb, a.selector.name, a.selector.count, a.selector.zone) for a in adds] == [
        ("add_to_hand", name, 1, "revealed") for name in ("Gokuumon", "Sagomon", "Cho-Hakkaimon", "Shakamon")]


def test_with_the_traits_in_one_of_its_traits_in_a_pair() -> None:
    """ST18-04 Pteromon: 'with the [Bird]/[Avian] in one of its traits' is read without 'the' (QA Q840)."""
    text = ("[On Play] Reveal the top 3 cards of your deck. Add 1 card with the [Bird]/[Avian] in one of its "
            "traits and 1 card with the [Vortex Warriors]/[LIBERATOR] trait among them to the hand.")
    _, first, second = _actions("ST18-04", text)
    assert (first.selector.trait_contains, second.selector.trait) == (
        "Bird/Avian", "Vortex Warriors/LIBERATOR")


def test_instead_trash_both_decks_after_a_keyword_gain() -> None:
    """BT24-073 SkullSatamon (inherited): 'This Digimon gains <Security A. +1> for the turn. If your opponent
    has 10 or fewer cards in their trash, instead trash the top 2 cards of both players' decks' (CR 18-2): the
    gain is governed by the negated condition, the two deck trashes by the condition."""
    text = ("[When Attacking] [Once Per Turn] This Digimon gains <Security A. +1> for the turn. If your "
            "opponent has 10 or fewer cards in their trash, instead trash the top 2 cards of both players' "
            "decks.")
    (record,) = compile_card("BT24-073", inherited=text)
    gain, mine, theirs = record.compiled.actions
    assert (gain.verb, mine.verb, theirs.verb, mine.amount) == ("gain_keyword", "trash_deck", "trash_deck", 2)
    assert (mine.selector.owner, theirs.selector.owner) == ("self", "opponent")
    kept, negated = record.compiled.conditions
    assert (kept.kind, kept.negated, kept.governs) == ("opponent_trash_at_most", False, [1, 2])
    assert (negated.negated, negated.governs) == (True, [0])
