"""Wiki pages in the seeds' shape: a keyword page (like <Piercing>) or a rules page (like Global
Effects), as plain text.

``ingest.wiki_text`` splits the page into its title, notes, introduction and the blocks under
its headings. Three kinds of heading are read for their structure:

- ``Example N``: numbered, possibly nested steps -> a ``dcg:Example``;
- ``Rulings`` / ``Other Rulings``: ``N. Q: ...`` then ``A: ...`` -> a ``dcg:Ruling`` each, with
  the id ``seed-<page>-N`` or ``seed-<page>-other-N``;
- ``Sources``: numbered footnotes -> a ``dcg:Source`` each (``¹`` in the text points at them).

Every heading also becomes a ``dcg:PageSection``, with its text for plain, navigation and
sources blocks. Wiki pages are the user's own files: a page that cannot be read gives a
reported problem and no triples, never a stopped build.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from rdflib import URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS

from ingest.common import SourceResult, provenance
from ingest.rulings import add_mentions, add_ruling, card_numbers
from ingest.vocab import vocabulary
from ingest.wiki_text import ANSWER, EXAMPLE, ITEM, QA, QUESTION, Block, Page, outline, read_page
from ontology import DCG, ID, card_iri, page_iri, ruling_iri, source_iri

_SUPERSCRIPT = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")


def slug(title: str) -> str:
    """``"Global Effects"`` -> ``"global-effects"``."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "page"


def example_iri(example_id: str) -> URIRef:
    """The IRI of a worked example (``seed-piercing-example-1``)."""
    return ID[f"example/{quote(example_id, safe='-_.~')}"]


def section_iri(page_slug: str, section_slug: str) -> URIRef:
    """The IRI of a section, under its page's IRI."""
    return URIRef(f"{page_iri(page_slug)}/section/{quote(section_slug, safe='-_.~')}")


def footnote_iri(page_slug: str, number: int) -> URIRef:
    """The IRI of a page's numbered source (footnote)."""
    return URIRef(f"{page_iri(page_slug)}/source/{number}")


def add_page(result: SourceResult, title: str) -> tuple[URIRef, str | None]:
    """A page's IRI, class, title and keyword (when the title names one)."""
    page = page_iri(slug(title))
    keyword = vocabulary().keywords.get(title.lower())
    result.add(page, RDF.type, DCG.Page)
    result.add(page, DCG.title, title)
    result.add(page, RDFS.label, title)
    if keyword:
        result.add(page, DCG.aboutKeyword, DCG[keyword])
    result.count("pages")
    return page, keyword


def add_example(result: SourceResult, page: URIRef, example_id: str, title: str,
                steps: list[str], keyword: str | None) -> URIRef:
    """A worked example of a page: its steps in order (each starts with its number)."""
    example = example_iri(example_id)
    result.add(example, RDF.type, DCG.Example)
    result.add(example, RDFS.label, example_id)
    result.add(example, DCG.title, title)
    for step in steps:
        result.add(example, DCG.step, step)
    result.add(example, DCG.text, "\n".join(steps))
    if keyword:
        result.add(example, DCG.aboutKeyword, DCG[keyword])
    add_mentions(result, example, "\n".join(steps))
    result.add(page, DCG.hasExample, example)
    result.count("examples")
    return example


def add_page_ruling(result: SourceResult, page: URIRef, ruling_id: str, title: str,
                    question: str, answer: str, keyword: str | None) -> URIRef:
    """A ruling listed on a page, about the page's keyword."""
    ruling = ruling_iri(ruling_id)
    add_ruling(result, ruling, ruling_id, question, answer, "wiki", keyword)
    result.add(ruling, DCG.title, title)
    result.add(page, DCG.hasRuling, ruling)
    result.count("rulings")
    return ruling


def load(path: Path) -> SourceResult:
    """Load one wiki page."""
    result = SourceResult(source=f"wiki:{path.name}")
    page = read_page(path, result)
    if page is not None:
        PageWriter(result, path.name, page).write()
    return result


class PageWriter:
    """Turns a split page into triples."""

    def __init__(self, result: SourceResult, file: str, page: Page) -> None:
        self.result, self.file, self.page = result, file, page
        self.slug = slug(page.title)

    def write(self) -> None:
        r, page = self.result, self.page
        self.iri, self.keyword = add_page(r, page.title)
        for note in page.notes:
            r.add(self.iri, DCG.notes, note)
        if page.intro:
            r.add(self.iri, DCG.text, "\n".join(page.intro))
        self._provenance(self.iri, 1)
        used: set[str] = set()
        for position, block in enumerate(page.blocks, start=1):
            section = self._section(block, position, used)
            if block.kind == "example":
                self._example(block)
            elif block.kind in ("rulings", "other-rulings"):
                self._rulings(block)
            elif block.kind == "sources":
                self._sources(block, section)

    def _provenance(self, subject: URIRef, line: int) -> None:
        provenance(self.result, subject, source_iri(self.file), f"line {line}")

    def _section(self, block: Block, position: int, used: set[str]) -> URIRef:
        name = slug(block.title)
        while name in used:
            name += "-2"
        used.add(name)
        section = section_iri(self.slug, name)
        r = self.result
        r.add(section, RDF.type, DCG.PageSection)
        r.add(section, DCG.title, block.title)
        r.add(section, RDFS.label, f"{self.page.title}: {block.title}")
        r.add(section, DCG.position, position)
        r.add(self.iri, DCG.hasSection, section)
        if block.kind in ("text", "navigation", "sources") and block.lines:
            text = "\n".join(line.strip() for _n, line in block.lines)
            r.add(section, DCG.text, text)
            add_mentions(r, section, text)
            for mark in re.findall(r"[¹²³⁴⁵⁶⁷⁸⁹⁰]+", text):
                r.add(section, DCTERMS.source, footnote_iri(self.slug, int(mark.translate(_SUPERSCRIPT))))
        self._provenance(section, block.line)
        r.count("page_sections")
        return section

    def _example(self, block: Block) -> None:
        number = EXAMPLE.match(block.title).group(1)  # type: ignore[union-attr]
        steps = outline(block.lines)
        if not steps:
            self.result.problem(self.file, f"line {block.line}",
                                f"{block.title!r} has no numbered steps; expected '1. ...'")
            return
        example_id = f"seed-{self.slug}-example-{number}"
        texts = [f"{path}. {text}" for path, text in steps]
        example = add_example(self.result, self.iri, example_id, f"{self.page.title}, {block.title}",
                              texts, self.keyword)
        self._provenance(example, block.line)

    def _rulings(self, block: Block) -> None:
        prefix = f"seed-{self.slug}-" + ("other-" if block.kind == "other-rulings" else "")
        for index, qa in enumerate(self._qa(block), start=1):
            ruling = add_page_ruling(self.result, self.iri, f"{prefix}{index}",
                                     f"{self.page.title}, {block.title} {index}",
                                     qa.text(qa.question), qa.text(qa.answer or []), self.keyword)
            self._provenance(ruling, qa.line)

    def _qa(self, block: Block) -> list[QA]:
        """Every complete ``N. Q: ... A: ...`` item; the others are reported."""
        found: list[QA] = []
        current: QA | None = None
        for number, line in block.lines:
            item, answer = ITEM.match(line), ANSWER.match(line)
            if item and not item.group(1):
                self._close(current, found)
                question = QUESTION.match(item.group(3))
                current = QA(number, [question.group(1)]) if question else None
                if current is None:
                    self.result.problem(self.file, f"line {number}",
                                        "expected a ruling as 'N. Q: question'; item left out")
            elif current is None:
                self.result.problem(self.file, f"line {number}",
                                    "text outside any numbered ruling; left out")
            elif answer:
                current.answer = [answer.group(1)]
            else:
                (current.question if current.answer is None else current.answer).append(line.strip())
        self._close(current, found)
        return found

    def _close(self, item: QA | None, found: list[QA]) -> None:
        if item is None:
            return
        if item.answer is None or not item.text(item.answer):
            self.result.problem(self.file, f"line {item.line}",
                                "a question without an answer ('A: ...'); ruling left out")
        else:
            found.append(item)

    def _sources(self, block: Block, section: URIRef) -> None:
        r = self.result
        for line, raw in block.lines:
            item = ITEM.match(raw)
            if not item:
                continue
            source = footnote_iri(self.slug, int(item.group(2)))
            r.add(source, RDF.type, DCG.Source)
            r.add(source, RDFS.label, item.group(3).strip())
            for number in card_numbers(item.group(3)):
                r.add(source, DCG.mentionsCard, card_iri(number))
            r.add(self.iri, DCTERMS.source, source)
            r.add(section, DCTERMS.source, source)
            self._provenance(source, line)
            r.count("sources")


