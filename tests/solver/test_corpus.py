"""The seed page's examples against the full corpus graph (slow: builds the corpus once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.solver.expectations import mismatches
from kg.solver.rules_index import solver_index
from kg.solver.simulate import load_scenario, simulate

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.mark.parametrize("name", ["piercing-example-1", "piercing-example-2", "piercing-other-5"])
def test_examples_on_the_corpus(name: str, corpus_store) -> None:
    scenario = load_scenario(SCENARIOS / f"{name}.yaml")
    report = simulate(corpus_store, scenario)
    assert not mismatches(report, scenario.expect or {}), report["log"]


def test_index_on_the_corpus_matches_the_ontology(corpus_store, bundled_store) -> None:
    full, small = solver_index(corpus_store), solver_index(bundled_store)
    assert full.keywords == small.keywords and full.timings == small.timings
    assert [r.code for r in full.ordering] == [r.code for r in small.ordering]
