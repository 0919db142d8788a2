"""The home page and the search page: what matches the words searched for, by kind."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import (
    contents,
    esc,
    link,
    links,
    page,
    search_box,
    section,
)
from queries.web.pages.parts import (
    clip,
)
from queries.web.pages.search import CAP, KINDS, search

ALL_HITS = 1000  # hits of one kind listed when all of that kind are asked for


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
                    + (f'<span class="snippet">{esc(clip(r.snippet))}</span>' if r.snippet else "")
                    + "</li>" for r in hits)
    return section(f"{KINDS[kind]} ({shown})", f'<ul class="hits">{items}</ul>{every}', f"hits-{kind}")
