"""'If X or Y' conditions (ingest/compiler/conditions.py ``_either``) and 'If you / they don't' on real
card texts."""

from __future__ import annotations

import pytest

from ingest.compiler.conditions import compile_conditions


def _parts(text: str) -> list[tuple[str, int | None, dict]]:
    (c,) = compile_conditions(text)
    assert c.compiled and c.kind == "either"
    return [(s.kind, s.amount, s.selector.model_dump(exclude_defaults=True) if s.selector else {})
            for s in c.either]


def test_shared_you_have_a() -> None:
    """BT11-038 Angemon: 'a purple Digimon or purple Tamer' is 'a purple Digimon' or 'a purple Tamer'."""
    (d, t) = _parts("If you have a purple Digimon or purple Tamer in play")
    assert d == ("has_card", None, {"owner": "self", "count": None, "color": "Purple"})
    assert t == ("has_card", None, {"owner": "self", "kind": "Tamer", "count": None, "color": "Purple"})


def test_two_whole_conditions() -> None:
    """BT16-020 GaoGamon: a hand count of the opponent or this Digimon's digivolution cards."""
    assert [(k, n) for k, n, _ in _parts("if your opponent has 8 or more cards in their hand or this Digimon "
                                         "has 3 or more digivolution cards")] == [
        ("opponent_hand_at_least", 8), ("this_sources_at_least", 3)]


def test_or_if() -> None:
    """BT22-063 Alphamon: '… or if this Digimon's stack has 2 or more same-level cards'."""
    (src, same) = _parts("if [Kyoko Kuremi] is in this Digimon's digivolution cards or if this "
                         "Digimon's stack has 2 or more same-level cards")
    assert src[0] == "sources_include" and src[2]["name"] == "Kyoko Kuremi"
    assert same[:2] == ("this_same_level_at_least", 2)


def test_name_or_trait() -> None:
    """BT23-044 Lilamon: '[Yuuko Kamishiro] or a [CS] trait Digimon'."""
    (name, trait) = _parts("if you have [Yuuko Kamishiro] or a [CS] trait Digimon")
    assert name[2]["name"] == "Yuuko Kamishiro" and trait[2]["trait"] == "CS"


@pytest.mark.parametrize("text", [
    "While you have a Tamer or a Digimon with the [Hybrid] trait",  # BT17-094: 'with' may qualify both
])
def test_ambiguous_stays_uncompiled(text: str) -> None:
    (c,) = compile_conditions(text)
    assert not c.compiled


@pytest.mark.parametrize(("number", "text"), [
    ("BT13-102", "If they don't"), ("BT16-066", "If they didn't"), ("BT6-017", "If you don't"),
    ("EX5-055", "If you didn't"),
])
def test_if_not_done(number: str, text: str) -> None:
    """The action right before was not carried out (or did nothing): ``effect_done`` negated."""
    (c,) = compile_conditions(text)
    assert c.compiled and (c.kind, c.negated) == ("effect_done", True)


@pytest.mark.parametrize(("number", "text"), [
    ("BT15-070", "If you added cards"), ("BT11-042", "If you added a card"), ("BT18-037", "If you added"),
    ("BT16-099", "If this effect added to a hand"),
])
def test_if_you_added(number: str, text: str) -> None:
    """'Add 1 … among them to the hand. Return the rest …. If you added cards': an earlier add_to_hand
    of the effect added a card (``effect_added``)."""
    (c,) = compile_conditions(text)
    assert c.compiled and (c.kind, c.negated) == ("effect_added", False)


def test_cards_under_this_digimon_or_tamer() -> None:
    """BT12-077 / BT12-014: 'N or more digivolution cards under this Digimon'; BT12-097 Ryoma Mogami:
    '2 or less cards under this Tamer' is not 3 or more; BT13-072: 'If a card was placed by this effect'."""
    (c,) = compile_conditions("If there are 2 or more digivolution cards under this Digimon")
    assert (c.kind, c.amount, c.negated) == ("this_sources_at_least", 2, False)
    (c,) = compile_conditions("If you have 4 or more digivolution cards under this Digimon")
    assert (c.kind, c.amount, c.negated) == ("this_sources_at_least", 4, False)
    (c,) = compile_conditions("If there are 2 or less cards under this Tamer")
    assert (c.kind, c.amount, c.negated) == ("this_sources_at_least", 3, True)
    (c,) = compile_conditions("If a card was placed by this effect")
    assert (c.kind, c.negated) == ("effect_placed", False)
