"""Damaged and hostile source files (issue 12, part 2): a mistyped or out-of-bounds field is
reported with its file, record and field and the record skipped; control characters are removed;
active HTML refuses the record, other tags are removed; a file too large, too deep or with a
number too long stops the build with exit 2, no traceback and the previous graph kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from ingest import cards, errata, qa
from ingest.common import MAX_FILE_BYTES, IngestError, SourceResult
from ingest.compiler.effect_compiler import MAX_COMPILED_TEXT
from ingest.records import TEXT_MAX
from ontology import DCG, card_iri, ruling_iri

CARD: dict[str, Any] = {
    "cardId": "BT9-001", "set": "BT9", "nameEn": "Agumon", "colors": ["Red"], "kinds": ["Digimon"],
    "level": 3, "playCost": 3, "dp": 2000, "evoCosts": [{"color": "Red", "level": 2, "memoryCost": 0}],
    "effectText": "[On Play] Gain 1 memory.", "rarity": "C",
}
RULING: dict[str, Any] = {"qno": "Q9001", "question": "Can it attack?", "answer": "Yes, it can.",
                          "date": "2026-01-01", "related": []}


def _write(folder: Path, name: str, data: Any) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _load_one_card(tmp_path: Path, **fields: Any) -> SourceResult:
    """A cards.json of the good card and one card with ``fields`` changed (numbered BT9-002)."""
    return cards.load(_write(tmp_path, "cards.json", [CARD, {**CARD, "cardId": "BT9-002", **fields}]))


def _texts(result: SourceResult, predicate: Any) -> list[str]:
    return [str(o) for _s, p, o in result.triples if p == predicate]


@pytest.mark.parametrize(("fields", "field", "expected"), [
    ({"evoCosts": "oops"}, "evoCosts", "expected a list, got a text 'oops'"),
    ({"evoCosts": [{"level": "two"}]}, "evoCosts[0].level", "expected a whole number"),
    ({"colors": {"a": 1}}, "colors", "expected a list, got an object"),
    ({"effectText": 12345}, "effectText", "expected a text, got a number 12345"),
    ({"effectText": ["a", "b"]}, "effectText", "expected a text, got a list"),
    ({"dp": 10**30}, "dp", "is out of bounds, expected a whole number of at most 100,000"),
    ({"level": -1}, "level", "out of bounds, expected a whole number of at least 0"),
    ({"playCost": True}, "playCost", "expected a whole number, got a boolean True"),
    ({"nameEn": "x" * 1000}, "nameEn", "a text of 1,000 characters, expected at most 200"),
    ({"effectText": "a" * (TEXT_MAX + 1)}, "effectText",
     f"a text of {TEXT_MAX + 1:,} characters, expected at most {TEXT_MAX:,}"),
    ({"effectText": "[On Play] <script>alert(1)</script>"}, "effectText", "holds active HTML '<script>'"),
    ({"effectText": "&lt;iframe src=x&gt;"}, "effectText", "holds active HTML '<iframe src=x>'"),
    ({"types": ['<b onclick="x()">Dragon</b>']}, "types[0]", "holds active HTML"),
])
def test_a_mistyped_card_field_is_named_and_the_card_skipped(tmp_path: Path, fields: dict[str, Any],
                                                             field: str, expected: str) -> None:
    result = _load_one_card(tmp_path, **fields)
    assert result.counts["cards"] == 1  # the good card is still read
    assert [(p.file, p.where, p.action) for p in result.problems] == [
        ("cards.json", "cards.json[1] BT9-002", "skipped")]
    message = result.problems[0].message
    assert message.startswith(f"field {field!r}: ") and expected in message
    assert len(message) < 300  # a long value is not echoed
    assert not any(s == card_iri("BT9-002") for s, _p, _o in result.triples)


def test_control_characters_are_removed_and_reported(tmp_path: Path) -> None:
    result = _load_one_card(tmp_path, effectText="[On Play] Gain\x00 1\x1b memory.", nameEn="Gab\x7fumon")
    assert result.counts["cards"] == 2
    assert {(p.where, p.action) for p in result.problems} == {("cards.json[1] BT9-002", "kept")}
    messages = sorted(p.message for p in result.problems)
    assert messages == ["field 'effectText': control characters U+0000, U+001B removed",
                        "field 'nameEn': control characters U+007F removed"]
    texts = _texts(result, DCG.mainText) + _texts(result, DCG.name)
    assert "[On Play] Gain 1 memory." in texts and "Gabumon" in texts
    assert not any("\x00" in t or "\x7f" in t for t in texts)


def test_a_lone_surrogate_refuses_the_record(tmp_path: Path) -> None:
    result = _load_one_card(tmp_path, nameEn="Gab\ud800umon")  # json.dumps writes it as \ud800
    assert [(p.where, p.action) for p in result.problems] == [("cards.json[1] BT9-002", "skipped")]
    assert result.problems[0].message.startswith("field 'nameEn': holds a lone surrogate")


def test_inert_html_tags_are_removed_and_reported(tmp_path: Path) -> None:
    result = _load_one_card(tmp_path, effectText='[On Play] Gain 1 memory. <a href="https://x.org">See</a>')
    assert [(p.where, p.action) for p in result.problems] == [("cards.json[1] BT9-002", "kept")]
    assert result.problems[0].message == "field 'effectText': HTML tags </a>, <a> removed"
    assert "[On Play] Gain 1 memory. See" in _texts(result, DCG.mainText)


def test_keywords_and_line_break_markup_are_not_html(tmp_path: Path) -> None:
    text = "<Blocker> <Link> <Progress> <S Attack +1><br>[On Play] Gain 1 memory."
    result = _load_one_card(tmp_path, effectText=text)
    assert result.problems == [] and result.counts["cards"] == 2


def test_a_long_junk_text_is_kept_uncompiled_and_reported(tmp_path: Path) -> None:
    junk = " and [" * 3000  # 18,000 characters: within the text cap, beyond the compiler's
    result = _load_one_card(tmp_path, effectText=junk)
    assert result.counts["cards"] == 2
    assert [(p.where, p.action) for p in result.problems] == [("cards.json[1] BT9-002 main effect 1", "kept")]
    message = result.problems[0].message
    assert f"longer than the compiler reads ({MAX_COMPILED_TEXT:,}); left uncompiled" in message


def test_a_keyword_followed_by_a_sign_and_digits_is_read(tmp_path: Path) -> None:
    """'[+-−]' was a character range holding '>': '<Blocker>1' crashed the keyword reader."""
    result = _load_one_card(tmp_path, effectText="<Blocker>1 <Blocker> +1 of your Digimon>")
    assert result.problems == [] and result.counts["cards"] == 2


@pytest.mark.parametrize(("record", "field", "expected"), [
    ({**RULING, "qno": 9001}, "qno", "expected a text, got a number 9001"),
    ({**RULING, "answer": {"a": 1}}, "answer", "expected a text, got an object"),
    ({**RULING, "question": "<style>p {}</style>?"}, "question", "holds active HTML '<style>'"),
    ({**RULING, "answer": "x" * (TEXT_MAX + 1)}, "answer", "expected at most 20,000"),
    ({**RULING, "related": ["BT1-001"] * 40}, "related", "40 items, expected at most 32"),
])
def test_a_mistyped_ruling_field_is_named_and_the_ruling_skipped(tmp_path: Path, record: dict[str, Any],
                                                                 field: str, expected: str) -> None:
    result = qa.load(_write(tmp_path, "qa.json", {"BT9-001": [RULING, record]}))
    assert result.counts["rulings"] == 1
    assert [(p.file, p.where, p.action) for p in result.problems] == [("qa.json", "BT9-001[1]", "skipped")]
    assert result.problems[0].message.startswith(f"field {field!r}: ")
    assert expected in result.problems[0].message


def test_a_ruling_loses_its_control_characters(tmp_path: Path) -> None:
    result = qa.load(_write(tmp_path, "qa.json", {"BT9-001": [{**RULING, "answer": "Yes,\x00 it can."}]}))
    assert [(p.where, p.message, p.action) for p in result.problems] == [
        ("BT9-001[0]", "field 'answer': control characters U+0000 removed", "kept")]
    assert [str(o) for s, p, o in result.triples if s == ruling_iri("Q9001") and p == DCG.answer] == [
        "Yes, it can."]


def test_a_mistyped_errata_field_is_named_and_the_entry_skipped(tmp_path: Path) -> None:
    data = {"BT9-001": {"name": "Agumon", "date": "2026-01-01", "changes": [{"before": "a", "after": 5}]},
            "BT9-002": {"name": ["Agumon"], "changes": [{"before": "a", "after": "b"}]},
            "BT9-003": {"notes": "x" * (TEXT_MAX + 1), "changes": [{"before": "a", "after": "b"}]}}
    result = errata.load(_write(tmp_path, "errata.json", data))
    assert result.counts.get("errata", 0) == 0
    problems = {p.where: p.message for p in result.problems}
    assert problems["BT9-001.changes[0]"].startswith("field 'after': expected a text, got a number 5")
    assert problems["BT9-002"].startswith("field 'name': expected a text, got a list")
    assert problems["BT9-003"].startswith("field 'notes': a text of 20,001 characters")


def _deep(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text("[" * 200_000, encoding="utf-8")
    return path


def _huge(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    with path.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)  # sparse: refused by its size, never read
    return path


def _long_number(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text('[{"cardId": "BT9-001", "dp": ' + "9" * 5000 + "}]", encoding="utf-8")
    return path


FATAL = [  # (how the damaged cards.json is made, where, what the message says)
    (_deep, "line 1, column 33", "nested deeper than 32 levels"),
    (_huge, "file", f"{MAX_FILE_BYTES + 1:,} bytes, expected at most {MAX_FILE_BYTES:,}"),
    (_long_number, "file", "not readable JSON"),
]


@pytest.mark.parametrize(("make", "where", "expected"), FATAL)
def test_a_damaged_file_stops_its_loader_with_a_located_problem(tmp_path: Path, make: Any, where: str,
                                                               expected: str) -> None:
    with pytest.raises(IngestError) as caught:
        cards.load(make(tmp_path))
    problem = caught.value.problem
    assert problem.file.endswith("cards.json") and problem.where == where and problem.action == "stopped"
    assert expected in problem.message


def _graph(store: Path) -> set[str]:
    generation = (store / "CURRENT").read_text(encoding="utf-8").strip()
    return {str(q.triple) for q in ox.Store.read_only(str(store / generation))}


def test_a_damaged_corpus_stops_the_build_with_exit_2_and_keeps_the_graph(tmp_path: Path) -> None:
    from queries.cli import app

    corpus, store = tmp_path / "corpus", tmp_path / "store"
    _write(corpus, "cards.json", [CARD])
    _write(corpus, "qa.json", {"BT9-001": [RULING]})
    build = ["build", "--store", str(store), "--corpus", str(corpus)]
    first = CliRunner().invoke(app, build)
    assert first.exit_code == 0, first.output
    before = _graph(store)
    for make, where, expected in FATAL:
        make(corpus)
        result = CliRunner().invoke(app, build)
        assert result.exit_code == 2, result.output
        assert "cards.json" in result.output and where in result.output and expected in result.output
        assert "Traceback" not in result.output
        assert _graph(store) == before
    # a mistyped record is no reason to stop: the build goes on without it and says why
    _write(corpus, "cards.json", [CARD, {**CARD, "cardId": "BT9-002", "evoCosts": "oops"}])
    result = CliRunner().invoke(app, build)
    assert result.exit_code == 0, result.output
    assert "BT9-002" in result.output and "evoCosts" in result.output
    assert _graph(store) == before
