"""'By <cost>, <effect>' cost wordings read in session 19, on the real card texts (corpus cards.json):
two costs joined by 'or' (``ingest.compiler.either_costs``), one of them paid."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Action, CompiledEffect
from ingest.effects import compile_card
from kg.solver.effect_reader import load_effects
from tests.ingest.test_effect_rdf import store_of

BT26_073 = (
    "[Digivolve] [Aegiomon]: Cost 3 \n[Assembly -2] Lv.4 or lower Digimon card w/[Chronomon] in text or "
    "w/[TS] trait\n\n[On Play] [When Digivolving] By deleting this Digimon or returning 1 [Shaman] or [TS] "
    "trait card from your trash to the bottom of the deck, delete 1 of your opponent's level 5 or lower "
    "Digimon.\n[On Deletion] You may play 1 [TS] trait card with a play cost of 5 or less from your hand "
    "or trash without paying the cost.\n[Rule] Trait: Has [Wizard] Type."
)
BT26_072 = (
    "[Digivolve] Lv.3 w/[DATA SQUAD] trait: Cost 2 \n\n＜Blocker＞ \n[On Play] [When Digivolving] By "
    "trashing 1 card in your hand or placing it face down under any of your [Keenan Crier]s, delete 1 of "
    "your opponent's level 4 or lower Digimon."
)
BT26_026 = (
    "[Digivolve] Lv.3 w/[Glowing Dawn] trait: Cost 2 \n\n＜Barrier＞ \n[When Attacking] [Once Per Turn] By "
    "trashing the bottom face-down card from under any of your Tamers or your top security card, you may "
    "use 1 Option card with the [Glowing Dawn] trait from your hand with the cost reduced by 2."
)
BT25_041 = (
    "[Digivolve] Lv.4 w/[Glowing Dawn] trait: Cost 3 \n\n＜Alliance＞ \n[When Digivolving] [When Attacking] "
    "[Once Per Turn] If it's your turn, by adding your top security card to the hand or trashing the bottom "
    "face-down card under any of your Tamers, you may play or use 1 card with the [Glowing Dawn] trait "
    "from your hand with the cost reduced by 3."
)


def _either(number: str, text: str) -> tuple[CompiledEffect, Action]:
    """The card's one effect whose cost is a ``pay_either``, and that cost."""
    found = [(r.compiled, c) for r in compile_card(number, text) for c in r.compiled.costs
             if c.verb == "pay_either"]
    assert len(found) == 1, found
    return found[0]


def _ways(cost: Action) -> list[list[tuple[str, int | None]]]:
    return [[(c.verb, c.amount) for c in mode.compiled.costs] for mode in cost.modes]


def test_bt26_073_deletes_itself_or_returns_a_shaman_or_ts_card_from_the_trash() -> None:
    effect, cost = _either("BT26-073", BT26_073)
    assert _ways(cost) == [[("delete", None)], [("return_cards_to_deck", 1)]]
    this, card = (mode.compiled.costs[0].selector for mode in cost.modes)
    assert this is not None and this.this and this.owner == "self"
    assert card is not None and (card.zone, card.owner, card.trait) == ("trash", "self", "Shaman/TS")
    assert effect.actions_compiled and [(a.verb, a.selector.max_level) for a in effect.actions] == [
        ("delete", 5)]  # type: ignore[union-attr]


def test_bt26_072_trashes_the_hand_card_or_places_it_face_down_under_keenan_crier() -> None:
    effect, cost = _either("BT26-072", BT26_072)
    assert _ways(cost) == [[("trash_card", 1)], [("place_under_face_down", 1)]]
    placed = cost.modes[1].compiled.costs[0]
    assert placed.card is not None and (placed.card.zone, placed.card.count) == ("hand", 1)
    assert placed.selector is not None and (placed.selector.owner, placed.selector.name) == (
        "self", "Keenan Crier")
    assert cost.modes[1].text == "placing 1 card from your hand face down under any of your [Keenan Crier]s"
    assert [a.verb for a in effect.actions] == ["delete"]


@pytest.mark.parametrize(("number", "text", "ways", "then"), [
    ("BT26-026", BT26_026, [[("trash_bottom_face_down", 1)], [("trash_security", 1)]], "use_option"),
    ("BT25-041", BT25_041, [[("security_to_hand", 1)], [("trash_bottom_face_down", 1)]], "play_or_use_card"),
])
def test_a_face_down_card_under_a_tamer_or_the_top_security_card(
        number: str, text: str, ways: list[list[tuple[str, int]]], then: str) -> None:
    """BT26-026's second way takes the first's verb ('trashing … or your top security card')."""
    effect, cost = _either(number, text)
    assert _ways(cost) == ways
    tamer = next(c.selector for m in cost.modes for c in m.compiled.costs
                 if c.verb == "trash_bottom_face_down")
    assert tamer is not None and (tamer.owner, tamer.kind) == ("self", "Tamer")
    assert effect.actions_compiled and [a.verb for a in effect.actions] == [then]


def test_or_inside_a_card_description_is_not_two_ways() -> None:
    """'1 [Shaman] or [TS] trait card' is one card description, not a second cost: with 'this Digimon'
    gone the phrase is one cost (or none), never a choice."""
    text = ("[On Play] By returning 1 [Shaman] or [TS] trait card from your trash to the bottom of the "
            "deck, delete 1 of your opponent's level 5 or lower Digimon.")
    (record,) = compile_card("BT26-073", text)
    assert [c.verb for c in record.compiled.costs] == ["return_cards_to_deck"]


def test_either_costs_round_trip_exactly() -> None:
    records = compile_card("BT26-072", BT26_072)
    assert load_effects(store_of(records)) == {"BT26-072": records}


EX6_037 = (
    "[Digivolve][Sakuttomon]/[Kakkinmon]: Cost 0 \n\n[Hand] [Main] By paying 1 cost and placing this card as "
    "the bottom digivolution card of 1 of your Digimon that's level 3 or has the [Legend-Arms] trait, ＜Draw "
    "1＞ \n[On Play] By trashing 1 card with the [Legend-Arms] trait in your hand, ＜Draw 2＞."
)


def test_ex6_037_pays_1_and_goes_under_a_level_3_or_legend_arms_digimon() -> None:
    """Both costs, in order; the Digimon is level 3 or has the trait (QA Q3760: neither, no payment)."""
    record = compile_card("EX6-037", EX6_037)[0]
    c = record.compiled
    assert "HandIcon" in record.tags and [a.verb for a in c.actions] == ["draw"]
    assert [(a.verb, a.amount) for a in c.costs] == [("lose_memory", 1), ("place_under", 1)]
    onto, card = c.costs[1].selector, c.costs[1].card
    assert card is not None and card.this
    assert onto is not None and (onto.owner, onto.kind, onto.count) == ("self", "Digimon", 1)
    assert [(alt.min_level, alt.max_level, alt.trait) for alt in onto.any_of] == [
        (3, 3, None), (None, None, "Legend-Arms")]


BT19_043 = (
    "[Digivolve]Lv.5 or higher w/[Lucemon] in its name: Cost 3 \n\n[All Turns] [Once Per Turn] When this "
    "Digimon would leave the battle area, if a card with [Lucemon] in its name is in this Digimon's "
    "digivolution cards, by trashing both players' top security cards, it doesn't leave."
)


def test_bt19_043_trashes_both_players_top_security_cards() -> None:
    """Both players' at once (owner 'any'); either stack empty, not payable (QA Q3096)."""
    c = compile_card("BT19-043", BT19_043)[0].compiled
    ((verb, amount, sel),) = [(a.verb, a.amount, a.selector) for a in c.costs]
    assert (verb, amount) == ("trash_security", 1)
    assert sel is not None and (sel.owner, sel.zone, sel.count) == ("any", "security", 1)
    assert [a.verb for a in c.actions] == ["prevent"]
    assert [x.kind for x in c.conditions] == ["sources_include"]


BT18_092 = (
    "[Start of Your Main Phase] By trashing 1 [Vemmon] in your hand, ＜Draw 1＞and gain 1 memory.\n"
    "[Your Turn] "
    "When any of your Digimon attack, by suspending this Tamer and returning 2 [Vemmon] from that Digimon's "
    "digivolution cards to the bottom of the deck, ＜De-Digivolve1＞ 1 of your opponent's Digimon."
)


def test_bt18_092_suspends_and_returns_2_vemmon_from_the_attackers_digivolution_cards() -> None:
    """'That Digimon' is the attacking one the trigger is about (zone ``subject_sources``)."""
    c = compile_card("BT18-092", BT18_092)[1].compiled
    assert [(a.verb, a.amount) for a in c.costs] == [("suspend", None), ("sources_to_deck_bottom", 2)]
    sel = c.costs[1].selector
    assert sel is not None and (sel.zone, sel.name, sel.count) == ("subject_sources", "Vemmon", 2)
    assert [a.verb for a in c.actions] == ["de_digivolve"] and c.actions_compiled


EX6_054 = (
    "[Digivolve][Lucemon]: Cost 6 \n[All Turns] When this Digimon would leave the battle area, by "
    "returning 1 [Lucemon]from this Digimon's digivolution cards or from your trash to the bottom of the "
    "deck, you may play 1 [Lucemon: Satan Mode] or level 6 Digimon card with the [Seven Great Demon "
    "Lords] trait from your trash without paying the cost."
)


def test_ex6_054_one_lucemon_from_its_digivolution_cards_or_from_the_trash() -> None:
    """One card from either place ('[Lucemon]from', as printed): two ways to the bottom of the deck."""
    effect, cost = _either("EX6-054", EX6_054)
    assert _ways(cost) == [[("sources_to_deck_bottom", 1)], [("return_cards_to_deck", 1)]]
    assert [(c.selector.zone, c.selector.name) for m in cost.modes for c in m.compiled.costs] == [
        ("sources", "Lucemon"), ("trash", "Lucemon")]  # type: ignore[union-attr]
    assert [a.verb for a in effect.actions] == ["play_card"] and effect.actions[0].optional


BT16_083 = (
    "[On Deletion] Return all Tamers to their owners' hands. Then, you may play 1 Tamer card from your hand "
    "and 1 [Ukkomon] from your trash without paying the costs. [End of Your Turn] [Once Per Turn] By "
    "returning 1 Digi-Egg card from your trash to the bottom of the Digi-Egg deck, delete 1 of your "
    "opponent's Digimon with the lowest level. Then, you may play 1 level 4 or lower Digimon card from your "
    "hand to an empty space in your breeding area without paying the cost."
)
BT26_025 = (
    "[Digivolve] Lv.2 w/[Glowing Dawn] trait: Cost 0 \n\n[When Moving] [On Play] By placing your top "
    "security card face down under any of your [Glowing Dawn] trait Tamers, ＜Recovery +1＞ "
)


def test_bt16_083_returns_1_digi_egg_card_from_the_trash_to_the_digi_egg_deck() -> None:
    c = next(r.compiled for r in compile_card("BT16-083", BT16_083) if "EndOfYourTurn" in r.timings)
    ((verb, amount, sel),) = [(a.verb, a.amount, a.selector) for a in c.costs]
    assert (verb, amount) == ("egg_to_egg_deck_bottom", 1)
    assert sel is not None and (sel.owner, sel.zone) == ("self", "trash")
    assert [a.verb for a in c.actions] == ["delete", "play_to_breeding"] and c.actions_compiled


def test_bt26_025_places_the_top_security_card_face_down_under_a_glowing_dawn_tamer() -> None:
    c = compile_card("BT26-025", BT26_025)[0].compiled
    ((verb, sel),) = [(a.verb, a.selector) for a in c.costs]
    assert verb == "security_under_face_down"
    assert sel is not None and (sel.owner, sel.kind, sel.trait) == ("self", "Tamer", "Glowing Dawn")
    assert [(a.verb, a.keyword) for a in c.actions] == [("keyword", "Recovery")]


BT18_026 = (
    "[Digivolve]Blue/Red Lv.4 w/[Hybrid] trait: Cost 3 \n\n[Hand] [Main] By placing 1 [Kumamon] and "
    "[Korikakumon] from your trash under 1 of your blue or red Tamers, that Tamer digivolves into this card "
    "for digivolution cost of 3, ignoring its digivolution requirements.\n＜Ice Clad＞ \n[When Digivolving] "
    "Delete 1 of your opponent's Digimon with no digivolution cards.\n[Rule] Trait: Has the [Ice-Snow] type."
)
BT18_053 = (
    "[Hand] [Main] By placing 1 [Kazemon] and [Zephyrmon] from your trash under 1 of your green or red "
    "Tamers, that Tamer digivolves into this card for digivolution cost of 3, ignoring its digivolution "
    "requirements."
)


@pytest.mark.parametrize(("number", "text", "names", "colors"), [
    ("BT18-026", BT18_026, ["Kumamon", "Korikakumon"], "Blue/Red"),
    ("BT18-053", BT18_053, ["Kazemon", "Zephyrmon"], "Green/Red"),
])
def test_one_of_each_under_a_tamer_that_digivolves_into_this_card(
        number: str, text: str, names: list[str], colors: str) -> None:
    """1 of each (both, QA Q2947, Q2984) under one Tamer, which digivolves as it is (QA Q2948)."""
    c = next(r.compiled for r in compile_card(number, text) if "HandIcon" in r.tags)
    assert [(a.verb, a.card.name, a.card.zone, a.same_targets) for a in c.costs] == [  # type: ignore[union-attr]
        ("place_under", names[0], "trash", False), ("place_under", names[1], "trash", True)]
    onto = c.costs[0].selector
    assert onto is not None and (onto.owner, onto.kind, onto.color) == ("self", "Tamer", colors)
    (evolve,) = c.actions
    assert (evolve.verb, evolve.cost, evolve.ignore_requirements, evolve.same_targets) == (
        "digivolve", 3, True, True)
    assert evolve.selector is not None and evolve.selector.kind == "Tamer"
    assert evolve.card is not None and evolve.card.this


P_239 = (
    "＜Blocker＞ \n[On Deletion] By placing this Digimon card as the bottom digivolution card of 1 of your "
    "Digimon with [Myotismon] in its text, that Digimon may digivolve into a Digimon card with [Myotismon] "
    "in its name in your hand without paying the cost."
)


def test_p_239_places_this_digimon_card_under_a_myotismon_text_digimon_that_digivolves() -> None:
    c = next(r.compiled for r in compile_card("P-239", P_239) if "OnDeletion" in r.timings)
    ((cost),) = c.costs
    assert cost.verb == "place_under" and cost.card is not None and cost.card.this
    assert cost.selector is not None and cost.selector.text_contains == "Myotismon"
    (evolve,) = c.actions
    assert (evolve.verb, evolve.free, evolve.same_targets, evolve.optional) == ("digivolve", True, True, True)
    assert evolve.card is not None and (evolve.card.name_contains, evolve.card.zone) == ("Myotismon", "hand")


EX5_064 = (
    "[Start of Your Turn] If you have 2 memory or less, set your memory to 3.[On Play] [Main] By suspending "
    "this Tamer and placing the top top card of one of your [Light Fang]/[Night Claw] trait Digimon as that "
    "Digimon's bottom digivolution card, 1 of your Digimon may digivolve into a Digimon card in your hand "
    "without paying the cost."
)


def test_ex5_064_suspends_and_puts_a_light_fang_digimons_top_card_at_the_bottom() -> None:
    """'the top top card' as printed: the top card of 1 chosen [Light Fang]/[Night Claw] Digimon."""
    c = next(r.compiled for r in compile_card("EX5-064", EX5_064) if "Main" in r.timings)
    assert [(a.verb, a.amount) for a in c.costs] == [("suspend", None), ("top_to_bottom_source", 1)]
    chosen = c.costs[1].selector
    assert chosen is not None and (chosen.owner, chosen.kind, chosen.count, chosen.this, chosen.trait) == (
        "self", "Digimon", 1, False, "Light Fang/Night Claw")
    assert [(a.verb, a.free, a.optional) for a in c.actions] == [("digivolve", True, True)]


BT13_107 = (
    "[Main] Choose 1 of your Digimon. Return 1 of your opponent's suspended Digimon with DP less than or "
    "equal to that Digimon to the hand. Then, by returning the top card of one of your [Leopardmon: Leopard "
    "Mode] to the hand, unsuspend all of your Digimon."
)


def test_bt13_107_returns_the_top_card_of_a_leopardmon_then_unsuspends_all() -> None:
    """A cost paid midway ('Then, by …', ``pays``): only the unsuspension waits on it (QA Q2359)."""
    c = compile_card("BT13-107", BT13_107)[0].compiled
    assert [a.verb for a in c.actions] == [
        "choose", "return_to_hand", "top_stacked_card_to_hand", "unsuspend"]
    top = c.actions[2]
    assert top.pays and top.amount == 1
    assert top.selector is not None and (top.selector.owner, top.selector.name) == (
        "self", "Leopardmon: Leopard Mode")


BT23_089 = (
    "[Start of Your Main Phase] If your opponent has a Digimon, gain 1 memory.\n[All Turns] When any of your "
    "Digimon with the [CS]\xa0trait would leave the battle area, by suspending this Tamer and trash 2 "
    "same-level cards from 1 of your [CS]\xa0trait Digimon's digivolution cards, they don't leave."
)


def test_bt23_089_suspends_and_trashes_2_same_level_cards_of_1_cs_digimon() -> None:
    """'and trash 2 …' as printed: both costs, the second from under 1 chosen [CS] Digimon."""
    c = compile_card("BT23-089", BT23_089)[1].compiled
    assert [(a.verb, a.amount) for a in c.costs] == [("suspend", None), ("trash_same_level_sources", 2)]
    chosen = c.costs[1].selector
    assert chosen is not None and (chosen.owner, chosen.kind, chosen.count, chosen.trait) == (
        "self", "Digimon", 1, "CS")
    assert [a.verb for a in c.actions] == ["prevent"]
