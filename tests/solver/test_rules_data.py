"""Rules are data: the solver's index comes from the graph, and Turtle alone can add to it."""

from __future__ import annotations

from typing import Any

from kg.solver.rules_index import compile_index, solver_index
from kg.solver.simulate import load_scenario, simulate, trigger_batches
from tests.solver.helpers import digimon, kw, ontology_store

PREFIXES = """
@prefix dcg:  <https://dcg-kg.org/ns#> .
@prefix rule: <https://dcg-kg.org/id/rule/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
"""
REVENGE = PREFIXES + """
dcg:Revenge a dcg:Keyword ; rdfs:label "<Revenge>" ; dcg:labelTag "Revenge" ; dcg:printedAs "Revenge" ;
    dcg:category dcg:TriggerType ; dcg:triggeredBy dcg:DeletedInBattle ; dcg:thisRole dcg:SubjectRole ;
    dcg:primitive dcg:DeleteBattled ; dcg:ruleSection rule:99-1 ;
    skos:definition "A test keyword: when this Digimon is deleted in battle, delete the one it battled." .
dcg:Watchful a dcg:Timing ; rdfs:label "[Watchful]" ; dcg:labelTag "Watchful" ; dcg:printedAs "Watchful" ;
    dcg:category dcg:TriggerType ; dcg:triggeredBy dcg:Blocked ; dcg:thisRole dcg:ObjectRole ;
    dcg:liveIn dcg:AnyTurn ;
    dcg:ruleSection rule:99-2 ; skos:definition "A test timing: triggers when this Digimon blocks." .
"""


def duel(attacker: list[dict[str, Any]], defender: list[dict[str, Any]], dp: int = 5000) -> dict[str, Any]:
    return {
        "scenario": 1, "id": "turtle-keyword", "source": "test",
        "cards": {"T-ATT": digimon("Attacker", 6000, effects=attacker),
                  "T-DEF": digimon("Defender", dp, effects=defender)},
        "players": {"A": {"battle_area": [{"id": "att", "stack": ["T-ATT"]}], "security": 2},
                    "B": {"battle_area": [{"id": "def", "stack": ["T-DEF"], "suspended": True}]}},
        "actions": [{"attack": {"attacker": "att", "target": "def"}}],
    }


def test_index_is_compiled_from_the_graph(bundled_store) -> None:
    index = solver_index(bundled_store)
    assert solver_index(bundled_store) is index  # cached per store
    piercing = index.keywords["Piercing"]
    assert piercing.events == {"DeletedInBattle"} and piercing.this_role == "object"
    assert piercing.primitive == "schedule_security_check" and piercing.point == "before_end_of_attack"
    assert "CR 16-7" in piercing.cites
    assert [r.code for r in index.ordering][:4] == [
        "immediate_first", "security_first", "newest_batch_first", "turn_player_first"]
    assert [s.code for s in index.attack_steps] == [
        "declaration", "counter", "block", "confirmation", "end_of_attack"]
    assert index.situation("prevented_deletion") == ["CR 15-8-5", "Q2311", "seed-piercing-example-1"]


def test_a_keyword_added_in_turtle_alone_is_used() -> None:
    store = ontology_store(REVENGE)
    assert "Revenge" in compile_index(store).keywords
    report = simulate(store, load_scenario(duel([], [kw("Revenge")])))
    assert report["deleted"] == ["def", "att"]
    entry = next(e for e in report["effects"] if e["label"] == "def/T-DEF/Revenge")
    assert entry["status"] == "activated" and "CR 99-1" in entry["cites"]


def test_without_the_turtle_the_keyword_does_nothing() -> None:
    report = simulate(ontology_store(), load_scenario(duel([], [kw("Revenge")])))
    assert report["deleted"] == ["def"]


def test_a_timing_added_in_turtle_alone_triggers() -> None:
    store = ontology_store(REVENGE)
    watch = {"card": "", "text": "[Watchful] Trash the top card of your opponent's security stack.",
             "timings": ["Watchful"], "label_tag": "Watchful",
             "compiled": {"actions": [{"verb": "trash_security", "amount": 1}]}}
    data = duel([], [])
    data["cards"]["T-BLK"] = digimon("Blocker", 9000, effects=[kw("Blocker"), {**watch, "index": 2}])
    data["players"]["B"]["battle_area"].append({"id": "blk", "stack": ["T-BLK"]})
    data["actions"] = [{"attack": {"attacker": "att", "target": "player"}}]
    data["decisions"] = {"block": "blk"}
    report = simulate(store, load_scenario(data))
    assert [e["label"] for e in report["effects"]] == ["blk/T-BLK/Watchful"]
    assert report["final"]["A"]["security"] == 1 and report["deleted"] == ["att"]


def test_trigger_batches_name_their_ordering_rules(bundled_store) -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scenarios" / "piercing-example-2.yaml"
    batches = trigger_batches(bundled_store, load_scenario(path))
    battle = next(b for b in batches if "zwart/BT5-112/OnDeletion" in b["effects"])
    assert battle["event"].startswith("Deleted")
    rules = {(c["rule"], c["before"], c["after"]) for c in battle["constraints"]}
    assert ("turn player first", "herc/ST4-13/Piercing", "zwart/BT5-112/OnDeletion") in rules
    assert any(c["rule"] == "pending processing waits for its point" for c in battle["constraints"])
    assert all(c["cites"] for c in battle["constraints"])


AMBUSH = PREFIXES + """
dcg:Ambush a dcg:Keyword ; rdfs:label "<Ambush>" ; dcg:labelTag "Ambush" ; dcg:printedAs "Ambush" ;
    dcg:category dcg:TriggerType ; dcg:triggeredBy dcg:AttackDeclared ; dcg:thisRole dcg:SubjectRole ;
    dcg:primitive dcg:SwitchTargetToHighestDP ; dcg:optionalProcessing true ; dcg:ruleSection rule:99-3 ;
    skos:definition "A test keyword: <Raid>'s primitive under another name." .
dcg:Counter dcg:activatedAt dcg:BlockTimingStep .
"""


def test_keyword_primitives_and_optional_processing_come_from_turtle() -> None:
    store = ontology_store(AMBUSH)
    index = compile_index(store)
    assert index.keywords["Ambush"].optional and index.keywords["Ambush"].primitive == "raid"
    assert index.step("block").timings == ("Counter",)  # type: ignore[union-attr]
    data = duel([kw("Ambush")], [])
    data["cards"]["T-BIG"] = digimon("Big", 5500)
    data["players"]["B"]["battle_area"].append({"id": "big", "stack": ["T-BIG"]})
    assert simulate(store, load_scenario(data))["deleted"] == ["big"]
    data["decisions"] = {"optional": {"att/T-ATT/Ambush": False}}
    assert simulate(store, load_scenario(data))["deleted"] == ["def"]


def test_security_at_once_and_level_floor_are_data(bundled_store) -> None:
    index = solver_index(bundled_store)
    assert [t.name for t in index.timings.values() if t.at_once] == ["Security"]
    assert index.keywords["DeDigivolve"].floor == 3
