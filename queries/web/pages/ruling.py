"""The ruling page: the question and answer, the cards it is filed under and names, its keywords
and timings, and the rule sections it relies on."""

from __future__ import annotations

from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import card_link, esc, link, linked, page, section
from queries.web.pages.parts import rules_table, term_link


def ruling(kg: PagesGraph, ruling_id: str) -> str:
    r = kg.ruling(ruling_id)
    date = kg.dates([r.id]).get(r.id)
    known = kg.index.card_names
    rows = [("Kind", esc(r.kind)), ("Date", esc(date)),
            ("Cards", ", ".join(card_link(c, kg.card_name(c)) for c in r.cards)),
            ("Related cards", ", ".join(card_link(c, kg.card_name(c)) for c in r.related)),
            ("Keywords", ", ".join(link("keyword", k) for k in r.keywords)),
            ("Timings", ", ".join(link("timing", t) for t in kg.timings_of_ruling(r.id))),
            ("Cites", ", ".join(link("rule", c, f"CR {c}") for c in r.cites))]
    why: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    kinds = kg.index.terms
    for number, via, text in kg.rules_for("rules-for-ruling", "ruling", r.id):
        why.setdefault(number, []).append("cited" if via == "cited" else term_link(kinds, via))
        texts.setdefault(number, text)
    parts = [f'<div class="qa"><p><b>Q</b> {linked(r.question, known)}</p>'
             f'<p><b>A</b> {linked(r.answer, known)}</p></div>',
             '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v) + "</dl>",
             section("Rule sections it relies on", rules_table(kg, why, texts), "rules")]
    return page(f"Ruling {r.id}", "".join(parts))
