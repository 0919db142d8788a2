"""Cost templates of ingest/compiler/cost_phrases.py, on real card texts (CR 15-7)."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


def _compiled(number: str, text: str, part: str = "main"):  # noqa: ANN202 - a CompiledEffect
    kwargs = {"inherited": text} if part == "inherited" else {}
    (record,) = compile_card(number, None if kwargs else text, **kwargs)
    return record.compiled


@pytest.mark.parametrize(
    ("number", "text", "part", "verb", "amount", "then"),
    [
        ("EX5-018", "[All Turns] [Once Per Turn] When this Digimon with [Garurumon]/[Omnimon] in its "
         "name would be deleted in battle, by returning 2 non-Digi-Egg cards from your trash to the bottom "
         "of the deck, prevent that deletion.", "inherited", "return_cards_to_deck", 2, "prevent"),
        ("EX10-074", "[On Play] [When Digivolving] If you have 10 or more cards in your trash, by "
         "returning 2 non-Digi-Egg cards from your trash to the top of the deck, ＜De-Digivolve 2＞ 1 of "
         "your opponent's Digimon.", "main", "return_cards_to_deck_top", 2, "de_digivolve"),
        ("P-047", "[When Attacking] You may place 3 non-Digi-Egg cards from your trash at the bottom of your "
         "deck in any order to have this Digimon get +2000 DP for the turn.", "inherited",
         "return_cards_to_deck", 3, "dp_modify"),
    ],
)
def test_non_digi_egg_cards_from_the_trash_to_the_deck(number: str, text: str, part: str, verb: str,
                                                        amount: int, then: str) -> None:
    """Exactly that many of your trash's Digimon, Tamer or Option cards (CR 2-2-2), to that end."""
    c = _compiled(number, text, part)
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == (verb, amount)
    sel = cost.selector
    assert sel is not None and (sel.owner, sel.zone, sel.count, sel.up_to) == ("self", "trash", amount, False)
    assert sorted(alt.kind for alt in sel.any_of) == ["Digimon", "Option", "Tamer"]
    assert [a.verb for a in c.actions] == [then] and c.actions_compiled


@pytest.mark.parametrize(
    ("number", "text", "owner", "then"),
    [
        ("BT23-055", "[All Turns] [Once Per Turn] When this Digimon would leave the battle area, by "
         "trashing 1 of your Option cards in the battle area, it doesn't leave.", "self", "prevent"),
        ("EX8-052", "[When Attacking] [Once Per Turn] By trashing 1 of your Option cards in the battle area, "
         "trash your opponent's top security card.", "self", "trash_security"),
        ("P-179", "[When Digivolving] [When Attacking] [Once Per Turn] By trashing 1 of your Option "
         "cards in the battle area, delete 1 of your opponent's Digimon with a play cost of 9 or less.",
         "self", "delete"),
        # QA Q3127: 'an Option card in the battle area' is either player's
        ("BT19-064", "[When Digivolving] [When Attacking] [Once Per Turn] By trashing 1 Option card in "
         "the battle area, unsuspend this Digimon.", "any", "unsuspend"),
    ],
)
def test_an_option_card_in_the_battle_area(number: str, text: str, owner: str, then: str) -> None:
    c = _compiled(number, text)
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("trash_option_in_play", 1)
    sel = cost.selector
    assert sel is not None and (sel.kind, sel.owner, sel.zone) == ("Option", owner, "battle_area")
    assert sel.count == 1 and not sel.up_to
    assert [a.verb for a in c.actions] == [then] and c.actions_compiled


def test_a_non_red_option_card_stays_uncompiled() -> None:
    """P-155's 'non-red' Option cards: a colour the selector cannot exclude."""
    c = _compiled("P-155", "By trashing 1 of your non-red option cards in your battle area, gain 1 memory.")
    assert not all(k.compiled for k in c.costs)


@pytest.mark.parametrize(
    ("number", "text", "part", "amount", "filters", "then"),
    [
        ("BT21-022", "[All Turns] [Once Per Turn] When this Digimon with [Gammamon] in its text would leave "
         "the battle area by your opponent's effects, by trashing 3 Digimon cards from its digivolution "
         "cards, it doesn't leave.", "inherited", 3, {"kind": "Digimon"}, "prevent"),
        ("EX10-055", "[All Turns] [Once Per Turn] When any of your [Bagra Army] trait Digimon would leave "
         "the battle area by effects, by trashing any 2 of this Digimon's digivolution cards, they don't "
         "leave.", "main", 2, {"kind": "card", "trait": None}, "prevent"),
        ("EX10-003", "[Opponent's Turn] [Once Per Turn] When one of your opponent's Digimon attacks, by "
         "trashing 3 [Mineral] or [Rock] trait cards from this Digimon's digivolution cards, end that "
         "attack.", "inherited", 3, {"kind": "card", "trait": "Mineral/Rock"}, "end_attack"),
        ("EX7-048", "[All Turns] When your Digimon with the [Three Musketeers] trait would leave the battle "
         "area other than by your effects, by trashing 1 Option card in this Digimon's digivolution cards, "
         "prevent it.", "main", 1, {"kind": "Option"}, "prevent"),
        ("EX7-073", "[When Digivolving] [When Attacking] By trashing 2 cards with the [Three Musketeers] "
         "trait in this Digimon's digivolution cards, delete 1 of your opponent's Digimon with the highest "
         "level and trash the top card of your opponent's security stack.", "main", 2,
         {"kind": "card", "trait": "Three Musketeers"}, "delete"),
    ],
)
def test_fitting_digivolution_cards_of_this_digimon(number: str, text: str, part: str, amount: int,
                                                    filters: dict, then: str) -> None:
    """Exactly that many of this Digimon's digivolution cards that fit (QA Q4532, Q5140, Q5007)."""
    c = _compiled(number, text, part)
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("trash_source", amount)
    sel = cost.selector
    assert sel is not None and (sel.zone, sel.count, sel.up_to) == ("sources", amount, False)
    assert {k: getattr(sel, k) for k in filters} == filters
    assert c.actions[0].verb == then and c.actions_compiled


@pytest.mark.parametrize(
    ("number", "text", "amount", "filters"),
    [
        ("EX10-036", "[When Digivolving] [When Attacking] By trashing 3 [Mineral] or [Rock] trait cards from "
         "any of your Digimon's digivolution cards, delete 1 of your opponent's Digimon and trash their top "
         "security card.", 3, {"kind": "card", "trait": "Mineral/Rock"}),
        ("BT21-054", "[On Play] By trashing 1 card with the [Appmon]/[Three Musketeers] trait from any of "
         "your Digimon's digivolution cards, <De-Digivolve 1> 1 of your opponent's Digimon.", 1,
         {"kind": "card", "trait": "Appmon/Three Musketeers"}),
        ("BT25-083", "[When Digivolving] [When Attacking] [Once Per Turn] By trashing 1 Option card from any "
         "of your Digimon's digivolution cards, you may use 1 [Three Musketeers] trait Option card from your "
         "trash with the cost reduced by 3.", 1, {"kind": "Option"}),
    ],
)
def test_digivolution_cards_of_any_of_your_digimon(number: str, text: str, amount: int,
                                                   filters: dict) -> None:
    """From under one or several of your Digimon (QA Q5114), exactly that many (QA Q5113)."""
    c = _compiled(number, text)
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("trash_sources_of_your_digimon", amount)
    sel = cost.selector
    assert sel is not None and (sel.zone, sel.count, sel.up_to) == ("digimon_sources", amount, False)
    assert {k: getattr(sel, k) for k in filters} == filters
    assert c.actions_compiled


@pytest.mark.parametrize(
    ("number", "text", "part", "verb", "filters", "then"),
    [
        ("EX6-005", "[Start of Your Main Phase] By returning 1 card with the [Legend-Arms] trait from this "
         "Digimon's digivolution cards to the hand, gain 1 memory.", "inherited", "sources_to_hand",
         {"zone": "sources", "trait": "Legend-Arms", "count": 1}, "gain_memory"),
        ("BT7-025", "[When Attacking] You may return 1 card with [Hybrid] in its traits from this Digimon's "
         "digivolution cards to your hand to return 1 of your opponent's level 4 or lower Digimon to its "
         "owner's hand.", "main", "sources_to_hand", {"zone": "sources", "trait": "Hybrid", "count": 1},
         "return_to_hand"),
        ("BT11-111", "[All Turns] When this Digimon would leave the battle area, by placing 4 [Vemmon] from "
         "this Digimon's digivolution cards at the bottom of their owners' decks, prevent it from leaving "
         "play.", "main", "sources_to_deck_bottom", {"zone": "sources", "name": "Vemmon", "count": 4},
         "prevent"),
        ("BT14-084", "[On Play] By returning the top card of your security stack to the hand, you may place "
         "1 yellow card with the [Vaccine] trait from your hand at the bottom of your security stack.",
         "main", "security_to_hand", {"zone": "security", "owner": "self"}, "place_security_bottom"),
        # 'By trash 1 card in your hand' as printed (P-209)
        ("P-209", "[On Play] [When Digivolving] By trash 1 card in your hand, suspend 1 of your opponent's "
         "Digimon or Tamers.", "main", "trash_card", {"zone": "hand", "count": 1}, "suspend"),
    ],
)
def test_more_cards_moved_as_costs(number: str, text: str, part: str, verb: str, filters: dict,
                                   then: str) -> None:
    c = _compiled(number, text, part)
    (cost,) = c.costs
    assert cost.compiled and cost.verb == verb and cost.amount == (cost.selector and cost.selector.count)
    assert cost.selector is not None and {k: getattr(cost.selector, k) for k in filters} == filters
    assert c.actions[0].verb == then and c.actions_compiled


@pytest.mark.parametrize(
    ("number", "text", "part"),
    [
        ("EX11-022", "[All Turns] [Once Per Turn] When this Digimon would leave the battle area other than "
         "by your effects, by deleting 1 of your Tokens or other [Puppet] trait Digimon, it doesn't leave.",
         "inherited"),
        ("EX7-027", "[All Turns] [Once Per Turn] When this Digimon would leave the battle area other than by "
         "one of your effects, by deleting 1 of your Tokens or 1 of your other Digimon with the [Puppet] "
         "trait trait, prevent it from leaving.", "inherited"),
    ],
)
def test_a_token_or_another_puppet(number: str, text: str, part: str) -> None:
    """One of your Digimon other than this one that is a token (CR 4-21-1) or has the [Puppet] trait."""
    c = _compiled(number, text, part)
    (cost,) = c.costs
    sel = cost.selector
    assert cost.compiled and cost.verb == "delete" and sel is not None
    assert (sel.owner, sel.other, sel.count, sel.zone) == ("self", True, 1, "battle_area")
    token, puppet = sel.any_of
    assert token.token and not puppet.token and puppet.trait == "Puppet"
    assert [a.verb for a in c.actions] == ["prevent"] and c.actions_compiled


def test_a_digimon_with_digivolution_cards_and_a_name() -> None:
    """EX4-011's cost compiles; its [Trash] timing stays a gap for the solver (ontology/timings.ttl)."""
    c = _compiled("EX4-011", "[Trash][End of Your Turn] By deleting 1 of your Digimon with digivolution "
                  "cards and [Gallantmon] in its name, you may play this card without paying the cost.")
    (cost,) = c.costs
    sel = cost.selector
    assert cost.compiled and cost.verb == "delete" and sel is not None
    assert (sel.owner, sel.with_sources, sel.name_contains, sel.count) == ("self", True, "Gallantmon", 1)


@pytest.mark.parametrize(
    ("number", "text", "part"),
    [
        ("P-214", "[All Turns] When this Digimon with [Seadramon] in its text would leave the battle area by "
         "your opponent's effects, by trashing 2 same-level cards in its digivolution cards, it doesn't "
         "leave.", "inherited"),
        ("EX5-073", "[All Turns] When this Digimon would leave the battle area by an opponent's effect, by "
         "trashing 2 same-level cards in this Digimon's digivolution cards, prevent it from "
         "leaving.", "main"),
    ],
)
def test_same_level_digivolution_cards(number: str, text: str, part: str) -> None:
    """2 digivolution cards of one level as each other (QA BT9-012 Q1803), this card among them if it fits."""
    c = _compiled(number, text, part)
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount, cost.selector) == ("trash_same_level_sources", 2, None)
    assert [a.verb for a in c.actions] == ["prevent"] and c.actions_compiled


def test_same_level_after_you_may_as_a_cost() -> None:
    """'you may trash 2 cards of the same level in this Digimon's digivolution cards to prevent …'."""
    c = _compiled("BT9-012", "[All Turns] When this Digimon has [Greymon] or [Omnimon] in its name and an "
                  "effect would delete it or return it to your hand or deck, you may trash 2 cards of the "
                  "same level in this Digimon's digivolution cards to prevent it from leaving play.",
                  "inherited")
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("trash_same_level_sources", 2)


def test_the_top_or_bottom_security_card_to_the_hand() -> None:
    """EX6-021: the end its player chooses (QA Q3719: with no security card nothing after it happens)."""
    c = _compiled("EX6-021", "[On Play] [When Digivolving] By adding the top or bottom card of your security "
                  "stack to the hand, 1 of your opponent's Digimon gets -4000 DP for the turn. Then, you may "
                  "place 1 Digimon card with the [Angel]/[Archangel]/[Three Great Angels] trait from your "
                  "hand at the bottom of your security stack.")
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("top_or_bottom_security_to_hand", 1)
    assert cost.selector is not None and (cost.selector.owner, cost.selector.zone) == ("self", "security")
    assert [a.verb for a in c.actions] == ["dp_modify", "place_security_bottom"] and c.actions_compiled


def test_cards_from_the_hand_or_trash_to_the_deck() -> None:
    """EX7-043: 3 fitting cards from either or both (QA Q3852)."""
    c = _compiled("EX7-043", "[On Play] [When Digivolving] By returning 3 cards with the [Three Musketeers] "
                  "trait from your hand or trash to the top of the deck, ＜De-Digivolve1＞ 1 of your "
                  "opponent's Digimon.")
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("return_cards_to_deck_top", 3)
    sel = cost.selector
    assert sel is not None and (sel.zone, sel.count, sel.trait, sel.up_to) == ("hand_or_trash", 3,
                                                                              "Three Musketeers", False)


@pytest.mark.parametrize(
    ("number", "text", "verb", "filters", "then"),
    [
        ("BT22-089", "[On Play] By trashing 1 card with the [Holy Beast], [Angel], [Archangel], [Fallen "
         "Angel] or [CS] trait from your hand, ＜Draw 2＞", "trash_card",
         {"zone": "hand", "trait": "Holy Beast/Angel/Archangel/Fallen Angel/CS"}, "draw"),
        ("BT26-010", "[When Attacking] By trashing 1 [Game], [Open] or [Seven Code] trait card from your "
         "hand, ＜Draw 2＞", "trash_card", {"zone": "hand", "trait": "Game/Open/Seven Code"}, "draw"),
        ("BT11-063", "[On Play] By trashing 1 card with [Numemon], [Sukamon], [Nanimon], or [Etemon] in its "
         "name in your hand, ＜Draw 2＞.", "trash_card", {"name_contains": "Numemon/Sukamon/Nanimon/Etemon"},
         "draw"),
        ("BT26-027", "[On Play] [Start of Opponent's Main Phase] By suspending 1 of your Digimon with the "
         "[Vegetation], [Fairy] or [WG] trait, give 1 of your opponent's Digimon ＜Security A. -2＞ until "
         "their turn ends.", "suspend", {"owner": "self", "trait": "Vegetation/Fairy/WG"}, "gain_keyword"),
    ],
)
def test_a_cost_with_a_list_of_names_before_its_comma(number: str, text: str, verb: str, filters: dict,
                                                      then: str) -> None:
    """'By trashing 1 card with the [A], [B] or [C] trait …, …': the cost ends at the comma after the list
    (ingest.compiler.body._split_cost), not inside it."""
    c = _compiled(number, text)
    (cost,) = c.costs
    assert cost.compiled and cost.verb == verb
    assert cost.selector is not None and {k: getattr(cost.selector, k) for k in filters} == filters
    assert c.actions[0].verb == then and c.actions_compiled


@pytest.mark.parametrize(
    ("number", "trait"),
    [("EX9-028", "Ver.4"), ("BT22-049", "Ver.2"), ("EX9-049", "Ver.3"), ("EX9-050", "Ver.1"),
     ("EX9-052", "Ver.5")],
)
def test_cards_of_the_trash_face_down_under_this_digimon(number: str, trait: str) -> None:
    """'By placing 3 Digimon cards with the [Ver.N] trait from your trash face down as this Digimon's bottom
    digivolution cards, it may digivolve …': all 3, face down under this Digimon (CR 15-7-3, 4-7-9)."""
    c = _compiled(number, f"[End of Your Turn] [Once Per Turn] By placing 3 Digimon cards with the [{trait}] "
                  "trait from your trash face down as this Digimon's bottom digivolution cards, it may "
                  f"digivolve into a Digimon card with the [{trait}] trait in the hand or trash.")
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("place_under_face_down", 3)
    assert cost.selector is not None and cost.selector.this and cost.selector.kind == "Digimon"
    card = cost.card
    assert card is not None and (card.kind, card.trait, card.zone, card.count, card.up_to) == (
        "Digimon", trait, "trash", 3, False)
    (then,) = c.actions
    assert then.verb == "digivolve" and then.selector is not None and then.selector.this
    assert then.card is not None and (then.card.trait, then.card.zone) == (trait, "hand_or_trash")


@pytest.mark.parametrize(
    ("number", "text", "part", "then"),
    [
        ("EX9-004", "[Your Turn] [Once Per Turn] When any of your [Ver.4] trait Digimon are played, by "
         "trashing this Digimon's bottom face-down digivolution card, gain 1 memory.", "inherited",
         "gain_memory"),
        ("EX9-006", "[When Attacking] [Once Per Turn] By trashing this Digimon's bottom face-down "
         "digivolution card, this Digimon may digivolve into a [Ver.5] trait Digimon card in the trash with "
         "the digivolution cost reduced by 1.", "inherited", "digivolve"),
        ("BT22-076", "[When Digivolving] [When Attacking] [Once Per Turn] By trashing this Digimon's bottom "
         "face-down digivolution card, place 1 Digimon with as much or less DP as this Digimon as the top "
         "security card.", "main", "place_security_top"),
    ],
)
def test_this_digimons_bottom_face_down_card(number: str, text: str, part: str, then: str) -> None:
    """The lowest face-down card under this Digimon is trashed (CR 4-7-9, 15-7-3)."""
    c = _compiled(number, text, part)
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("trash_bottom_face_down", 1)
    assert cost.selector is not None and cost.selector.this and cost.selector.kind == "Digimon"
    assert [a.verb for a in c.actions] == [then] and c.actions_compiled


@pytest.mark.parametrize(("number", "trait"), [("ST23-10", "Glowing Dawn"), ("ST24-02", "DATA SQUAD")])
def test_a_hand_card_face_down_under_a_tamer_with_a_trait(number: str, trait: str) -> None:
    """'By placing 1 card from your hand face down under any of your Tamers with the [X] trait, <Draw 2>'."""
    c = _compiled(number, f"[On Play] By placing 1 card from your hand face down under any of your Tamers "
                  f"with the [{trait}] trait, ＜Draw 2＞")
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("place_under_face_down", 1)
    onto, card = cost.selector, cost.card
    assert onto is not None and not onto.this
    assert (onto.kind, onto.owner, onto.trait) == ("Tamer", "self", trait)
    assert card is not None and (card.kind, card.zone, card.count) == ("card", "hand", 1)
    assert [(a.verb, a.amount) for a in c.actions] == [("draw", 2)] and c.actions_compiled


@pytest.mark.parametrize(("number", "trait"), [("ST23-15", "BEATBREAK"), ("ST24-15", "DATA SQUAD")])
def test_this_card_from_the_battle_area_face_down_under_a_tamer(number: str, trait: str) -> None:
    """'By placing this card from the battle area face down under any of your [X] trait Tamers, <Draw 1> and
    gain 1 memory' (an Option card placed in the battle area)."""
    c = _compiled(number, f"[Start of Your Main Phase] By placing this card from the battle area face down "
                  f"under any of your [{trait}] trait Tamers, ＜Draw 1＞ and gain 1 memory.")
    (cost,) = c.costs
    assert cost.compiled and cost.verb == "place_under_face_down"
    onto, card = cost.selector, cost.card
    assert onto is not None and not onto.this and (onto.kind, onto.trait) == ("Tamer", trait)
    assert card is not None and card.this and card.zone == "battle_area"
    assert [a.verb for a in c.actions] == ["draw", "gain_memory"] and c.actions_compiled
