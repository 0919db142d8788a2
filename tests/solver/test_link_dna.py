"""Link cards and DNA digivolution from real card records: the link DP and link requirement reach
the graph and the solver's card facts (CR 2-3-11-4), DNA and App Fusion requirements are read
from the printed rule lines (CR 2-3-6, 8-4), and a scenario over the graph plays them out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kg.build import Inputs, build
from kg.solver.card_facts import CardInfo, graph_cards
from kg.solver.rule_lines import (
    app_fusion,
    dna_requirements,
    link_requirement,
    unread_app_fusion,
    unread_dna_lines,
)
from kg.solver.simulate import load_scenario, simulate
from kg.store import open_store

NUMBERS = ("BT21-009", "P-190", "BT16-012", "BT21-018", "EX12-017", "ST22-11")


@pytest.fixture(scope="module")
def small_store(shared: Path, tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """A graph of a few real cards (link cards, DNA cards) from the shared corpus."""
    records = [r for r in json.loads((shared / "corpus" / "cards.json").read_text(encoding="utf-8"))
               if r["cardId"] in NUMBERS]
    folder = tmp_path_factory.mktemp("link-dna-corpus")
    (folder / "cards.json").write_text(json.dumps(records), encoding="utf-8")
    store = open_store(":memory:")
    build(store, Inputs(corpus=[folder], pages=[]))
    return store


def test_link_facts_reach_the_card_facts(small_store) -> None:  # noqa: ANN001
    cards = graph_cards(small_store, NUMBERS)
    gatchmon, plug_in = cards["BT21-009"], cards["ST22-11"]
    assert (gatchmon.link_dp, gatchmon.link_requirement) == (2000, "[Link] [Appmon] trait: Cost 1")
    assert [r.part for r in gatchmon.effects].count("link") == 1
    assert link_requirement(gatchmon).trait == "Appmon"  # type: ignore[union-attr]
    assert link_requirement(plug_in).min_level == 3  # type: ignore[union-attr]  # '[Link] Lv.3 or higher: Cost 2'


def test_dna_and_app_fusion_requirements_are_read_from_the_printed_lines(small_store) -> None:  # noqa: ANN001
    cards = graph_cards(small_store, NUMBERS)
    (silphymon,) = dna_requirements(cards["BT16-012"])
    assert [(p.colors, p.level) for p in silphymon.parts] == [(("Red",), 4), (("yellow",), 4)]
    (wargreymon,) = dna_requirements(cards["EX12-017"])  # 'Red/Yellow Lv.5 + Black/Purple Lv.5'
    assert [p.colors for p in wargreymon.parts] == [("Red", "Yellow"), ("Black", "Purple")]
    assert app_fusion(cards["BT21-018"]).names == ("Gatchmon", "Navimon", "Tweetmon")  # type: ignore[union-attr]
    assert not unread_dna_lines(cards["BT16-012"]) and not unread_app_fusion(cards["BT21-018"])


def test_a_requirement_line_the_solver_cannot_read_is_said() -> None:
    odd = CardInfo("X-1", text="[DNA Digivolution] 2 Digimon with [Dramon] in their names: Cost 0")
    assert dna_requirements(odd) == [] and unread_dna_lines(odd) == [odd.text]


def test_linking_real_cards_from_the_graph(small_store) -> None:  # noqa: ANN001
    scenario = load_scenario({
        "scenario": 1, "id": "graph-link", "source": "CR 10-1-3", "memory": 3,
        "players": {"A": {"battle_area": [{"id": "gatch", "stack": ["BT21-009"]}],
                          "hand": ["P-190"], "deck": ["P-190"]}},
        "actions": [{"link": {"id": "gatch", "card": "P-190"}}],
    })
    report = simulate(small_store, scenario)
    assert report["unsupported"] == []
    gatch = report["final"]["A"]["battle_area"][0]
    assert (gatch["links"], gatch["dp"], report["memory"]) == (["P-190"], 4000, 2)
    # Gatchmon's "when this Digimon gets linked" and Tweetmon's [When Linking] (Q4528: at once)
    assert [e["label"] for e in report["effects"]] == ["gatch/BT21-009/YourTurn", "gatch/P-190/WhenLinking"]
    assert report["final"]["A"]["hand"] == ["P-190"]  # <Draw 1> of the [When Linking] link effect
