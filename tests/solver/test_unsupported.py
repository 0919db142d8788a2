"""Nothing is guessed: what the engine cannot carry out is listed in the report's ``unsupported``
(spec/scenario.md) and never changes the board. One test per kind, with crafted card texts the
effect compiler reads (or fails to read) as it would a real card."""

from __future__ import annotations

from typing import Any

import pytest

from ingest.effect_ir import Selector
from kg.solver.simulate import load_scenario, simulate
from tests.solver.helpers import ontology_store


@pytest.fixture(scope="module")
def store() -> Any:
    return ontology_store()


def card(text: str, *, dp: int = 3000, kind: str = "Digimon", cost: int = 3, **extra: Any) -> dict[str, Any]:
    return {"name": extra.pop("name", "Test"), "kind": kind, "level": 4, "dp": dp, "play_cost": cost,
            "effect": text, **extra}


#: 'reduce the cost' under a trigger that names no play or digivolution: the compiler leaves it
#: uncompiled, so an effect that says it anyway (compiled by hand) has a verb with no handler
NO_HANDLER = {"verb": "reduce_cost", "amount": 1, "span": "reduce the cost by 1"}
VICTIM = {"id": "victim", "stack": ["T-VICTIM"], "suspended": True}


def scenario(cards: dict[str, Any], actions: list[dict[str, Any]], *, a: list[Any] | None = None,
             b: list[Any] | None = None, hand: list[str] | None = None, **players: Any) -> dict[str, Any]:
    return {"scenario": 1, "id": "unsupported", "source": "crafted", "memory": 5,
            "cards": {"T-VICTIM": card("", dp=2000, name="Victim"), **cards},
            "players": {"A": {"battle_area": a or [], "hand": hand or [], "security": 3, "deck": 5,
                              **players.get("A", {})},
                        "B": {"battle_area": b or [VICTIM],
                              "security": 3, "deck": 5, **players.get("B", {})}},
            "actions": actions}


def run(store: Any, data: dict[str, Any]) -> dict[str, Any]:
    return simulate(store, load_scenario(data))


def parts(report: dict[str, Any]) -> set[tuple[str | None, str]]:
    return {(u["label"], u["part"]) for u in report["unsupported"]}


def test_an_action_with_no_handler_is_listed_and_not_carried_out(store: Any) -> None:
    actions = [NO_HANDLER, {"verb": "gain_memory", "amount": 2}]
    effect = {"card": "T-X", "text": "[On Play] Reduce the cost by 1. Gain 2 memory.", "timings": ["OnPlay"],
              "label_tag": "OnPlay", "compiled": {"trigger": {"event": "CardPlayed"}, "actions": actions}}
    data = scenario({"T-X": {**card(""), "effects": [effect]}, "T-AGU": card("", name="Agumon")},
                    [{"play": {"card": "T-X"}}], hand=["T-X", "T-AGU"])
    report = run(store, data)
    assert ("T-X/T-X/OnPlay", "action") in parts(report)
    entry = next(u for u in report["unsupported"] if u["label"] == "T-X/T-X/OnPlay")
    assert "reduce the cost" in entry["text"] and "names no play or digivolution" in entry["why"]
    assert report["memory"] == 2  # 5 - 3 to play it; the effect's memory gain was not carried out
    assert [s["stack"] for s in report["final"]["A"]["battle_area"]] == [["T-X"]]
    assert {e["label"]: e["status"] for e in report["effects"]} == {"T-X/T-X/OnPlay": "unsupported"}


def test_a_condition_that_cannot_be_evaluated_is_not_taken_as_met(store: Any) -> None:
    data = scenario({"T-X": card("[On Play] If it is your second turn or later, delete 1 of your "
                                 "opponent's Digimon.")}, [{"play": {"card": "T-X"}}], hand=["T-X"])
    report = run(store, data)
    assert ("T-X/T-X/OnPlay", "condition") in parts(report)
    assert report["deleted"] == [] and report["final"]["B"]["battle_area"][0]["id"] == "victim"


def test_a_cost_not_understood_is_listed_and_nothing_is_paid_or_done(store: Any) -> None:
    data = scenario({"T-OPT": card("[Main] By placing 1 card from your hand face down under 1 of your "
                                   "Tamers, delete 1 of your opponent's Digimon.", kind="Option", cost=1)},
                    [{"use": {"card": "T-OPT"}}], hand=["T-OPT"])
    report = run(store, data)
    assert ("A/T-OPT/Main", "cost") in parts(report)
    assert report["deleted"] == []


def test_a_trigger_not_understood_is_listed_whenever_it_might_trigger(store: Any) -> None:
    data = scenario({"T-W": card("[Your Turn] When this Digimon sings a song, gain 1 memory.")},
                    [{"attack": {"attacker": "w", "target": "victim"}}],
                    a=[{"id": "w", "stack": ["T-W"]}])
    report = run(store, data)
    assert ("w/T-W/YourTurn", "trigger") in parts(report)
    assert report["memory"] == 5


def test_a_trigger_not_understood_on_a_card_in_play_is_listed_even_if_no_event_follows(store: Any) -> None:
    # QA Q5324: the event such a trigger waits for may be one the engine never emits;
    # (no action here) the card never meets an event, so only the start-of-run check says it
    data = scenario({"T-W": card("[All Turns] When a song is sung, this Digimon unsuspends.")},
                    [], a=[{"id": "w", "stack": ["T-W"], "suspended": True}])
    report = run(store, data)
    assert ("w/T-W/AllTurns", "trigger") in parts(report)
    assert report["final"]["A"]["battle_area"][0]["suspended"] is True


def test_a_for_each_that_counts_what_the_engine_cannot_count_is_listed(store: Any) -> None:
    per = Selector(owner="self", kind="card", count=None, zone="under_tamers")
    action = {"verb": "gain_memory", "amount": 1, "per": per.model_dump(), "span": "gain 1 memory for each"}
    data = scenario({"T-X": {"name": "X", "kind": "Digimon", "level": 3, "dp": 1000, "play_cost": 0,
                             "effects": [{"card": "T-X", "text": "[On Play] …", "timings": ["OnPlay"],
                                          "label_tag": "OnPlay",
                                          "compiled": {"trigger": {"event": "CardPlayed"},
                                                       "actions": [action]}}]}},
                    [{"play": {"card": "T-X"}}], hand=["T-X"])
    report = run(store, data)
    assert ("T-X/T-X/OnPlay", "action") in parts(report) and report["memory"] == 5


def test_a_keyword_with_no_handler_is_listed(store: Any) -> None:
    data = scenario({"T-C": card("<Blast DNA Digivolve ([Agumon] + [Gabumon])>", dp=6000)},
                    [{"attack": {"attacker": "c", "target": "victim"}}],
                    a=[{"id": "c", "stack": ["T-C"]}])
    report = run(store, data)
    assert ("c/T-C/BlastDNADigivolve", "keyword") in parts(report)
    assert report["deleted"] == ["victim"]  # the battle itself is carried out


def test_an_effect_that_works_from_the_hand_is_listed_as_a_rule_not_carried_out(store: Any) -> None:
    text = "[Hand] [Your Turn] When one of your Digimon is deleted, gain 1 memory."
    data = scenario({"T-T": card(text)}, [{"attack": {"attacker": "x", "target": "victim"}}],
                    a=[{"id": "x", "stack": ["T-VICTIM"]}], hand=["T-T"])
    report = run(store, data)
    assert any(u["part"] == "rule" and u["label"] == "A/T-T/YourTurn" for u in report["unsupported"])


def test_a_persistent_effect_with_a_part_not_carried_out_is_listed_and_not_applied(store: Any) -> None:
    data = scenario({"T-P": card("[Your Turn] While you have a Digimon that sang a song this game, this "
                                 "Digimon gets +3000 DP.", dp=1000)},
                    [{"attack": {"attacker": "p", "target": "victim"}}],
                    a=[{"id": "p", "stack": ["T-P"]}])
    report = run(store, data)
    assert ("p/T-P/YourTurn", "condition") in parts(report)
    assert report["deleted"] == ["p"]  # 1000 DP against 2000: the +3000 is not applied on a guess


WHILE_13000 = ("[All Turns] While your opponent has a Digimon with 13000 DP or more, this Digimon gets "
               "+3000 DP.")


def test_a_while_condition_on_dp_reads_the_dp_its_changes_make(store: Any) -> None:
    # QA Q5013: 'a Digimon with 13000 DP or more' counts DP changes; the opponent's 11000 DP Digimon with
    # +2000 of its own is one, so this 11000 DP Digimon has 14000 and wins the battle
    data = scenario({"T-W": card(WHILE_13000, dp=11000),
                     "T-BIG": card("[All Turns] This Digimon gets +2000 DP.", dp=11000, name="Big")},
                    [{"attack": {"attacker": "w", "target": "big"}}],
                    a=[{"id": "w", "stack": ["T-W"]}],
                    b=[{"id": "big", "stack": ["T-BIG"], "suspended": True}])
    report = run(store, data)
    assert report["unsupported"] == [] and report["deleted"] == ["big"]


def test_two_while_conditions_on_dp_that_feed_each_other_are_listed_and_not_applied(store: Any) -> None:
    # QA Q5202: each one's DP depends on the other's condition; the engine cannot settle that
    data = scenario({"T-X": card(WHILE_13000, dp=12000, name="X"),
                     "T-Y": card(WHILE_13000, dp=12000, name="Y")},
                    [], a=[{"id": "x", "stack": ["T-X"]}], b=[{"id": "y", "stack": ["T-Y"]}])
    report = run(store, data)
    assert ("x/T-X", "condition") in parts(report) and ("y/T-Y", "condition") in parts(report)
    assert [s["dp"] for s in report["final"]["A"]["battle_area"] + report["final"]["B"]["battle_area"]] == [
        12000, 12000]


def test_a_fully_supported_scenario_has_an_empty_list(store: Any) -> None:
    data = scenario({"T-X": card("[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less.")},
                    [{"play": {"card": "T-X"}}], hand=["T-X"])
    report = run(store, data)
    assert report["unsupported"] == [] and report["deleted"] == ["victim"]


def test_once_per_turn_and_twice_per_turn_come_from_the_graph(store: Any) -> None:
    text = "[Your Turn][Twice Per Turn] When one of your Digimon is played, gain 1 memory."
    data = scenario({"T-TWICE": card(text, kind="Tamer", cost=0), "T-D": card("", cost=0)},
                    [{"play": {"card": "T-D"}}] * 3, a=[{"id": "tw", "stack": ["T-TWICE"]}],
                    hand=["T-D", "T-D", "T-D"])
    report = run(store, data)
    statuses = [e["status"] for e in report["effects"] if e["label"] == "tw/T-TWICE/YourTurn"]
    assert statuses == ["activated", "activated", "fizzled"]
    assert report["memory"] == 5 + 2
    assert report["unsupported"] == []
    reason = [e for e in report["effects"] if e["status"] == "fizzled"][0]
    assert "usage limit" in reason["reason"] and "CR 15-14-1" in reason["cites"]


def test_a_card_with_two_main_effects_is_not_activated_on_a_guess(store: Any) -> None:
    text = "[Main] Gain 1 memory.\n[Main] Delete 1 of your opponent's Digimon."
    data = scenario({"T-OPT": card(text, kind="Option", cost=2)}, [{"use": {"card": "T-OPT"}}],
                    hand=["T-OPT"])
    report = run(store, data)
    assert [i["action"] for i in report["illegal_actions"]] == ["use T-OPT"]
    assert "Main, Main#2" in report["illegal_actions"][0]["reason"]
    assert report["deleted"] == [] and report["memory"] == 5  # nothing paid, nothing done
    assert report["final"]["A"]["hand"] == ["T-OPT"]


@pytest.mark.parametrize("which", [2, "Main#2"])
def test_the_action_names_which_main_effect_is_activated(store: Any, which: int | str) -> None:
    text = "[Main] Gain 1 memory.\n[Main] Delete 1 of your opponent's Digimon."
    data = scenario({"T-OPT": card(text, kind="Option", cost=2)},
                    [{"use": {"card": "T-OPT", "effect": which}}], hand=["T-OPT"])
    report = run(store, data)
    assert report["unsupported"] == [] and report["illegal_actions"] == []
    assert report["deleted"] == ["victim"] and report["memory"] == 5 - 2
    assert [e["label"] for e in report["effects"] if e["status"] == "activated"] == ["A/T-OPT/Main#2"]


def test_what_one_scenario_cannot_do_does_not_stick_to_another_with_the_same_card_number(store: Any) -> None:
    unread = scenario({"T-X": card("[Your Turn] When this Digimon sings a song, gain 1 memory.")},
                      [{"attack": {"attacker": "x", "target": "victim"}}], a=[{"id": "x", "stack": ["T-X"]}])
    assert ("x/T-X/YourTurn", "trigger") in parts(run(store, unread))
    readable = scenario({"T-X": card("[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less.")},
                        [{"play": {"card": "T-X"}}], hand=["T-X"])
    report = run(store, readable)
    assert report["unsupported"] == [] and report["deleted"] == ["victim"]



def test_a_cost_the_engine_cannot_carry_out_pays_for_nothing(store: Any) -> None:
    """BT17-070 Gulfmon (QA Q2836): a Digi-Egg among the 7 cards would go to the Digi-Egg deck, which
    is not modelled; the cost is listed and 'unsuspend this Digimon' is not done on a guess."""
    gulfmon = card("[When Attacking] By returning 7 cards from your opponent's trash to the bottom of the "
                   "deck, unsuspend this Digimon.", name="Gulfmon")
    trash = ["T-EGG", *["T-VICTIM"] * 6]
    data = scenario({"T-G": gulfmon, "T-EGG": card("", kind="Digi-Egg", name="Egg")},
                    [{"attack": {"attacker": "g", "target": "victim"}}],
                    a=[{"id": "g", "stack": ["T-G"]}], B={"trash": trash})
    report = run(store, data)
    assert ("g/T-G/WhenAttacking", "cost") in parts(report)
    assert report["final"]["A"]["battle_area"][0]["suspended"] is True
    assert report["final"]["B"]["trash"][:7] == trash and report["final"]["B"]["deck"] == 5


def test_a_text_about_the_cards_own_cost_that_is_not_understood_is_listed_when_it_is_used(store: Any) -> None:
    """P-116 (QA Q4225): 'While you have [Agumon]/[Pulsemon]/[Gammamon], this card costs 0.' is not
    read, so the cost paid for it would be a guess: listed when the card is used."""
    text = "While you have [Agumon]/[Pulsemon]/[Gammamon], this card costs 0.[Main] Gain 1 memory."
    data = scenario({"T-OPT": card(text, kind="Option", cost=2)}, [{"use": {"card": "T-OPT"}}],
                    hand=["T-OPT"])
    report = run(store, data)
    entry = next(u for u in report["unsupported"] if u["label"] == "A/T-OPT")
    assert entry["part"] == "action" and "this card costs 0" in entry["text"] and "cost" in entry["why"]


def test_one_effect_answering_several_digimon_leaving_at_once_is_reported(store: Any) -> None:
    """ForgeBeemon (BT19-048) keeps all of its [Royal Base] Digimon an effect would delete at once with
    one activation (QA Q3098); the engine answers them one at a time, so it says it cannot."""
    forge = {"name": "ForgeBeemon", "kind": "Digimon", "level": 4, "dp": 4000, "play_cost": 4,
             "colors": ["Green"], "traits": ["Royal Base"],
             "effect": "[All Turns] [Once Per Turn] When any of your other Digimon with the [Royal Base] "
                       "trait would leave the battle area by effects, by placing this Digimon as the face-up "
                       "bottom security card, they don't leave."}
    base = {**card("", name="Royal Base", traits=["Royal Base"]), "level": 3}
    wipe = {"name": "Wipe", "kind": "Option", "play_cost": 1, "colors": ["Red"],
            "effect": "[Main] Delete all of your opponent's level 3 Digimon."}
    cards = {"BT19-048": forge, "T-RB": base, "T-WIPE": wipe, "T-RED": card("", colors=["Red"])}
    red = [{"id": "red", "stack": ["T-RED"]}]
    data = scenario(cards, [{"use": {"card": "T-WIPE"}}], a=red,
                    b=[{"id": "forge", "stack": ["BT19-048"]}, {"id": "rb1", "stack": ["T-RB"]},
                       {"id": "rb2", "stack": ["T-RB"]}], hand=["T-WIPE"])
    report = run(store, data)
    entry = next(u for u in report["unsupported"] if u["label"] == "forge/BT19-048/AllTurns")
    assert "Q3098" in entry["why"] and "they don't leave" in entry["text"]
    single = scenario(cards, [{"use": {"card": "T-WIPE"}}], a=red,
                      b=[{"id": "forge", "stack": ["BT19-048"]}, {"id": "rb1", "stack": ["T-RB"]}],
                      hand=["T-WIPE"])
    assert not run(store, single)["unsupported"]
