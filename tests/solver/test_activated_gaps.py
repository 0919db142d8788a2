"""An effect that activates another effect of its card ('[Security] Activate this card's [Main] effect')
carries that effect out within it (CR 15-15-7-1): what the engine cannot do in the activated effect makes
the activating one unsupported as a whole, before any of it is done (kg.solver.support.activated_gaps)."""

from __future__ import annotations

from typing import Any

from kg.solver.simulate import load_scenario, simulate
from tests.solver.helpers import ontology_store


def _checked(number: str, card: dict[str, Any]) -> dict[str, Any]:
    """A attacks B, whose only security card is ``number``."""
    return {"scenario": 1, "id": "activated-gaps", "source": "card text", "memory": 3,
            "cards": {number: card,
                      "T-A1": {"name": "A1", "kind": "Digimon", "level": 5, "dp": 7000, "play_cost": 5},
                      "T-B1": {"name": "B1", "kind": "Digimon", "level": 3, "dp": 3000, "play_cost": 3}},
            "players": {"A": {"battle_area": [{"id": "a1", "stack": ["T-A1"]}]},
                        "B": {"security": [number], "battle_area": [{"id": "b1", "stack": ["T-B1"]}]}},
            "actions": [{"attack": {"attacker": "a1", "target": "player"}}]}


def test_security_activating_a_main_the_engine_cannot_do_is_unsupported() -> None:
    """An Option whose [Main] ('Return 1 of your opponent's Digimon to its owner's deck': which end is not
    said, BT10-098) is not read: its [Security] 'Activate this card's [Main] effect' is listed unsupported
    as a whole, and nothing is done. (BT1-111 Giga Blaster's [Main] was this test's card until it was read,
    ingest/compiler/either_phrases.py.)"""
    card = {"name": "Unread Main (test card)", "kind": "Option", "play_cost": 3, "colors": ["Green"],
            "effect": "[Main] Return 1 of your opponent's Digimon to its owner's deck.",
            "security": "[Security] Activate this card's [Main] effect."}
    report = simulate(ontology_store(), load_scenario(_checked("T-UNREAD", card)))
    assert [(e["label"], e["status"]) for e in report["effects"]] == [("B/T-UNREAD/Security", "unsupported")]
    assert [u["label"] for u in report["unsupported"]] == ["B/T-UNREAD/Security"]
    assert report["deleted"] == []


def test_security_activating_a_main_it_can_do_is_carried_out() -> None:
    """BT5-099 Spiral Masquerade: its [Main] is carried out from the [Security] effect: B has 1 Digimon,
    so A's Digimon gets -3000 DP once (A's 7000 DP attacker: 4000)."""
    card = {"name": "Spiral Masquerade", "kind": "Option", "play_cost": 4, "colors": ["Yellow"],
            "effect": "[Main] For each Digimon you have in play, activate the effect below.・1 of your "
                      "opponent's Digimon gets -3000 DP for the turn.",
            "security": "[Security] Activate this card's [Main] effect."}
    report = simulate(ontology_store(), load_scenario(_checked("BT5-099", card)))
    assert report["unsupported"] == []
    assert report["final"]["A"]["battle_area"][0]["dp"] == 4000
