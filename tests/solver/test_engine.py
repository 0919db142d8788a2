"""Unit tests of the state machine on hand-built effects (ontology-only graph, no cards)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kg.solver.simulate import load_scenario, simulate
from kg.solver.state import Player, Stack, State
from tests.solver.helpers import digimon, effect, kw, ontology_store

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
PREVENT = effect(["AllTurns"], [{"verb": "prevent", "optional": True}], category="ImmediateType",
                 trigger={"event": "WouldBeDeleted", "requires": ["ByOpponentsEffect"]})
ATTACK_X = [{"attack": {"attacker": "x", "target": "player"}}]
ON_DELETION = effect(["OnDeletion"], [{"verb": "trash_security", "amount": 1}], index=2)


@pytest.fixture(scope="module")
def store() -> Any:
    return ontology_store()


def game(cards: dict[str, Any], a: list[dict[str, Any]], b: list[dict[str, Any]],
         actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"scenario": 1, "id": "unit", "source": "unit test", "cards": cards,
            "players": {"A": {"battle_area": a, "security": 3, "hand": extra.pop("hand", [])},
                        "B": {"battle_area": b, "security": 3}},
            "actions": actions, **extra}


def test_state_clone_is_independent() -> None:
    state = State(players={"A": Player([Stack(1, "x", "A", ["C"])]), "B": Player()})
    copy = state.clone()
    copy.players["A"].battle_area[0].cards.append("D")
    assert state.players["A"].battle_area[0].cards == ["C"]
    assert state.fresh_alias("BT1-017") == "BT1-017" and state.fresh_alias("BT1-017") == "BT1-017#2"


def test_prevented_deletion_is_no_deletion(store: Any) -> None:
    cards = {"T-ATT": digimon("Killer", 9000, effects=[
                 effect(["WhenAttacking"], [{"verb": "delete", "selector": {"owner": "opponent"}}])]),
             "T-SAFE": digimon("Safe", 3000, effects=[PREVENT, ON_DELETION])}
    data = game(cards, [{"id": "att", "stack": ["T-ATT"]}], [{"id": "safe", "stack": ["T-SAFE"]}],
                [{"attack": {"attacker": "att", "target": "player"}}])
    report = simulate(store, load_scenario(data))
    assert report["deleted"] == []
    entries = {e["label"]: e for e in report["effects"]}
    assert set(entries) == {"att/T-ATT/WhenAttacking", "safe/T-SAFE/AllTurns"}  # no [On Deletion]
    assert "Q2311" in entries["safe/T-SAFE/AllTurns"]["cites"]
    assert entries["safe/T-SAFE/AllTurns"]["kind"] == "immediate"
    assert entries["att/T-ATT/WhenAttacking"]["status"] == "prevented"


def test_declined_optional_effect(store: Any) -> None:
    cards = {"T-ATT": digimon("Killer", 9000, effects=[
                 effect(["WhenAttacking"], [{"verb": "delete", "selector": {"owner": "opponent"}}])]),
             "T-SAFE": digimon("Safe", 3000, effects=[PREVENT, ON_DELETION])}
    data = game(cards, [{"id": "att", "stack": ["T-ATT"]}], [{"id": "safe", "stack": ["T-SAFE"]}],
                [{"attack": {"attacker": "att", "target": "player"}}],
                decisions={"optional": {"safe/T-SAFE/AllTurns": False}})
    report = simulate(store, load_scenario(data))
    assert report["deleted"] == ["safe"]
    statuses = {e["label"]: e["status"] for e in report["effects"]}
    assert statuses["safe/T-SAFE/AllTurns"] == "declined"
    assert statuses["safe/T-SAFE/OnDeletion"] == "activated"
    assert {"kind": "optional", "player": "B", "options": ["safe/T-SAFE/AllTurns"], "chosen": "no",
            "by": "file"} in report["decisions"]


def test_security_attack_sum_and_floor(store: Any) -> None:
    cards = {"T-PLUS": digimon("Plus", 6000, effects=[kw("SecurityA", 1), kw("SecurityA", 1, index=2)]),
             "T-MINUS": digimon("Minus", 6000, effects=[kw("SecurityA", -3)])}
    for card, checks in (("T-PLUS", 3), ("T-MINUS", 0)):
        data = game(cards, [{"id": "x", "stack": [card]}], [], ATTACK_X)
        assert simulate(store, load_scenario(data))["security_checks"]["A"] == checks


def test_direct_attack_on_empty_security_wins_only_with_a_check(store: Any) -> None:
    cards = {"T-X": digimon("X", 6000), "T-Z": digimon("Z", 6000, effects=[kw("SecurityA", -1)])}
    for card, winner in (("T-X", "A"), ("T-Z", None)):
        data = game(cards, [{"id": "x", "stack": [card]}], [], ATTACK_X)
        data["players"]["B"]["security"] = 0
        assert simulate(store, load_scenario(data))["winner"] == winner


def test_jamming_survives_a_security_digimon(store: Any) -> None:
    cards = {"T-J": digimon("Jammer", 2000, effects=[kw("Jamming")]), "T-BIG": digimon("Big", 9000)}
    attack = [{"attack": {"attacker": "j", "target": "player"}}]
    data = game(cards, [{"id": "j", "stack": ["T-J"]}], [], attack)
    data["players"]["B"]["security"] = ["T-BIG"]
    report = simulate(store, load_scenario(data))
    assert report["deleted"] == [] and report["final"]["B"]["trash"] == ["T-BIG"]


def test_end_of_turn_ends_this_turn_effects(store: Any) -> None:
    cards = {"T-OPT": {"kind": "Option", "play_cost": 0, "effects": [effect(
        ["Main"], [{"verb": "dp_modify", "amount": 2000, "duration": "this_turn",
                    "selector": {"owner": "self", "count": None}}], category="ActivationType")]},
             "T-X": digimon("X", 5000)}
    data = game(cards, [{"id": "x", "stack": ["T-X"]}], [], [{"use": {"card": "T-OPT"}}, {"end_turn": {}}],
                hand=["T-OPT"])
    data["players"]["B"]["deck"] = 3
    report = simulate(store, load_scenario(data))
    assert report["final"]["A"]["battle_area"][0]["dp"] == 5000
    assert any("its effect ends" in line for line in report["log"])
    assert report["memory"] == -3  # passing: the opponent has 3


def test_newer_batch_before_older_even_non_turn_player(bundled_store: Any) -> None:
    report = simulate(bundled_store, load_scenario(SCENARIOS / "rules-derived-batch-first.yaml"))
    batches = {e["label"]: e["batch"] for e in report["effects"]}
    assert batches["victim/TEST-OD/OnDeletion"] > batches["tamer/TEST-TAMER/YourTurn"]
    entry = next(e for e in report["effects"] if e["label"] == "victim/TEST-OD/OnDeletion")
    assert "CR 15-4-5" in entry["cites"]


ATTACK_ATT = [{"attack": {"attacker": "att", "target": "player"}}]
KILLER = {"T-ATT": digimon("Killer", 9000, effects=[
    effect(["WhenAttacking"], [{"verb": "delete", "selector": {"owner": "opponent"}}])])}


@pytest.mark.parametrize(("keyword", "stack", "suspended", "deleted", "left"), [
    ("Evade", ["T-K"], False, [], ["T-K"]),
    ("ArmorPurge", ["T-BASE", "T-K"], True, [], ["T-BASE"]),
])
def test_immediate_keywords_prevent(store: Any, keyword: str, stack: list[str], suspended: bool,
                                    deleted: list[str], left: list[str]) -> None:
    cards = {**KILLER, "T-K": digimon("Keyworded", 3000, effects=[kw(keyword)]),
             "T-BASE": digimon("Base", 1000)}
    data = game(cards, [{"id": "att", "stack": ["T-ATT"]}],
                [{"id": "k", "stack": stack, "suspended": suspended}], ATTACK_ATT)
    report = simulate(store, load_scenario(data))
    assert report["deleted"] == deleted
    assert report["final"]["B"]["battle_area"][0]["stack"] == left


def test_barrier_prevents_a_battle_deletion(store: Any) -> None:
    cards = {"T-ATT": digimon("Big", 9000), "T-B": digimon("Barrier", 3000, effects=[kw("Barrier")])}
    data = game(cards, [{"id": "att", "stack": ["T-ATT"]}],
                [{"id": "b", "stack": ["T-B"], "suspended": True}],
                [{"attack": {"attacker": "att", "target": "b"}}])
    report = simulate(store, load_scenario(data))
    assert report["deleted"] == [] and report["final"]["B"]["security"] == 2


def test_decoy_is_deleted_instead(store: Any) -> None:
    cards = {**KILLER, "T-D": digimon("Decoy", 3000, effects=[kw("Decoy")]),
             "T-P": digimon("Protected", 3000)}
    data = game(cards, [{"id": "att", "stack": ["T-ATT"]}],
                [{"id": "p", "stack": ["T-P"]}, {"id": "d", "stack": ["T-D"]}], ATTACK_ATT)
    report = simulate(store, load_scenario(data))
    assert report["deleted"] == ["d"]
    assert [s["id"] for s in report["final"]["B"]["battle_area"]] == ["p"]


def test_rule_check_after_an_effect_forms_a_newer_batch(store: Any) -> None:
    """A 0 DP deletion caused inside one effect triggers a batch that goes before the rest
    (CR 17-1, 15-4-5), not after the turn player's remaining effect."""
    shrink = effect(["WhenAttacking"], [{"verb": "dp_modify", "amount": -3000, "duration": "this_turn",
                                         "selector": {"owner": "opponent"}}])
    memory = effect(["WhenAttacking"], [{"verb": "gain_memory", "amount": 1}], index=2,
                    tag="WhenAttacking#2")
    cards = {"T-ATT": digimon("Shrinker", 9000, effects=[shrink, memory]),
             "T-V": digimon("Victim", 3000, effects=[ON_DELETION])}
    data = game(cards, [{"id": "att", "stack": ["T-ATT"]}], [{"id": "v", "stack": ["T-V"]}],
                ATTACK_ATT, decisions={"order": ["att/T-ATT/WhenAttacking"]})
    report = simulate(store, load_scenario(data))
    assert report["deleted"] == ["v"]
    assert [e["label"] for e in report["effects"]] == [
        "att/T-ATT/WhenAttacking", "v/T-V/OnDeletion", "att/T-ATT/WhenAttacking#2"]
