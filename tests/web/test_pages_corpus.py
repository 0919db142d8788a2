"""The pages over the full corpus (the official Q&A, errata and rules; skipped without
../shared): a card's rulings with their Q-numbers and dates, a ruling back to its cards, errata,
and the timing and ruling pages linked both ways."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from queries.web.pages import build_app


@pytest.fixture(scope="module")
def client(corpus_store):
    return TestClient(build_app(corpus_store))


def _ruling_ids(html: str) -> list[str]:
    return re.findall(r'href="/ruling/(Q\d+)"', html)


def test_card_lists_its_rulings_and_a_ruling_links_back(client):
    """Crimson Blaze (BT8-097): Q1775 is on its page with its date; Q1775's page names the card
    and links the other card its question names (BT7-063)."""
    card = client.get("/card/BT8-097").text
    rulings = card[card.index('id="rulings"'):card.index("</section>", card.index('id="rulings"'))]
    assert '<a href="/ruling/Q1775">Q1775</a> <span class="muted">2024-03-28</span>' in rulings
    ruling = client.get("/ruling/Q1775").text
    assert '<a href="/card/BT8-097"><span class="nb">BT8-097</span> Crimson Blaze</a>' in ruling
    assert 'href="/card/BT7-063"' in ruling[:ruling.index('class="facts"')]  # in the question's words
    rules = ruling[ruling.index('id="rules"'):]  # [Main]'s section is a heading: its first rule is shown
    assert 'href="/rule/15-16-7"' in rules
    assert "[Main] is an effect timing for activation-type effects" in rules


def test_one_qa_filed_under_several_cards_is_shown_once(client):
    card = client.get("/card/BT8-097").text
    items = card.split('<li class="ruling">')
    same = [item for item in items if "Q5454" in item]
    assert len(same) == 1 and "Q5461" in same[0]  # the same words, filed again under another card
    assert card.count("An Option card&#x27;s use cost is 1 or less when used from the hand") == 1


def test_an_erratum_marks_the_words_it_changed(client):
    page = client.get("/card/BT14-091").text
    assert 'id="errata-note"' in page and 'href="#errata"' in page
    errata = page[page.index('id="errata"'):]
    assert "<ins>as many or</ins>" in errata and "<del>than</del>" in errata


def test_search_by_q_number_finds_the_ruling_alone(client):
    page = client.get("/search?q=Q7098").text
    assert 'href="/ruling/Q7098"' in page and 'id="close"' not in page


def test_timing_and_its_rulings_link_both_ways(client):
    page = client.get("/timing/WhenDigivolving").text
    about = _ruling_ids(page[page.index('id="rulings"'):page.index('id="mentions"')])
    mentions = _ruling_ids(page[page.index('id="mentions"'):page.index('id="cards"')])
    assert about and mentions and not set(about) & set(mentions)
    first = page[page.index(f'href="/ruling/{about[0]}"'):]
    assert first.index('<span class="muted">on</span> <a href="/card/') < first.index("</li>")  # "this card"
    for ruling in (about[0], mentions[0]):
        assert 'href="/timing/WhenDigivolving"' in client.get(f"/ruling/{ruling}").text


def test_rule_sections_that_refer_to_each_other_link_both_ways(client):
    """CR 16-7-2 says "For details, refer to 15-8-3": the words link to 15-8-3, whose page lists
    16-7-2 among the sections that refer to it."""
    piercing = client.get("/rule/16-7-2").text
    assert 'refer to <span class="nb"><a href="/rule/15-8-3">15-8-3</a></span>' in piercing
    referred = client.get("/rule/15-8-3").text
    assert '<a href="/rule/16-7-2">CR 16-7-2</a>' in referred[referred.index('id="referred"'):]
