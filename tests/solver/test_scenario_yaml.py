"""kg/solver/scenario_yaml.py reads every file exactly as yaml.safe_load does."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kg.solver.scenario_yaml import load_yaml

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").glob("*.yaml"))


def test_every_golden_scenario_reads_as_safe_load_reads_it() -> None:
    texts = [f.read_text(encoding="utf-8") for f in SCENARIOS]
    assert len(texts) > 1000
    assert [f.name for f, t in zip(SCENARIOS, texts, strict=True) if load_yaml(t) != yaml.safe_load(t)] == []


@pytest.mark.parametrize("text", [
    "a: &x [1]\nb: *x\n",                 # an alias: one shared object, as the safe loader makes it
    "<<: {a: 1}\nb: 2\n",                 # a merge key
    "d: 2020-01-01\n",                    # a timestamp
    "x: 0x1f\ny: 1_000\nz: .inf\nw: ~\nv: yes\nu: '3'\n",
    "",
    "[1, {a: b}]\n",
])
def test_what_is_more_than_plain_data_goes_through_the_safe_loader(text: str) -> None:
    assert load_yaml(text) == yaml.safe_load(text)


def test_shared_nodes_stay_shared() -> None:
    data = load_yaml("a: &x [1]\nb: *x\n")
    assert data["a"] is data["b"]


def test_bad_yaml_raises_a_yaml_error() -> None:
    with pytest.raises(yaml.YAMLError):
        load_yaml("a: [1, 2\n")
    with pytest.raises(yaml.YAMLError):
        load_yaml("? [a]\n: 1\n")  # a list as a key
