"""Pieces several reading pages share: lists of rulings and cards, rule sections with their texts,
the rule sections a thing relies on, and diagrams."""

from __future__ import annotations

import shutil
from typing import Any

from queries.api import Ruling, section_order
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import (
    card_link,
    esc,
    link,
    linked,
    para,
    table,
)

HEADING = 40  # a rule section's text shorter than this is a heading (its title)
NO_DOT = ("The diagram needs Graphviz's <code>dot</code>, which is not installed on this server "
          "(<code>apt-get install graphviz</code>); <code>dcgkg diagram</code> can still write it as DOT, "
          "Mermaid or GraphML.")


def clip(text: str, width: int = 160) -> str:
    """``text`` on one line, cut to ``width`` characters with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1].rstrip() + "…"


def diagram_img(src: str, alt: str) -> str:
    if shutil.which("dot") is None:
        return f'<p class="note">{NO_DOT}</p>'
    return (f'<a class="diagram" href="{esc(src)}"><img src="{esc(src)}" alt="{esc(alt)}" loading="lazy"></a>'
            f'<p class="muted"><a href="{esc(src)}">open the SVG</a> (hover a node for its full text)</p>')


def ruling_list(kg: PagesGraph, rulings: list[Ruling], filed: bool = True) -> str:
    """The rulings with their Q-numbers, dates, question and answer (``filed``: and the cards they
    are filed under, whom their "this card" means); rulings of the same words (one Q&A filed
    under several cards) are shown once, with all their Q-numbers."""
    if not rulings:
        return '<p class="muted">none</p>'
    dates = kg.dates([r.id for r in rulings])
    known = kg.index.card_names
    same: dict[tuple[str, str], list[Ruling]] = {}
    for r in rulings:
        same.setdefault((r.question or r.id, r.answer or ""), []).append(r)
    items = []
    for group in same.values():
        ids = [ruling_head(kg, r.id, dates, filed) for r in group]
        first = group[0]
        items.append(f'<li class="ruling"><span class="ids">{", ".join(ids)}</span>'
                     f'<p><b>Q</b> {linked(first.question, known)}</p>'
                     f'<p><b>A</b> {linked(first.answer, known)}</p></li>')
    return f'<ul class="rulings">{"".join(items)}</ul>'


def ruling_refs(kg: PagesGraph, ids: list[str]) -> str:
    """Rulings by Q-number, each with its date, the cards it is filed under (whom its "this card"
    means) and the start of its question."""
    if not ids:
        return '<p class="muted">none</p>'
    questions = kg.index.questions
    dates = kg.dates(ids)
    items = "".join(f'<li>{ruling_head(kg, i, dates)}'
                    f'<span class="snippet">{esc(clip(questions.get(i, "")))}</span></li>' for i in ids)
    return f'<ul class="hits">{items}</ul>'


def ruling_head(kg: PagesGraph, ruling_id: str, dates: dict[str, str], filed: bool = True) -> str:
    """A ruling's link, its date and (``filed``) the cards it is filed under."""
    when = f' <span class="muted">{esc(dates[ruling_id])}</span>' if ruling_id in dates else ""
    on = ", ".join(card_link(c, kg.card_name(c)) for c in kg.index.filed.get(ruling_id, [])) if filed else ""
    return f'{link("ruling", ruling_id)}{when}' + (f' <span class="muted">on</span> {on}' * bool(on))


def card_list(kg: PagesGraph, numbers: list[str]) -> str:
    """Cards by number and name, in columns."""
    if not numbers:
        return '<p class="muted">none</p>'
    items = "".join(f"<li>{card_link(n, kg.card_name(n))}</li>" for n in numbers)
    return f'<ul class="cards">{items}</ul>'


def rule_sections(kg: PagesGraph, sections: list[Any]) -> str:
    """Rule sections with what they say, and what their subsections say."""
    if not sections:
        return '<p class="muted">none</p>'
    items = []
    for s in sections:
        says = (s.text or "").strip()
        body = (para(says, (), kg.index.sections) if says and says != (s.title or "").strip() else "") \
            + subsection_texts(kg, s.section)
        items.append(f"<li>{link('rule', s.section, f'CR {s.section}')} {esc(s.title or '')}{body}</li>")
    return '<ul class="sections">' + "".join(items) + "</ul>"


def subsection_texts(kg: PagesGraph, number: str, depth: int = 2) -> str:
    """The subsections of a rule section with their texts, ``depth`` levels down."""
    subs = kg.rule_links(number).subsections if depth else []
    if not subs:
        return ""
    items = "".join(f"<li>{link('rule', n, f'CR {n}')} {linked(t, (), kg.index.sections)}"
                    f"{subsection_texts(kg, n, depth - 1)}</li>" for n, t in subs)
    return f'<ul class="subsections">{items}</ul>'


def term_link(kinds: dict[str, str], name: str) -> str:
    """A keyword or timing (``kinds``: their kind by name) as a link to its page, another term as
    its name."""
    return link(kinds[name], name) if name in kinds else esc(name)


def rules_table(kg: PagesGraph, why: dict[str, list[str]], texts: dict[str, str]) -> str:
    """Rule sections (``why``: through what each is relied on; ``texts``: what each says), in
    section order; a heading's few words are followed by what its first subsection says."""
    if not why:
        return '<p class="muted">none found in the graph</p>'
    ordered = sorted(why, key=section_order)
    rows = []
    for number in ordered:
        says = texts.get(number, "")
        if len(says) < HEADING:
            subsections = kg.rule_links(number).subsections
            if subsections:
                says = f"{says}: {subsections[0][1]}" if says else subsections[0][1]
        through = ", ".join(dict.fromkeys(why[number]))
        rows.append([link("rule", number, f"CR {number}"), esc(clip(says, 220)), through])
    return table(["Section", "Says", "Through"], rows, "rules")
