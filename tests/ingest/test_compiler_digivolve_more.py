"""Digivolution templates of ingest/compiler/digivolve.py on real card texts (by card number)."""

from __future__ import annotations

from ingest.effect_ir import Action, EffectRecord
from ingest.effects import compile_card


def _mode_actions(number: str, text: str) -> list[Action]:
    """The actions of the modes of the effect's 'activate 1 of the effects below' (all compiled)."""
    (record,) = compile_card(number, text)
    (modal,) = [a for a in record.compiled.actions if a.verb == "choose_effects"]
    assert modal.compiled and record.compiled.actions_compiled
    return [a for m in modal.modes for a in m.compiled.actions]


def test_other_digimon_digivolves_into_a_card_in_the_hand() -> None:
    """EX4-049 MetalGarurumon: '1 of your other Digimon digivolves into …' is the mode's digivolution,
    not a 'may' (the mode itself is what the player chose)."""
    text = ("[When Digivolving] Activate 1 of the effects below. ・Choose any number of your "
            "opponent's Digimon so "
            "that their play cost total is up to 6 and return them to the bottom of the deck. ・1 of "
            "your other "
            "Digimon digivolves into a level 6 or lower Digimon card with [Greymon] in its name in your hand "
            "without paying the cost.")
    (digivolve,) = [a for a in _mode_actions("EX4-049", text) if a.verb == "digivolve"]
    who, card = digivolve.selector, digivolve.card
    assert (who.owner, who.other, who.count) == ("self", True, 1)
    assert (card.zone, card.max_level, card.name_contains, card.kind) == ("hand", 6, "Greymon", "Digimon")
    assert (digivolve.free, digivolve.optional, digivolve.ignore_requirements) == (True, False, False)


def test_dna_digivolve_with_the_verb_printed_twice() -> None:
    """EX3-008 Impmon: 'You may DNA digivolve this Digimon and one of your other Digimon may DNA digivolve
    into …' read as its inherited effect prints it ('This Digimon and one of your other Digimon may DNA
    digivolve into a Digimon card in your hand for the cost')."""
    text = ("[When Digivolving] Activate 1 of the effects below.・You may digivolve 1 of your other "
            "Digimon into a "
            "level 4 purple Digimon card with the [Free] trait from your trash for the cost.・You "
            "may DNA digivolve "
            "this Digimon and one of your other Digimon may DNA digivolve into a Digimon card in "
            "your hand for the "
            "cost.")
    (dna,) = [a for a in _mode_actions("EX3-008", text) if a.verb == "dna_digivolve_with_this"]
    assert (dna.selector.owner, dna.selector.other, dna.card.zone, dna.free, dna.optional) == (
        "self", True, "hand", False, True)


def test_digivolve_into_a_card_among_the_revealed_ones() -> None:
    """BT7-049 MameTyramon: 'You may digivolve this Digimon into a green level 6 card among them without
    paying its memory cost' (its requirements kept: not ignored)."""
    text = ("[When Attacking] Reveal the top 3 cards of your deck. You may digivolve this Digimon "
            "into a green "
            "level 6 card among them without paying its memory cost. Place the remaining cards at "
            "the bottom of "
            "your deck in any order.")
    (record,) = compile_card("BT7-049", text)
    (digivolve,) = [a for a in record.compiled.actions if a.verb == "digivolve"]
    assert digivolve.compiled and digivolve.selector.this
    card = digivolve.card
    assert (card.zone, card.color, card.min_level, card.max_level) == ("revealed", "Green", 6, 6)
    assert (digivolve.free, digivolve.optional, digivolve.ignore_requirements) == (True, True, False)


def _one_action(number: str, text: str) -> tuple[EffectRecord, Action]:
    """The effect's record and its only action (compiled)."""
    (record,) = compile_card(number, text)
    (action,) = record.compiled.actions
    assert action.compiled and record.compiled.actions_compiled
    return record, action


def test_permission_of_the_card_in_the_hand() -> None:
    """BT5-067 Infermon: 'Your [Keramon] can digivolve into this card in your hand for a memory cost
    of 4, ignoring this card's digivolution requirements': a persistent permission of the card in
    the hand."""
    text = ("Your [Keramon] can digivolve into this card in your hand for a memory cost of 4, "
            "ignoring this card's digivolution requirements.")
    record, allow = _one_action("BT5-067", text)
    assert record.compiled.category == "Persistent" and allow.verb == "digivolve_permission"
    assert (allow.selector.owner, allow.selector.name, allow.selector.count) == ("self", "Keramon", None)
    assert (allow.card.this, allow.card.zone, allow.cost, allow.ignore_requirements) == (
        True, "hand", 4, True)


def test_permission_of_this_digimon_under_a_condition() -> None:
    """ST7-03 Guilmon: '[Your Turn] If your opponent has a level 6 or higher Digimon in play, this
    Digimon can digivolve into a [Gallantmon] in your hand for a memory cost of 4, ignoring its
    digivolution requirements'."""
    text = ("[Your Turn] If your opponent has a level 6 or higher Digimon in play, this Digimon can "
            "digivolve into a [Gallantmon] in your hand for a memory cost of 4, ignoring its "
            "digivolution requirements.")
    record, allow = _one_action("ST7-03", text)
    (cond,) = record.compiled.conditions
    assert (cond.kind, cond.selector.owner, cond.selector.min_level) == ("has_card", "opponent", 6)
    assert allow.verb == "digivolve_permission" and allow.selector.this and not allow.card.this
    assert (allow.card.name, allow.card.zone, allow.cost) == ("Gallantmon", "hand", 4)


def test_misprinted_digivolve_is_read() -> None:
    """BT2-111 Beelzemon prints 'digivoLv.e': read as 'digivolve' (ingest.text.normalise)."""
    text = ("While you have 10 or more cards in your trash, your [Impmon] can digivoLv.e into this "
            "card in your hand for a memory cost of 4, ignoring this card's digivolution requirements.")
    record, allow = _one_action("BT2-111", text)
    assert allow.verb == "digivolve_permission" and allow.selector.name == "Impmon" and allow.cost == 4
    assert [c.kind for c in record.compiled.conditions] == ["trash_at_least"]


def test_digivolve_into_this_card_where_its_effect_works() -> None:
    """BT22-013 WarGreymon: '[Hand] [Main] If you have [Nokia Shiramine], 1 of your [Agumon]
    digivolves into this card for a digivolution cost of 6, ignoring digivolution requirements':
    the card itself (no zone printed: where its {Hand} icon has it); not a permission, a
    digivolution the [Main] effect carries out."""
    text = ("[Hand] [Main] If you have [Nokia Shiramine], 1 of your [Agumon] digivolves into this "
            "card for a digivolution cost of 6, ignoring digivolution requirements.")
    record, digivolve = _one_action("BT22-013", text)
    assert record.compiled.category == "ActivationType" and digivolve.verb == "digivolve"
    assert (digivolve.selector.name, digivolve.selector.count, digivolve.card.this) == ("Agumon", 1, True)
    assert (digivolve.cost, digivolve.ignore_requirements, digivolve.optional) == (6, True, False)


def test_digimon_in_the_breeding_area_digivolves() -> None:
    """BT20-056 Alphamon: '… Then, if during an attack, 1 of your Digimon in the breeding area may digivolve
    into a level 6 or lower [Chronicle] trait Digimon card in the hand or trash without paying the cost'."""
    text = ("[On Play] [When Digivolving] <Recovery +1 (Deck)>. Then, if during an attack, 1 of your "
            "Digimon in the breeding area may digivolve into a level 6 or lower [Chronicle] trait Digimon "
            "card in the hand or trash without paying the cost.")
    (record,) = compile_card("BT20-056", text)
    assert record.compiled.actions_compiled
    (digivolve,) = [a for a in record.compiled.actions if a.verb == "digivolve"]
    assert (digivolve.selector.owner, digivolve.selector.zone, digivolve.selector.count) == (
        "self", "breeding_area", 1)
    assert (digivolve.card.zone, digivolve.card.max_level, digivolve.card.trait) == (
        "hand_or_trash", 6, "Chronicle")
    assert (digivolve.free, digivolve.optional, digivolve.ignore_requirements) == (True, True, False)


def test_doubled_your_is_read_once() -> None:
    """BT17-088 Rika Nonaka prints '1 of your your Digimon with [Terriermon]/[Lopmon] in its name may
    digivolve into a Digimon card in the hand with the digivolution cost reduced by 2'."""
    text = ("[Your Turn] When one of your Digimon with [Terriermon]/[Lopmon] in its name is played, by "
            "suspending this Tamer, 1 of your your Digimon with [Terriermon]/[Lopmon] in its name may "
            "digivolve into a Digimon card in the hand with the digivolution cost reduced by 2.")
    (record,) = compile_card("BT17-088", text)
    assert record.compiled.trigger_compiled and record.compiled.actions_compiled
    (digivolve,) = record.compiled.actions
    assert (digivolve.selector.name_contains, digivolve.card.zone, digivolve.amount) == (
        "Terriermon/Lopmon", "hand", 2)


def test_digivolve_ignoring_level() -> None:
    """BT24-025 Shellmon: 'this Digimon may digivolve into [Venusmon] in the hand, ignoring level': the
    requirement is still read, but for its level (QA Q5603), and its cost paid."""
    text = ("[Your Turn] When any of your other blue Digimon with the [TS] trait unsuspend, this Digimon may "
            "digivolve into [Venusmon] in the hand, ignoring level.")
    (record,) = compile_card("BT24-025", text)
    assert record.compiled.trigger_compiled and record.compiled.actions_compiled
    (digivolve,) = record.compiled.actions
    assert (digivolve.card.name, digivolve.card.zone, digivolve.selector.this) == ("Venusmon", "hand", True)
    assert (digivolve.ignore_level, digivolve.ignore_requirements, digivolve.free, digivolve.cost) == (
        True, False, False, None)


def test_the_digimon_the_cost_placed_a_card_under_digivolves() -> None:
    """BT22-024 MarineBullmon: '[Hand] [Main] If you have [Yao Qinglan], by placing 1 [Shellmon] from your
    trash as any of your [Sangomon]'s bottom digivolution card, it digivolves into this card for a
    digivolution cost of 3, ignoring digivolution requirements': 'it' is the Sangomon the cost chose."""
    text = ("[Hand] [Main] If you have [Yao Qinglan], by placing 1 [Shellmon] from your trash as any of "
            "your [Sangomon]'s bottom digivolution card, it digivolves into this card for a digivolution "
            "cost of 3, ignoring digivolution requirements.")
    (record,) = compile_card("BT22-024", text)
    assert record.compiled.actions_compiled
    (place,), (digivolve,) = record.compiled.costs, record.compiled.actions
    assert (place.verb, place.selector.name, place.card.name, place.card.zone) == (
        "place_under", "Sangomon", "Shellmon", "trash")
    assert (digivolve.verb, digivolve.same_targets, digivolve.selector.name, digivolve.card.this) == (
        "digivolve", True, "Sangomon", True)
    assert (digivolve.cost, digivolve.ignore_requirements, digivolve.optional) == (3, True, False)


def test_two_cards_placed_as_bottom_digivolution_cards_then_that_digimon_digivolves() -> None:
    """BT26-098 Queen of Thorns: '[Main] By placing 1 [Sunflowmon] and 1 [Lilamon] from your trash as 1 of
    your [Lalamon]'s bottom digivolution cards, that Digimon may digivolve into [Rosemon] in the hand,
    ignoring digivolution requirements and without paying the cost'."""
    text = ("[Main] By placing 1 [Sunflowmon] and 1 [Lilamon] from your trash as 1 of your [Lalamon]'s "
            "bottom digivolution cards, that Digimon may digivolve into [Rosemon] in the hand, ignoring "
            "digivolution requirements and without paying the cost.")
    (record,) = compile_card("BT26-098", text)
    assert record.compiled.actions_compiled
    first, second = record.compiled.costs
    assert [(c.verb, c.selector.name, c.card.name, c.card.zone, c.same_targets) for c in (first, second)] == [
        ("place_under", "Lalamon", "Sunflowmon", "trash", False),
        ("place_under", "Lalamon", "Lilamon", "trash", True)]
    (digivolve,) = record.compiled.actions
    assert (digivolve.same_targets, digivolve.card.name, digivolve.free, digivolve.ignore_requirements) == (
        True, "Rosemon", True, True)


def test_you_can_digivolve_this_card_among_the_revealed_ones() -> None:
    """BT1-078 Jagamon: 'You can digivoLv.e this card into 1 level 6 green Digimon card among them without
    paying its memory cost': as BT7-049's 'You may digivolve this Digimon into …' (optional)."""
    text = ("[When Attacking] Reveal 3 cards from the top of your deck. You can digivoLv.e this card into 1 "
            "level 6 green Digimon card among them without paying its memory cost. Place the remaining cards "
            "at the bottom of your deck in any order.")
    (record,) = compile_card("BT1-078", text)
    assert record.compiled.actions_compiled
    (digivolve,) = [a for a in record.compiled.actions if a.verb == "digivolve"]
    card = digivolve.card
    assert digivolve.selector.this and (card.zone, card.color, card.min_level, card.max_level) == (
        "revealed", "Green", 6, 6)
    assert (digivolve.free, digivolve.optional, digivolve.ignore_requirements) == (True, True, False)


def test_digivolve_into_a_card_with_a_name_and_a_play_cost() -> None:
    """EX4-048: 'this Digimon may digivolve into 1 card with [Gaiomon] in its name and a play cost of 13 or
    more in your hand, ignoring its digivolution requirements and without paying the cost'."""
    text = ("[End of Your Turn] If you have a Tamer in play, this Digimon may digivolve into 1 card with "
            "[Gaiomon] in its name and a play cost of 13 or more in your hand, ignoring its digivolution "
            "requirements and without paying the cost.")
    (record,) = compile_card("EX4-048", text)
    assert record.compiled.actions_compiled
    (digivolve,) = record.compiled.actions
    card = digivolve.card
    assert (card.name_contains, card.min_cost, card.zone) == ("Gaiomon", 13, "hand")
    assert (digivolve.free, digivolve.ignore_requirements, digivolve.optional) == (True, True, True)
