"""Selectors pick exactly the Digimon the compiled text names: extremes, alternatives, exclusions."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.simulate import load_scenario, simulate


def _scenario(effect: str, defenders: list[dict[str, Any]], extra_cards: dict[str, Any]) -> dict[str, Any]:
    cards = {
        "T-OPT": {"name": "Test Option", "kind": "Option", "play_cost": 0, "effect": effect},
        **extra_cards,
    }
    return {
        "scenario": 1, "id": "selector", "source": "CR 15 (targets of an effect)",
        "players": {"A": {"battle_area": [], "hand": ["T-OPT"], "security": 1, "deck": 5},
                    "B": {"battle_area": defenders, "security": 1, "deck": 5}},
        "cards": cards, "actions": [{"use": {"card": "T-OPT"}}],
    }


def _card(name: str, dp: int, traits: list[str] | None = None, colors: list[str] | None = None,
          effect: str = "") -> dict[str, Any]:
    return {"name": name, "kind": "Digimon", "level": 4, "dp": dp, "play_cost": 4,
            "traits": traits or [], "colors": colors or [], "effect": effect}


CARDS = {
    "T-GREY": _card("Greymon", 6000, ["Dinosaur"], ["Red"]),
    "T-GARU": _card("Garurumon", 5000, ["Beast"], ["Blue"]),
    "T-TYRA": _card("Tyrannomon", 3000, ["Dinosaur"], ["Red"]),
    "T-WALL": _card("Wallmon", 8000, ["Machine"], ["Yellow"], effect="<Blocker>"),
}
BOARD = [{"id": "grey", "stack": ["T-GREY"]}, {"id": "garu", "stack": ["T-GARU"]},
         {"id": "tyra", "stack": ["T-TYRA"]}, {"id": "wall", "stack": ["T-WALL"]}]


@pytest.mark.parametrize(("text", "deleted"), [
    ("[Main] Delete 1 of your opponent's Digimon with the highest DP.", ["wall"]),
    ("[Main] Delete 1 of your opponent's Digimon with the lowest DP.", ["tyra"]),
    ("[Main] Delete all of your opponent's Digimon with the [Dinosaur] trait.", ["grey", "tyra"]),
    ("[Main] Delete all of your opponent's Digimon without <Blocker>.", ["grey", "garu", "tyra"]),
    ("[Main] Delete all of your opponent's Digimon with [Garurumon] in their names or the [Machine] trait.",
     ["garu", "wall"]),
])
def test_selector_picks_the_named_digimon(bundled_store, text: str, deleted: list[str]) -> None:
    from ingest.effects import compile_card

    (record,) = compile_card("T-OPT", main=text)
    assert record.compiled.actions_compiled, record.compiled  # the test is about the solver's reading
    report = simulate(bundled_store, load_scenario(_scenario(text, BOARD, CARDS)))
    assert report["deleted"] == deleted


DRAW_IF = ("[Main] Delete 1 of your opponent's Digimon with 4000 DP or less. "
           "Then, if you have 2 or fewer cards in your hand, <Draw 1>.")


@pytest.mark.parametrize(("hand", "drawn"), [(["T-OPT"], 1), (["T-OPT", "BT1-009", "BT1-009", "BT1-009"], 0)])
def test_condition_governs_only_the_action_after_it(bundled_store, hand: list[str], drawn: int) -> None:
    """CR 15-6: 'Then, if ...' gates the draw alone; the deletion happens either way."""
    scenario = _scenario(DRAW_IF, BOARD, CARDS)
    scenario["players"]["A"]["hand"] = hand
    report = simulate(bundled_store, load_scenario(scenario))
    assert report["deleted"] == ["tyra"]
    assert report["final"]["A"]["deck"] == 5 - drawn


@pytest.mark.parametrize(("defenders", "deleted"), [
    (BOARD, ["tyra"]),                                        # Greymon (6000 DP) is there
    ([{"id": "tyra", "stack": ["T-TYRA"]}], []),              # no Digimon with 6000 DP or more
])
def test_whole_effect_condition_on_the_board(bundled_store, defenders, deleted) -> None:
    text = ("[Main] If your opponent has a Digimon with 6000 DP or more, "
            "delete 1 of your opponent's Digimon with 4000 DP or less.")
    report = simulate(bundled_store, load_scenario(_scenario(text, defenders, CARDS)))
    assert report["deleted"] == deleted
    assert report["effects"][0]["status"] == ("activated" if deleted else "fizzled")


@pytest.mark.parametrize(("text", "deleted"), [
    ("[Main] 1 of your Digimon can't be deleted in battle for the turn.", []),
    ("[Main] 1 of your Digimon can't be deleted for the turn.", []),
    # a battle is not an effect: Lynxmon is deleted, and its <Retaliation> deletes Wallmon
    ("[Main] All of your Digimon can't be deleted by your opponent's effects for the turn.",
     ["lynx", "wall"]),
])
def test_cant_be_deleted_forbids_the_deletion(bundled_store, text: str, deleted: list[str]) -> None:
    """CR 15-1-3: the prohibition wins. Lynxmon (4000 DP, <Retaliation>) loses to Wallmon (8000 DP);
    when it can't be deleted it stays, and its <Retaliation> never triggers."""
    cards = {**CARDS, "T-LYNX": _card("Lynxmon", 4000, effect="<Retaliation>")}
    scenario = _scenario(text, [{"id": "wall", "stack": ["T-WALL"], "suspended": True}], cards)
    scenario["players"]["A"]["battle_area"] = [{"id": "lynx", "stack": ["T-LYNX"]}]
    scenario["actions"].append({"attack": {"attacker": "lynx", "target": "wall"}})
    report = simulate(bundled_store, load_scenario(scenario))
    assert report["deleted"] == deleted
    retaliation = [e for e in report["effects"] if e["label"].endswith("/Retaliation")]
    assert len(retaliation) == (1 if deleted else 0)


@pytest.mark.parametrize(("start", "end"), [(1, 3), (2, 3), (5, 5)])
def test_set_memory_under_its_condition(bundled_store, start: int, end: int) -> None:
    """'If you have 2 or less memory, set your memory to 3' (the gauge seen from player A)."""
    scenario = _scenario("[Main] If you have 2 or less memory, set your memory to 3.", BOARD, CARDS)
    scenario["memory"] = start
    report = simulate(bundled_store, load_scenario(scenario))
    assert report["memory"] == end


def test_reveal_add_one_and_return_the_rest(bundled_store) -> None:
    """Reveal 3, add 1 Tamer among them to the hand, the rest to the bottom of the deck."""
    text = ("[Main] Reveal the top 3 cards of your deck. Add 1 Tamer card among them to the hand. "
            "Return the rest to the bottom of the deck.")
    cards = {**CARDS, "T-TAMER": {"name": "Tai", "kind": "Tamer", "play_cost": 2}}
    scenario = _scenario(text, BOARD, cards)
    scenario["players"]["A"]["deck"] = ["T-GREY", "T-TAMER", "T-GARU", "T-TYRA"]
    report = simulate(bundled_store, load_scenario(scenario))
    assert report["final"]["A"]["hand"] == ["T-TAMER"]
    assert report["final"]["A"]["deck"] == 3  # T-TYRA, then T-GREY and T-GARU at the bottom


def test_draw_then_trash_from_hand(bundled_store) -> None:
    scenario = _scenario("[Main] <Draw 1>. Then, trash 1 card in your hand.", BOARD, CARDS)
    scenario["players"]["A"]["deck"] = ["T-GARU"]
    report = simulate(bundled_store, load_scenario(scenario))
    assert report["final"]["A"]["hand"] == []
    assert report["final"]["A"]["trash"] == ["T-GARU", "T-OPT"]  # the Option is trashed after its effect


def test_return_a_named_card_from_the_trash(bundled_store) -> None:
    scenario = _scenario("[Main] Return 1 [Greymon] from your trash to the hand.", BOARD, CARDS)
    scenario["players"]["A"]["trash"] = ["T-GARU", "T-GREY"]
    report = simulate(bundled_store, load_scenario(scenario))
    assert report["final"]["A"]["hand"] == ["T-GREY"]
    assert "T-GARU" in report["final"]["A"]["trash"] and "T-GREY" not in report["final"]["A"]["trash"]
