"""The listener index (kg/solver/listeners.py): the engine looks only at the stacks holding a card
that could trigger on an event, and looks at every stack when a card could grant effects."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.events import Event
from kg.solver.listeners import gives_effects
from tests.solver.test_keywords import engine_of


def _board(attacker_effect: str, bystander_effect: str = "") -> dict[str, Any]:
    cards: dict[str, Any] = {
        "T-ATK": {"name": "Attacker", "level": 4, "dp": 6000, "effect": attacker_effect},
        "T-BY": {"name": "Bystander", "level": 3, "dp": 3000, "effect": bystander_effect},
        "T-TGT": {"name": "Target", "level": 3, "dp": 2000},
    }
    return {"scenario": 1, "id": "listeners", "cards": cards,
            "players": {"A": {"battle_area": [{"id": "atk", "stack": ["T-ATK"]},
                                              {"id": "by", "stack": ["T-BY"]}], "deck": 5},
                        "B": {"battle_area": [{"id": "tgt", "stack": ["T-TGT"], "suspended": True}],
                              "security": 2}},
            "actions": [{"attack": {"attacker": "atk", "target": "tgt"}}]}


def _attack_event(e: Any) -> Event:
    atk, tgt = e.state.by_alias("atk"), e.state.by_alias("tgt")
    return Event("AttackDeclared", e.snap(atk), e.snap(tgt))


def test_only_the_cards_that_listen_are_looked_at(bundled_store: Any) -> None:
    e = engine_of(bundled_store, _board("[When Attacking] Gain 1 memory."))
    assert e.listening([_attack_event(e)]) == {"T-ATK"}
    assert e.listening([Event("Deleted")]) == frozenset()
    found = e.collect([_attack_event(e)])
    assert [p.label for p in found] == ["atk/T-ATK/WhenAttacking"]
    assert e.collect([Event("Deleted")]) == []  # nobody listens: nothing triggers


def test_a_card_that_grants_effects_makes_every_card_a_listener(bundled_store: Any) -> None:
    """'Your Digimon gain <Piercing>': the gained effect belongs to whichever Digimon it reaches,
    so the index cannot say in advance which cards listen (CR 15-13)."""
    grant = "[Your Turn] All of your Digimon gain <Piercing>."
    e = engine_of(bundled_store, _board("", bystander_effect=grant))
    assert [gives_effects(r) for r in e.board.cards["T-BY"].effects] == [True]
    assert e.listening([_attack_event(e)]) is None


def test_an_event_the_graph_does_not_define_is_refused(bundled_store: Any) -> None:
    e = engine_of(bundled_store, _board("[When Attacking] Gain 1 memory."))
    with pytest.raises(KeyError, match="no dcg:GameEvent"):
        e.collect([Event("NoSuchEvent")])
