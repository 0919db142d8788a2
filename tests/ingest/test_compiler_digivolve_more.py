"""Digivolution templates of ingest/compiler/digivolve.py on real card texts (by card number)."""

from __future__ import annotations

from ingest.effect_ir import Action
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
