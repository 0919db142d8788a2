"""The rule that links a ruling to the keywords and timings it is about (ingest/ruling_topics.py),
on the official Q&A as published."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ingest.ruling_topics import about_keywords, about_timings
from ingest.vocab import mentioned_keywords

#: Official rulings that name <Piercing> in the question but are about the card's effect: its
#: targets, a "must attack", a condition for gaining it, when a gained keyword counts; Q688 asks
#: whether an inherited effect applies "when performing checks with <Piercing>" (a circumstance).
MENTIONS_ONLY = {"Q867", "Q1980", "Q4297", "Q4593", "Q5927", "Q761", "Q722", "Q4145", "Q3483", "Q688"}


@pytest.fixture(scope="module")
def rulings(corpus: Path) -> dict[str, dict[str, Any]]:
    data = json.loads((corpus / "qa.json").read_text())
    return {r["qno"]: r for records in data.values() for r in records}


def topics(r: dict[str, Any]) -> list[str]:
    return about_keywords(r["question"], r["answer"])


def test_piercing_rulings_about_it(rulings: dict[str, dict[str, Any]]) -> None:
    named = {q for q, r in rulings.items()
             if "Piercing" in mentioned_keywords(f"{r['question']}\n{r['answer']}")}
    about = {q for q in named if "Piercing" in topics(rulings[q])}
    assert len(named) == 36 and named - about == MENTIONS_ONLY and len(about) == 26
    for q in ("Q1262", "Q1376", "Q2298", "Q6280", "Q888", "Q3196", "Q6848"):
        assert q in about


@pytest.mark.parametrize(("qno", "keywords", "timings"), [
    ("Q1262", ["Piercing"], []),                      # "Does <Piercing> take effect?"
    ("Q1376", ["Piercing"], []),                      # answered "checks off of <Piercing>"
    ("Q761", [], []),                                 # "get +2000 DP and gain <Piercing>?": targets
    ("Q4593", [], []),                                # "use this card's [End of Your Turn] effect to give"
    ("Q1994", ["Blitz"], []),                         # "does <Blitz> activate?"
    ("Q1126", [], []),                                # "multiple Digimon with <Blocker>": a count
    ("Q1348", [], ["OnDeletion"]),                    # "Does this card's [On Deletion] effect activate?"
    ("Q946", [], []),                                 # two copies: "gain <Security Attack +1> twice?"
])
def test_about_or_mentions(rulings: dict[str, dict[str, Any]], qno: str, keywords: list[str],
                           timings: list[str]) -> None:
    r = rulings[qno]
    assert about_keywords(r["question"], r["answer"]) == keywords
    assert about_timings(r["question"], r["answer"]) == timings


def test_the_answer_alone_does_not_make_a_topic() -> None:
    assert about_keywords("Do I check security?", "Yes, you can perform checks off of <Piercing>.") == []
    assert about_timings("Is the card trashed?", "Yes. Its [On Deletion] effect activates.") == []
