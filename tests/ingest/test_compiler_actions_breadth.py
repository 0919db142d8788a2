"""Action shapes of real cards, one test per shape, each on the card's own text (card number named)."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effects import compile_card


def compiled(text: str, part: str = "main") -> CompiledEffect:
    """The compiled form of a one-effect text; it must be fully compiled."""
    (record,) = compile_card("X-1", **{part: text})
    assert record.compiled.trigger_compiled and record.compiled.actions_compiled, text
    return record.compiled


def not_compiled(text: str) -> bool:
    (record,) = compile_card("X-1", main=text)
    return not record.compiled.actions_compiled


# ---------------------------------------------------------------- 'instead' (CR 18-2)


def test_bt11_015_instead_deletes_two_when_the_condition_holds_else_one() -> None:
    effect = compiled(
        "[When Digivolving] Delete 1 of your opponent's Digimon with 4000 DP or less. If [Shoutmon] is in "
        "this Digimon's digivolution cards, delete 2 of your opponent's Digimon with 4000 DP or less instead."
    )
    one, two = effect.actions
    assert (one.verb, one.selector.count, two.verb, two.selector.count) == ("delete", 1, "delete", 2)
    (if_, unless) = effect.conditions
    assert (if_.kind, if_.negated, if_.governs) == ("sources_include", False, [1])
    assert (unless.kind, unless.negated, unless.governs) == ("sources_include", True, [0])


def test_bt14_089_instead_written_before_the_overwriting_action() -> None:
    effect = compiled(
        "[Main] Delete 1 of your opponent's Digimon with 6000 DP or less. If you have a Digimon with "
        "[Greymon] in its name, delete 1 of your opponent's Digimon with the lowest DP instead."
    )
    first, second = effect.actions
    assert (first.selector.max_dp, second.selector.extreme) == (6000, "lowest_dp")
    assert [(c.kind, c.negated, c.governs) for c in effect.conditions] == [
        ("has_card", False, [1]),
        ("has_card", True, [0]),
    ]


def test_bt4_103_instead_with_a_condition_the_first_action_can_change_is_not_compiled() -> None:
    # Returning a Digimon to the hand can make 'your opponent has 8 or more cards in their hand' hold.
    assert not_compiled(
        "[Main] Return 1 of your opponent's level 5 or lower Digimon to its owner's hand. If your opponent "
        "has 8 or more cards in their hand, instead return 1 of your opponent's level 5 or lower Digimon "
        "to the bottom of its owner's deck."
    )


def test_bt10_019_optional_instead_is_not_compiled() -> None:
    # CR 18-2-2: declining an optional overwrite keeps the first processing.
    assert not_compiled(
        "[On Play] Reveal the top 4 cards of your deck. Add 2 cards with [Blue Flare] in their traits among "
        "them to your hand. Place the rest at the bottom of your deck in any order. If you have a [Kiriha "
        "Aonuma] in play, you may return 1 [MetalGreymon] from your trash to your hand instead."
    )
