"""The reading pages: search, card, keyword, timing, ruling and rule section, linked both ways
(a card links its rulings and keywords, a ruling its cards and the rules it cites, a rule
section the keywords, timings and rulings that point at it)."""

from __future__ import annotations

import shutil
from typing import Any

from queries.api import Card, Ruling
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import (
    card_link,
    esc,
    href,
    link,
    links,
    page,
    para,
    search_box,
    section,
    table,
)
from queries.web.pages.search import KINDS, search

NO_DOT = ("The diagram needs Graphviz's <code>dot</code>, which is not installed on this server "
          "(<code>apt-get install graphviz</code>); <code>dcgkg diagram</code> can still write it as DOT, "
          "Mermaid or GraphML.")


def home(kg: PagesGraph) -> str:
    vocab = kg.vocabulary()
    keywords = [n for k, n, _ in vocab if k == "keyword"]
    timings = [n for k, n, _ in vocab if k == "timing"]
    body = (search_box() + '<p class="muted">Look up a card by number or name, a keyword, a trait, words of '
            'its text; a ruling by Q-number or words; a rule section by number (16-7-4).</p>'
            + section("Keywords", f'<p class="chips">{links("keyword", keywords)}</p>')
            + section("Timings", f'<p class="chips">{links("timing", timings)}</p>')
            + section("Ask what happens", '<p>The <a href="/workbench">scenario workbench</a> plays a '
                      'scenario through the rules; the <a href="/sparql-editor">SPARQL page</a> asks the '
                      'graph anything.</p>'))
    return page("Cards, rulings and rules", body)


def results(kg: PagesGraph, query: str) -> str:
    found = search(kg.records, query)
    parts = [search_box(query)]
    if not query.strip():
        return page("Search", "".join(parts))
    for kind, hits in found.hits.items():
        shown = f"{len(hits)} of {found.counts[kind]}" if found.counts[kind] > len(hits) else str(len(hits))
        items = "".join(f'<li>{link(r.kind, r.name, r.title)}'
                        + (f'<span class="snippet">{esc(_clip(r.snippet))}</span>' if r.snippet else "")
                        + "</li>" for r in hits)
        parts.append(section(f"{KINDS[kind]} ({shown})", f'<ul class="hits">{items}</ul>', f"hits-{kind}"))
    if found.close:
        items = "".join(f"<li>{link(r.kind, r.name, r.title)} "
                        f'<span class="muted">({esc(r.kind)})</span></li>' for r in found.close)
        parts.append(section("Close matches", f'<ul class="hits close">{items}</ul>', "close"))
    if not found.hits and not found.close:
        parts.append(f"<p>Nothing found for “{esc(query)}”.</p>")
    return page(f"Search: {query}", "".join(parts))


def _clip(text: str, width: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1].rstrip() + "…"


def _facts(card: Card, extra: dict[str, Any]) -> str:
    rows = [("Number", esc(card.number)), ("Name", esc(card.name)),
            ("Kind", esc(", ".join(k for k in card.kinds if k != "Card"))),
            ("Level", esc(card.level)), ("DP", esc(card.dp)), ("Play cost", esc(card.play_cost)),
            ("Colours", esc(", ".join(card.colors))), ("Traits", esc(", ".join(extra["traits"]))),
            ("Set / rarity", esc(" / ".join(x for x in (extra["set"], extra["rarity"]) if x))),
            ("Keywords", links("keyword", card.keywords)), ("Grants", links("keyword", card.grants))]
    return '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows
                                           if v and v != esc(None)) + "</dl>"


TEXT_NAMES = {"mainText": "Effect", "inheritedText": "Inherited effect", "securityText": "Security effect",
              "ruleText": "Rule"}


def card(kg: PagesGraph, number: str) -> str:
    found = kg.card(number)
    facts = kg.card_facts(found.number)
    reading = kg.understood(found.number)
    parts = [_facts(found, {"traits": facts.traits, "set": facts.set, "rarity": facts.rarity})]
    printed = "".join(f"<h3>{esc(TEXT_NAMES.get(k, k))}</h3>{para(v)}" for k, v in facts.texts.items())
    parts.append(section("Printed text", printed or '<p class="muted">no text</p>', "printed"))
    timings = {e.label: e.timings for e in found.effects}
    effects = []
    for n, effect in enumerate(reading.effects, 1):
        state = ("executable" if effect.executable else "compiled, not executable" if effect.compiled
                 else "not fully understood, not executable")
        cls = "ok" if effect.executable else "warn"
        understood = "".join(f'<li><b>{esc(p.part)}</b>: {esc(p.reads)}'
                             + ("" if p.understood else ' <span class="bad">(not understood)</span>')
                             + "</li>" for p in effect.parts)
        gaps = "".join(f"<li>{esc(g.part)} “{esc(g.text)}”: {esc(g.why)}</li>" for g in effect.gaps)
        effects.append(
            f'<div class="effect"><h3>{n}. {esc(effect.label)} '
            f'<span class="muted">({esc(effect.part)})</span>'
            f' <span class="state {cls}">{esc(state)}</span></h3>'
            f'<p><span class="muted">printed:</span> {esc(effect.printed)}</p>'
            f'<p><span class="muted">reads:</span> {esc(effect.reads)}</p>'
            + (f'<p><span class="muted">timings:</span> {links("timing", timings[effect.label])}</p>'
               if timings.get(effect.label) else "")
            + f"<ul>{understood}</ul>" + (f'<p class="muted">why not:</p><ul class="gaps">{gaps}</ul>'
                                          if gaps else "") + "</div>")
    parts.append(section(f"What the engine understood ({reading.source})",
                         "".join(effects) or '<p class="muted">no effect text</p>', "understood"))
    parts.append(section(f"Rulings ({len(found.rulings)})", ruling_list(kg, found.rulings), "rulings"))
    if found.errata:
        rows = [[para(e.before), para(e.after), para(e.notes)] for e in found.errata]
        parts.append(section("Errata", table(["Before", "After", "Notes"], rows), "errata"))
    parts.append(section("Rule sections it relies on", rules_of_card(kg, found), "rules"))
    parts.append(section("Diagram", diagram_img(href("diagram/card", found.number) + ".svg",
                                                f"diagram of {found.number}"), "diagram"))
    return page(f"{found.number} {found.name or ''}".strip(), "".join(parts))


def diagram_img(src: str, alt: str) -> str:
    if shutil.which("dot") is None:
        return f'<p class="note">{NO_DOT}</p>'
    return (f'<a class="diagram" href="{esc(src)}"><img src="{esc(src)}" alt="{esc(alt)}" loading="lazy"></a>'
            f'<p class="muted"><a href="{esc(src)}">open the SVG</a> (hover a node for its full text)</p>')


def ruling_list(kg: PagesGraph, rulings: list[Ruling]) -> str:
    if not rulings:
        return '<p class="muted">none</p>'
    dates = kg.dates([r.id for r in rulings])
    items = []
    for r in rulings:
        when = f' <span class="muted">{esc(dates[r.id])}</span>' if r.id in dates else ""
        items.append(f'<li class="ruling">{link("ruling", r.id)}{when}'
                     f'<p><b>Q</b> {esc(r.question)}</p><p><b>A</b> {esc(r.answer)}</p></li>')
    return f'<ul class="rulings">{"".join(items)}</ul>'


def rules_of_card(kg: PagesGraph, found: Card) -> str:
    """The rule sections of the card's keywords and timings, and those its rulings cite."""
    why: dict[str, list[str]] = {}
    names = dict.fromkeys([*found.keywords, *found.grants, *(k for e in found.effects for k in e.keywords)])
    for keyword in names:
        for s in kg.keyword(keyword).rule_sections:
            why.setdefault(s.section, []).append(link("keyword", keyword))
    for timing in dict.fromkeys(t for e in found.effects for t in e.timings):
        for s in kg.timing(timing).rule_sections:
            why.setdefault(s.section, []).append(link("timing", timing))
    for r in found.rulings:
        for c in r.cites:
            why.setdefault(c, []).append(link("ruling", r.id))
    if not why:
        return '<p class="muted">none found in the graph</p>'
    ordered = sorted(why, key=lambda s: [int(p) if p.isdigit() else 0 for p in s.split("-")])
    rows = [[link("rule", s, f"CR {s}"), ", ".join(dict.fromkeys(why[s]))] for s in ordered]
    return table(["Section", "Through"], rows)


def keyword(kg: PagesGraph, name: str) -> str:
    kw = kg.keyword(name)
    rows = [("Category", esc(kw.category)), ("Triggered by", esc(kw.event)),
            ("Processed at", esc(kw.processed_at)), ("Primitive", esc(kw.primitive)),
            ("Requires", esc(", ".join(kw.requires)))]
    parts = [para(kw.definition),
             '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v) + "</dl>",
             section("Rule sections", rule_sections(kw.rule_sections), "rules"),
             section(f"Rulings ({len(kw.rulings)})", ruling_list(kg, kw.rulings), "rulings"),
             section(f"Cards that have it ({len(kw.cards)})",
                     f'<p class="chips">{", ".join(card_link(c) for c in kw.cards) or "none"}</p>', "cards"),
             section(f"Cards that grant it ({len(kw.granted_by)})",
                     f'<p class="chips">{", ".join(card_link(c) for c in kw.granted_by) or "none"}</p>'),
             section("Diagram", diagram_img(href("diagram/keyword", kw.name) + ".svg",
                                            f"diagram of {kw.name}"))]
    return page(f"Keyword {kw.label or kw.name}", "".join(parts))


def rule_sections(sections: list[Any]) -> str:
    if not sections:
        return '<p class="muted">none</p>'
    return "<ul>" + "".join(f"<li>{link('rule', s.section, f'CR {s.section}')} {esc(s.title or '')}"
                            f'<span class="snippet">{esc(_clip(s.text or ""))}</span></li>'
                            for s in sections) + "</ul>"


def timing(kg: PagesGraph, name: str) -> str:
    t = kg.timing(name)
    cards = kg.timing_cards(t.name)
    rulings = kg.timing_rulings(t.name)
    rows = [("Category", esc(t.category)), ("Triggered by", esc(t.event)), ("Lives in", esc(t.live_in)),
            ("Attack steps", esc(", ".join(t.steps))), ("Effects printed with it", esc(t.effects))]
    more = f" (first {len(cards)})" if len(cards) < t.effects and len(cards) >= 200 else ""
    parts = [para(t.definition),
             '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v) + "</dl>",
             section("Rule sections", rule_sections(t.rule_sections), "rules"),
             section(f"Rulings about it ({len(rulings)})",
                     f'<p class="chips">{links("ruling", rulings)}</p>'),
             section(f"Cards with it{more}",
                     f'<p class="chips">{", ".join(card_link(n, m) for n, m in cards) or "none"}</p>')]
    return page(f"Timing {t.label or t.name}", "".join(parts))


def timings(kg: PagesGraph) -> str:
    vocab = kg.vocabulary()
    rows = [[link(k, n), esc(label), esc(k)] for k, n, label in vocab]
    body = table(["Name", "Label", "Kind"], rows)
    if shutil.which("dot"):
        body = section("The attack procedure and its timings",
                       diagram_img("/diagram/timings.svg", "attack procedure and timings")) + body
    return page("Keywords and timings", body)


def ruling(kg: PagesGraph, ruling_id: str) -> str:
    r = kg.ruling(ruling_id)
    date = kg.dates([r.id]).get(r.id)
    rows = [("Kind", esc(r.kind)), ("Date", esc(date)), ("Cards", ", ".join(card_link(c) for c in r.cards)),
            ("Related cards", ", ".join(card_link(c) for c in r.related)),
            ("Keywords", ", ".join(link("keyword", k) for k in r.keywords)),
            ("Timings", ", ".join(link("timing", t) for t in kg.timings_of_ruling(r.id))),
            ("Cites", ", ".join(link("rule", c, f"CR {c}") for c in r.cites))]
    parts = [f'<div class="qa"><p><b>Q</b> {esc(r.question)}</p><p><b>A</b> {esc(r.answer)}</p></div>',
             '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v) + "</dl>"]
    return page(f"Ruling {r.id}", "".join(parts))


def rule(kg: PagesGraph, number: str) -> str:
    r = kg.rule(number)
    found = kg.rule_links(r.section)
    parts = []
    if not r.in_graph:
        parts.append('<p class="note">Only cited: the text of this section was not loaded into the '
                     'graph.</p>')
    parts.append(para(r.text))
    if r.parent:
        parts.append(f"<p>Part of {link('rule', r.parent, f'CR {r.parent}')}</p>")
    if r.defines:
        parts.append(f"<p>Defines: {esc(', '.join(r.defines))}</p>")
    if found.terms:
        parts.append(section("Keywords and timings", "<p>" + ", ".join(link(k, n) for k, n in found.terms)
                             + "</p>"))
    if found.subsections:
        parts.append(section("Subsections", "<ul>" + "".join(
            f"<li>{link('rule', n, f'CR {n}')} <span class='snippet'>{esc(_clip(t))}</span></li>"
            for n, t in found.subsections) + "</ul>"))
    parts.append(section(f"Rulings that cite it ({len(found.rulings)})",
                         f'<p class="chips">{links("ruling", found.rulings)}</p>'))
    return page(f"CR {r.section} {r.title or ''}".strip(), "".join(parts))
