"""Counter timing, keyword primitives and delayed processing beyond what the golden files show."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from kg.solver.board import Board
from kg.solver.decisions import Decider
from kg.solver.engine import Engine
from kg.solver.handlers.keywords_cr16 import would_leave
from kg.solver.record import Recorder
from kg.solver.rules_index import solver_index
from kg.solver.simulate import initial_state, load_scenario, prepare, simulate

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def golden(name: str, **changes: Any) -> dict[str, Any]:
    """A golden file as data, without its expectations, with top-level keys replaced."""
    data = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    data.pop("expect")
    data.update(changes)
    return data


def run(store: Any, data: dict[str, Any]) -> dict[str, Any]:
    return simulate(store, load_scenario(data))


def test_graph_says_which_keywords_are_optional_and_what_counter_step_allows(bundled_store: Any) -> None:
    index = solver_index(bundled_store)
    assert index.keywords["Raid"].optional and index.keywords["Evade"].optional
    assert not index.keywords["Fortitude"].optional  # CR 16-27-3: mandatory
    assert index.keywords["Fortitude"].requires == ("subject_had_sources",)
    assert index.step("counter").timings == ("Counter",)  # type: ignore[union-attr]
    assert {"this_survives", "this_unsuspended"} <= index.rechecked
    assert index.points["EndOfTurnPoint"] == "end_of_turn"


def test_counter_effect_cites_the_counter_timing(bundled_store: Any) -> None:
    report = run(bundled_store, golden("counter-blast-digivolve"))
    assert {"CR 11-3", "CR 15-16-14", "CR 16-26"} <= set(report["effects"][0]["cites"])


def test_counter_default_is_none_and_the_attacker_wins(bundled_store: Any) -> None:
    report = run(bundled_store, golden("counter-blast-digivolve", decisions={}))
    assert report["deleted"] == ["rook"]
    assert report["final"]["B"]["hand"] == ["T-VALK"]
    counter = next(d for d in report["decisions"] if d["kind"] == "counter")
    assert counter["chosen"] == "none" and counter["by"] == "default"


def test_counter_decision_without_a_counter_effect_is_unused(bundled_store: Any) -> None:
    data = golden("counter-blast-digivolve")
    data["players"]["B"]["hand"] = []
    report = run(bundled_store, data)
    assert report["deleted"] == ["rook"]
    unused = {"kind": "counter", "chosen": "B/T-VALK/Counter", "by": "file", "used": False}
    assert unused in report["decisions"]


def test_blast_digivolve_needs_a_digimon_one_level_lower(bundled_store: Any) -> None:
    data = golden("counter-blast-digivolve")
    data["cards"]["T-ROOK"]["level"] = 4
    report = run(bundled_store, data)
    assert report["deleted"] == ["rook"]
    assert report["final"]["B"]["hand"] == ["T-VALK"]


def test_raid_ties_are_chosen_and_raid_may_be_declined(bundled_store: Any) -> None:
    data = golden("keyword-raid")
    data["cards"]["T-6000"]["dp"] = 7000
    report = run(bundled_store, {**data, "decisions": {"targets": {"raider/T-RAIDER/Raid": ["mid"]}}})
    assert report["deleted"] == ["mid"]
    tie = next(d for d in report["decisions"] if d["kind"] == "targets")
    assert tie["options"] == ["mid", "big"] and tie["by"] == "file"
    declined = run(bundled_store, {**data, "decisions": {"optional": {"raider/T-RAIDER/Raid": False}}})
    assert declined["deleted"] == ["small"]
    assert declined["effects"][0]["status"] == "declined"


def test_alliance_without_another_digimon_does_nothing(bundled_store: Any) -> None:
    data = golden("keyword-alliance")
    data["players"]["A"]["battle_area"].pop()
    report = run(bundled_store, data)
    assert report["security_checks"]["A"] == 1
    assert report["deleted"] == ["leader"]  # 5000 DP loses to the 7000 DP Security Digimon


def test_fortitude_needs_digivolution_cards(bundled_store: Any) -> None:
    data = golden("keyword-fortitude")
    data["players"]["B"]["battle_area"][0]["stack"] = ["T-FORT"]
    report = run(bundled_store, data)
    labels = {e["label"]: e["status"] for e in report["effects"]}
    assert "fort/T-FORT/Fortitude" not in labels
    assert labels["fort/T-FORT/OnDeletion"] == "activated"
    assert report["final"]["B"]["battle_area"] == []


def test_end_of_turn_order_matters_both_ways(bundled_store: Any) -> None:
    result = simulate(bundled_store, load_scenario(golden("end-of-turn-order")), all_orders=True)
    statuses = {tuple(e["status"] for e in b["report"]["effects"]
                      if e["label"] == "tamer/T-END/EndOfYourTurn") for b in result["branches"]}
    assert statuses == {("activated",), ("fizzled",)}
    assert all(b["report"]["memory"] == -6 for b in result["branches"])


def test_delayed_processing_is_one_batch_with_end_of_turn_triggers(bundled_store: Any) -> None:
    report = run(bundled_store, golden("end-of-turn-order"))
    last = report["batches"][-1]
    assert set(last["effects"]) == {"mg/BT1-021/WhenAttacking", "tamer/T-END/EndOfYourTurn"}
    pending = next(e for e in report["effects"] if e["kind"] == "pending")
    assert {"CR 18-1", "Q882", "Q5533"} <= set(pending["cites"])


def test_zero_dp_attacker_cites_the_ruling(bundled_store: Any) -> None:
    report = run(bundled_store, golden("rules-zero-dp-attacker"))
    fizzled = report["effects"][0]
    assert fizzled["status"] == "fizzled" and "CR 15-4-4-3" in fizzled["cites"]
    assert any("Q5452" in s["cites"] for s in report["steps"] if s["text"].startswith("rule check"))


def test_prevented_deletion_answers_may(bundled_store: Any) -> None:
    data = golden("keyword-evade", decisions={"optional": {"evader/T-EVADE/Evade": False}})
    report = run(bundled_store, data)
    assert report["deleted"] == ["evader"]
    assert {e["label"]: e["status"] for e in report["effects"]}["evader/T-EVADE/OnDeletion"] == "activated"


def test_digi_burst_may_be_declined_and_then_nothing_is_trashed(bundled_store: Any) -> None:
    """CR 16-14-2: the processing of <Digi-Burst> is optional."""
    data = golden("keyword-digi-burst", decisions={"optional": {"burst/T-BURST/WhenDigivolving": False}})
    report = run(bundled_store, data)
    assert report["effects"][0]["status"] == "declined"
    assert report["deleted"] == []
    assert report["final"]["A"]["battle_area"][0]["stack"] == ["T-ROOKIE", "T-CHAMP", "T-BURST"]


def test_blitz_needs_opponent_memory_and_a_digimon_that_may_attack(bundled_store: Any) -> None:
    """CR 16-16-3/16-16-5: no attack at 0 memory on the opponent's side; CR 1-3-1: no attack in
    the turn it was played (no <Rush>); a declined <Blitz> does not attack (CR 16-16-3)."""
    report = run(bundled_store, golden("keyword-blitz", memory=3))
    assert report["memory"] == 0 and report["security_checks"]["A"] == 0
    assert any("the opponent has no memory" in line for line in report["log"])
    data = golden("keyword-blitz")
    data["players"]["A"]["battle_area"][0]["played_this_turn"] = True
    fresh = run(bundled_store, data)
    assert fresh["security_checks"]["A"] == 0
    assert any("has no <Rush>" in line for line in fresh["log"])
    declined = run(bundled_store, golden("keyword-blitz", decisions={
        "optional": {"blitzer/T-BLITZ/WhenDigivolving": False}}))
    assert declined["security_checks"]["A"] == 0 and declined["effects"][0]["status"] == "declined"


def test_decoy_protects_only_its_specified_digimon(bundled_store: Any) -> None:
    """CR 16-3, 16-18-1: <Decoy (Black)> answers only for another of your black Digimon."""
    data = golden("keyword-decoy")
    data["cards"]["T-VIP"]["colors"] = ["Red"]
    report = run(bundled_store, data)
    assert report["deleted"] == ["vip"]
    assert "decoy/T-DECOY/Decoy" not in {e["label"] for e in report["effects"]}
    assert report["final"]["B"]["battle_area"][0]["id"] == "decoy"


def test_fragment_needs_its_number_of_digivolution_cards(bundled_store: Any) -> None:
    """CR 16-37-1: with fewer than N digivolution cards <Fragment (N)> can't prevent the deletion."""
    data = golden("keyword-fragment")
    data["players"]["B"]["battle_area"][0]["stack"] = ["T-ONE", "T-FRAG"]
    report = run(bundled_store, data)
    assert report["deleted"] == ["frag"]
    assert report["final"]["B"]["trash"] == ["T-ONE", "T-FRAG"]


def test_scapegoat_does_not_answer_its_owners_own_effect(bundled_store: Any) -> None:
    """CR 16-32-2: only a deletion other than by one of your effects triggers <Scapegoat>."""
    data = golden("keyword-scapegoat")
    data["players"]["A"]["hand"] = []
    data["players"]["B"]["hand"] = ["T-KILL"]
    data["cards"]["T-KILL"]["effect"] = "[Main] Delete 1 of your Digimon."
    report = run(bundled_store, {**data, "turn_player": "B"})
    assert report["deleted"] == ["boss"]
    assert "boss/T-GOAT/Scapegoat" not in {e["label"] for e in report["effects"]}


def test_overclock_attacks_though_suspended_and_needs_a_specified_digimon(bundled_store: Any) -> None:
    """CR 16-34-1, Q3185: it attacks without suspending, so a suspended one attacks too; without
    another specified Digimon to delete there is no attack (CR 16-34-3)."""
    data = golden("keyword-overclock")
    data["players"]["A"]["battle_area"][0]["suspended"] = True
    assert run(bundled_store, data)["security_checks"]["A"] == 1
    data["players"]["A"]["battle_area"].pop()  # only the [Dragon] Digimon is left
    report = run(bundled_store, data)
    assert report["security_checks"]["A"] == 0 and report["deleted"] == []


def test_end_of_turn_attacks_follow_their_keyword(bundled_store: Any) -> None:
    """<Vortex> attacks only Digimon (Q5920); <Engage> can't attack in the turn it was played
    (no <Rush>, CR 16-44-1); <Execute> may be declined and then nothing is deleted (CR 16-38-3)."""
    data = golden("keyword-vortex")
    data["players"]["B"]["battle_area"] = []
    report = run(bundled_store, data)
    assert report["security_checks"]["A"] == 0
    assert any("there is nothing it may attack" in line for line in report["log"])
    data = golden("keyword-engage")
    data["players"]["A"]["battle_area"][0]["played_this_turn"] = True
    assert run(bundled_store, data)["security_checks"]["A"] == 0
    no = {"optional": {"exec/T-EXEC/Execute": False}}
    declined = run(bundled_store, golden("keyword-execute", decisions=no))
    assert declined["deleted"] == [] and declined["final"]["A"]["battle_area"][0]["id"] == "exec"


def test_iceclad_tie_loses_both_and_security_digimon_compare_dp(bundled_store: Any) -> None:
    """CR 16-35-4-3: the same number of digivolution cards loses both; CR 16-35-1: not against
    Security Digimon."""
    data = golden("keyword-iceclad")
    data["players"]["B"]["battle_area"][0]["stack"] = ["T-BASE", "T-BASE", "T-BIG"]
    assert run(bundled_store, data)["deleted"] == ["ice", "big"]
    data = golden("keyword-iceclad", actions=[{"attack": {"attacker": "ice", "target": "player"}}])
    data["players"]["B"]["security"] = ["T-BIG"]
    assert run(bundled_store, data)["deleted"] == ["ice"]  # 5000 DP against 13000 DP


def test_collision_lets_the_opponent_choose_which_blocks(bundled_store: Any) -> None:
    """CR 16-30-1: every opposing Digimon gains <Blocker>; the opponent chooses the one that blocks."""
    data = golden("keyword-collision", decisions={"block": "wall2"})
    data["players"]["B"]["battle_area"].append({"id": "wall2", "stack": ["T-WALL"]})
    report = run(bundled_store, data)
    assert report["deleted"] == ["wall2"]


def test_decode_and_partition_need_their_specified_cards(bundled_store: Any) -> None:
    """CR 16-36-1: only a specified card is played; CR 16-29-4: <Partition> plays all or none."""
    data = golden("keyword-decode")
    data["players"]["B"]["battle_area"][0]["stack"] = ["T-GREEN4", "T-DECODE"]
    assert run(bundled_store, data)["final"]["B"]["battle_area"] == []
    data = golden("keyword-partition")
    data["players"]["B"]["battle_area"][0]["stack"] = ["T-RED3", "T-RED4", "T-PART"]
    report = run(bundled_store, data)
    assert report["final"]["B"]["battle_area"] == []
    assert report["final"]["B"]["trash"] == ["T-RED3", "T-RED4", "T-PART"]


def test_mind_link_skips_a_digimon_with_a_tamer_among_its_digivolution_cards(bundled_store: Any) -> None:
    """CR 16-28-1: only a Digimon with no Tamer card among its digivolution cards."""
    data = golden("keyword-mind-link")
    data["players"]["A"]["battle_area"][1]["stack"] = ["T-TAMER", "T-SOC"]
    report = run(bundled_store, data)
    assert report["final"]["A"]["battle_area"][2]["id"] == "tamer"
    assert any("no specified Digimon without a Tamer" in line for line in report["log"])


def test_detach_needs_a_specified_link_card(bundled_store: Any) -> None:
    """CR 16-46-1: only a link card of the specified trait can be trashed for <Detach>."""
    data = golden("keyword-detach")
    data["players"]["B"]["battle_area"][0]["links"] = ["T-PLAIN"]
    report = run(bundled_store, data)
    assert report["deleted"] == ["det"]
    assert sorted(report["final"]["B"]["trash"]) == ["T-DETACH", "T-PLAIN"]


def test_digisorption_may_suspend_the_digimon_that_digivolves_or_be_declined(bundled_store: Any) -> None:
    """CR 16-10-5: the Digimon that will digivolve may be the one suspended; CR 16-10-3: optional."""
    report = run(bundled_store, golden("keyword-digisorption", decisions={}))
    assert report["memory"] == 1 and report["final"]["A"]["battle_area"][0]["suspended"] is True
    no = {"optional": {"A/T-SORB/Digisorption": False}}
    declined = run(bundled_store, golden("keyword-digisorption", decisions=no))
    assert declined["memory"] == -2 and declined["effects"][0]["status"] == "declined"


def test_decode_reads_a_parameter_with_alternatives(bundled_store: Any) -> None:
    """CR 16-3: 'Lv.4 or lower w/[Agumon]/[Greymon] in name or w/[VB] trait' — the level holds for
    both alternatives (text shape of EX12-016)."""
    data = golden("keyword-decode")
    data["cards"]["T-DECODE"]["effect"] = (
        "<Decode (Lv.4 or lower w/[Agumon]/[Greymon] in name or w/[VB] trait)> (When this Digimon would "
        "leave the battle area other than in battles, you may play 1 such card from its digivolution cards "
        "without paying the cost.)")
    data["cards"]["T-GREEN4"]["traits"] = ["VB"]
    data["cards"]["T-BLUE4"] = {"name": "Greymon X (test card)", "level": 5, "dp": 7000}
    report = run(bundled_store, data)
    assert report["final"]["B"]["battle_area"][0]["stack"] == ["T-GREEN4"]  # the level 5 Greymon is not


def engine_of(store: Any, data: dict[str, Any]) -> Engine:
    """An engine on the scenario's starting board, nothing done yet."""
    prepared = prepare(store, load_scenario(data))
    return Engine(initial_state(prepared.scenario), Board(prepared.cards, prepared.index), prepared.index,
                  Decider(prepared.scenario.decisions), Recorder())


def test_would_leave_lets_guard_and_decode_answer_a_return(bundled_store: Any) -> None:
    """CR 16-45-1, 16-36-1: a Digimon about to be returned by an opponent's effect is answered by
    <Guard> (it doesn't leave) and by <Decode> (it plays a specified card, then leaves)."""
    e = engine_of(bundled_store, golden("keyword-guard"))
    vip = e.state.by_alias("vip")
    assert vip is not None and would_leave(e, vip, cause="effect", by="A")
    assert e.state.by_alias("guard") is None and e.state.by_alias("vip") is not None
    e = engine_of(bundled_store, golden("keyword-decode"))
    code = e.state.by_alias("code")
    assert code is not None and not would_leave(e, code, cause="effect", by="A")
    assert [s.cards for s in e.state.players["B"].battle_area] == [["T-GREEN4", "T-DECODE"], ["T-BLUE4"]]


def test_succession_takes_the_topmost_specified_digivolution_card(bundled_store: Any) -> None:
    """CR 16-47-1: with two [Ceresmon] under it, the upper one's effects are gained; with none,
    nothing is."""
    data = golden("keyword-succession")
    data["cards"]["T-OTHER"]["name"] = "Ceresmon"
    assert run(bundled_store, data)["memory"] == 2
    data = golden("keyword-succession")
    data["cards"]["T-CERES"]["name"] = "Not Ceresmon"
    report = run(bundled_store, data)
    assert report["memory"] == 0 and report["effects"] == []
