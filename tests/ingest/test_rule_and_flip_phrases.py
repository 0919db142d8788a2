"""'(Rule) You can include up to 50 copies …' (CR 2-3-4-6: deck building only) and 'flip your
opponent's top face-down security card face up' (BT20-050, QA Q4370)."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


def test_a_deck_building_rule_is_read_and_does_nothing_in_a_game() -> None:
    # early printings (BT6-085) leave out the '(Rule)' that errata added (QA Q1471)
    (effect,) = compile_card("BT6-085", "You can include up to 50 copies of cards with this card's card "
                                        "number "
                                        "in your deck.")
    (rule,) = effect.compiled.actions
    assert (rule.verb, rule.amount, rule.compiled) == ("deck_copies", 50, True)


@pytest.mark.parametrize("text", [
    "[When Digivolving] Flip your opponent's top face-down security card face-up.",  # BT20-050
    "[On Play] Flip your opponent's top face-down security card face up.",  # EX11-064
])
def test_flipping_the_opponents_top_face_down_security_card(text: str) -> None:
    (effect,) = compile_card("BT20-050", text)
    (flip,) = effect.compiled.actions
    assert (flip.verb, flip.amount, flip.compiled) == ("flip_security_face_up", 1, True)
    assert flip.selector is not None and (flip.selector.owner, flip.selector.zone) == ("opponent", "security")


def test_placing_a_card_face_up_as_the_bottom_security_card() -> None:
    """'You may place 1 [Royal Base] trait Digimon card from your trash face up as your bottom security
    card' (BT19-096): the verb of the cost of the same words, as an action."""
    (effect,) = compile_card("BT19-096", "[Main] You may place 1 [Royal Base] trait Digimon card from your "
                                         "trash "
                                         "face up as your bottom security card.")
    (place,) = effect.compiled.actions
    assert (place.verb, place.optional, place.compiled) == ("place_security_bottom_face_up", True, True)
    assert place.selector is not None and (place.selector.zone, place.selector.trait) == ("trash", "Royal "
                                                                                                   "Base")
