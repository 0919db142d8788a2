"""Templates of ingest/compiler/play.py, and the 'with inherited effects' filter, on real card texts
(by card number)."""

from __future__ import annotations

import pytest

from ingest.compiler.play import match_play
from ingest.compiler.select import lower
from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, part: str = "main") -> list[Action]:
    kwargs = {part: text} if part != "main" else {}
    records = compile_card(number, None if kwargs else text, **kwargs)
    return [a for r in records for a in r.compiled.actions]


def _one(number: str, text: str, verb: str, part: str = "main") -> Action:
    (action,) = [a for a in _actions(number, text, part) if a.verb == verb]
    assert action.compiled and action.selector is not None
    return action


@pytest.mark.parametrize(
    ("number", "text", "part", "zone", "color", "free", "amount"),
    [
        ("BT18-090", "[Your Turn] [Once Per Turn] When this Digimon deletes an opponent's Digimon by "
                     "battle, you may "
         "play 1 Tamer card with inherited effects from your hand without paying the cost.", "inherited",
         "hand", None, True, None),
        ("BT18-022", "[All Turns] When this Digimon would leave the battle area other than by your "
                     "effects, you may "
         "play 1 Tamer card with inherited effects from this Digimon's digivolution cards without "
         "paying the cost.",
         "inherited", "sources", None, True, None),
        ("BT17-094", "[Security] You may play 1 Tamer card with an inherited effect from your hand or "
                     "trash without "
         "paying the cost. Then, add this card to the hand.", "security", "hand_or_trash", None, True, None),
        ("AD1-002", "[End of Attack] [On Deletion] You may trash 1 [Hybrid] or [Ten Warriors]\xa0trait "
                    "card from "
         "your hand. If this effect trashed, <Draw 2> Then, you may play 1 red, blue or green Tamer "
         "card with "
         "inherited effects from your hand or trash without paying the cost.", "main", "hand_or_trash",
         "Red/Blue/Green", True, None),
    ],
)
def test_tamer_card_with_inherited_effects(number: str, text: str, part: str, zone: str, color: str | None,
                                           free: bool, amount: int | None) -> None:
    action = _one(number, text, "play_card", part)
    sel = action.selector
    assert sel is not None
    assert (sel.kind, sel.with_inherited, sel.zone, sel.color, sel.count) == ("Tamer", True, zone, color, 1)
    assert (action.free, action.amount, action.optional) == (free, amount, True)


def test_inherited_effects_in_one_alternative() -> None:
    """BT17-094: '1 Digimon card with the [Ten Warriors] trait or 1 Tamer card with inherited effects'."""
    text = ("[Main] You may return 1 Digimon card with the [Hybrid]\xa0trait or [Ten Warriors]\xa0trait "
            "from your "
            "trash to the hand. Then, you may play 1 Digimon card with the [Ten Warriors]\xa0trait or 1 "
            "Tamer card "
            "with inherited effects from your hand with the play cost reduced by 4.")
    action = _one("BT17-094", text, "play_card")
    assert action.amount == 4 and not action.free
    first, second = action.selector.any_of
    assert (first.kind, first.trait, first.with_inherited) == ("Digimon", "Ten Warriors", False)
    assert (second.kind, second.trait, second.with_inherited) == ("Tamer", None, True)


@pytest.mark.parametrize(
    ("number", "text", "kind", "trait", "name", "unlike"),
    [
        ("EX5-009", "[On Play] <Draw 1> (Draw 1 card from your deck). Then, you may play 1 "
                    "[Deva]\xa0trait Digimon "
         "card without the same name as the cards in your battle area or trash from your hand to an "
         "empty space in "
         "your breeding area without paying the cost.[On Deletion] <Draw 1> (Draw 1 card from your deck).",
         "Digimon", "Deva", None, True),
        ("BT15-027", "[End of Your Turn] By deleting 1 of your Digimon, you may play 1 Digimon card "
                     "with the [Dark "
         "Masters] trait from your hand to an empty space in your breeding area without paying the cost.",
         "Digimon", "Dark Masters", None, False),
        ("BT20-015", "[On Play] [When Digivolving] You may play 1 [Dorumon]/[Ryudamon] from your hand "
                     "to your empty "
         "breeding area without paying the cost.", "card", None, "Dorumon/Ryudamon", False),
    ],
)
def test_play_to_breeding(number: str, text: str, kind: str, trait: str | None, name: str | None,
                          unlike: bool) -> None:
    action = _one(number, text, "play_to_breeding")
    sel = action.selector
    assert (sel.kind, sel.trait, sel.name, sel.unlike_own_cards, sel.zone, sel.count) == (
        kind, trait, name, unlike, "hand", 1)
    assert action.free and action.optional


def test_breeding_play_keeps_its_cost() -> None:
    """BT15-027: 'By deleting 1 of your Digimon' stays the cost of the breeding-area play."""
    text = ("[End of Your Turn] By deleting 1 of your Digimon, you may play 1 Digimon card with the "
            "[Dark Masters] "
            "trait from your hand to an empty space in your breeding area without paying the cost.")
    (record,) = compile_card("BT15-027", text)
    (cost,) = record.compiled.costs
    assert cost.verb == "delete" and cost.selector.owner == "self" and cost.selector.count == 1


@pytest.mark.parametrize(
    ("number", "text", "trait", "alternatives", "free", "amount", "zone"),
    [
        ("EX12-043", "[Main] [Once Per Turn] You may play or use 1 card with the [SW] trait from your "
                     "hand with the "
         "cost reduced by 2.", "SW", [], False, 2, "hand"),
        ("BT26-012", "[Main] [Once Per Turn] You may play or use 1 [TB] trait card from your hand with "
                     "the cost "
         "reduced by 2.", "TB", [], False, 2, "hand"),
        ("EX12-013", "[Main] [Once Per Turn] You may play or use 1 card with [Gammamon] in its text or "
                     "the [VB] trait "
         "from your hand with the cost reduced by 2.", None, [("Gammamon", None), (None, "VB")], False, 2,
         "hand"),
        ("BT26-084", "[Your Turn] [Once Per Turn] When this Digimon gets linked, reveal the top 3 cards "
                     "of your deck. "
         "You may play or use 1 [Seven Code] trait card among them with the cost reduced by 3. Return "
         "the rest to "
         "the top or bottom of the deck.", "Seven Code", [], False, 3, "revealed"),
    ],
)
def test_play_or_use(number: str, text: str, trait: str | None, alternatives: list, free: bool,
                     amount: int | None, zone: str) -> None:
    action = _one(number, text, "play_or_use_card")
    sel = action.selector
    assert (sel.kind, sel.trait, sel.zone, sel.count, sel.name) == ("card", trait, zone, 1, None)
    assert [(alt.text_contains, alt.trait) for alt in sel.any_of] == alternatives
    assert (action.free, action.amount) == (free, amount)


def test_play_or_use_cost_limit() -> None:
    """ST24-06: 'with a play or use cost of 5 or less' is the card's cost, whichever kind it is (the sentence
    after its cost, which another template reads)."""
    (action,) = match_play(lower("play or use 1 [DATA SQUAD] trait card with a play or use cost of 5 or "
                                 "less from "
                                 "your hand without paying the cost"))
    assert action.verb == "play_or_use_card"
    assert (action.selector.trait, action.selector.max_cost, action.free) == ("DATA SQUAD", 5, True)


def test_play_or_use_a_bare_bracketed_name_stays_uncompiled() -> None:
    """BT26-033: '1 [Iliad] card' would read as a card named Iliad where a trait is meant: not compiled."""
    text = ("[When Digivolving] Add your top security card to the hand. Then, if it's your turn, you "
            "may play or use "
            "1 [Iliad] card from your hand with the cost reduced by 5.")
    assert not any(a.verb == "play_or_use_card" for a in _actions("BT26-033", text))
    assert any(not a.compiled for a in _actions("BT26-033", text))


def test_this_option_cards_own_waiver() -> None:
    """BT6-095: 'If you have a Digimon with [Three Musketeers] in its type in play, you may use this Option
    card without meeting its color requirements' (QA Q1481)."""
    text = ("If you have a Digimon with [Three Musketeers] in its type in play, you may use this Option "
            "card without "
            "meeting its color requirements.[Main] Delete all of your opponent's Digimon with the lowest DP.")
    first = compile_card("BT6-095", text)[0]
    (action,) = first.compiled.actions
    assert first.compiled.category == "Persistent"
    assert action.verb == "ignore_color_requirements" and action.selector.this
    (condition,) = first.compiled.conditions
    assert condition.kind == "has_card" and condition.selector.trait == "Three Musketeers"


@pytest.mark.parametrize(
    ("number", "text", "zone", "color", "level"),
    [
        ("BT11-098", "[Main] You may play 1 blue Digimon card from one of your blue Digimon's "
                     "digivolution cards "
         "without paying the cost. Then, if you have a Digimon with [Seadramon] in its name in play, "
         "return 1 of "
         "your opponent's level 4 or lower Digimon to the bottom of its owner's deck.",
         "blue_digimon_sources", "Blue", None),
        ("EX2-016", "[On Play] You may play 1 level 3 Digimon card from 1 of your blue Digimon's "
                    "digivolution cards "
         "without paying its memory cost.", "blue_digimon_sources", None, 3),
        ("BT13-096", "[On Play] You may play 1 blue level 3 Digimon card from 1 of your Digimon's "
                     "digivolution "
         "cards without paying the cost.", "digimon_sources", "Blue", 3),
    ],
)
def test_play_from_one_of_your_digimons_sources(number: str, text: str, zone: str, color: str | None,
                                                level: int | None) -> None:
    action = _one(number, text, "play_card")
    sel = action.selector
    assert (sel.zone, sel.color, sel.max_level, sel.min_level, sel.kind) == (
        zone, color, level, level, "Digimon")
    assert action.free and action.optional


def test_single_color_option_card() -> None:
    """BT19-040: '1 single-color Option card with a cost of 5 or less': exactly one colour."""
    text = ("[When Digivolving] <Draw 2>. Then, you may use 1 single-color Option card with a cost of 5 "
            "or less "
            "from your hand without paying the cost.")
    action = _one("BT19-040", text, "use_option")
    sel = action.selector
    assert (sel.kind, sel.min_colors, sel.max_colors, sel.max_cost, sel.zone) == ("Option", 1, 1, 5, "hand")
    assert action.free


@pytest.mark.parametrize(
    ("number", "text", "zone", "trait"),
    [
        ("ST22-05", "[On Play] [When Digivolving] [When Attacking] [Once Per Turn] You may play 1 "
         "[Pipe Fox] Token. (Digimon/Yellow/6000 DP/<Blocker>) Then, you may use 1 Option card with the "
         "[Onmyōjutsu] or [Plug-In]\xa0trait from your hand or under your Tamers without paying the cost.",
         "hand_or_under_tamers", "Onmyōjutsu/Plug-In"),
        ("EX7-048", "[On Play] [When Digivolving] Reveal the top 6 cards of your deck. You may use 1 Option "
         "card with the [Three Musketeers]\xa0trait among them without paying the cost. Return the rest to "
         "the top or bottom of the deck.", "revealed", "Three Musketeers"),
        ("BT25-085", "[When Digivolving] [When Attacking] [Once Per Turn] You may use 1 [Three Musketeers] "
         "or [TS]\xa0trait Option card from your hand or this Digimon's digivolution cards without paying "
         "the cost.", "hand_or_sources", "Three Musketeers/TS"),
    ],
)
def test_use_option_from_more_zones(number: str, text: str, zone: str, trait: str) -> None:
    action = _one(number, text, "use_option")
    sel = action.selector
    assert (sel.kind, sel.zone, sel.trait, sel.count) == ("Option", zone, trait, 1)
    assert action.free and action.optional


def test_use_option_without_meeting_color_requirements() -> None:
    """BT10-039: 'without meeting its color requirements or paying its memory cost'."""
    text = ("[When Digivolving] You may use 1 Option card with [Plug-In] in its name from your hand without "
            "meeting its color requirements or paying its memory cost.")
    action = _one("BT10-039", text, "use_option")
    assert (action.selector.name_contains, action.selector.zone) == ("Plug-In", "hand")
    assert action.free and action.ignore_requirements and action.optional


def test_use_option_with_the_cost_reduced() -> None:
    """EX12-066 Ewan Amano: the second mode uses 1 Option card for its cost reduced by 2 (not free)."""
    text = ("[Your Turn] When one of your Digimon with [Gammamon] in its text or the [VB] trait attacks, by "
            "suspending this Tamer, activate 1 of the effects below:\n・It may digivolve into a level 6 or "
            "lower card with [Gammamon] in its text or the [VB] trait in the hand with the cost "
            "reduced by 1.\n"
            "・You may use 1 Option card with [Gammamon] in its text or the [VB] trait from your "
            "hand with the "
            "cost reduced by 2.")
    (modal,) = [a for a in _actions("EX12-066", text) if a.verb == "choose_effects"]
    assert modal.compiled
    (use,) = [a for m in modal.modes for a in m.compiled.actions if a.verb == "use_option"]
    sel = use.selector
    assert (sel.kind, sel.zone, [(alt.text_contains, alt.trait) for alt in sel.any_of]) == (
        "Option", "hand", [("Gammamon", None), (None, "VB")])
    assert (use.free, use.amount, use.optional) == (False, 2, True)


@pytest.mark.parametrize(
    ("number", "text", "zone", "words", "other"),
    [
        ("P-207", "[On Play] [When Digivolving] You may play 1 level 4 or lower Digimon card with [Avian], "
         "[Bird], [Beast], [Animal] or [Sovereign]\xa0in any of its traits (other than [Sea Animal]) or the "
         "[TS]\xa0trait from your hand without paying the cost.", "hand", "Avian/Bird/Beast/Animal/Sovereign",
         "TS"),
        ("BT24-050", "[When Attacking] [Once Per Turn] You may play 1 4000 DP or lower Digimon card with the "
         "[Iliad]\xa0trait or [Beast], [Animal] or [Sovereign], other than [Sea Animal],\xa0in any of its "
         "traits from your hand without paying the cost.", "hand", "Beast/Animal/Sovereign", "Iliad"),
    ],
)
def test_a_trait_with_the_word_in_it(number: str, text: str, zone: str, words: str, other: str) -> None:
    """'[Beast] in any of its traits (other than [Sea Animal])': a trait containing the word, [Sea Animal]
    excepted (QA Q2115, Q5398, Q5640), or the other trait exactly."""
    action = _one(number, text, "play_card", "inherited" if number == "BT24-050" else "main")
    sel = action.selector
    assert (sel.kind, sel.zone, sel.count, action.free) == ("Digimon", zone, 1, True)
    contains = [alt for alt in sel.any_of if alt.trait_contains]
    exact = [alt.trait for alt in sel.any_of if alt.trait]
    assert [(a.trait_contains, a.trait_contains_except) for a in contains] == [(words, "Sea Animal")]
    assert exact == [other]


@pytest.mark.parametrize(
    ("number", "text", "part", "wanted"),
    [
        ("ST9-06", "[When Digivolving] You may play 1 level 4 or lower blue Digimon card and 1 "
                   "level 4 or lower "
         "green Digimon card from this Digimon's digivolution cards without paying their memory "
         "costs.", "main",
         [("sources", None, "Blue", None), ("sources", None, "Green", None)]),
        ("AD1-003", "[All Turns] When this Digimon with [Gallantmon] in its name would leave the battle area "
         "other than by your effects, you may play 1 each of [Takato Matsuki] and [Guilmon] from its "
         "digivolution cards without paying the cost.", "inherited",
         [("sources", "Takato Matsuki", None, None), ("sources", "Guilmon", None, None)]),
        ("EX2-012", "[On Deletion] You may play 1 [Guilmon] and 1 [Takato Matsuki] from your hand "
                    "and/or trash "
         "without paying their memory costs.", "main",
         [("hand_or_trash", "Guilmon", None, None), ("hand_or_trash", "Takato Matsuki", None, None)]),
        ("BT22-028", "[When Digivolving] You may play 1 each of level 3, level 4 and level 5 "
                     "Digimon cards with "
         "[Aqua] or [Sea Animal] in any of their traits from this Digimon's digivolution cards "
         "without paying "
         "the cost.", "main",
         [("sources", None, None, 3), ("sources", None, None, 4), ("sources", None, None, 5)]),
        ("BT16-083", "[On Deletion] Return all Tamers to their owners' hands. Then, you may play 1 "
                     "Tamer card "
         "from your hand and 1 [Ukkomon] from your trash without paying the costs.", "main",
         [("hand", None, None, None), ("trash", "Ukkomon", None, None)]),
    ],
)
def test_play_each(number: str, text: str, part: str,
                   wanted: list[tuple[str, str | None, str | None, int | None]]) -> None:
    """'Play 1 A and 1 B' / '1 each of …': one play_each, a selector per card (QA Q710, Q5213, Q6053)."""
    action = _one(number, text, "play_each", part)
    cards = action.selector.any_of
    assert [(c.zone, c.name, c.color, c.min_level) for c in cards] == wanted
    assert action.free and action.optional and action.selector.count == len(wanted)
    if number == "BT22-028":
        assert {c.trait_contains for c in cards} == {"Aqua/Sea Animal"}


@pytest.mark.parametrize(
    ("number", "text", "zone", "total", "field", "value"),
    [
        ("BT11-044", "[On Play][When Digivolving] Reveal the top 4 cards of your deck. You may play "
                     "any number "
         "of Digimon cards with [Chuumon], [Sukamon], or [Etemon] in their names whose total play "
         "costs add up "
         "to 7 or less among them without paying the costs. Trash the rest.", "revealed", 7, "name_contains",
         "Chuumon/Sukamon/Etemon"),
        ("EX7-047", "[On Play] [When Digivolving] Reveal the top 4 cards of your deck. You may play "
                    "up to 7 play "
         "cost's total worth of Digimon cards with the [NSp] trait among them without paying the "
         "costs. Return "
         "the rest to the bottom of the deck.", "revealed", 7, "trait", "NSp"),
        ("BT26-081", "[On Play] [When Digivolving] You may play up to 8 play cost's total worth of "
                     "[Iliad] trait "
         "cards from your hand or trash without paying the costs.", "hand_or_trash", 8, "trait", "Iliad"),
    ],
)
def test_play_within_a_total_play_cost(number: str, text: str, zone: str, total: int, field: str,
                                       value: str) -> None:
    """'Any number … whose total play costs add up to 7 or less' / 'up to 7 play cost's total worth of …':
    play_within_total, the bound in ``amount`` (QA Q2085, Q2089)."""
    action = _one(number, text, "play_within_total")
    sel = action.selector
    assert (sel.zone, sel.count, sel.up_to, getattr(sel, field)) == (zone, None, True, value)
    assert (action.amount, action.free, action.optional) == (total, True, True)


@pytest.mark.parametrize(
    ("number", "text", "zone", "optional"),
    [
        ("BT1-044", "[When Attacking] Play 1 level 4 or lower digivolution card under this card as "
                    "another Digimon "
         "without paying its memory cost.", "sources", False),
        ("BT3-030", "[When Digivolving] You may play 1 level 4 or lower digivolution card of 1 of "
                    "your Digimon cards "
         "as another Digimon without paying its memory cost.", "digimon_sources", True),
        ("BT7-027", "[On Play] You may play 1 level 3 Digimon card from one of your Digimon's "
                    "digivolution cards as "
         "another Digimon without paying its memory cost.", "digimon_sources", True),
    ],
)
def test_played_as_another_digimon(number: str, text: str, zone: str, optional: bool) -> None:
    """Early printings' 'as another Digimon': a play from digivolution cards; 'a level 4 or lower
    digivolution card' is a Digimon card (QA Q900: not a Digi-Egg)."""
    action = _one(number, text, "play_card")
    sel = action.selector
    level = 4 if number != "BT7-027" else 3
    assert (sel.kind, sel.zone, sel.max_level, sel.count) == ("Digimon", zone, level, 1)
    assert (action.free, action.optional) == (True, optional)


def test_played_as_a_tamer_or_another_digimon() -> None:
    """BT7-096 Starlight Velocity: '1 Tamer card or 1 Digimon card with [Hybrid] in its traits … as a Tamer or
    another Digimon'."""
    text = ("[Main] You may play 1 Tamer card or 1 Digimon card with [Hybrid] in its traits from one of your "
            "Digimon's digivolution cards as a Tamer or another Digimon without paying its memory cost.")
    sel = _one("BT7-096", text, "play_card").selector
    assert (sel.zone, [(a.kind, a.trait) for a in sel.any_of]) == (
        "digimon_sources", [("Tamer", None), ("Digimon", "Hybrid")])


def test_use_a_named_option_or_an_option_with_a_trait() -> None:
    """BT16-014 Goldramon (X Antibody): '1 [God Flame] or 1 Option card with the [Four Great Dragons]
    trait'."""
    text = ("[When Digivolving] [When Attacking] You may use 1 [God Flame] or 1 Option card with "
            "the [Four Great "
            "Dragons] trait from your hand without paying the cost.")
    action = _one("BT16-014", text, "use_option")
    assert [(a.kind, a.name, a.trait) for a in action.selector.any_of] == [
        ("card", "God Flame", None), ("Option", None, "Four Great Dragons")]
    assert action.free and action.selector.zone == "hand"


@pytest.mark.parametrize("number", ["BT9-033", "BT9-047", "BT14-009"])
def test_players_cant_play_digimon_by_effects(number: str) -> None:
    """'[All Turns] Players can't play Digimon by effects': a prohibition on both players (QA Q1846,
    Q5205)."""
    (record,) = compile_card(number, "[All Turns] Players can’t play Digimon by effects.")
    (action,) = record.compiled.actions
    assert (action.verb, action.selector.owner, action.selector.kind, action.compiled) == (
        "cant_play_digimon_by_effects", "any", "player", True)
    assert record.compiled.category == "Persistent"


@pytest.mark.parametrize(
    ("number", "text", "verb_zone", "fields"),
    [
        ("BT10-090", "[On Play] You may play [Ballistamon] from your hand or from under one of your "
                     "Tamers without "
         "paying its memory cost.", "hand_or_under_tamers", {"name": "Ballistamon", "count": 1}),
        ("BT13-074", "[On Play][When Digivolving] Reveal the top 3 cards of your deck. You may play "
                     "1 Digimon card "
         "that has [Mamemon] in its name and a play cost of 10 or less among them without paying "
         "the cost. Trash "
         "the rest.", "revealed", {"name_contains": "Mamemon", "max_cost": 10}),
        ("BT20-058", "[All Turns] When this Digimon would leave the battle area, you may play 1 "
                     "Digimon card with a "
         "play cost 11 or lower and the [Cyborg]/[Machine] trait from this Digimon's digivolution "
         "cards without "
         "paying the cost.", "sources", {"trait": "Cyborg/Machine", "max_cost": 11}),
        ("BT24-059", "[On Deletion] Reveal the top 3 cards of your deck. You may play 1 play cost 7 "
                     "or lower [TS] "
         "trait card suspended among them without paying the cost. Trash the rest.", "revealed",
         {"trait": "TS", "max_cost": 7}),
        ("EX11-071", "[Main] By returning this Tamer to the bottom of the deck, you may play 1 play "
                     "cost 4 or higher "
         "[Royal Knight] or [LIBERATOR] trait card from your hand with the play cost reduced by 2.", "hand",
         {"trait": "Royal Knight/LIBERATOR", "min_cost": 4}),
        ("BT17-082", "[On Play] You may play 1 [Labramon]/[Seasarmon] from your hand or from one of "
                     "your Digimon's "
         "digivolution cards without paying the cost.", "hand_or_digimon_sources",
         {"name": "Labramon/Seasarmon"}),
        ("EX7-074", "[Security] You may play 1 card with the [LIBERATOR] trait with a play cost of "
                    "4 or less from "
         "your hand or trash without paying the cost.", "hand_or_trash",
         {"trait": "LIBERATOR", "max_cost": 4}),
        ("LM-025", "[On Play] [When Digivolving] Reveal the top 5 cards of your deck. You may play "
                   "1 black Tamer card "
         "with a play cost of 4 or less among without paying the cost.", "revealed",
         {"kind": "Tamer", "color": "Black", "max_cost": 4}),
        ("BT6-054", "[On Deletion] You may play 1 green level 4 or lower Digimon card with Hybrid "
                    "in its form from "
         "your hand without paying its memory cost.", "hand", {"trait": "Hybrid", "max_level": 4}),
        ("BT18-054", "[All Turns] When this Digimon would leave the battle area, you may play 1 "
                     "level 4 or lower "
         "Digimon card the [Hybrid] trait or [Avian]/[Bird]/[Fairy] in one of its traits from this Digimon's "
         "digivolution cards without paying the cost.", "sources", {"max_level": 4}),
    ],
)
def test_play_card_phrases_said_otherwise(number: str, text: str, verb_zone: str, fields: dict[str, object]
                                          ) -> None:
    """Card phrases worded otherwise than ``select`` reads them ('that has …', 'play [X] from', 'and the
    [X] trait', 'play cost 4 or higher', 'suspended among them'), and the hand or a Digimon's digivolution
    cards."""
    (action,) = [a for r in compile_card(number, text) for a in r.compiled.actions if a.verb == "play_card"]
    assert action.compiled and action.selector.zone == verb_zone
    assert {k: getattr(action.selector, k) for k in fields} == fields
    assert action.suspended == (number == "BT24-059")
    assert action.amount == (2 if number == "EX11-071" else None)


def test_players_cant_ignore_digivolution_requirements() -> None:
    """BT8-059 Kokuwamon: '[All Turns] Players can't ignore digivolution requirements' (QA Q1738)."""
    (record,) = compile_card("BT8-059", "[All Turns] Players can't ignore digivolution requirements.")
    (action,) = record.compiled.actions
    assert (action.verb, action.selector.owner, action.selector.kind, record.compiled.category) == (
        "cant_ignore_digivolution_requirements", "any", "player", "Persistent")


@pytest.mark.parametrize("number", ["BT8-071", "EX7-015", "ST12-03", "ST13-08"])
def test_players_cant_reduce_play_costs(number: str) -> None:
    """'[All Turns] Players can't reduce play costs' (QA Q752, Q1754): a prohibition on both players."""
    (record,) = compile_card(number, "[All Turns] Players can't reduce play costs.")
    (action,) = record.compiled.actions
    assert (action.verb, action.selector.owner, action.selector.kind, record.compiled.category) == (
        "cant_reduce_play_costs", "any", "player", "Persistent")


def test_play_from_that_digimons_digivolution_cards() -> None:
    """BT17-084: 'play 1 level 4 or lower Digimon card from that Digimon's digivolution cards' in an effect
    triggered by a Digimon: the zone is the event subject's digivolution cards."""
    text = ("[All Turns] When one of your level 5 or higher Digimon with the [Free] trait would be "
            "deleted in battle, "
            "by suspending this Tamer, you may play 1 level 4 or lower Digimon card from that "
            "Digimon's digivolution "
            "cards without paying the cost.")
    action = _one("BT17-084", text, "play_card")
    assert (action.selector.zone, action.selector.max_level, action.free, action.optional) == (
        "subject_sources", 4, True, True)
