"""The reading pages: search, card, keyword, timing, ruling and rule section, linked both ways
(a card links its rulings and keywords, a ruling its cards and the rules it cites, a rule
section the keywords, timings and rulings that point at it)."""

from __future__ import annotations

import difflib
import json
import shutil
from typing import Any
from urllib.parse import quote

from queries.api import Card, Ruling
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import (
    card_link,
    contents,
    esc,
    href,
    link,
    linked,
    links,
    page,
    para,
    search_box,
    section,
    table,
)
from queries.web.pages.search import CAP, KINDS, search

ALL_HITS = 1000  # hits of one kind listed when all of that kind are asked for
TIMING_CARDS = 200  # cards listed on a timing page
TIMING_RULINGS = 30  # rulings that mention a timing listed on its page
MENTIONS = """SELECT ?ruling ?question WHERE {{
  ?ruling dcg:mentionsTiming dcg:{name} ; dcg:question ?question
  FILTER NOT EXISTS {{ ?ruling dcg:aboutTiming dcg:{name} }}
}} ORDER BY ?ruling"""
KEYWORD_RULINGS = 8  # rulings of each of its keywords listed on a card's page
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
    return page("Cards, rulings and rules", body, searched=False)


def results(kg: PagesGraph, query: str, kind: str = "") -> str:
    """The search page: what matches ``query``, by kind (``kind``: only that kind, all of it)."""
    kind = kind if kind in KINDS else ""
    found = search(kg.records, query, ALL_HITS if kind else CAP, kg.index.words, kind)
    parts = [search_box(query)]
    if not query.strip():
        return page("Search", "".join(parts), searched=False)
    if found.respelt:
        parts.append(f'<p class="note" id="respelt">Nothing has “{esc(query)}”: showing what has '
                     f'“<b>{esc(found.respelt)}</b>”.</p>')
    if len(found.hits) > 1:
        parts.append(contents((f"hits-{k}", f"{KINDS[k]} ({found.counts[k]})") for k in found.hits))
    for shown_kind, hits in found.hits.items():
        parts.append(_hits(query, shown_kind, hits, found.counts[shown_kind]))
    if found.close:
        items = "".join(f"<li>{link(r.kind, r.name, r.title)} "
                        f'<span class="muted">({esc(r.kind)})</span></li>' for r in found.close)
        parts.append(section("Close matches", f'<ul class="hits close">{items}</ul>', "close"))
    if not found.hits and not found.close:
        parts.append(f"<p>Nothing found for “{esc(query)}”.</p>")
    return page(f"Search: {query}", "".join(parts), searched=False)


def _hits(query: str, kind: str, hits: list[Any], count: int) -> str:
    """One kind's hits, with a link to all of them when only the first are listed."""
    shown = f"{len(hits)} of {count}" if count > len(hits) else str(len(hits))
    every = (f'<p><a href="/search?q={esc(quote(query))}&amp;kind={kind}">all {count} {KINDS[kind].lower()}'
             "</a></p>" if count > len(hits) and len(hits) < ALL_HITS else "")
    items = "".join(f'<li>{link(r.kind, r.name, r.title)}'
                    + (f'<span class="snippet">{esc(_clip(r.snippet))}</span>' if r.snippet else "")
                    + "</li>" for r in hits)
    return section(f"{KINDS[kind]} ({shown})", f'<ul class="hits">{items}</ul>{every}', f"hits-{kind}")


def _clip(text: str, width: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1].rstrip() + "…"


def _facts(card: Card, extra: dict[str, Any]) -> str:
    rows = [("Number", esc(card.number)), ("Name", esc(card.name)),
            ("Kind", esc(", ".join(k.removesuffix("Card") for k in card.kinds if k != "Card"))),
            ("Level", esc(card.level)), ("DP", esc(card.dp)), ("Play cost", esc(card.play_cost)),
            ("Digivolve", "<br>".join(esc(d) for d in extra["digivolve"])),
            ("Colours", esc(", ".join(card.colors))), ("Traits", esc(", ".join(extra["traits"]))),
            ("Set / rarity", esc(" / ".join(x for x in (extra["set"], extra["rarity"]) if x))),
            ("Keywords", links("keyword", card.keywords)), ("Grants", links("keyword", card.grants)),
            ("Source", esc(extra["source"]))]
    return '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows
                                           if v and v != esc(None)) + "</dl>"


TEXT_NAMES = {"mainText": "Effect", "inheritedText": "Inherited effect", "securityText": "Security effect",
              "ruleText": "Rule"}


def card(kg: PagesGraph, number: str) -> str:
    found = kg.card(number)
    facts = kg.card_facts(found.number)
    known = kg.index.card_names
    parts = [_facts(found, {"traits": facts.traits, "set": facts.set, "rarity": facts.rarity,
                            "digivolve": facts.digivolve, "source": facts.source})]
    printed = "".join(f"<h3>{esc(TEXT_NAMES.get(k, k))}</h3>{para(v, known)}" for k, v in facts.texts.items())
    if found.errata:
        printed += ('<p class="note" id="errata-note">An erratum corrects this text: '
                    '<a href="#errata">read the card as the erratum says</a>.</p>')
    parts.append(section("Printed text", printed or '<p class="muted">no text</p>', "printed"))
    reading = kg.understood(found.number)
    parts.append(section(f"What the engine understood ({reading.source})", understood(kg, found, reading),
                         "understood"))
    parts.append(section(f"Rulings ({len(found.rulings)})", ruling_list(kg, found.rulings, filed=False),
                         "rulings"))
    kw_rulings = keyword_rulings(kg, found)
    if kw_rulings:
        parts.append(section("Rulings about its keywords", kw_rulings, "keyword-rulings"))
    if found.errata:
        parts.append(section("Errata", "".join(_erratum(e.before, e.after, e.notes) for e in found.errata),
                             "errata"))
    parts.append(section("Rule sections it relies on", rules_of_card(kg, found), "rules"))
    parts.append(section("Diagram", diagram_img(href("diagram/card", found.number) + ".svg",
                                                f"diagram of {found.number}"), "diagram"))
    errata = [("errata", "Errata")] if found.errata else []
    toc = contents([("printed", "Printed text"), ("understood", "What the engine understood"),
                    ("rulings", f"Rulings ({len(found.rulings)})"),
                    *([("keyword-rulings", "Rulings about its keywords")] if kw_rulings else []), *errata,
                    ("rules", "Rule sections"), ("diagram", "Diagram")])
    return page(f"{found.number} {found.name or ''}".strip(), toc + "".join(parts))


def understood(kg: PagesGraph, found: Card, reading: Any) -> str:
    """Each effect as the engine reads it (``reading``: :meth:`PagesGraph.understood`): its words,
    its parts, whether it can be carried out and why not, and (folded) the compiled structure the
    words are made from."""
    structures = kg.compiled(found.number)
    timings = {e.label: e.timings for e in found.effects}
    effects = []
    for n, effect in enumerate(reading.effects, 1):
        state = ("executable" if effect.executable else "compiled, not executable" if effect.compiled
                 else "not fully understood, not executable")
        cls = "ok" if effect.executable else "warn"
        parts = "".join(f'<li><b>{esc(p.part)}</b>: {esc(p.reads)}'
                        + ("" if p.understood else ' <span class="bad">(not understood)</span>')
                        + "</li>" for p in effect.parts)
        gaps = "".join(f"<li>{esc(g.part)} “{esc(g.text)}”: {esc(g.why)}</li>" for g in effect.gaps)
        structure = structures[n - 1] if n <= len(structures) else None
        effects.append(
            f'<div class="effect"><h3>{n}. {esc(effect.label)} '
            f'<span class="muted">({esc(effect.part)})</span>'
            f' <span class="state {cls}">{esc(state)}</span></h3>'
            f'<p><span class="muted">printed:</span> {esc(effect.printed)}</p>'
            f'<p><span class="muted">reads:</span> {esc(effect.reads)}</p>'
            + (f'<p><span class="muted">timings:</span> {links("timing", timings[effect.label])}</p>'
               if timings.get(effect.label) else "")
            + f"<ul>{parts}</ul>" + (f'<p class="muted">why not:</p><ul class="gaps">{gaps}</ul>'
                                     if gaps else "")
            + (f'<details class="compiled"><summary>compiled structure</summary>'
               f'<pre>{esc(json.dumps(structure, indent=2, ensure_ascii=False))}</pre></details>'
               if structure else "") + "</div>")
    return "".join(effects) or '<p class="muted">no effect text</p>'


def keyword_rulings(kg: PagesGraph, found: Card, shown: int = KEYWORD_RULINGS) -> str:
    """The rulings about each keyword the card has or grants (the first ``shown`` of each, the
    rest on the keyword's page), but those filed under the card itself."""
    own = {r.id for r in found.rulings}
    parts = []
    for name in dict.fromkeys([*found.keywords, *found.grants]):
        ids = [r.id for r in kg.keyword(name).rulings if r.id not in own]
        if not ids:
            continue
        rest = (f'<p class="muted">{len(ids) - shown} more on <a href="{esc(href("keyword", name))}#rulings">'
                f"the page of {esc(name)}</a></p>") if len(ids) > shown else ""
        parts.append(f"<h3>{link('keyword', name)} ({len(ids)})</h3>{ruling_refs(kg, ids[:shown])}{rest}")
    return "".join(parts)


def _erratum(before: str | None, after: str | None, notes: str | None) -> str:
    """One erratum: the text before and after, the words it changed marked."""
    old, new = (before or "").split(" "), (after or "").split(" ")
    was, now = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        a, b = esc(" ".join(old[i1:i2])), esc(" ".join(new[j1:j2]))
        was.append(a if op == "equal" else f"<del>{a}</del>" if a else "")
        now.append(b if op == "equal" else f"<ins>{b}</ins>" if b else "")
    return ('<div class="erratum"><h3>Before</h3>'
            f'<p class="said">{" ".join(w for w in was if w).replace(chr(10), "<br>")}</p>'
            f'<h3>After</h3><p class="said">{" ".join(w for w in now if w).replace(chr(10), "<br>")}</p>'
            + (f'<p class="muted">{esc(notes)}</p>' if notes else "") + "</div>")


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
        ids = [_ruling_head(kg, r.id, dates, filed) for r in group]
        first = group[0]
        items.append(f'<li class="ruling"><span class="ids">{", ".join(ids)}</span>'
                     f'<p><b>Q</b> {linked(first.question, known)}</p>'
                     f'<p><b>A</b> {linked(first.answer, known)}</p></li>')
    return f'<ul class="rulings">{"".join(items)}</ul>'


def rules_of_card(kg: PagesGraph, found: Card) -> str:
    """The rule sections the card's effects rely on (``rules-for-effect``: their timings,
    categories, keywords and trigger events) and those its rulings cite."""
    why: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    kinds = {n: k for k, n, _ in kg.vocabulary()}
    for effect in found.effects:
        for number, via, text in kg.rules_for("rules-for-effect", "effect", effect.iri):
            why.setdefault(number, []).append(_term_link(kinds, via))
            texts.setdefault(number, text)
    for r in found.rulings:
        for c in r.cites:
            why.setdefault(c, []).append(link("ruling", r.id))
    return _rules_table(why, texts)


def _term_link(kinds: dict[str, str], name: str) -> str:
    """A keyword or timing (``kinds``: their kind by name) as a link to its page, another term as
    its name."""
    return link(kinds[name], name) if name in kinds else esc(name)


def _rules_table(why: dict[str, list[str]], texts: dict[str, str]) -> str:
    if not why:
        return '<p class="muted">none found in the graph</p>'
    ordered = sorted(why, key=lambda s: [int(p) if p.isdigit() else 0 for p in s.split("-")])
    rows = [[link("rule", s, f"CR {s}"), esc(_clip(texts.get(s, ""), 220)), ", ".join(dict.fromkeys(why[s]))]
            for s in ordered]
    return table(["Section", "Says", "Through"], rows, "rules")


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


def card_list(kg: PagesGraph, numbers: list[str]) -> str:
    """Cards by number and name, in columns."""
    if not numbers:
        return '<p class="muted">none</p>'
    items = "".join(f"<li>{card_link(n, kg.card_name(n))}</li>" for n in numbers)
    return f'<ul class="cards">{items}</ul>'


def ruling_refs(kg: PagesGraph, ids: list[str]) -> str:
    """Rulings by Q-number, each with its date, the cards it is filed under (whom its "this card"
    means) and the start of its question."""
    if not ids:
        return '<p class="muted">none</p>'
    questions = {r.name: r.snippet for r in kg.records if r.kind == "ruling"}
    dates = kg.dates(ids)
    items = "".join(f'<li>{_ruling_head(kg, i, dates)}'
                    f'<span class="snippet">{esc(_clip(questions.get(i, "")))}</span></li>' for i in ids)
    return f'<ul class="hits">{items}</ul>'


def _ruling_head(kg: PagesGraph, ruling_id: str, dates: dict[str, str], filed: bool = True) -> str:
    """A ruling's link, its date and (``filed``) the cards it is filed under."""
    when = f' <span class="muted">{esc(dates[ruling_id])}</span>' if ruling_id in dates else ""
    on = ", ".join(card_link(c, kg.card_name(c)) for c in kg.index.filed.get(ruling_id, [])) if filed else ""
    return f'{link("ruling", ruling_id)}{when}' + (f' <span class="muted">on</span> {on}' * bool(on))


def rule_sections(kg: PagesGraph, sections: list[Any]) -> str:
    """Rule sections with what they say, and what their subsections say."""
    if not sections:
        return '<p class="muted">none</p>'
    items = []
    for s in sections:
        says = (s.text or "").strip()
        body = (para(says, (), kg.index.sections) if says and says != (s.title or "").strip() else "") \
            + _subsection_texts(kg, s.section)
        items.append(f"<li>{link('rule', s.section, f'CR {s.section}')} {esc(s.title or '')}{body}</li>")
    return '<ul class="sections">' + "".join(items) + "</ul>"


def _subsection_texts(kg: PagesGraph, number: str, depth: int = 2) -> str:
    """The subsections of a rule section with their texts, ``depth`` levels down."""
    subs = kg.rule_links(number).subsections if depth else []
    if not subs:
        return ""
    items = "".join(f"<li>{link('rule', n, f'CR {n}')} {linked(t, (), kg.index.sections)}"
                    f"{_subsection_texts(kg, n, depth - 1)}</li>" for n, t in subs)
    return f'<ul class="subsections">{items}</ul>'


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
    kinds = {n: k for k, n, _ in kg.vocabulary()}
    for number, via, text in kg.rules_for("rules-for-ruling", "ruling", r.id):
        why.setdefault(number, []).append("cited" if via == "cited" else _term_link(kinds, via))
        texts.setdefault(number, text)
    parts = [f'<div class="qa"><p><b>Q</b> {linked(r.question, known)}</p>'
             f'<p><b>A</b> {linked(r.answer, known)}</p></div>',
             '<dl class="facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows if v) + "</dl>",
             section("Rule sections it relies on", _rules_table(why, texts), "rules")]
    return page(f"Ruling {r.id}", "".join(parts))


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
        parts.append(section("Subsections", _subsection_texts(kg, r.section, 3), "subsections"))
    if found.referred_by:
        parts.append(section(f"Sections that refer to it ({len(found.referred_by)})", "<ul>" + "".join(
            f"<li>{link('rule', n, f'CR {n}')} <span class='snippet'>{esc(_clip(t))}</span></li>"
            for n, t in found.referred_by) + "</ul>", "referred"))
    parts.append(section(f"Rulings that cite it or its subsections ({len(found.rulings)})",
                         ruling_refs(kg, found.rulings), "rulings"))
    return page(f"CR {r.section} {r.title or ''}".strip(), "".join(parts))
