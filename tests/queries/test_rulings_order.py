"""`rulings-about-keyword` and the README's query list the official Q&A about a keyword first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kg.build import Inputs, build
from kg.store import Store, open_store
from queries import library

#: Three official rulings on <Piercing>, their text as published: two about it, one mentioning it.
QA = {
    "BT4-101": [{"qno": "Q1262", "question": "I use this card, then attack an opponent's Digimon with no "
                 "digivolution cards using a Digimon with <Piercing>. Does <Piercing> take effect?",
                 "answer": "No, a Digimon with <Piercing> has to attack and delete an opponent's Digimon and "
                 "survive the battle, but this card's effect deletes the opposing Digimon before the battle "
                 "begins. As such, <Piercing> does not apply.", "date": "2024-03-28", "related": []}],
    "ST12-14": [{"qno": "Q761", "question": "Can I choose different Digimon for this card's effect to get "
                 "+2000 DP and gain <Piercing>?", "answer": "Yes, you can choose different Digimon for each "
                 "of the effects. You can choose the same Digimon or different ones.",
                 "date": "2024-03-28", "related": []}],
    "EX11-074": [{"qno": "Q5959", "question": "A Digimon other than this card attacks, I used this card's "
                  "[All Turns] effect to have this card and an opponent's Digimon battle, and my opponent's "
                  "Digimon was deleted in battle. At such times, does this card's <Piercing> trigger?",
                  "answer": "No, it doesn't trigger. <Piercing> will only trigger if this card deletes an "
                  "opponent's Digimon in battle during this card's attack.", "date": "2024-03-28",
                  "related": []}],
}
README_QUERY = """SELECT ?id ?question WHERE {
  ?r dcg:aboutKeyword dcg:Piercing ; dcg:rulingId ?id ; dcg:question ?question
  OPTIONAL { ?r dcg:qno ?qno } BIND(IF(BOUND(?qno), xsd:integer(SUBSTR(STR(?qno), 2)), 0) AS ?n)
} ORDER BY (!BOUND(?qno)) ?n ?id"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    folder = tmp_path_factory.mktemp("qa-corpus")
    (folder / "qa.json").write_text(json.dumps(QA))
    built = open_store(":memory:")
    build(built, Inputs(corpus=[Path(folder)], pages=[]))
    return built


def test_rulings_about_keyword_lists_official_first(store: Store) -> None:
    rows = library.run(store, "rulings-about-keyword", {"keyword": "Piercing"})
    listed = [(str(r[0]), str(r[1])) for r in rows]
    assert listed[:3] == [("Q1262", "about"), ("Q5959", "about"), ("Q761", "mentions")]
    assert [how for _, how in listed[3:]] == ["about"] * 12  # the seed page's rulings
    assert all(rid.startswith("seed-piercing-") for rid, _ in listed[3:])


def test_readme_query_finds_the_official_rulings_first(store: Store) -> None:
    ids = [str(r[0]) for r in store.select(README_QUERY)]
    assert ids[:2] == ["Q1262", "Q5959"] and len(ids) == 14 and "Q761" not in ids
