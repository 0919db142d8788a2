"""The card page: the printed texts and what the engine understood of them, its facts, its
rulings and those of its keywords, errata, the rule sections it relies on and its diagram."""

from __future__ import annotations

import difflib
import json
from typing import Any

from queries.api import Card
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import (
    contents,
    esc,
    href,
    link,
    links,
    page,
    para,
    section,
)
from queries.web.pages.parts import (
    diagram_img,
    rules_table,
    ruling_list,
    ruling_refs,
    term_link,
)

KEYWORD_RULINGS = 8  # rulings of each of its keywords listed on a card's page
TEXT_NAMES = {"mainText": "Effect", "inheritedText": "Inherited effect", "securityText": "Security effect",
              "ruleText": "Rule"}


def _facts(card: Card, extra: dict[str, Any]) -> str:
    """The card's printed facts (``extra``: those :class:`queries.api.Card` does not carry)."""
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


def rules_of_card(kg: PagesGraph, found: Card) -> str:
    """The rule sections the card's effects rely on (``rules-for-effect``: their timings,
    categories, keywords and trigger events) and those its rulings cite."""
    why: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    kinds = kg.index.terms
    for effect in found.effects:
        for number, via, text in kg.rules_for("rules-for-effect", "effect", effect.iri):
            why.setdefault(number, []).append(term_link(kinds, via))
            texts.setdefault(number, text)
    for r in found.rulings:
        for c in r.cites:
            why.setdefault(c, []).append(link("ruling", r.id))
    return rules_table(kg, why, texts)
