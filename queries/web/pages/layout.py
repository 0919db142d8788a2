"""The frame every page shares, and the links between pages: each is HTML-escaped here, so a
view passes data as it is and never builds markup from it by hand.

>>> cite_link("CR 16-7-4")
'<a href="/rule/16-7-4">CR 16-7-4</a>'
>>> cite_link("Q2311"), card_link("<x>")
('<a href="/ruling/Q2311">Q2311</a>', '<a href="/card/%3Cx%3E"><span class="nb">&lt;x&gt;</span></a>')
>>> linked("BT10-018 [Gaossmon] & BT99-001", {"BT10-018"})
'<a href="/card/BT10-018"><span class="nb">BT10-018</span></a> [Gaossmon] &amp; BT99-001'
>>> linked("refer to 15-8-3, on 2024-03-28", (), {"15-8-3"})
'refer to <span class="nb"><a href="/rule/15-8-3">15-8-3</a></span>, on 2024-03-28'
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from html import escape
from urllib.parse import quote

#: a card number (BT10-018, P-001, ST1-01) or a rule section's (15-8-3), as they stand in text
NUMBER = re.compile(r"\b(?P<card>[A-Z]{1,3}\d{0,2}-\d{2,3})\b|\b(?P<rule>\d{1,2}(?:-\d{1,2}){1,4})\b")
NAV = (("/", "Search"), ("/workbench", "Workbench"), ("/sparql-editor", "SPARQL"), ("/timings", "Timings"))


def esc(value: object) -> str:
    """Text from the data, safe inside HTML (quotes too: it may sit in an attribute)."""
    return escape("" if value is None else str(value), quote=True)


def href(kind: str, name: str) -> str:
    """The path of a page: ``/card/BT5-086``, ``/keyword/Piercing``, ``/rule/16-7``."""
    return f"/{kind}/{quote(str(name), safe='')}"


def link(kind: str, name: str, text: object | None = None) -> str:
    return f'<a href="{esc(href(kind, name))}">{esc(name if text is None else text)}</a>'


def card_link(number: str, name: str | None = None) -> str:
    """A card's page, its number kept on one line."""
    shown = f'<span class="nb">{esc(number)}</span>' + (f" {esc(name)}" if name else "")
    return f'<a href="{esc(href("card", number))}">{shown}</a>'


def cite_link(cite: str) -> str:
    """A citation of the report (``CR 16-7``, ``Q2311``, a seed ruling's id) as a link to its page."""
    text = str(cite).strip()
    if text.startswith("CR "):
        return link("rule", text[3:].strip(), text)
    return link("ruling", text)


def cites(items: Iterable[str]) -> str:
    found = [cite_link(c) for c in items]
    return f'<span class="cites">{", ".join(found)}</span>' if found else ""


def links(kind: str, names: Iterable[str], empty: str = "none") -> str:
    found = [link(kind, n) for n in names]
    return ", ".join(found) if found else f'<span class="muted">{esc(empty)}</span>'


def linked(text: str | None, cards: Container[str], rules: Container[str] = ()) -> str:
    """Text from the data, escaped, its card numbers that are in ``cards`` and its rule section
    numbers that are in ``rules`` linked to their pages."""
    def one(found: re.Match[str]) -> str:
        if found["card"] and found["card"] in cards:
            return card_link(found["card"])
        if found["rule"] and found["rule"] in rules:
            return f'<span class="nb">{link("rule", found["rule"])}</span>'
        return found.group()

    return NUMBER.sub(one, esc(text))


def para(text: str | None, cards: Container[str] = (), rules: Container[str] = ()) -> str:
    """A block of text from the data, its line breaks kept (numbers in ``cards``, ``rules`` linked)."""
    return "" if not text else f'<p class="said">{linked(text, cards, rules).replace(chr(10), "<br>")}</p>'


def contents(entries: Iterable[tuple[str, str]]) -> str:
    """A page's table of contents: (anchor, title) of its sections."""
    found = "".join(f'<a href="#{esc(a)}">{esc(t)}</a>' for a, t in entries)
    return f'<nav class="contents" aria-label="on this page">{found}</nav>' if found else ""


def table(head: list[str], rows: Iterable[list[str]], cls: str = "") -> str:
    """A table of cells already made safe (escape the data with :func:`esc` or a link helper);
    each cell carries its column's name, for a phone to show the rows one under another
    (``cls`` ``rows-on-phone``)."""
    labels = [esc(h) for h in head]
    body = "".join("<tr>" + "".join(f'<td data-label="{labels[n] if n < len(labels) else ""}">{c}</td>'
                                    for n, c in enumerate(row)) + "</tr>" for row in rows)
    heads = "".join(f"<th>{esc(h)}</th>" for h in head)
    return f'<div class="scroll"><table class="{esc(cls)}"><thead><tr>{heads}</tr></thead>' \
           f"<tbody>{body}</tbody></table></div>"


def section(title: str, body: str, anchor: str = "") -> str:
    ident = f' id="{esc(anchor)}"' if anchor else ""
    return f"<section{ident}><h2>{esc(title)}</h2>{body}</section>"


def search_box(value: str = "") -> str:
    return ('<form class="search" action="/search" method="get" role="search">'
            f'<input type="search" name="q" value="{esc(value)}" aria-label="search" '
            'placeholder="card number, name, keyword, trait, text, Q-number, CR section">'
            '<button type="submit">Search</button></form>')


def page(title: str, body: str, status_note: str = "", searched: bool = True, script: str = "") -> str:
    """A whole HTML page: the title, the navigation, the search box (``searched``: unless the page
    has its own) and ``body`` (already safe); ``script``: a script of the package's static files."""
    nav = "".join(f'<a href="{p}">{esc(t)}</a>' for p, t in NAV)
    note = f'<p class="note">{status_note}</p>' if status_note else ""
    scripts = f'<script src="/static/{esc(script)}" defer></script>' if script else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} · dcg-kg</title>
<link rel="stylesheet" href="/static/style.css">{scripts}
</head><body>
<header><a class="brand" href="/">dcg-kg</a><nav>{nav}</nav>{search_box() if searched else ""}</header>
<main><h1>{esc(title)}</h1>{note}{body}</main>
<footer>Digimon Card Game rules knowledge graph: cards, rulings and the Comprehensive Rules (CR).</footer>
</body></html>
"""
