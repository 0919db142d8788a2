"""Splitting a wiki page in the seeds' shape into its parts, before any triple is made.

The first line is the title. A heading is a short line standing alone between blank lines;
under it come paragraphs, bullets (``•``) and numbered items (``1.``, indented ``   1.`` for
sub-steps). A line of ``■``-separated links is the navigation box; ``Main page: ...`` lines and
the ``<Title> Icon`` caption are page notes; text after the navigation box (or before the first
heading) is the page's introduction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ingest.common import SourceResult
from ingest.text import normalise

ITEM = re.compile(r"^(\s*)([0-9]+)\.\s+(.*)$")
_BULLET = re.compile(r"^\s*[•*·-]\s+(.*)$")
ANSWER = re.compile(r"^\s*A:\s*(.*)$")
QUESTION = re.compile(r"^Q:\s*(.*)$")
EXAMPLE = re.compile(r"^Example\s*([0-9]+)$", re.IGNORECASE)
_RULINGS = re.compile(r"^(Other\s+)?Rulings$", re.IGNORECASE)
_SOURCES = re.compile(r"^(Sources|References)$", re.IGNORECASE)
_HEADING_MAX = 70


@dataclass
class Block:
    """What sits under one heading: its kind and the lines, with their line numbers."""

    title: str
    line: int
    kind: str  # text, example, rulings, other-rulings, sources, navigation
    lines: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class QA:
    """A ruling item as read: its line, and the lines of its question and answer."""

    line: int
    question: list[str]
    answer: list[str] | None = None

    @staticmethod
    def text(parts: list[str]) -> str:
        return " ".join(parts).strip()


@dataclass
class Page:
    """A page split into its title, notes, intro and blocks."""

    title: str
    notes: list[str] = field(default_factory=list)
    intro: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)


def _kind(title: str) -> str:
    if EXAMPLE.match(title):
        return "example"
    rulings = _RULINGS.match(title)
    if rulings:
        return "other-rulings" if rulings.group(1) else "rulings"
    return "sources" if _SOURCES.match(title) else "text"


def _is_heading(lines: list[str], i: int) -> bool:
    line = lines[i].strip()
    alone = (i == 0 or not lines[i - 1].strip()) and (i + 1 >= len(lines) or not lines[i + 1].strip())
    return (alone and len(line) <= _HEADING_MAX and not lines[i][:1].isspace()
            and not ITEM.match(line) and not _BULLET.match(line) and not ANSWER.match(line)
            and line[-1] not in ".,;:" and "■" not in line)


def split_page(text: str) -> Page | None:
    """Split a page's text into blocks; None when it has no title line."""
    lines = [normalise(line) if line.strip() else "" for line in text.splitlines()]
    lines = [_indent(raw) + line for raw, line in zip(text.splitlines(), lines, strict=True)]
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None or not _is_heading(lines, start):
        return None
    page = Page(title=lines[start].strip())
    block: Block | None = None
    for i in range(start + 1, len(lines)):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("Main page:") or stripped == f"{page.title} Icon":
            page.notes.append(stripped)
        elif stripped.count("■") >= 3:
            if block is None or block.lines:
                block = Block("Navigation", i + 1, "navigation")
                page.blocks.append(block)
            block.kind = "navigation"
            block.lines.append((i + 1, stripped))
            block = None  # text after the navigation box is the page's introduction
        elif _is_heading(lines, i):
            block = Block(stripped, i + 1, _kind(stripped))
            page.blocks.append(block)
        elif block is None:
            page.intro.append(stripped)
        else:
            block.lines.append((i + 1, line.rstrip()))
    return page


def _indent(raw: str) -> str:
    return raw[: len(raw) - len(raw.lstrip())]


def read_page(path: Path, result: SourceResult) -> Page | None:
    """The page's blocks, or None after reporting why the file is not a page."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        result.problem(path.name, "file", f"cannot read: {exc}")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        result.problem(path.name, f"byte {exc.start}", "not UTF-8 text; expected a wiki page "
                       "as plain text")
        return None
    if "\x00" in text:
        result.problem(path.name, "file", "binary content (NUL bytes); expected a wiki page as text")
        return None
    page = split_page(text)
    if page is None:
        result.problem(path.name, "line 1", "no title: expected the page title alone on the "
                       "first non-empty line")
    return page



def outline(lines: list[tuple[int, str]]) -> list[tuple[str, str]]:
    """Numbered (nested) items as ``("2.1", text)``; unnumbered lines continue the last item."""
    steps: list[tuple[str, str]] = []
    indents: list[int] = []
    path: list[str] = []
    for _number, line in lines:
        item = ITEM.match(line)
        if item is None:
            if steps:
                steps[-1] = (steps[-1][0], f"{steps[-1][1]} {line.strip()}")
            continue
        indent = len(item.group(1))
        while indents and indent < indents[-1]:
            indents.pop()
            path.pop()
        if indents and indent == indents[-1]:
            path[-1] = item.group(2)
        else:
            indents.append(indent)
            path.append(item.group(2))
        steps.append((".".join(path), item.group(3).strip()))
    return steps
