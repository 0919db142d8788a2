"""Diagrams that read (issue 9): a scenario diagram shows every step of the run, in order, with
its batches and a summary in words; keyword, card and ruling nodes carry their full text."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from queries import diagrams
from queries.api import KnowledgeGraph

EXAMPLE_1 = Path(__file__).resolve().parents[1] / "scenarios" / "piercing-example-1.yaml"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz dot is not installed")


def in_order(g: nx.DiGraph) -> list[str]:
    """The first line of each node along the solid 'then' chain from the start."""
    out, node = [], "start"
    while True:
        nxt = [b for _, b, d in g.out_edges(node, data=True) if d.get("style") != "dashed"]
        if not nxt:
            return out
        node = nxt[0]
        out.append(g.nodes[node]["label"].split("\n")[0])


def test_scenario_diagram_shows_every_step_in_order(bundled_store: Any) -> None:
    g = diagrams.scenario_diagram(bundled_store, EXAMPLE_1)
    assert in_order(g) == [
        "attack declared: omnimon -> devimon", "counter timing: no [Counter] effect is",
        "block timing: no block", "battle: omnimon (14000 DP) vs devimon", "devimon is deleted (battle)",
        "1. omnimon/BT3-016/Piercing", "2. omnimon/BT5-086/AllTurns",
        "deletion of omnimon prevented: it is not", "3. devimon/BT2-074/Retaliation",
        "4. omnimon/BT3-016/Piercing", "omnimon checks a blank security card (no",
        "omnimon checked 1 of 1 card(s)", "end of attack", "security checks: A 1, B 0"]
    assert g.nodes["end"]["label"] == ("security checks: A 1, B 0\ndeleted: devimon\nwinner: none\n"
                                       "decisions taken: 1 (optional)")
    first = g.nodes["effect:1"]
    assert first["cluster"] == "batch:1" and "- security check scheduled before the end of" in first["label"]
    assert "activated: trigger-type effect, player A" in first["label"]
    assert g.nodes["batch:1"]["label"] == "batch 1: deleted in battle: devimon (with omnimon)"
    pending = g.nodes["effect:4"]["label"]
    assert "activated: pending processing, player A" in pending and "<Piercing>'s security check" in pending
    assert "…" not in " ".join(d["label"] for _, d in g.nodes(data=True))


def test_keyword_and_ruling_nodes_carry_their_full_text(bundled_store: Any) -> None:
    g = diagrams.keyword_diagram(bundled_store, "Piercing", cap=3)
    kw = KnowledgeGraph(bundled_store).keyword("Piercing")
    ruling = kw.rulings[0]
    node = g.nodes[f"ruling:{ruling.id}"]
    assert " ".join(node["label"].split("\n")[1:]) == " ".join(ruling.question.split())
    assert node["tooltip"] == " ".join(f"{ruling.id}: Q: {ruling.question} A: {ruling.answer}".split())
    assert g.nodes["Piercing"]["tooltip"] == kw.definition
    assert g.nodes["event:DeletedInBattle"]["label"] == "deleted in battle"
    labels = [d["label"] for n, d in g.nodes(data=True) if d["kind"] in ("rule", "ruling", "keyword")]
    assert labels and not any("…" in label for label in labels)


def test_card_nodes_carry_full_effect_text_and_rulings(bundled_store: Any) -> None:
    g = diagrams.card_diagram(bundled_store, "BT5-086")
    card = KnowledgeGraph(bundled_store).card("BT5-086")
    texts = [d["label"] for n, d in g.nodes(data=True) if n.startswith("effect:")]
    for effect in card.effects:
        assert any(" ".join(t.split("\n")[1:]) == " ".join((effect.text or "").split()) for t in texts)
    assert g.nodes["AllTurns"]["label"] == "[All Turns]" and g.nodes["Blitz"]["label"] == "<Blitz>"
    assert {f"ruling:{r.id}" for r in card.rulings} <= set(g)


@needs_dot
def test_svg_tooltips_hold_the_full_text(bundled_store: Any) -> None:
    g = diagrams.keyword_diagram(bundled_store, "Piercing", cap=2)
    root = ET.fromstring(diagrams.render(g, "svg"))
    titles = {a.get("{http://www.w3.org/1999/xlink}title") for a in root.iter() if a.tag.endswith("}a")}
    ruling = KnowledgeGraph(bundled_store).keyword("Piercing").rulings[0]
    assert " ".join(f"{ruling.id}: Q: {ruling.question} A: {ruling.answer}".split()) in titles
