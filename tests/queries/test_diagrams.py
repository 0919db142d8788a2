"""Diagrams: SVG parses and names the nodes, GraphML loads back, Mermaid has the edges."""

from __future__ import annotations

import io
import re
import shutil
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from typer.testing import CliRunner

from queries import diagrams
from queries.cli import app

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz dot is not installed")


def svg_texts(data: bytes) -> str:
    root = ET.fromstring(data)  # well-formed XML or this raises
    assert root.tag.endswith("svg")
    return " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))


@needs_dot
def test_timings_svg_names_steps_and_timings(bundled_store):
    text = svg_texts(diagrams.render(diagrams.diagram(bundled_store, "timings"), "svg"))
    for label in ("1. attack declaration", "4. confirming the attack", "5. end of attack",
                  "[When Attacking]", "[On Deletion]", "[End of Attack]", "<Piercing> <Retaliation>"):
        assert label in text


def test_timings_steps_are_chained_in_order(bundled_store):
    g = diagrams.timings_diagram(bundled_store)
    chain = ["AttackDeclarationStep", "CounterTimingStep", "BlockTimingStep", "ConfirmationStep",
             "EndOfAttackStep"]
    assert all(g.has_edge(a, b) for a, b in zip(chain, chain[1:], strict=False))
    assert g.has_edge("AttackDeclarationStep", "event:AttackDeclared")
    assert g.has_edge("event:AttackDeclared", "WhenAttacking")


@needs_dot
def test_keyword_diagram_caps_rulings(bundled_store):
    g = diagrams.keyword_diagram(bundled_store, "Piercing", cap=3)
    rulings = [n for n, d in g.nodes(data=True) if d["kind"] == "ruling"]
    assert len(rulings) == 3
    more = g.nodes["more:Piercing:ruling"]["label"]
    assert more.startswith("+") and more.endswith("more rulings")
    text = svg_texts(diagrams.render(g, "svg"))
    assert "<Piercing>" in text and "deleted in battle" in text and "CR 16-7" in text


def test_graphml_loads_back(bundled_store):
    g = diagrams.diagram(bundled_store, "card", "BT5-086")
    back = nx.read_graphml(io.BytesIO(diagrams.render(g, "graphml")))
    assert set(back.nodes) == set(g.nodes)
    assert back.nodes["card:BT5-086"]["label"] == "BT5-086\nOmnimon"
    assert back.has_edge("card:BT5-086", "Blitz")


def test_mermaid_has_the_edges(bundled_store):
    text = diagrams.render(diagrams.diagram(bundled_store, "timings"), "mermaid").decode()
    lines = text.splitlines()
    assert lines[0] == "flowchart LR"
    ids = {m[2]: m[1] for m in (re.fullmatch(r'\s*(n\d+)\["(.*)"\]', line) for line in lines) if m}
    assert f'{ids["1. attack declaration"]} -- "then" --> {ids["2. counter timing"]}' in text
    assert f'{ids["attack declared"]} -- "fires" --> {ids["[When Attacking]"]}' in text
    assert "#lt;Piercing#gt;" in text  # angle brackets escaped


def test_scenario_diagram_follows_the_resolution_order(bundled_store, scenario_file):
    g = diagrams.diagram(bundled_store, "scenario", str(scenario_file))
    order = [g.nodes[n]["label"].split("\n")[0] for n in nx.topological_sort(g) if n.startswith("effect:")]
    assert order[0] == "1. omnimon/BT3-016/Piercing"
    assert "devimon/BT2-074/Retaliation" in order[2] and "prevented" in g.nodes["effect:3"]["label"]
    text = diagrams.to_mermaid(g)
    assert "subgraph" in text and "-. \"turn player first\" .->" in text


def test_ontology_diagram(bundled_store):
    g = diagrams.diagram(bundled_store, "ontology")
    assert g.edges["DigimonCard", "Card"]["label"] == "is a"
    assert "hasEffect" in g.edges["Card", "Effect"]["label"]


def test_unknown_kind_and_missing_argument(bundled_store):
    with pytest.raises(diagrams.DiagramError, match="did you mean: timings"):
        diagrams.diagram(bundled_store, "timing")
    with pytest.raises(diagrams.DiagramError, match="needs a NAME"):
        diagrams.diagram(bundled_store, "keyword")
    with pytest.raises(diagrams.DiagramError, match="did you mean: svg"):
        diagrams.render(nx.DiGraph(), "svgz")


@needs_dot
def test_cli_writes_png_and_svg(store_dir, tmp_path):
    runner = CliRunner()
    png = tmp_path / "piercing.png"
    done = runner.invoke(app, ["diagram", "keyword", "Piercing", "-o", str(png), "--store", store_dir])
    assert done.exit_code == 0, done.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = tmp_path / "t.svg"
    done = runner.invoke(app, ["diagram", "timings", "--format", "svg", "-o", str(svg), "--store", store_dir])
    assert done.exit_code == 0 and "attack declaration" in svg_texts(svg.read_bytes())
    bad = runner.invoke(app, ["diagram", "keyword", "Piercin", "--store", store_dir])
    assert bad.exit_code == 2 and "did you mean: Piercing" in bad.output
