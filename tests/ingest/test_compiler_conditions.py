"""Condition templates of ingest/compiler/conditions.py on real card texts (by card number)."""

from __future__ import annotations

import pytest

from ingest.compiler.conditions import compile_conditions
from ingest.effects import compile_card


@pytest.mark.parametrize(
    ("number", "text", "amount", "filters"),
    [
        ("AD1-017", "if you have 4 or more cards with [Lucemon] or [Witchelny] in its text in your trash", 4,
         {"kind": "card", "text_contains": "Lucemon/Witchelny"}),
        ("BT13-035", "If you have 8 or more Digimon cards with [Chessmon] in their names in your trash", 8,
         {"kind": "Digimon", "name_contains": "Chessmon"}),
        ("BT17-048", "If you have 4 or more [Argomon] in your trash", 4, {"name": "Argomon"}),
        ("BT8-083", "If there are 5 or more cards with [Myotismon] in their names in your trash", 5,
         {"name_contains": "Myotismon"}),
        ("BT8-083", "if there's a card with [Myotismon] in its name in your trash", 1,
         {"name_contains": "Myotismon"}),
        ("BT7-072", "if [Eyesmon: Scatter Mode] is in your trash", 1, {"name": "Eyesmon: Scatter Mode"}),
        ("BT5-090", "If a Digimon card with [Unidentified] in its type is in your trash", 1,
         {"kind": "Digimon", "trait": "Unidentified"}),
    ],
)
def test_fitting_cards_in_your_trash(number: str, text: str, amount: int, filters: dict) -> None:
    """At least N cards of the owner's trash fit: the count is the condition's, not the selector's."""
    (c,) = compile_conditions(text)
    assert c.compiled and (c.kind, c.amount) == ("trash_at_least", amount)
    sel = c.selector
    assert sel is not None and (sel.owner, sel.zone, sel.count) == ("self", "trash", None)
    assert {k: getattr(sel, k) for k in filters} == filters


def test_a_total_over_two_zones_stays_uncompiled() -> None:
    """EX9-055 counts [Negamon] in the trash and in digivolution cards together: not read."""
    (c,) = compile_conditions("If there are 4 or more total [Negamon] in your trash and your Digimon's "
                              "digivolution cards")
    assert not c.compiled


@pytest.mark.parametrize(
    ("number", "text", "kind", "amount", "negated"),
    [
        ("BT9-085", "If you have 8 or more cards in hand", "hand_at_least", 8, False),
        ("BT9-085", "If your opponent has 8 or more cards in hand", "opponent_hand_at_least", 8, False),
        ("EX3-062", "if either player has 5 or more cards in their trash", "either_trash_at_least", 5, False),
        ("ST7-11", "if the number of cards in your security stack is less than or equal to your opponent's",
         "security_at_most_opponents", None, False),
    ],
)
def test_counts(number: str, text: str, kind: str, amount: int | None, negated: bool) -> None:
    (c,) = compile_conditions(text)
    assert c.compiled and (c.kind, c.amount, c.negated) == (kind, amount, negated)


@pytest.mark.parametrize(
    ("number", "text", "filters"),
    [
        ("BT6-091", "If your opponent doesn't have a level 4 or lower Digimon in play", {"max_level": 4}),
        ("EX7-012", "If your opponent doesn't have a Digimon with 6000 DP or less", {"max_dp": 6000}),
        ("EX7-046", "If your opponent doesn't have a level 5 or higher Digimon", {"min_level": 5}),
    ],
)
def test_your_opponent_doesnt_have(number: str, text: str, filters: dict) -> None:
    """'doesn't have' is 'has no': the has_card condition, negated."""
    (c,) = compile_conditions(text)
    assert c.compiled and (c.kind, c.negated) == ("has_card", True)
    assert c.selector is not None and (c.selector.owner, c.selector.kind) == ("opponent", "Digimon")
    assert {k: getattr(c.selector, k) for k in filters} == filters


@pytest.mark.parametrize(
    ("number", "text", "owner"),
    [
        ("EX7-069", "If this effect suspended your Digimon", "self"),
        ("EX7-034", "If this effect suspends your Digimon", "self"),
    ],
)
def test_this_effect_suspended_whose_digimon(number: str, text: str, owner: str) -> None:
    """Only a suspension of that player's Digimon by this effect counts."""
    (c,) = compile_conditions(text)
    assert c.compiled and (c.kind, c.negated) == ("effect_suspended", False)
    assert c.selector is not None and c.selector.owner == owner


def test_this_digimon_has_an_on_play_effect() -> None:
    """EX3-007: read as a processing condition; EX3-047's 'while' form stays uncompiled (not guessed)."""
    (c,) = compile_conditions("If this Digimon has an [On Play] effect")
    assert c.compiled and c.kind == "this_has_on_play_effect"
    (record,) = compile_card("EX3-047", inherited="[All Turns] While this Digimon has an [On Play] effect, "
                             "it gets +1000 DP.")
    assert not all(k.compiled for k in record.compiled.conditions)
