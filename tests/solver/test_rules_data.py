"""Rules are data: the solver's index comes from the graph, and Turtle alone can add to it."""

from __future__ import annotations

from typing import Any

from kg.solver.rules_index import compile_index, solver_index
from kg.solver.simulate import load_scenario, simulate, trigger_batches
from tests.solver.helpers import digimon, effect, kw, ontology_store

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
    assert index.situation("prevented_deletion") == ["CR 15-8-5", "Q2311"]


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


# ---------------------------------------------------------------- ordering, usage limits, step events as data
def _on_deletion_pair() -> dict[str, Any]:
    """A's and B's Digimon both have [On Deletion] 'trash the top security card'; both die in battle."""
    gone = {"card": "", "text": "[On Deletion] Trash the top card of your opponent's security stack.",
            "timings": ["OnDeletion"], "label_tag": "OnDeletion",
            "compiled": {"trigger": {"event": "Deleted"},
                         "actions": [{"verb": "trash_security", "amount": 1}]}}
    return duel([gone], [gone], dp=6000)


def _order(report: dict[str, Any]) -> list[str]:
    return [e["label"] for e in report["effects"]]


def test_an_ordering_rule_added_in_turtle_alone_is_followed() -> None:
    plain = simulate(ontology_store(), load_scenario(_on_deletion_pair()))
    assert _order(plain) == ["att/T-ATT/OnDeletion", "def/T-DEF/OnDeletion"]  # turn player first
    opponent_first = PREFIXES + """
    dcg:OpponentFirstForTest a dcg:OrderingRule ; rdfs:label "the non-turn player first (test)" ;
        dcg:rank -1 ; dcg:roleOf "opponent_first" ; dcg:ordersBy "turn_player" ; dcg:prefers false ;
        dcg:ruleSection rule:99-5 ; skos:definition "A test rule reversing CR 15-4-3-5." ."""
    report = simulate(ontology_store(opponent_first), load_scenario(_on_deletion_pair()))
    assert _order(report) == ["def/T-DEF/OnDeletion", "att/T-ATT/OnDeletion"]
    assert "CR 99-5" in report["effects"][0]["cites"]


def _thrice(tags: list[str]) -> dict[str, Any]:
    gain = {"card": "", "text": "[Your Turn] When one of your Digimon is played, gain 1 memory.",
            "timings": ["YourTurn"], "tags": tags, "label_tag": "YourTurn",
            "compiled": {"trigger": {"event": "CardPlayed", "this_role": "AnyRole",
                                     "requires": ["SubjectIsOwn"]},
                         "actions": [{"verb": "gain_memory", "amount": 1}]}}
    data = duel([gain], [])
    data["cards"]["T-D"] = digimon("Small", 1000, cost=0)
    data["players"]["A"]["hand"] = ["T-D"] * 4
    data["actions"] = [{"play": {"card": "T-D"}}] * 4
    return data


def test_a_usage_limit_added_in_turtle_alone_is_followed() -> None:
    thrice = PREFIXES + """
    dcg:ThricePerTurn a dcg:UsageLimit ; rdfs:label "[Thrice Per Turn]" ; dcg:labelTag "ThricePerTurn" ;
        dcg:roleOf "per_turn" ; dcg:amount 3 ; dcg:ruleSection rule:15-14-1 ;
        skos:definition "A test limit: at most three times per turn." ."""
    report = simulate(ontology_store(thrice), load_scenario(_thrice(["ThricePerTurn"])))
    statuses = [e["status"] for e in report["effects"]]
    assert statuses == ["activated", "activated", "activated", "fizzled"] and report["memory"] == 3
    once = simulate(ontology_store(), load_scenario(_thrice(["OncePerTurn"])))
    assert [e["status"] for e in once["effects"]] == ["activated", "fizzled", "fizzled", "fizzled"]


def test_a_step_event_added_in_turtle_alone_is_emitted_at_that_step() -> None:
    counter_event = PREFIXES + """
    dcg:CounterTimingBegan a dcg:GameEvent ; rdfs:label "counter timing began" ; dcg:roleOf "counter_began" ;
        skos:definition "A test event: the counter timing of an attack begins." .
    dcg:CounterTimingStep dcg:emits dcg:CounterTimingBegan .
    dcg:AtCounter a dcg:Timing ; rdfs:label "[At Counter]" ; dcg:labelTag "AtCounter" ;
        dcg:printedAs "At Counter" ;
        dcg:category dcg:TriggerType ; dcg:triggeredBy dcg:CounterTimingBegan ; dcg:thisRole dcg:SubjectRole ;
        dcg:liveIn dcg:AnyTurn ; dcg:ruleSection rule:99-6 ; skos:definition "A test timing." ."""
    at_counter = {"card": "", "text": "[At Counter] Gain 1 memory.", "timings": ["AtCounter"],
                  "label_tag": "AtCounter", "compiled": {"actions": [{"verb": "gain_memory", "amount": 1}]}}
    report = simulate(ontology_store(counter_event), load_scenario(duel([at_counter], [])))
    assert _order(report) == ["att/T-ATT/AtCounter"] and report["memory"] == 1
    lines = report["log"]
    counter = next(i for i, line in enumerate(lines) if line.startswith("att/T-ATT/AtCounter: activated"))
    assert lines.index(next(x for x in lines if x.startswith("attack declared"))) < counter
    assert counter < lines.index(next(x for x in lines if x.startswith("battle:")))
    assert simulate(ontology_store(), load_scenario(duel([at_counter], [])))["memory"] == 0


def test_durations_and_turn_phases_come_from_the_graph(bundled_store) -> None:
    index = solver_index(bundled_store)
    assert [p.code for p in index.turn_phases] == ["end_of_turn", "unsuspend", "draw", "breeding", "main"]
    assert index.turn_phases[0].emits == ("TurnEnding",)
    assert set(index.turn_phases[0].points) == {"end_of_turn", "end_of_opponents_turn", "end_of_your_turn"}
    next_turn = index.durations["until_end_of_your_next_turn"]
    assert next_turn.whose == "owner" and next_turn.from_next_turn
    assert index.durations["permanent"].whose is None
    assert index.usage_limits["TwicePerTurn"].amount == 2
    assert index.step("declaration").emits == ("AttackDeclared",)  # type: ignore[union-attr]
    assert index.step("block").emits == ()  # Blocked happens only if a block does (dcg:mayEmit)


def test_durations_end_with_the_turn_the_graph_names(bundled_store) -> None:
    from types import SimpleNamespace

    from kg.solver.handlers.limits import ends_with_a_turn
    from kg.solver.state import Player, State

    index = solver_index(bundled_store)

    def ends(code: str, turn_player: str) -> int | None:
        state = State(players={"A": Player(), "B": Player()}, turn_player=turn_player, turn=5)
        return ends_with_a_turn(SimpleNamespace(state=state), "A", index.durations[code])  # type: ignore[arg-type]

    # in A's own turn (5) and in B's turn (5), for an effect of A
    assert (ends("this_turn", "A"), ends("this_turn", "B")) == (5, 5)
    assert (ends("until_end_of_opponents_turn", "A"), ends("until_end_of_opponents_turn", "B")) == (6, 5)
    next_turn = "until_end_of_opponents_next_turn"
    assert (ends(next_turn, "A"), ends(next_turn, "B")) == (6, 5)  # in B's turn: that turn (Q733, Q1420)
    assert (ends("until_end_of_your_turn", "A"), ends("until_end_of_your_turn", "B")) == (5, 6)
    assert (ends("until_end_of_your_next_turn", "A"), ends("until_end_of_your_next_turn", "B")) == (7, 6)


ARRIVAL = PREFIXES + """
dcg:Arrival a dcg:Timing ; rdfs:label "[Arrival]" ; dcg:labelTag "Arrival" ; dcg:printedAs "Arrival" ;
    dcg:category dcg:TriggerType ; dcg:triggeredBy dcg:PlayedOrDigivolved ; dcg:thisRole dcg:SubjectRole ;
    dcg:liveIn dcg:AnyTurn ; dcg:ruleSection rule:99-7 ;
    skos:definition "A test timing: triggers when this card is played or digivolved into (dcg:happensAs)." .
"""


def _arrival(barred: bool) -> dict[str, Any]:
    """A plays a caller whose [On Play] plays a Digimon from the trash; that Digimon's [Arrival] (its
    timing triggered by an event that happens as CardPlayed does) gains 2 memory; ``barred``: the
    caller's effect also says its [Arrival] effects don't activate."""
    play = {"verb": "play_card", "free": True, "selector": {"owner": "self", "zone": "trash", "max_level": 3}}
    bar = {"verb": "cant_activate", "timing": "Arrival", "duration": "this_turn", "same_targets": True,
           "selector": {"owner": "self", "count": None}}
    caller = effect(["OnPlay"], [play, *([bar] if barred else [])], trigger={"event": "CardPlayed"})
    gain = {"verb": "gain_memory", "amount": 2}
    arrival = effect(["Arrival"], [gain], trigger={"event": "PlayedOrDigivolved"})
    return {"scenario": 1, "id": "barred-arrival", "source": "test", "memory": 3,
            "cards": {"T-CALL": digimon("Caller", 3000, level=3, effects=[caller], cost=3),
                      "T-ARR": digimon("Arriver", 3000, level=3, effects=[arrival], cost=3)},
            "players": {"A": {"hand": ["T-CALL"], "trash": ["T-ARR"], "security": 2}},
            "actions": [{"play": {"card": "T-CALL"}}]}


def test_a_barred_timing_reads_its_events_as_trigger_matching_does() -> None:
    """A "can't activate [X] effects" bars an effect that [X] triggered by an event that happens as
    others do (dcg:happensAs): the fizzle check expands the timing's events as the trigger match
    does (RulesIndex.timing_events), so a barred [Arrival] on being played doesn't activate."""
    store = ontology_store(ARRIVAL)
    free = simulate(store, load_scenario(_arrival(barred=False)))
    assert free["memory"] == 2  # 3 - 3 + 2: [Arrival] triggered by the play
    report = simulate(store, load_scenario(_arrival(barred=True)))
    entry = next(e for e in report["effects"] if e["label"].endswith("/T-ARR/Arrival"))
    assert entry["status"] == "fizzled", entry
    assert report["memory"] == 0 and report["unsupported"] == []
