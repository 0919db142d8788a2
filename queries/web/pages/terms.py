"""The keyword and timing pages (and the list of both): definitions, the rules' texts, rulings
and the cards with them."""

from __future__ import annotations

import shutil
from urllib.parse import quote

from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import (
    contents,
    esc,
    href,
    link,
    page,
    para,
    section,
    table,
)
from queries.web.pages.parts import (
    card_list,
    diagram_img,
    rule_sections,
    ruling_list,
    ruling_refs,
)

TIMING_CARDS = 200  # cards listed on a timing page


TIMING_RULINGS = 30  # rulings that mention a timing listed on its page


MENTIONS = """SELECT ?ruling ?question WHERE {{
  ?ruling dcg:mentionsTiming dcg:{name} ; dcg:question ?question
  FILTER NOT EXISTS {{ ?ruling dcg:aboutTiming dcg:{name} }}
}} ORDER BY ?ruling"""


def keyword(kg: PagesGraph, name: str) -> str:
    kw = kg.keyword(name)
    rows = [("Category", esc(kw.category)), ("Triggered by", esc(kw.event)),
            ("Processed at", esc(kw.processed_at)), ("Primitive", esc(kw.primitive)),
            ("Requires", esc(", ".join(kw.requires)))]
    parts = [para(kw.definition),
             '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v) + "</dl>",
             contents([("rules", "Rule sections"), ("rulings", f"Rulings ({len(kw.rulings)})"),
                       ("cards", f"Cards ({len(kw.cards)})"),
                       ("granted", f"Granted by ({len(kw.granted_by)})"),
                       ("diagram", "Diagram")]),
             section("Rule sections", rule_sections(kg, kw.rule_sections), "rules"),
             section(f"Rulings ({len(kw.rulings)})", ruling_list(kg, kw.rulings), "rulings"),
             section(f"Cards that have it ({len(kw.cards)})", card_list(kg, kw.cards), "cards"),
             section(f"Cards that grant it ({len(kw.granted_by)})", card_list(kg, kw.granted_by), "granted"),
             section("Diagram", diagram_img(href("diagram/keyword", kw.name) + ".svg",
                                            f"diagram of {kw.name}"), "diagram")]
    return page(f"Keyword {kw.label or kw.name}", "".join(parts))


def timing(kg: PagesGraph, name: str) -> str:
    t = kg.timing(name)
    cards = kg.timing_cards(t.name, TIMING_CARDS)
    about, mentions = kg.timing_rulings(t.name)
    rows = [("Category", esc(t.category)), ("Triggered by", esc(t.event)), ("Lives in", esc(t.live_in)),
            ("Attack steps", esc(", ".join(t.steps))), ("Effects printed with it", esc(t.effects))]
    every = (f'<a href="/sparql-editor?example=effects-at-timing&amp;timing={esc(quote(t.name))}#answer">'
             "every effect printed with it, in the SPARQL page</a>")
    more = f'<p class="muted">The first {len(cards)} cards; {every}.</p>' if len(cards) >= TIMING_CARDS \
        else ""
    mentioned = ruling_refs(kg, mentions[:TIMING_RULINGS])
    if len(mentions) > TIMING_RULINGS:
        query = MENTIONS.format(name=t.name)
        mentioned += (f'<p class="muted">The first {TIMING_RULINGS}; <a href="/sparql-editor?query='
                      f'{esc(quote(query))}#answer">all {len(mentions)} in the SPARQL page</a>.</p>')
    parts = [para(t.definition),
             '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v) + "</dl>",
             contents([("rules", "Rule sections"), ("rulings", f"Rulings about it ({len(about)})"),
                       ("mentions", f"Rulings that mention it ({len(mentions)})"), ("cards", "Cards")]),
             section("Rule sections", rule_sections(kg, t.rule_sections), "rules"),
             section(f"Rulings about it ({len(about)})", ruling_refs(kg, about), "rulings"),
             section(f"Rulings that mention it ({len(mentions)})", mentioned, "mentions"),
             section(f"Cards with it ({len(cards)}{'+' if more else ''})",
                     more + card_list(kg, [n for n, _ in cards]), "cards")]
    return page(f"Timing {t.label or t.name}", "".join(parts))


def timings(kg: PagesGraph) -> str:
    vocab = kg.vocabulary()
    rows = [[link(k, n), esc(label), esc(k)] for k, n, label in vocab]
    body = table(["Name", "Label", "Kind"], rows)
    if shutil.which("dot"):
        body = section("The attack procedure and its timings",
                       diagram_img("/diagram/timings.svg", "attack procedure and timings")) + body
    return page("Keywords and timings", body)
