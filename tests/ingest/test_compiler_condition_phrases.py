"""Conditions read by ``ingest/compiler/condition_phrases.py`` (and the 'if you did' fix of
``ingest/compiler/conditions.py``), on real card texts: the IR each one compiles to."""

from __future__ import annotations

import pytest

from ingest.compiler.conditions import compile_conditions
from ingest.effects import compile_card


def _one(text: str) -> dict:
    (c,) = compile_conditions(text)
    assert c.compiled
    return c.model_dump(exclude_defaults=True, exclude={"span"})


def _effect(number: str, text: str):  # type: ignore[no-untyped-def]
    (record,) = compile_card(number, main=text)
    return record.compiled


def test_during_an_attack() -> None:
    """BT20-015 Hisyaryumon: 'Then, if during an attack, … 1 of your Digimon gains <Security A. +1>'."""
    text = ("[On Play] [When Digivolving] You may play 1 [Dorumon]/[Ryudamon] from your hand to your "
            "empty breeding area without paying the cost. Then, if during an attack, until the end of your "
            "opponent's turn, 1 of your Digimon gains <Security A. +1> and gets +5000 DP.")
    compiled = _effect("BT20-015", text)
    (c,) = compiled.conditions
    assert (c.kind, c.governs) == ("during_attack", [1, 2])
    assert compiled.actions_compiled


@pytest.mark.parametrize(("number", "text", "trait", "n"), [
    ("ST20-03", "If your Tamers with the [ADVENTURE] trait have 3 or more total colors", "ADVENTURE", 3),
    ("BT21-078", "If your Tamers have 2 or more total colors", None, 2),
])
def test_tamers_total_colors(number: str, text: str, trait: str | None, n: int) -> None:
    c = _one(text)
    assert (c["kind"], c["amount"], c["selector"]["kind"], c["selector"].get("trait")) == (
        "tamers_colors_at_least", n, "Tamer", trait)
    assert c["selector"]["owner"] == "self"


def test_more_security_cards_than_the_opponent() -> None:
    """P-129 T.K. Takaishi: strictly more (QA Q4241)."""
    c = _one("If you have more security cards than your opponent")
    assert c == {"kind": "security_more_than_opponent"}


def test_as_many_or_more_digimon_and_tamers() -> None:
    """EX5-063 Leviamon: the opponent has no fewer Digimon and Tamers: not 'you have more'."""
    c = _one("If your opponent has as many or more total Digimon and Tamers as you")
    assert (c["kind"], c["negated"]) == ("more_than_opponent", True)
    assert c["selector"]["kind"] == "Digimon or Tamer"


def test_fewer_cards_in_hand_and_opponent_memory() -> None:
    """BT9-086 Kiyoshiro: 'cards in hand' without 'your'; BT15-016 Brachiomon: the opponent's memory."""
    assert _one("if you have 7 or fewer cards in hand") == {"kind": "hand_at_most", "amount": 7}
    assert _one("If your opponent has 4 or less memory") == {"kind": "opponent_memory_at_most", "amount": 4}


@pytest.mark.parametrize(("text", "field", "value"), [
    ("If this Digimon had the [Unidentified] trait", "trait", "Unidentified"),  # BT17-005, EX6-036, EX6-039
    ("If this Digimon had [Unidentified] trait", "trait", "Unidentified"),  # BT17-053
    ("If this Digimon had [Sukamon] or [Etemon] in its name", "name_contains", "Sukamon/Etemon"),  # BT13-062
    ("If this Digimon had [Sukamon]/[Etemon] in its name", "name_contains", "Sukamon/Etemon"),  # EX5-045
])
def test_this_digimon_had(text: str, field: str, value: str) -> None:
    """[On Deletion]: this Digimon as it was, not where it is now."""
    c = _one(text)
    assert (c["kind"], c["selector"][field], c["selector"]["this"]) == ("holder_matched", value, True)


@pytest.mark.parametrize(("text", "kind", "amount"), [
    ("if they have 7 or fewer cards in their hand", "opponent_hand_at_most", 7),  # BT13-092
    ("if they have 3 or more security cards", "opponent_security_at_least", 3),  # BT16-056
    ("if they have 4 or fewer cards in their hand", "opponent_hand_at_most", 4),  # LM-044
    ("if their hand has 7 or fewer cards", "opponent_hand_at_most", 7),  # BT26-082
])
def test_they_are_the_opponent(text: str, kind: str, amount: int) -> None:
    assert _one(text) == {"kind": kind, "amount": amount}


def test_they_have_no_unsuspended_digimon() -> None:
    """LM-011, LM-012, LM-013: after suspending 1 of the opponent's Digimon."""
    c = _one("if they have no unsuspended Digimon")
    assert (c["kind"], c["negated"], c["selector"]["state"]) == ("has_card", True, "unsuspended")
    assert c["selector"].get("owner", "opponent") == "opponent"


def test_all_of_your_digimon_are_suspended() -> None:
    """BT8-004 Bibimon: none of your Digimon is unsuspended."""
    c = _one("While all of your Digimon are suspended")
    assert (c["kind"], c["negated"], c["selector"]["owner"], c["selector"]["state"]) == (
        "has_card", True, "self", "unsuspended")


def test_cards_under_this_tamer() -> None:
    """AD1-020 Tommy, Takuya, & Zoe: the Tamer's own cards under it."""
    c = _one("if there are 4 or more [Hybrid] trait cards under this Tamer")
    assert (c["kind"], c["amount"], c["selector"]["zone"], c["selector"]["trait"]) == (
        "sources_include", 4, "sources", "Hybrid")


@pytest.mark.parametrize(("number", "text"), [
    ("LM-018", "If you did"), ("EX8-037", "If you did"), ("BT21-012", "If you did"), (None, "If they do"),
])
def test_if_you_did(number: str | None, text: str) -> None:
    """The action right before was carried out: ``effect_done`` (the template once read only 'if you do')."""
    assert _one(text) == {"kind": "effect_done"}


def test_if_you_did_after_a_deletion() -> None:
    """LM-018 Gyuukimon: the token is played only if the deletion happened."""
    compiled = _effect("LM-018", "[On Play] Delete 1 level 4 or lower Digimon. If you did, you may play 1 "
                       "[Gyuukimon] Token without paying the cost (Digimon/Cost 7/Lv.5/Purple/Ultimate/Virus/"
                       "Dark Animal/3000 DP).")
    (c,) = compiled.conditions
    assert (c.kind, c.governs) == ("effect_done", [1])
    assert [a.verb for a in compiled.actions] == ["delete", "play_token"] and compiled.actions_compiled


def test_their_turn() -> None:
    """EX11-041 Oblivimon: 'if it's their turn' is the opponent's turn."""
    assert _one("if it's their turn") == {"kind": "your_turn", "negated": True}


def test_elliptic_they_have_stays_uncompiled() -> None:
    """BT15-016: 'If they have 4 or more' names no count of its own."""
    (c,) = compile_conditions("If they have 4 or more")
    assert not c.compiled


@pytest.mark.parametrize(("number", "text"), [
    ("BT16-007", "[Your Turn][Once Per Turn] When one of your other Digimon is played or digivolves, if "
                 "it has the [Free] trait or is yellow, gain 1 memory."),
    ("BT11-038", "[When Digivolving] If you have a purple Digimon or purple Tamer in play, trash the top "
                 "card of your opponent's security stack."),
])
def test_either_conditions_round_trip_through_the_graph(number: str, text: str) -> None:
    """The conditions an 'if X or Y' joins are kept in the graph (dcg:hasEitherCondition) and read back:
    the solver reads real cards' effects from the graph (kg/solver/card_facts.py)."""
    from kg.solver.effect_reader import load_effects
    from tests.ingest.test_effect_rdf import store_of

    records = compile_card(number, main=text)
    assert len(records[0].compiled.conditions[0].either) == 2
    assert load_effects(store_of(records), [number])[number] == records


_BRACHIOMON = (
    "[On Play] [When Digivolving] If your opponent has 4 or less memory, 1 of your opponent's Digimon with "
    "8000 DP or more can't attack until the end of their turn. If they have 4 or more, delete 1 of their "
    "Digimon with 6000 DP or less.")
_ULTIMATEBRACHIOMON = (
    "[End of Your Turn] [Once Per Turn] If your opponent has 5 or more memory, their Digimon effects don't "
    "affect this Digimon until their turn ends. Then, if they have 5 or less, their Option effects don't "
    "affect this Digimon until their turn ends.")
_BARBAMON = (
    "[End of Your Turn] [Once Per Turn] If your opponent has 6 or more cards in their hand, they trash 1 of "
    "them. Then, if they have 5 or fewer, delete 1 of their lowest level Digimon.")


@pytest.mark.parametrize(("number", "text", "kinds"), [
    ("BT15-016", _BRACHIOMON, [("opponent_memory_at_most", 4), ("opponent_memory_at_least", 4)]),
    ("BT25-019", _ULTIMATEBRACHIOMON, [("opponent_memory_at_least", 5), ("opponent_memory_at_most", 5)]),
    ("ST22-14", _BARBAMON, [("opponent_hand_at_least", 6), ("opponent_hand_at_most", 5)]),
])
def test_they_have_counts_what_the_opponent_condition_named(number: str, text: str, kinds: list) -> None:
    """'If your opponent has 4 or less memory, …. If they have 4 or more, …': memory both times (QA Q2500)."""
    compiled = _effect(number, text)
    assert [(c.kind, c.amount) for c in compiled.conditions] == kinds
    assert [c.governs for c in compiled.conditions] == [[0], [1]]


def test_digivolved_by_this_effect() -> None:
    """BT17-022 Lobomon: 'If digivolved by this effect' asks whether the digivolution before it happened."""
    assert _one("If digivolved by this effect") == {"kind": "effect_digivolved"}


def test_either_hand_or_trash() -> None:
    """ST22-14 Barbamon: 10 or more cards in the opponent's hand, or 10 or more in their trash."""
    c = _one("if your opponent has 10 or more cards in either their hand or trash")
    assert c["kind"] == "either"
    assert [(s["kind"], s["amount"]) for s in c["either"]] == [
        ("opponent_hand_at_least", 10), ("opponent_trash_at_least", 10)]


def test_breeding_area_and_added_to_hand() -> None:
    """BT23-074 Eater Legion: any card named [Mother Eater] in the breeding area; BT7-088 Zoe Orimoto:
    'If you added a card to your hand' after adding from the security stack."""
    c = _one("If you have [Mother Eater] in the breeding area")
    assert c["kind"] == "breeding_matches"
    assert (c["selector"]["kind"], c["selector"]["name"]) == ("card", "Mother Eater")
    assert _one("If you added a card to your hand") == {"kind": "effect_added"}


def test_the_attacking_digimon_is_read() -> None:
    """EX2-065 Ai & Mako: read since its [Beelzemon Blast Mode] matches the card named 'Beelzemon: Blast
    Mode' (names compare without the colon: kg.solver.board); the attacker as it is now (QA Q797)."""
    (c,) = compile_conditions("if the attacking Digimon is [Beelzemon]")
    assert c.compiled and c.kind == "attacker_matches"


def test_digivolving_from_the_trash() -> None:
    """BT23-066 Matadormon: the 'then' part only when the card digivolved into came from the trash."""
    text = ("[On Play] [When Digivolving] Delete 1 of your opponent's level 4 or lower Digimon. Then, if "
            "digivolving from the trash, you may play 1 play cost 3 or lower card with the [Undead] or [CS] "
            "trait from your trash without paying the cost.")
    compiled = _effect("BT23-066", text)
    (c,) = compiled.conditions
    assert (c.kind, c.governs) == ("digivolving_from_trash", [1]) and compiled.actions_compiled


@pytest.mark.parametrize(("number", "text", "name", "negated"), [
    ("P-171", "When this card would be played, if [Deep Savers] is face-up in your security stack, reduce "
              "the play cost by 4.", "Deep Savers", False),
    ("P-222", "When this card would be played, if you have a face-up [Wind Guardians] security card, reduce "
              "the play cost by 4.", "Wind Guardians", False),
    ("ST21-15", "While you have no face-up [Gennai's House] security cards, you can ignore this card's color "
                "requirements.", "Gennai's House", True),
])
def test_face_up_named_security_card(number: str, text: str, name: str, negated: bool) -> None:
    """A face-up card of that name in the player's security stack (CR 3-7-4), not any face-up card."""
    compiled = _effect(number, text)
    (c,) = compiled.conditions
    assert (c.kind, c.amount, c.negated) == ("face_up_security_at_least", 1, negated)
    assert c.selector is not None and (c.selector.owner, c.selector.zone, c.selector.name) == (
        "self", "security", name)
    assert compiled.actions_compiled


@pytest.mark.parametrize(("number", "text", "kind"), [
    ("BT14-029", "[When Attacking][Once Per Turn] If your opponent has no Digimon with more digivolution "
                 "cards than this Digimon, unsuspend this Digimon.", "more_sources_than_this"),
    ("LM-040", "[When Attacking] [Once Per Turn] If your opponent has no Digimon with as many or more "
               "digivolution cards as this Digimon, it unsuspends. Then, all of your opponent's Security "
               "Digimon get -6000 DP for the turn.", "as_many_sources_as_this"),
    ("BT14-002", "[Your Turn] While your opponent has no Digimon with more digivolution cards than this "
                 "Digimon, this Digimon gains <Jamming>.", "more_sources_than_this"),
])
def test_no_digimon_with_more_sources_than_this(number: str, text: str, kind: str) -> None:
    """Strictly more (BT14-029, BT14-002) versus as many or more (LM-040): none of the opponent's Digimon."""
    compiled = _effect(number, text)
    (c,) = compiled.conditions
    assert (c.kind, c.negated) == (kind, True)
    assert c.selector is not None and (c.selector.owner, c.selector.kind) == ("opponent", "Digimon")
    assert compiled.actions_compiled
    if number == "LM-040":
        assert c.governs == [0]  # 'Then, …' applies either way


def test_a_digimon_with_digivolution_cards_in_play() -> None:
    """BT9-095 Gaia Force ZERO: a card named [X Antibody] (the Option BT9-109) under one of your Digimon;
    BT12-103 Home Run Blast: one of your Digimon with 4 or more digivolution cards, for the 'Then' part."""
    compiled = _effect("BT9-095", "When you would use this card, if you have a Digimon with [X Antibody] in "
                                  "its digivolution cards in play, reduce the memory cost of this card by 2.")
    (c,) = compiled.conditions
    assert (c.kind, c.amount) == ("digimon_sources_include", 1) and compiled.actions_compiled
    assert c.selector is not None and (c.selector.zone, c.selector.name) == ("sources", "X Antibody")
    compiled = _effect("BT12-103", "[Main] 1 of your opponent's Digimon gets -4000 DP for the turn. Then, if "
                                   "you have a Digimon with 4 or more digivolution cards in play, 1 of your "
                                   "opponent's Digimon gains <Security Attack -1> for the turn.")
    (c,) = compiled.conditions
    assert (c.kind, c.amount, c.selector, c.governs) == ("digimon_sources_include", 4, None, [1])
    assert compiled.actions_compiled
