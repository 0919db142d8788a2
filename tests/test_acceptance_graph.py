"""Issue 2's acceptance checks, on the real corpus and seed pages, through the command line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kg.store import OxigraphStore
from kg.validate import validate
from queries.cli import app


def count(store: OxigraphStore, where: str) -> int:
    row = store.select(f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}").rows[0]
    return int(row[0].toPython())  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def store(corpus_store: OxigraphStore) -> OxigraphStore:
    return corpus_store


def test_cards(store: OxigraphStore) -> None:
    assert count(store, "?c a dcg:Card") == 4388


def test_official_rulings_one_per_q_number(store: OxigraphStore) -> None:
    assert count(store, "?r a dcg:Ruling ; dcg:qno ?q") == 6355
    assert count(store, "?r a dcg:Ruling ; dcg:qno ?q ; dcg:aboutCard ?c") == 6929


def test_seed_rulings_reachable_from_the_keyword(store: OxigraphStore) -> None:
    seed = "?r a dcg:Ruling ; dcg:aboutKeyword dcg:Piercing FILTER NOT EXISTS { ?r dcg:qno ?q }"
    assert count(store, seed) == 12
    # the official Q&A about <Piercing> (ingest/ruling_topics.py): 26 of the 36 that name it
    assert count(store, "?r a dcg:Ruling ; dcg:aboutKeyword dcg:Piercing ; dcg:qno ?q") == 26
    assert count(store, "?r a dcg:Ruling ; dcg:aboutTiming dcg:OnDeletion ; dcg:qno ?q") > 0
    assert count(store, "?r a dcg:Ruling FILTER NOT EXISTS { ?r dcg:qno ?q }") >= 12


def test_rule_sections(store: OxigraphStore) -> None:
    assert count(store, "?s a dcg:RuleSection") >= 1000
    text = store.select("SELECT ?t WHERE { rule:16-7-4 a dcg:RuleSection ; dcg:text ?t }").rows[0][0]
    assert "pending processing" in str(text)
    assert "processed36" not in str(text)


def test_keywords(store: OxigraphStore) -> None:
    assert count(store, "?k a dcg:Keyword") >= 40


def test_sparql_command_formats(store: OxigraphStore) -> None:
    runner = CliRunner()
    query = "SELECT (COUNT(?c) AS ?n) WHERE { ?c a dcg:Card }"
    result = runner.invoke(app, ["sparql", query, "--store", store.location, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["results"]["bindings"][0]["n"]["value"] == "4388"
    result = runner.invoke(app, ["sparql", query, "--store", store.location, "--format", "csv"])
    assert result.output.splitlines() == ["n", "4388"]


def test_sparql_syntax_error_is_reported(store: OxigraphStore) -> None:
    result = CliRunner().invoke(app, ["sparql", "SELECT ?x WHERE { ?x", "--store", store.location])
    assert result.exit_code == 2
    assert "syntax" in result.output.lower() and "Traceback" not in result.output


def test_validate_is_clean(store: OxigraphStore) -> None:
    assert validate(store) == []
