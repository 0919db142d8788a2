"""The Comprehensive Rules loader: sections, parents, titles, defines, debris removed."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Literal, URIRef
from rdflib.namespace import RDFS

from ingest import rules
from ingest.common import IngestError, SourceResult
from ontology import DCG, rule_iri

DATA = Path(__file__).parent / "data"


def value(result: SourceResult, number: str, predicate: URIRef) -> str | None:
    found = [str(o) for s, p, o in result.triples if s == rule_iri(number) and p == predicate]
    assert len(found) <= 1
    return found[0] if found else None


def test_crafted_file_sections_and_debris() -> None:
    result = rules.load(DATA / "rules_bad.md")
    assert result.counts == {"rule_sections": 17}
    assert value(result, "1-1-1", DCG.text) == (
        'This game is played by two players in a match against each other. '
        '(For details, refer to 2-1 "<Piercing>")')
    text = value(result, "2-1-1", DCG.text)
    assert text is not None and "processed immediately" in text and "non-turn" in text
    assert text.endswith('refer to 1-1 "Number of Players") 4. Chapter out of order.')
    assert value(result, "2-1", DCG.title) == "<Piercing>"
    assert value(result, "2-1", DCG.defines) == str(DCG.Piercing)
    assert value(result, "2-1-1", DCG.parentSection) == str(rule_iri("2-1"))
    assert value(result, "2-1-1", DCG.citesRule) == str(rule_iri("1-1"))
    assert value(result, "1-1-1", DCG.title) is None
    assert value(result, "1", DCG.parentSection) is None


def test_unparsable_section_lines_are_reported_and_kept() -> None:
    result = rules.load(DATA / "rules_bad.md")
    problems = {p.where: p for p in result.problems}
    assert set(problems) == {"line 13", "line 24", "line 33"}
    assert "does not follow 1-1-3" in problems["line 13"].message
    assert "parent section 1-9" in problems["line 24"].message
    assert "chapter 3 was expected" in problems["line 33"].message
    assert all(p.action == "kept" for p in problems.values())
    assert "Out of order" in (value(result, "1-1-3", DCG.text) or "")
    assert value(result, "1-9-1", DCG.text) is None
    assert value(result, "1-1-2", DCG.text) is None


def test_update_history_and_contents_are_not_sections() -> None:
    result = rules.load(DATA / "rules_bad.md")
    numbers = {str(o) for _s, p, o in result.triples if p == DCG.sectionNumber}
    assert "2-3-3" not in numbers and "3" not in numbers
    assert value(result, "1", DCG.text) == "Game Overview"


@pytest.mark.parametrize("content", [b"", b"no sections here\n", b"\xff\xfe\x00binary"])
def test_files_without_sections_stop(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "comprehensive.md"
    path.write_bytes(content)
    with pytest.raises(IngestError) as caught:
        rules.load(path)
    assert caught.value.problem.action == "stopped"


def test_real_file(corpus: Path) -> None:
    result = rules.load(corpus / "comprehensive.md")
    assert result.counts["rule_sections"] >= 1000
    assert result.problems == []
    text = value(result, "16-7-4", DCG.text) or ""
    assert text.startswith("<Piercing> is pending processing that is processed immediately before")
    assert "36" not in text
    assert value(result, "16-7-4", RDFS.label) == "CR 16-7-4"
    assert value(result, "16-7-4", DCG.parentSection) == str(rule_iri("16-7"))
    assert value(result, "16-7", DCG.parentSection) == str(rule_iri("16"))
    assert value(result, "16-7", DCG.defines) == str(DCG.Piercing)
    assert value(result, "15-16-2", DCG.defines) == str(DCG.OnPlay)
    assert value(result, "16", DCG.title) == "Keyword Effects"
    assert (value(result, "1-2-3-1", DCG.text) or "").endswith(
        '(For details, refer to 11-5 "Confirming if an Attack is Successful")')
    every_text = [str(o) for _s, p, o in result.triples if p == DCG.text]
    assert not any(t.endswith(("processed36", "the2")) for t in every_text)
    assert Literal("CR 18-1") in {o for _s, p, o in result.triples if p == RDFS.label}
