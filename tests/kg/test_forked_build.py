"""The cards read in a forked process (kg.build FORKED_MODULES, kg.forked): the same graph, report,
cache and stopping problems as reading every source in this process."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pyoxigraph as ox
import pytest

from ingest.common import IngestError
from kg import build as kg_build
from kg.build import BuildReport, Inputs, build
from kg.build_cache import BUNDLED_DIR
from kg.forked import ChildFailed, Forked, forkable
from kg.store import open_store

pytestmark = pytest.mark.skipif(not forkable(), reason="no fork on this platform")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    cards = json.loads((BUNDLED_DIR / "seed-cards.json").read_text(encoding="utf-8"))
    (folder / "cards.json").write_text(json.dumps([*cards, {"cardId": "BT1-001"}]), encoding="utf-8")
    (folder / "qa.json").write_text(json.dumps({"BT5-086": [{"qno": "Q1", "question": "Q?", "answer": "A.",
                                                            "date": "2026-01-01", "related": []}]}),
                                    encoding="utf-8")
    return folder


def _build(store: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch, *, fork: bool) -> BuildReport:
    monkeypatch.setattr(kg_build, "FORK_MIN_BYTES", 0 if fork else 10**12)
    return build(open_store(store), Inputs(corpus=[corpus], pages=[]), force=True)


def _graph(store: Path) -> list[str]:
    live = store / (store / "CURRENT").read_text(encoding="utf-8").strip()
    return sorted(str(q.triple) for q in ox.Store.read_only(str(live)))


def _cache(store: Path) -> dict[str, bytes]:
    return {json.loads(p.read_text(encoding="utf-8"))["source"]: p.with_suffix(".nt").read_bytes()
            for p in (store / "cache" / "sources").glob("*.json")}


def test_forked_cards_give_the_same_graph_report_and_cache(tmp_path: Path, corpus: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    here = _build(tmp_path / "here", corpus, monkeypatch, fork=False)
    forked = _build(tmp_path / "forked", corpus, monkeypatch, fork=True)
    assert any(step.endswith("(own process)") for step in forked.timings)
    assert not any(step.endswith("(own process)") for step in here.timings)
    assert (forked.sources, forked.problems, forked.triples) == (here.sources, here.problems, here.triples)
    assert forked.ingested == here.ingested and forked.problems  # the record without a name, in both
    assert _graph(tmp_path / "forked") == _graph(tmp_path / "here")
    assert _cache(tmp_path / "forked")["cards"] == _cache(tmp_path / "here")["cards"]


def test_a_bad_forked_file_stops_the_build_as_before(tmp_path: Path, corpus: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _build(tmp_path / "s", corpus, monkeypatch, fork=True)
    graph = _graph(tmp_path / "s")
    (corpus / "cards.json").write_text("[{not json", encoding="utf-8")
    (corpus / "qa.json").write_text("{not json either", encoding="utf-8")
    with pytest.raises(IngestError, match="cards.json"):  # the first in plan order, as in-process
        _build(tmp_path / "s", corpus, monkeypatch, fork=True)
    assert _graph(tmp_path / "s") == graph


def test_a_child_that_dies_is_read_here(tmp_path: Path, corpus: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    here = _build(tmp_path / "here", corpus, monkeypatch, fork=False)

    def dies(_source: object) -> object:
        os._exit(3)

    monkeypatch.setattr(kg_build, "_read_in_chunks", dies)
    again = _build(tmp_path / "again", corpus, monkeypatch, fork=True)
    assert "ingest " + str(corpus / "cards.json") in again.timings  # read in this process
    assert (again.sources, again.problems) == (here.sources, here.problems)
    assert _graph(tmp_path / "again") == _graph(tmp_path / "here")


def test_forked_items_errors_and_death() -> None:
    assert list(Forked(lambda: iter(["a", "b"]))) == ["a", "b"]

    def broken() -> list[str]:
        raise ValueError("no such thing")

    with pytest.raises(ChildFailed, match="ValueError: no such thing"):
        list(Forked(broken))
    with pytest.raises(ChildFailed, match="exit code 5"):
        list(Forked(lambda: os._exit(5)))
