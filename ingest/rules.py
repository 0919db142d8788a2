"""The Comprehensive Rules, as text extracted from the PDF, into one ``dcg:RuleSection`` each.

A section starts on a line ``15-4-3-5-1. text`` (or ``16. Keyword Effects`` for a chapter) and
runs to the next one; wrapped lines are joined. The PDF extraction leaves debris that is
removed line by line before joining:

- the page number glued to the last line of each page (``... processed36``), recognised
  because page numbers count up from 1 through the file;
- a cross reference repeated after its closing quote (``... "Blocking")12-1``);
- the table of contents (dot leaders) and the update history after the last chapter.

A line that looks like a section but cannot be one here (its number is out of order or its
parent section is missing) is kept as text of the section before it and reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ingest.common import DCG, RDF, RDFS, IngestError, Problem, SourceResult, provenance, read_text
from ingest.rulings import cited_rules
from ingest.text import normalise
from ingest.vocab import find_keywords, find_timings, mentioned_keywords, vocabulary
from ontology import rule_iri, source_iri

_SECTION = re.compile(r"^([0-9]{1,2}(?:-[0-9]{1,3})*)\.\s+(\S.*)$")
_TOC_LINE = re.compile(r"\.{4,}\s*[0-9]+\s*$")
_CROSS_REF_DEBRIS = re.compile(r'("\))\s?[0-9][0-9-]*$')
_QUOTED_REF = re.compile(r'\b([0-9]{1,2}(?:-[0-9]+)*) "')
_END_MARK = "Update History"
_TITLE_MAX = 80
_MIN_PAGE_LINES = 20  # a page holds more lines than this; closer numbers are not page ends


@dataclass
class Section:
    """One numbered section as read: its number, line number and raw text lines."""

    number: str
    line: int
    lines: list[str] = field(default_factory=list)
    children: int = 0

    @property
    def parent(self) -> str | None:
        return self.number.rsplit("-", 1)[0] if "-" in self.number else None

    @property
    def text(self) -> str:
        joined = ""
        for line in self.lines:
            if joined.endswith("-") and (joined[-2:-1].isalpha() or line[:1].isdigit()):
                joined += line  # hyphenated across lines: "non-" + "turn", "15-" + "8-2"
            else:
                joined = f"{joined} {line}" if joined else line
        return normalise(joined)

    @property
    def title(self) -> str | None:
        """The heading: a chapter's name, or the short text of a section with sub-sections
        (one line, or wrapped but not a sentence)."""
        text = self.text
        short = len(text) <= _TITLE_MAX and (len(self.lines) == 1 or text[-1:] not in ".:")
        return text if self.parent is None or (self.children and short) else None


_SECTION_NUMBER = re.compile(r"^[0-9][0-9-]*\s*")
_PAGE_NUMBER = re.compile(r"(^|.)([0-9]+)$")


class _Cleaner:
    """Removes page numbers and repeated cross references from raw lines, in file order."""

    def __init__(self) -> None:
        self.next_page = 1
        self.last_page_line = -_MIN_PAGE_LINES
        self.ref_wrapped = False

    def clean(self, line: str, number: int) -> str:
        line = line.rstrip()
        if self.ref_wrapped:  # the repeated reference went on: '")15-' then '615-7'
            self.ref_wrapped = False
            line = _SECTION_NUMBER.sub("", line)
        match = _CROSS_REF_DEBRIS.search(line)
        if match:
            self.ref_wrapped = match.group(0).endswith("-")
            line = line[:match.start()] + match.group(1)
        return self._page(line, number)

    def _page(self, line: str, number: int) -> str:
        if number - self.last_page_line < _MIN_PAGE_LINES:
            return line
        digits = _PAGE_NUMBER.search(line)
        if not digits:
            return line
        before, run = digits.groups()
        for page in range(self.next_page, self.next_page + 3):
            tail = str(page)
            whole = run == tail and not before.isspace() and before != "-"  # "the2", "2"
            in_ref = run != tail and run.endswith(tail) and before == "-"  # "15-8-3" + "42"
            if whole or in_ref:
                self.next_page, self.last_page_line = page + 1, number
                return line[: -len(tail)]
        return line


def read_sections(path: Path, result: SourceResult) -> list[Section]:
    """Split the file into sections; report lines that look like sections but are not."""
    raw = read_text(path)  # bounded in size, UTF-8, or the build stops
    sections: dict[str, Section] = {}
    last_child: dict[str | None, int] = {}
    current: Section | None = None
    for number, line in _body(raw.splitlines()):
        match = _SECTION.match(line)
        if match:
            reason = _out_of_place(match.group(1), sections, last_child)
            if reason is None:
                current = Section(match.group(1), number, [match.group(2)])
                sections[current.number] = current
                last_child[current.parent] = int(current.number.rsplit("-", 1)[-1])
                if current.parent:
                    sections[current.parent].children += 1
                continue
            where = f"kept as text of section {current.number}" if current else "skipped"
            result.problem(path.name, f"line {number}",
                           f"{match.group(1)!r} looks like a section number but {reason}; {where}",
                           action="kept" if current else "skipped")
        if current is not None and line.strip():
            current.lines.append(line.strip())
    return list(sections.values())


def _body(lines: list[str]) -> Iterator[tuple[int, str]]:
    """Numbered, cleaned lines of the rules proper: no contents table, no update history."""
    cleaner = _Cleaner()
    for number, raw in enumerate(lines, start=1):
        if raw.strip() == _END_MARK:
            return
        if _TOC_LINE.search(raw) or raw.startswith("#"):
            continue
        yield number, cleaner.clean(raw, number)


def _out_of_place(number: str, sections: dict[str, Section],
                  last_child: dict[str | None, int]) -> str | None:
    """Why ``number`` cannot start a section at this point, or None if it can."""
    parent = number.rsplit("-", 1)[0] if "-" in number else None
    index = int(number.rsplit("-", 1)[-1])
    if parent is not None and parent not in sections:
        return f"its parent section {parent} has not been read"
    previous = last_child.get(parent, 0)
    if index <= previous:
        return f"it does not follow {_sibling(parent, previous)}"
    if parent is None and index != previous + 1:
        return f"chapter {previous + 1} was expected"
    return None


def _sibling(parent: str | None, index: int) -> str:
    return f"{parent}-{index}" if parent else str(index)


def load(path: Path) -> SourceResult:
    """Load the Comprehensive Rules text file."""
    result = SourceResult(source=f"rules:{path.name}")
    sections = read_sections(path, result)
    if not sections:
        raise IngestError(Problem(file=str(path), where="file", action="stopped",
                                  message="no numbered sections such as '16-7-4. ...' found"))
    numbers = {s.number for s in sections}
    for section in sections:
        add_section(result, section.number, section.text, section.title, section.parent,
                    f"line {section.line}", path.name, numbers)
    return result


def add_section(result: SourceResult, number: str, text: str, title: str | None,
                parent: str | None, record: str, file: str, known: set[str]) -> None:
    """The triples of one rule section (shared with the bundled summaries)."""
    section = rule_iri(number)
    result.add(section, RDF.type, DCG.RuleSection)
    result.add(section, DCG.sectionNumber, number)
    result.add(section, RDFS.label, f"CR {number}")
    result.add(section, DCG.text, text)
    result.add(section, DCG.title, title)
    if parent:
        result.add(section, DCG.parentSection, rule_iri(parent))
    for term in defined_terms(title or ""):
        result.add(section, DCG.defines, DCG[term])
    for keyword in mentioned_keywords(text):
        result.add(section, DCG.mentionsKeyword, DCG[keyword])
    for timing in dict.fromkeys(find_timings(text)):
        result.add(section, DCG.mentionsTiming, DCG[timing])
    for cited in dict.fromkeys(cited_rules(text) + _QUOTED_REF.findall(text)):
        if cited in known and cited != number:
            result.add(section, DCG.citesRule, rule_iri(cited))
    provenance(result, section, source_iri(file), record)
    result.count("rule_sections")


def defined_terms(title: str) -> list[str]:
    """The keywords or timings a heading is about: ``<Piercing>`` -> Piercing."""
    title = title.strip()
    if title.startswith("<"):
        return list(dict.fromkeys(name for name, _value in find_keywords(title)))
    if title.startswith("["):
        timings = vocabulary().timings
        names = re.findall(r"\[([^\[\]]+)\]", title)
        return list(dict.fromkeys(timings[n.lower()] for n in names if n.lower() in timings))
    return []
