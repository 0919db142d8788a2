"""Incremental builds: an unchanged rebuild writes nothing, a changed source alone is read again,
the result is the graph a fresh build gives, and a failed or cut-short build poisons nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from ingest.common import IngestError
from kg import build_cache
from kg.build import BuildReport, Inputs, build
from kg.build_cache import BUNDLED_DIR
from kg.store import OxigraphStore, open_store

QA = {"BT5-086": [{"qno": "Q9001", "question": "Can Omnimon attack at once?", "answer": "Yes, it can.",
                   "date": "2026-01-01", "related": []}]}


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A small corpus: two cards and one ruling."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    cards = json.loads((BUNDLED_DIR / "seed-cards.json").read_text(encoding="utf-8"))[:2]
    (folder / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    (folder / "qa.json").write_text(json.dumps(QA), encoding="utf-8")
    return folder


def _triples(store_dir: Path) -> set[str]:
    generation = (store_dir / "CURRENT").read_text(encoding="utf-8").strip()
    return {str(q.triple) for q in ox.Store.read_only(str(store_dir / generation))}


def _generations(store_dir: Path) -> list[str]:
    return sorted(p.name for p in store_dir.iterdir() if p.name.startswith("graph-"))


def _build(store_dir: Path, corpus: Path, **kwargs: bool) -> BuildReport:
    return build(open_store(store_dir), Inputs(corpus=[corpus], pages=[]), **kwargs)


def _same_report(a: BuildReport, b: BuildReport) -> None:
    assert (a.sources, a.problems, a.triples) == (b.sources, b.problems, b.triples)


def test_unchanged_rebuild_writes_nothing(tmp_path: Path, corpus: Path) -> None:
    first = _build(tmp_path / "s", corpus)
    before = _generations(tmp_path / "s")
    again = _build(tmp_path / "s", corpus)
    assert again.unchanged and not first.unchanged
    assert again.ingested == [] and again.reused == []
    assert _generations(tmp_path / "s") == before
    _same_report(again, first)


def test_one_changed_source_is_read_alone_and_gives_the_fresh_graph(tmp_path: Path, corpus: Path) -> None:
    _build(tmp_path / "s", corpus)
    changed = {**QA, "BT5-087": [{**QA["BT5-086"][0], "qno": "Q9002"}]}
    (corpus / "qa.json").write_text(json.dumps(changed), encoding="utf-8")
    report = _build(tmp_path / "s", corpus)
    assert report.ingested == [str(corpus / "qa.json")]
    assert set(report.reused) == {"ontology", "bundled", str(corpus / "cards.json")}
    fresh = _build(tmp_path / "fresh", corpus)
    assert fresh.reused == []
    assert _triples(tmp_path / "s") == _triples(tmp_path / "fresh")
    _same_report(report, fresh)


def test_force_reads_everything_again(tmp_path: Path, corpus: Path) -> None:
    _build(tmp_path / "s", corpus)
    before = _generations(tmp_path / "s")
    forced = _build(tmp_path / "s", corpus, force=True)
    assert not forced.unchanged and forced.reused == [] and len(forced.ingested) == 4
    assert _generations(tmp_path / "s") != before
    assert _build(tmp_path / "s", corpus).unchanged  # and it is recorded like any build


def test_a_code_change_reads_everything_again(tmp_path: Path, corpus: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _build(tmp_path / "s", corpus)
    monkeypatch.setattr("kg.build.code_version", lambda: "another compiler")
    report = _build(tmp_path / "s", corpus)
    assert not report.unchanged and report.reused == []


def test_corrupt_source_keeps_the_graph_and_poisons_no_cache(tmp_path: Path, corpus: Path) -> None:
    good = (corpus / "qa.json").read_text(encoding="utf-8")
    first = _build(tmp_path / "s", corpus)
    graph, generations = _triples(tmp_path / "s"), _generations(tmp_path / "s")
    (corpus / "qa.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(IngestError, match="qa.json"):
        _build(tmp_path / "s", corpus)
    assert _triples(tmp_path / "s") == graph and _generations(tmp_path / "s") == generations
    (corpus / "qa.json").write_text(good, encoding="utf-8")
    back = _build(tmp_path / "s", corpus)
    assert back.unchanged
    _same_report(back, first)


def test_a_build_cut_short_after_the_switch_records_nothing(tmp_path: Path, corpus: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed between the switch and the record: the next build cannot call the new graph unchanged
    from the old record, so it builds again (from the cache)."""
    _build(tmp_path / "s", corpus)
    (corpus / "qa.json").write_text(json.dumps({}), encoding="utf-8")

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(build_cache.BuildCache, "record", killed)
        with pytest.raises(KeyboardInterrupt):
            _build(tmp_path / "s", corpus)
    report = _build(tmp_path / "s", corpus)
    assert not report.unchanged and len(report.reused) == 4
    assert _build(tmp_path / "s", corpus).unchanged


def test_a_build_cut_short_before_the_switch_keeps_the_record(tmp_path: Path, corpus: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    good = (corpus / "qa.json").read_text(encoding="utf-8")
    _build(tmp_path / "s", corpus)
    graph = _triples(tmp_path / "s")
    (corpus / "qa.json").write_text(json.dumps({}), encoding="utf-8")

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(OxigraphStore, "replace_ntriples", killed)
        with pytest.raises(KeyboardInterrupt):
            _build(tmp_path / "s", corpus)
    assert _triples(tmp_path / "s") == graph
    (corpus / "qa.json").write_text(good, encoding="utf-8")
    assert _build(tmp_path / "s", corpus).unchanged  # the live graph's record still holds


def test_a_store_in_memory_is_built_in_full() -> None:
    store = open_store(":memory:")
    build(store, Inputs(corpus=[], pages=[]))
    again = build(store, Inputs(corpus=[], pages=[]))
    assert not again.unchanged and again.reused == [] and again.ingested == ["ontology", "bundled"]


def test_cli_build_force_and_unchanged(tmp_path: Path, corpus: Path) -> None:
    from queries.cli import app

    args = ["build", "--corpus", str(corpus), "--store", str(tmp_path / "s")]
    runner = CliRunner()
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and "unchanged" in again.output
    forced = runner.invoke(app, [*args, "--force", "--json"])
    assert forced.exit_code == 0, forced.output
    summary = json.loads(forced.output)
    assert summary["unchanged"] is False and summary["reused"] == [] and len(summary["ingested"]) == 4
    assert json.loads(runner.invoke(app, [*args, "--json"]).output)["unchanged"] is True


def test_merging_text_is_merging_triples() -> None:
    """The fallback yields on the subjects a real source describes, as ``merge`` does."""
    from rdflib import Literal, URIRef

    from ingest.common import SourceResult
    from kg.build import merge, merge_parts, part_of
    from kg.nt_writer import ntriples_text

    a, b, p = URIRef("https://x/a"), URIRef("https://x/b"), URIRef("https://x/p")
    real = SourceResult(source="real", triples=[(a, p, Literal("real"))])
    fallback = SourceResult(source="fallback", fallback=True,
                            triples=[(a, p, Literal("bundled")), (b, p, Literal("line\u2028break\x85"))])
    text = "".join(merge_parts([part_of(real), part_of(fallback)]))
    assert sorted(text.split("\n")) == sorted(ntriples_text(merge([real, fallback]))[0].split("\n"))


def test_an_unchanged_build_is_answered_without_the_ingesters(tmp_path: Path, corpus: Path) -> None:
    """`dcgkg build` with nothing changed reads the recorded report (kg.build_plan): it loads
    neither the build nor the ingesters, rdflib nor pydantic, and says the same as the build would."""
    from queries.cli import app
    from tests.queries.test_startup import heavy, loaded

    args = ["build", "--corpus", str(corpus), "--store", str(tmp_path / "s")]
    assert CliRunner().invoke(app, args).exit_code == 0
    modules, text = loaded(tmp_path, *args)
    assert "is unchanged: nothing changed since the last build" in " ".join(text.split())
    assert heavy(modules, ("kg.build", "ingest", "rdflib", "pydantic")) == []  # kg.build_plan, _cache only
    modules, text = loaded(tmp_path, *args, "--json")
    assert json.loads(text)["unchanged"] is True


def test_the_build_code_is_part_of_the_code_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to the code that writes the triples (kg/build.py …) reads every source again."""
    from kg import build_cache

    writer = tmp_path / "writer.py"
    writer.write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(build_cache, "CODE_FILES", (writer,))
    before = build_cache.code_version()
    writer.write_text("x = 2\n", encoding="utf-8")
    assert build_cache.code_version() != before
