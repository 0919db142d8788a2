"""The official rulings that run as golden scenarios (tests/scenarios/qa-q*.yaml): each names a
Q-number that the official Q&A holds for the card it names, has one area of the rules, and the
README's table of rulings by area counts what is there."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
QA_GOLDENS = sorted((ROOT / "tests" / "scenarios").glob("qa-q*.yaml"))
AREAS = {
    "trigger-ordering", "security", "battle", "deletion", "rule-processing", "memory", "timing",
    "usage-limits", "keywords", "play-by-effect", "digivolve-by-effect", "durations", "dp-modifiers",
    "security-digimon", "link-dna", "costs", "optional-effects", "granted-effects", "tokens",
}
AREA_LINE = re.compile(r"^# area: (?P<area>[a-z-]+)$", re.M)
SOURCE = re.compile(r"\b(?P<card>(?:[A-Z]+\d*|P)-\d+)\b[^;]*?\b(?P<q>Q\d+)\b")


def area_of(path: Path) -> str:
    found = AREA_LINE.search(path.read_text(encoding="utf-8"))
    assert found, f"{path.name}: expected a '# area: <area>' line"
    return found["area"]


def test_every_ruling_golden_has_one_known_area() -> None:
    unknown = {p.name: area_of(p) for p in QA_GOLDENS if area_of(p) not in AREAS}
    assert not unknown


def test_every_ruling_golden_names_a_real_q_number_of_its_card(shared: Path) -> None:
    qa = json.loads((shared / "corpus" / "qa.json").read_text(encoding="utf-8"))
    numbers = {card: {q["qno"] for q in entries} for card, entries in qa.items()}
    every = set().union(*numbers.values())
    wrong = []
    for path in QA_GOLDENS:
        source = yaml.safe_load(path.read_text(encoding="utf-8"))["source"]
        named = re.findall(r"\bQ\d+\b", source)
        q_in_name = "Q" + str(int(re.match(r"qa-q(\d+)", path.stem)[1]))  # type: ignore[index]
        if q_in_name not in named or not set(named) <= every:
            wrong.append((path.name, source))
            continue
        pair = SOURCE.search(source)
        if pair and pair["card"] in numbers and pair["q"] not in numbers[pair["card"]]:
            wrong.append((path.name, source))
    assert not wrong


def test_the_readme_counts_the_ruling_goldens_by_area() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| `(?P<area>[a-z-]+)` \| (?P<n>\d+) \|$", readme, re.M))
    counted = Counter(area_of(p) for p in QA_GOLDENS)
    assert {a: int(n) for a, n in table.items()} == dict(counted)
    total = re.search(r"(\d+) official rulings run as golden scenarios", readme)
    assert total and int(total[1]) == len(QA_GOLDENS)


@pytest.mark.parametrize("path", QA_GOLDENS, ids=[p.stem for p in QA_GOLDENS])
def test_a_ruling_golden_asserts_an_outcome(path: Path) -> None:
    expect = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]
    decisive = {k for k in expect if k != "log_contains"}
    assert decisive, f"{path.name}: expects only log lines"
