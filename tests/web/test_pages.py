"""The pages' routes over the bundled graph (Starlette's TestClient)."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from queries.web.app import App
from queries.web.app import build_app as build_served
from queries.web.endpoint import Options
from queries.web.pages import build_app
from queries.web.pool import PoolLimits
from tests.processes import alive

CROSS = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


@pytest.fixture(scope="module")
def client(bundled_store):
    return TestClient(build_app(bundled_store))


@pytest.fixture(scope="module")
def served(bundled_store) -> Iterator[tuple[TestClient, App]]:
    """The pages as dcgkg serve runs them: beside the endpoint, the editor in its worker pool."""
    app = build_served(bundled_store, Options(cache_bytes=0), PoolLimits(
        long_queries=1, spare=1, timeout=2.0, slow_after=0.3, max_memory_bytes=300_000_000))
    with TestClient(app) as client:  # runs the lifespan: the workers start and stop with it
        yield client, app




def test_search_finds_a_card_by_name_and_close_matches(client):
    page = client.get("/search?q=omnimon").text
    assert 'href="/card/BT5-086"' in page
    close = client.get("/search?q=omnimn").text
    assert 'id="close"' in close and 'href="/card/BT5-086"' in close


def test_search_finds_keywords_rulings_and_rule_sections(client):
    page = client.get("/search?q=piercing").text
    assert 'href="/keyword/Piercing"' in page and 'href="/ruling/' in page
    assert 'href="/rule/16-7"' in client.get("/search?q=CR 16-7").text


def test_card_page_shows_what_the_engine_understood_and_links(client):
    page = client.get("/card/BT5-086").text
    assert "Unsuspend this Digimon." in page
    assert "When this Digimon digivolves [When Digivolving]: unsuspend this Digimon." in page
    assert 'href="/keyword/Blitz"' in page and 'href="/timing/WhenDigivolving"' in page
    assert 'href="/rule/' in page
    if shutil.which("dot"):
        assert "/diagram/card/BT5-086.svg" in page
    else:  # the page says why there is no diagram
        assert "needs Graphviz" in page and "/diagram/card/BT5-086.svg" not in page


def test_ruling_and_rule_pages_link_both_ways(client):
    ruling = client.get("/ruling/seed-piercing-1").text
    assert 'href="/keyword/Piercing"' in ruling
    rule = client.get("/rule/16-7").text
    assert 'href="/keyword/Piercing"' in rule
    assert 'href="/rule/16-7"' in client.get("/keyword/Piercing").text


def test_unknown_card_is_a_404_with_close_matches(client):
    answer = client.get("/card/BT5-08")
    assert answer.status_code == 404 and "Close matches" in answer.text


def test_workbench_runs_a_golden_scenario(client):
    page = client.get("/workbench?golden=piercing-example-1").text
    assert 'id="resolution"' in page and "omnimon/BT3-016/Piercing" in page
    assert "A: 1, B: 0" in page and "CR 16-7-4" in page and "<svg" in page


def test_workbench_compares_the_files_expectations(client):
    page = client.get("/workbench?golden=piercing-example-1").text
    assert "all 7 expectation(s) met" in page and "NOT MET" not in page
    wrong = (Path(__file__).parents[1] / "scenarios" / "piercing-example-1.yaml").read_text(encoding="utf-8")
    wrong = wrong.replace("deleted: [devimon]", "deleted: []")
    page = client.post("/workbench", data={"yaml": wrong}).text
    assert "1 of 7 expectation(s) not met" in page
    row = page[page.index('<td data-label="Key">deleted</td>'):]
    assert row.index("[]") < row.index("[&quot;devimon&quot;]") < row.index("NOT MET")
    assert ('<td data-label="Key">winner</td><td data-label="Expected">null</td>'
            '<td data-label="The engine gave">null</td>') in page


def test_workbench_all_orders_says_what_differs(client):
    page = client.get("/workbench?golden=piercing-example-2&all_orders=1").text
    assert 'id="differs"' in page and "differs in:</b> effects" in page


def test_workbench_refuses_a_bad_file_with_the_located_error(client):
    bad = "scenario: 1\nid: x\nplayers:\n  A:\n    battle_aera: []\n"
    answer = client.post("/workbench", data={"yaml": bad})
    assert answer.status_code == 400
    assert "pasted.yaml: players.A.battle_aera: unknown key" in answer.text


def test_workbench_escapes_what_the_file_says(client):
    answer = client.post("/workbench", files={"file": ("<i>x.yaml", b"scenario: <script>\n")})
    assert "<script>" not in answer.text and "&lt;i&gt;x.yaml: scenario:" in answer.text


def test_sparql_page_links_results_and_downloads(served):
    client, _app = served
    query = 'SELECT ?card WHERE { ?card dcg:cardNumber "BT5-086" }'
    page = client.post("/sparql-editor", data={"query": query}).text
    assert 'href="/card/BT5-086"' in page and '<span id="rows">1</span>' in page
    csv = client.post("/sparql-editor/download", data={"query": query, "format": "csv"})
    assert csv.text.splitlines() == ["card", "https://dcg-kg.org/id/card/BT5-086"]
    json = client.post("/sparql-editor/download", data={"query": query, "format": "json"}).json()
    assert json["results"]["bindings"][0]["card"]["value"].endswith("BT5-086")
    ask = client.post("/sparql-editor", data={"query": "ASK { dcg:Piercing a dcg:Keyword }"}).text
    assert '<p id="boolean">true</p>' in ask
    triples = client.post("/sparql-editor", data={"query": "CONSTRUCT { card:BT5-086 dcg:cardNumber ?n } "
                                                           "WHERE { card:BT5-086 dcg:cardNumber ?n }"}).text
    assert '<span id="rows">1</span>' in triples and "BT5-086" in triples


def test_sparql_page_refuses_service_and_updates(served):
    client, _app = served
    query = "SELECT * { SERVICE <http://127.0.0.1:9/> { ?s ?p ?o } }"
    service = client.post("/sparql-editor", data={"query": query})
    assert service.status_code == 400 and "is not allowed" in service.text  # queries.sparql_guard
    update = client.post("/sparql-editor", data={"query": "INSERT DATA { <a:b> <a:c> <a:d> }"})
    assert update.status_code == 403
    syntax = client.post("/sparql-editor", data={"query": "SELECT ?x WHERE { ?x"})
    assert syntax.status_code == 400 and 'id="refused"' in syntax.text


def test_a_slow_editor_query_is_stopped_and_its_worker_ended(served):
    """The editor's queries run in the endpoint's pool: past the timeout the worker is killed, the
    page says so, and the next query is answered by a fresh worker."""
    client, app = served
    pool = app._pool
    assert pool is not None
    before = {w.process.pid for w in pool.workers}
    answer = client.post("/sparql-editor", data={"query": CROSS})
    assert answer.status_code == 503
    assert "the query was stopped and its worker ended: query timed out after 2s" in answer.text
    assert 'id="refused"' in answer.text
    gone = before - {w.process.pid for w in pool.workers}
    assert len(gone) == 1
    time.sleep(0.2)
    assert not any(alive(pid) for pid in gone)
    again = client.post("/sparql-editor", data={"query": "ASK { dcg:Piercing a dcg:Keyword }"})
    assert again.status_code == 200 and '<p id="boolean">true</p>' in again.text


def test_pages_without_the_server_do_not_run_queries(client):
    """The pages alone have no worker pool: the editor refuses rather than run a query it could not stop."""
    answer = client.post("/sparql-editor", data={"query": "ASK {}"})
    assert answer.status_code == 503 and "start the pages with dcgkg serve" in answer.text


def test_named_query_example_is_bound(client):
    page = client.get("/sparql-editor?example=cards-with-keyword").text
    assert "VALUES ?keyword" in page and "Piercing" in page


Q2283 = "qa-q2283-ulforceveedramon-player-orders-on-play-and-your-turn"


def test_search_respells_a_misspelt_word_from_the_graphs_words(client):
    """Nothing has "Piercng": the page says it searched for "piercing" and finds the keyword,
    the cards that have it and the rule sections about it."""
    page = client.get("/search?q=Piercng").text
    assert 'id="respelt"' in page and "<b>piercing</b>" in page
    assert 'href="/keyword/Piercing"' in page and 'href="/card/BT3-016"' in page
    assert 'href="/rule/16-7-4"' in page


def test_search_lists_rule_sections_in_section_order(client):
    page = client.get("/search?q=16-7").text
    hits = page[page.index('id="hits-rule"'):]
    found = [hits.index(f'href="/rule/16-7{tail}"') for tail in ("", "-2", "-3", "-4")]
    assert found == sorted(found)
    assert 'id="close"' not in page  # 16-7 is the name of a section: no "close matches" beside it


def test_keyword_page_shows_its_rules_text_and_cards_by_name(client):
    page = client.get("/keyword/Piercing").text
    sections = page[page.index('id="rules"'):page.index('id="rulings"')]
    assert 'href="/rule/16-7-4"' in sections and "pending processing" in sections  # CR 16-7-4's words
    assert '<span class="nb">BT3-016</span> Durandamon</a>' in page


def test_rule_page_shows_its_subsections_texts_and_back_links(client):
    page = client.get("/rule/16-7").text
    subs = page[page.index('id="subsections"'):]
    assert 'href="/rule/16-7-4"' in subs and "pending processing" in subs
    assert 'href="/keyword/Piercing"' in page


def test_card_page_shows_the_compiled_structure_and_the_rules_its_effects_rely_on(client):
    page = client.get("/card/BT5-086").text
    assert "from level 6 Red: cost 4<br>from level 6 Blue: cost 4" in page  # its digivolve costs
    assert '<details class="compiled"><summary>compiled structure</summary>' in page
    assert "&quot;trigger&quot;" in page  # the compiled effect's JSON, escaped
    rules = page[page.index('id="rules"'):page.index('id="diagram"')]
    assert 'href="/rule/15-16-3"' in rules and 'href="/timing/WhenDigivolving"' in rules  # [When Digivolving]
    assert 'href="/keyword/Blitz"' in rules
    assert '<nav class="contents"' in page and 'href="#rulings"' in page


def test_workbench_shows_where_a_broken_file_goes_wrong(client):
    broken = ("scenario: 1\nid: broken\nplayers:\n  A:\n    battle_area:\n      - id: x\n"
              "        stack: [BT5-086\n")
    answer = client.post("/workbench", data={"yaml": broken})
    assert answer.status_code == 400
    assert "line 7, column 16" in answer.text and "unicode string" not in answer.text
    excerpt = answer.text[answer.text.index('id="excerpt"'):]
    assert '<span class="at"><span class="ln">7</span>        stack: [BT5-086' in excerpt
    bad_key = "scenario: 1\nid: x\nplayers:\n  A:\n    battle_aera: []\n"
    page = client.post("/workbench", data={"yaml": bad_key}).text
    assert '<span class="at"><span class="ln">5</span>    battle_aera: []' in page
    deep = "scenario: 1\nid: x\nplayers:\n  A:\n    hand: " + "[" * 900 + "]" * 900 + "\n"
    page = client.post("/workbench", data={"yaml": deep})  # refused by depth, its line found, no error
    assert page.status_code == 400 and "nested at most 32 deep" in page.text
    assert '<span class="at"><span class="ln">5</span>    hand: [[[' in page.text


def test_workbench_all_orders_shows_each_branchs_resolution(client):
    """Q2283: [On Play] and [Your Turn] trigger together; each branch resolves them the other way."""
    page = client.get(f"/workbench?golden={Q2283}&all_orders=1").text
    start = page.index('<table class="branches rows-on-phone">')
    branches = page[start:page.index("</table>", start)]
    rows = [r[r.index("<ol>"):] for r in branches.split("<tr>")[2:]]  # each branch's effects, in order
    assert len(rows) == 2
    first, second = ([r.index(f"BT13-030/BT13-030/{t} <span") for t in ("YourTurn", "OnPlay")] for r in rows)
    assert first[0] < first[1] and second[1] < second[0]
    assert "differs in:</b> effects" in page and "<summary>branch 2: its log</summary>" in page


def test_workbench_links_graph_cards_only(client):
    """The scenario's own test cards (T-MON) have no page; a card of the graph does."""
    page = client.get(f"/workbench?golden={Q2283}").text
    board = page[page.index('class="board rows-on-phone"'):]
    assert "T-MON" in board and 'href="/card/T-MON"' not in page
    piercing = client.get("/workbench?golden=piercing-example-1").text
    assert 'href="/card/BT5-086"' in piercing


def test_workbench_browses_the_golden_scenarios(client):
    page = client.get("/workbench").text
    assert 'href="/workbench?find=qa#pick"' in page
    found = client.get("/workbench?find=qa q2283").text
    assert f'href="/workbench?golden={Q2283}"' in found
    assert "the first 60 of" in client.get("/workbench?find=qa").text


def test_sparql_example_with_a_value_runs(served):
    client, _app = served
    page = client.get("/sparql-editor?example=cards-with-keyword&keyword=Retaliation").text
    assert "Retaliation" in page and 'id="answer"' in page and 'href="/card/BT2-074"' in page
    assert client.get("/static/editor.js").status_code == 200 and 'src="/static/editor.js"' in page
    assert "<code>PREFIX dcg: &lt;https://dcg-kg.org/ns#&gt;</code>" in page  # the declared prefixes


def test_card_page_lists_the_rulings_of_its_keywords(client):
    """Durandamon has <Piercing>: its page lists Piercing's rulings, and a ruling links back to it."""
    page = client.get("/card/BT3-016").text
    found = page[page.index('id="keyword-rulings"'):]
    assert 'href="/keyword/Piercing"' in found and 'href="/ruling/seed-piercing-1"' in found
    assert 'href="/keyword/Piercing"' in client.get("/ruling/seed-piercing-1").text


def test_search_shows_the_best_matching_kind_first_and_one_kind_on_asking(client):
    page = client.get("/search?q=piercing").text
    assert page.index('id="hits-keyword"') < page.index('id="hits-card"')  # the keyword is named so
    rules = client.get("/search?q=piercing&kind=rule").text
    assert 'id="hits-rule"' in rules and 'id="hits-card"' not in rules and 'href="/rule/16-7-4"' in rules


def test_sparql_answer_links_card_numbers_given_as_text(served):
    """A card number in a result (a literal) links to its card; a count does not become a link."""
    client, app = served
    app.pages.state.graph.index  # noqa: B018  (read ahead at start; here made sure of)
    query = 'SELECT ?n (13 AS ?count) WHERE { ?c dcg:cardNumber ?n FILTER(?n = "BT5-086") }'
    page = client.post("/sparql-editor", data={"query": query}).text
    assert '<a href="/card/BT5-086">BT5-086</a>' in page and 'href="/rule/13"' not in page


def test_the_scenario_format_page_lists_what_the_checker_accepts(client):
    from kg.solver.scenario import ActionIn, DecisionsIn, PlayerIn

    workbench_page = client.get("/workbench").text
    assert 'href="/workbench/format"' in workbench_page
    text = client.get("/workbench/format").text
    for model in (ActionIn, DecisionsIn, PlayerIn):  # every key of these models, none left out
        for key in model.model_fields:
            assert f"<code>{key}</code>" in text, key
    assert '<a href="#attack">AttackIn</a>' in text and 'id="attack"' in text  # a model links to its table
    assert "the Digi-Egg deck, top first" in text  # a field's description
    assert "required" in text and "&#x27;Digimon&#x27; | &#x27;Tamer&#x27;" in text  # defaults and choices
