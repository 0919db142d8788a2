"""The rule section page: its text, its subsections', the sections it refers to and that refer to
it, the keywords and timings and the rulings that point at it."""

from __future__ import annotations

from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import esc, link, page, para, section
from queries.web.pages.parts import clip, ruling_refs, subsection_texts


def rule(kg: PagesGraph, number: str) -> str:
    r = kg.rule(number)
    found = kg.rule_links(r.section)
    parts = []
    if not r.in_graph:
        parts.append('<p class="note">Only cited: the text of this section was not loaded into the '
                     'graph.</p>')
    if (r.text or "").strip() != (r.title or "").strip():  # a heading's text is its title, shown above
        parts.append(para(r.text, kg.index.card_names, kg.index.sections))
    if r.parent:
        parts.append(f"<p>Part of {link('rule', r.parent, f'CR {r.parent}')}</p>")
    if r.defines:
        parts.append(f"<p>Defines: {esc(', '.join(r.defines))}</p>")
    if found.terms:
        parts.append(section("Keywords and timings", "<p>" + ", ".join(link(k, n) for k, n in found.terms)
                             + "</p>", "terms"))
    if found.subsections:
        parts.append(section("Subsections", subsection_texts(kg, r.section, 3), "subsections"))
    if found.referred_by:
        parts.append(section(f"Sections that refer to it ({len(found.referred_by)})", "<ul>" + "".join(
            f"<li>{link('rule', n, f'CR {n}')} <span class='snippet'>{esc(clip(t))}</span></li>"
            for n, t in found.referred_by) + "</ul>", "referred"))
    parts.append(section(f"Rulings that cite it or its subsections ({len(found.rulings)})",
                         ruling_refs(kg, found.rulings), "rulings"))
    return page(f"CR {r.section} {r.title or ''}".strip(), "".join(parts))
