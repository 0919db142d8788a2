"""Condition templates added in session 17 (ingest/compiler/conditions.py, condition_phrases.py) on
the real clause texts of the cards they were written for."""

from __future__ import annotations

import pytest

from ingest.compiler.conditions import compile_conditions


def _one(text: str) -> tuple[str, int | None, bool, dict]:
    (c,) = compile_conditions(text)
    assert c.compiled, text
    return c.kind, c.amount, c.negated, c.selector.model_dump(exclude_defaults=True) if c.selector else {}


def _either(text: str) -> list[tuple[str, dict]]:
    (c,) = compile_conditions(text)
    assert c.compiled and c.kind == "either", text
    return [(s.kind, s.selector.model_dump(exclude_defaults=True) if s.selector else {}) for s in c.either]


@pytest.mark.parametrize(("number", "text", "amount", "filters"), [
    ("EX11-046", "if this Digimon has 4 or more [Vemmon] in its digivolution cards", 4, {"name": "Vemmon"}),
    ("EX6-062", "While this Digimon has 4 or more level 6 cards in its digivolution cards", 4,
     {"kind": "card", "min_level": 6, "max_level": 6}),
])
def test_n_or_more_in_its_digivolution_cards(number: str, text: str, amount: int, filters: dict) -> None:
    kind, n, _, sel = _one(text)
    assert (kind, n, sel["zone"]) == ("sources_include", amount, "sources")
    assert {k: sel.get(k, "card" if k == "kind" else None) for k in filters} == filters


@pytest.mark.parametrize(("number", "text", "color"), [
    ("BT4-016", "While this Digimon's digivolution cards include a Digimon card with [Hybrid] in its form "
                "or a red Tamer card", "Red"),
    ("BT4-030", "While this Digimon's digivolution cards include a Digimon card with [Hybrid] in its form "
                "or a blue Tamer card", "Blue"),
])
def test_digivolution_cards_include_either(number: str, text: str, color: str) -> None:
    """One digivolution card that is a [Hybrid] Digimon card or a Tamer card of that colour (QA Q1172)."""
    kind, n, _, sel = _one(text)
    assert (kind, n) == ("sources_include", 1)
    hybrid, tamer = sel["any_of"]
    assert hybrid.get("kind", "Digimon") == "Digimon" and hybrid["trait"] == "Hybrid"
    assert (tamer["kind"], tamer["color"]) == ("Tamer", color)


@pytest.mark.parametrize(("number", "text"), [
    ("BT6-022", "If this Digimon has [Hybrid] or [Ten Warriors] in its form or type"),
    ("BT6-010", "While this Digimon has [Hybrid] or [Ten Warriors] in its form or type"),
])
def test_form_or_type_is_traits(number: str, text: str) -> None:
    """Form and type are among a card's traits (CR 2-3-2-1)."""
    assert _one(text) == (
        "this_matches", None, False, {"owner": "self", "this": True, "trait": "Hybrid/Ten Warriors"})


def test_and_carries_the_subject_and_verb() -> None:
    """EX2-020: 'you have' belongs to both halves."""
    first, second = compile_conditions("If you have 3 or fewer security cards and [Shu-Chong Wong] in play")
    assert (first.kind, first.amount) == ("security_at_most", 3)
    assert second.kind == "has_card" and second.selector is not None
    assert (second.selector.owner, second.selector.name) == ("self", "Shu-Chong Wong")


def test_and_carries_the_subject() -> None:
    """P-115: 'this Digimon' has the traits and is level 5 or higher."""
    first, second = compile_conditions(
        "While this Digimon has the [Bagra Army] or [Twilight] trait and is level 5 or higher")
    assert first.kind == second.kind == "this_matches"
    assert first.selector is not None and first.selector.trait == "Bagra Army/Twilight"
    assert second.selector is not None and (second.selector.this, second.selector.min_level) == (True, 5)


def test_name_or_a_tamer_with_a_trait() -> None:
    """BT21-057: a bare name takes no 'with …', so the trait is only the Tamer's."""
    assert _either("If you have [Tai Kamiya] or a Tamer with the [ADVENTURE] trait") == [
        ("has_card", {"owner": "self", "kind": "card", "count": None, "name": "Tai Kamiya"}),
        ("has_card", {"owner": "self", "kind": "Tamer", "count": None, "trait": "ADVENTURE"})]


def test_named_or_a_digimon_with_it_in_its_digivolution_cards() -> None:
    """BT10-101: a [Pulsemon], or a Digimon with [Pulsemon] among its digivolution cards."""
    named, sources = _either("If you have a [Pulsemon] or a Digimon with [Pulsemon] in its digivolution "
                             "cards in play")
    assert named == ("has_card", {"owner": "self", "kind": "card", "count": None, "name": "Pulsemon"})
    assert sources[0] == "digimon_sources_include" and sources[1]["name"] == "Pulsemon"


def test_a_digimon_with_x_in_its_name_or_with_x_in_its_digivolution_cards() -> None:
    """BT9-096: 'or with …' is the same Digimon's other property."""
    name, sources = _either("if you have a Digimon with [Jellymon] in its name or with [Jellymon] in its "
                            "digivolution cards")
    assert name == ("has_card", {"owner": "self", "count": None, "name_contains": "Jellymon"})
    assert sources[0] == "digimon_sources_include" and sources[1]["name"] == "Jellymon"


def test_in_play_before_with() -> None:
    """ST12-12: 'a Digimon in play with [Huckmon] in its name or [Royal Knight] in its traits'."""
    kind, _, _, sel = _one("While you have a Digimon in play with [Huckmon] in its name or [Royal Knight] in "
                           "its traits")
    assert kind == "has_card" and sel["owner"] == "self"
    assert [(a.get("name_contains"), a.get("trait")) for a in sel["any_of"]] == [
        ("Huckmon", None), (None, "Royal Knight")]


def test_a_digimon_with_a_digivolution_card() -> None:
    """BT8-029: one of the opponent's Digimon has digivolution cards."""
    assert _one("While your opponent has a Digimon with a digivolution card in play") == (
        "has_card", None, False, {"count": None, "with_sources": True})


@pytest.mark.parametrize(("number", "text", "kind", "negated"), [
    ("BT19-006", "If deleted other than by battle", "deleted_in_battle", True),
    ("EX11-020", "If deleted other than in battle", "deleted_in_battle", True),
    ("BT5-071", "If this card was deleted by an effect", "deleted_by_effect", False),
    ("EX6-013", "If played from digivolution cards", "played_from_sources", False),
])
def test_how_the_event_happened(number: str, text: str, kind: str, negated: bool) -> None:
    assert _one(text)[:3] == (kind, None, negated)


def test_colours_in_its_digivolution_cards() -> None:
    """EX12-076: the different colours among this Digimon's digivolution cards."""
    assert _one("if this Digimon has 4 or more colors in its digivolution cards")[:2] == (
        "sources_colors_at_least", 4)


@pytest.mark.parametrize("text", [
    # BT10-102: whether the name is the Digimon's or a digivolution card's is not said
    "if you have a Digimon in play with [Angoramon] in its name or digivolution cards",
    # BT17-089: 'with [Agumon]/[Greymon]' does not say where the names are
    "if you have [Argomon] or a yellow Digimon with [Agumon]/[Greymon]",
])
def test_not_read(text: str) -> None:
    (c,) = compile_conditions(text)
    assert not c.compiled


@pytest.mark.parametrize(("number", "name"), [("BT9-075", "Dorugamon"), ("BT9-078", "DoruGreymon")])
def test_has_in_its_digivolution_cards_or_is_digivolving_from_the_trash(number: str, name: str) -> None:
    """'… or is digivolving from the trash': the second half keeps 'this Digimon'."""
    sources, trash = _either(f"If this Digimon has [{name}] in its digivolution cards or is digivolving "
                             "from the trash")
    assert sources[0] == "sources_include" and sources[1]["name"] == name
    assert trash == ("digivolving_from_trash", {})


@pytest.mark.parametrize(("number", "text", "kind", "owner"), [
    ("EX8-073", "If this didn't delete", "effect_deleted", None),
    ("EX2-067", "If an opponent's Digimon wasn't deleted by this effect", "effect_deleted", "opponent"),
    ("BT24-047", "If this effect unsuspended", "effect_unsuspended", None),
])
def test_what_this_effect_did(number: str, text: str, kind: str, owner: str | None) -> None:
    (c,) = compile_conditions(text)
    assert c.compiled and c.kind == kind
    assert c.negated == ("n't" in text)
    assert (c.selector.owner if c.selector else None) == owner


@pytest.mark.parametrize(("number", "text"), [
    ("EX4-070", "If they do not trash a card"),
    ("BT24-069", "If your opponent didn't trash with this effect"),
])
def test_the_opponent_did_not_trash(number: str, text: str) -> None:
    """The opponent's 'may trash' right before did nothing."""
    assert _one(text)[:3] == ("effect_done", None, True)


@pytest.mark.parametrize(("number", "text", "filters"), [
    ("BT4-109", "if that Digimon has 16000 DP or more", {"min_dp": 16000}),
    ("BT17-053", "if that Digimon is level 5 or higher", {"min_level": 5}),
    ("EX7-064", "If that Digimon has the [Vortex Warriors] trait", {"trait": "Vortex Warriors"}),
])
def test_that_digimon(number: str, text: str, filters: dict) -> None:
    kind, _, _, sel = _one(text)
    assert kind == "that_matches" and not sel.get("this")
    assert {k: sel.get(k) for k in filters} == filters


def test_another_digimon_in_play_with_the_same_name() -> None:
    """BT2-006: another of the player's Digimon shares a name with this Digimon (QA Q995)."""
    assert _one("While you have another Digimon in play with the same name as this Digimon") == (
        "has_card", None, False, {"owner": "self", "count": None, "other": True, "same_name_as_this": True})


@pytest.mark.parametrize(("number", "text", "first"), [
    ("BT21-010", "While you have 2 or fewer security cards or 3 or more [Hero] trait Tamers with different "
                 "names", "security_at_most"),
    ("BT21-040", "While your opponent has a level 6 or higher Digimon or you have 3 or more [Hero] trait "
                 "Tamers with different names", "has_card"),
])
def test_tamers_with_different_names(number: str, text: str, first: str) -> None:
    """'with different names' counts only the second half's Tamers (CR 2-3-1)."""
    (one, names) = _either(text)
    assert one[0] == first
    assert names == (
        "different_names_at_least", {"owner": "self", "kind": "Tamer", "count": None, "trait": "Hero"})


@pytest.mark.parametrize(("number", "text", "amount"), [
    ("EX2-053", "If one of your [Mother D-Reaper]s has 5 or more digivolution cards", 5),
    ("EX2-054", "While you have a [Mother D-Reaper] with 6 or more digivolution cards in play", 6),
])
def test_one_of_your_named_digimon_has_n_digivolution_cards(number: str, text: str, amount: int) -> None:
    assert _one(text) == ("digimon_sources_at_least", amount, False,
                          {"owner": "self", "count": None, "name": "Mother D-Reaper"})


@pytest.mark.parametrize(("number", "text", "min_dp"), [
    ("BT3-004", "If you attack one of your opponent's Digimon", None),
    ("BT3-058", "If you attack an opponent's Digimon that has 12000 DP or more", 12000),
])
def test_you_attack_a_digimon(number: str, text: str, min_dp: int | None) -> None:
    """The attack under way targets one of the opponent's Digimon (with that much DP)."""
    kind, _, _, sel = _one(text)
    assert kind == "attacks_digimon" and sel.get("min_dp") == min_dp
