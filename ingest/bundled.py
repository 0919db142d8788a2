"""The bundled sources: a small graph that works without the shared corpus.

Facts in the project's own words, shipped in ``ingest/bundled/``: the cards the seed pages and
common scenarios name (``seed-cards.json``, corpus format, read by ``ingest.cards``), a one-line
summary of every rule section the ontology cites (``rules.yaml``), and the seed page on
<Piercing> retold (``piercing.yaml``), under the ids the real sources give the same things.
The result is a fallback: the build drops its triples about any subject a real source describes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ingest import cards
from ingest.common import IngestError, Problem, SourceResult, provenance
from ingest.rules import add_section
from ingest.wiki import add_example, add_page, add_page_ruling
from ontology import source_iri

BUNDLED_DIR = Path(__file__).parent / "bundled"


def read_yaml(path: Path) -> Any:
    """A YAML file's data, or a stopped build naming the file and the error."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise IngestError(Problem(file=str(path), where="file", action="stopped",
                                  message=f"cannot read the bundled YAML: {exc}")) from None


def load(_path: Path | None = None, folder: Path = BUNDLED_DIR) -> SourceResult:
    """Every bundled source as one fallback result (the path argument is not used)."""
    result = SourceResult(source="bundled", fallback=True)
    card_result = cards.load(folder / "seed-cards.json")
    result.extend(card_result.triples)
    result.problems.extend(card_result.problems)
    for key, value in card_result.counts.items():
        result.count(key, value)
    load_rules(result, folder / "rules.yaml")
    load_page(result, folder / "piercing.yaml")
    # named apart so that a build's totals do not add bundled things to the real ones
    result.counts = {f"bundled {key}": value for key, value in result.counts.items()}
    return result


def load_rules(result: SourceResult, path: Path) -> None:
    """Rule section summaries: ``[{number, text, title?}]``; parents come from the numbers."""
    name = f"bundled-{path.name}"
    entries = read_yaml(path) or []
    numbers = {str(e.get("number")) for e in entries if isinstance(e, dict)}
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not entry.get("number") or not entry.get("text"):
            result.problem(name, f"entry {index}", "expected {number, text, title?}")
            continue
        number = str(entry["number"])
        parent = number.rsplit("-", 1)[0] if "-" in number else None
        if parent and parent not in numbers:
            result.problem(name, f"section {number}", f"parent {parent} is not bundled",
                           action="kept")
        add_section(result, number, str(entry["text"]), entry.get("title"), parent,
                    f"section {number}", name, numbers)


def load_page(result: SourceResult, path: Path) -> None:
    """A retold wiki page: ``{page, rulings: [{id, question, answer}], examples: [...]}``."""
    name = f"bundled-{path.name}"
    data = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("page"), str):
        raise IngestError(Problem(file=str(path), where="page", action="stopped",
                                  message="expected a mapping with the page title under 'page'"))
    page, keyword = add_page(result, data["page"])
    provenance(result, page, source_iri(name), "page")
    for index, item in enumerate(data.get("rulings") or [], start=1):
        if not isinstance(item, dict) or not all(item.get(k) for k in ("id", "question", "answer")):
            result.problem(name, f"rulings[{index - 1}]", "expected {id, question, answer}")
            continue
        ruling = add_page_ruling(result, page, item["id"], f"{data['page']}, ruling {index}",
                                 item["question"].strip(), item["answer"].strip(), keyword)
        provenance(result, ruling, source_iri(name), item["id"])
    for index, item in enumerate(data.get("examples") or []):
        if not isinstance(item, dict) or not item.get("id") or not item.get("steps"):
            result.problem(name, f"examples[{index}]", "expected {id, title, steps}")
            continue
        example = add_example(result, page, item["id"], item.get("title") or item["id"],
                              [str(step) for step in item["steps"]], keyword)
        provenance(result, example, source_iri(name), item["id"])
