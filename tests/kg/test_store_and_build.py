"""The store keeps the previous graph when a build fails; queries get prefixes and bindings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rdflib import Literal, URIRef

from ingest.common import IngestError
from kg.build import Inputs, build
from kg.store import StoreError, open_store

CARD = URIRef("https://dcg-kg.org/id/card/X-1")


def _nt(value: int) -> str:
    return f'<{CARD}> <https://dcg-kg.org/ns#dp> "{value}"^^<http://www.w3.org/2001/XMLSchema#integer> .\n'


def test_replace_is_atomic_and_switches_generation(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    store.replace_ntriples(_nt(1000))
    store.replace_ntriples(_nt(2000))
    reopened = open_store(tmp_path / "s")
    assert [r[0].toPython() for r in reopened.select("SELECT ?dp { ?c dcg:dp ?dp }")] == [2000]
    generations = [p.name for p in (tmp_path / "s").iterdir() if p.name.startswith("graph-")]
    assert len(generations) == 1  # the old generation is removed after the switch


def test_bad_ntriples_leave_previous_graph(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    store.replace_ntriples(_nt(1000))
    with pytest.raises(SyntaxError):
        store.replace_ntriples("<broken")
    reopened = open_store(tmp_path / "s")
    assert len(reopened) == 1
    assert [p.name for p in (tmp_path / "s").iterdir() if p.name.startswith("graph-")].__len__() == 1


def test_bound_variables_not_string_formatting() -> None:
    store = open_store(":memory:")
    store.replace_ntriples(_nt(5000))
    rows = store.select("SELECT ?dp { ?c dcg:dp ?dp }", c=CARD)
    assert rows.rows[0][0] == Literal(5000)
    assert store.select("SELECT ?dp { ?c dcg:dp ?dp }", c=URIRef("urn:none")).rows == []


def test_syntax_error_is_a_store_error() -> None:
    with pytest.raises(StoreError, match="syntax"):
        open_store(":memory:").select("SELECT ?x WHERE { ?x")


def test_unbuilt_store_is_refused_for_reading(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="dcgkg build"):
        len(open_store(tmp_path / "empty", create=False))


def test_failed_build_keeps_previous_graph(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    build(store, Inputs(corpus=[], pages=[]))
    before = len(open_store(tmp_path / "s"))
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "cards.json").write_text('[{"cardId": "BT1-001", "nameEn": "Trunc', encoding="utf-8")
    with pytest.raises(IngestError) as caught:
        build(open_store(tmp_path / "s"), Inputs(corpus=[corpus], pages=[]))
    assert "cards.json" in str(caught.value) and "line 1" in str(caught.value)
    assert len(open_store(tmp_path / "s")) == before


def test_build_cli_reports_bad_corpus_without_traceback(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from queries.cli import app

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "qa.json").write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--store", str(tmp_path / "s")])
    assert result.exit_code == 2
    assert "qa.json" in result.output and "not valid JSON" in result.output
    assert "Traceback" not in result.output


def test_build_json_summary(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from queries.cli import app

    result = CliRunner().invoke(app, ["build", "--store", str(tmp_path / "s"), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["triples"] > 1000
    assert summary["sources"]["ontology"]["terms"] > 100


def test_reader_sees_a_rebuild_by_another_writer(tmp_path: Path) -> None:
    """A long-running reader (dcgkg serve, a cached solver index) follows the switch to a new build."""
    writer, reader = open_store(tmp_path / "s"), open_store(tmp_path / "s")
    writer.replace_ntriples(_nt(1000))
    assert [r[0].toPython() for r in reader.select("SELECT ?dp { ?c dcg:dp ?dp }")] == [1000]
    before = reader.generation
    writer.replace_ntriples(_nt(3000))
    assert [r[0].toPython() for r in reader.select("SELECT ?dp { ?c dcg:dp ?dp }")] == [3000]
    assert reader.generation != before
