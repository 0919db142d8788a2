"""The graph on a real SPARQL server (`oxigraph serve` on loopback): build, query, validate, solve."""

from __future__ import annotations

import json

import pytest
from rdflib import Literal
from typer.testing import CliRunner

import queries
from kg.build import Inputs, build
from kg.store import StoreError, open_store
from kg.store.remote import RemoteStore
from queries import library
from queries.cli import app

runner = CliRunner()


@pytest.fixture
def remote(oxigraph_server) -> RemoteStore:
    """The server with the bundled graph built into it by `dcgkg build --store URL`."""
    done = runner.invoke(app, ["build", "--store", oxigraph_server, "--json"])
    assert done.exit_code == 0, done.output
    store = open_store(oxigraph_server)
    assert isinstance(store, RemoteStore)
    return store


def test_build_loads_the_same_graph(remote, bundled_store):
    assert len(remote) == len(bundled_store)
    query = "SELECT ?c (COUNT(?x) AS ?n) WHERE { ?x a ?c } GROUP BY ?c ORDER BY ?c"
    assert remote.select(query).rows == bundled_store.select(query).rows


def test_rebuild_replaces_the_graph(remote, bundled_store):
    build(remote, Inputs(corpus=[], pages=[]))
    assert len(remote) == len(bundled_store)  # replaced, not added twice


def test_named_query_and_api(remote, oxigraph_server):
    numbers = [str(r[0]) for r in library.run(remote, "cards-with-keyword", {"keyword": "Piercing"})]
    assert "BT3-016" in numbers
    kg = queries.open(oxigraph_server)
    assert kg.keyword("piercing").event == "DeletedInBattle"
    labels = [e.label for e in kg.card("BT5-086").effects]
    assert labels == ["WhenDigivolving", "WhenDigivolving#2", "AllTurns"]
    done = runner.invoke(app, ["sparql", "cards-with-keyword", "-p", "keyword=Piercing", "--store",
                               oxigraph_server, "--format", "json"])
    assert done.exit_code == 0, done.output
    assert "BT3-016" in [b["number"]["value"] for b in json.loads(done.output)["results"]["bindings"]]


def test_bindings_are_terms_not_text(remote):
    query = "SELECT ?t WHERE { ?t dcg:labelTag ?tag }"
    assert len(remote.select(query, tag=Literal("OnPlay"))) == 1
    assert len(remote.select(query, tag=Literal('x" } UNION { ?t ?p ?o } #'))) == 0
    assert remote.ask("ASK { ?k a dcg:Keyword ; dcg:takesValue ?v }", v=Literal(True))


def test_errors_name_the_user_line(remote):
    with pytest.raises(StoreError, match=r"syntax error at line 2, column 14: expected a variable"):
        remote.select("SELECT ?x WHERE {\n  ?x dcg:name")
    with pytest.raises(StoreError, match="cannot reach"):
        RemoteStore("http://127.0.0.1:9/query", timeout=2).select("SELECT * { ?s ?p ?o } LIMIT 1")


def test_validate_and_diagram_against_the_server(remote, oxigraph_server, store_dir, tmp_path):
    remote_run = runner.invoke(app, ["validate", "--store", oxigraph_server])
    local_run = runner.invoke(app, ["validate", "--store", store_dir])
    assert remote_run.exit_code == local_run.exit_code
    assert remote_run.output == local_run.output
    out = tmp_path / "timings.mmd"
    done = runner.invoke(app, ["diagram", "timings", "-o", str(out), "--store", oxigraph_server])
    assert done.exit_code == 0, done.output
    assert "flowchart LR" in out.read_text()


def test_simulate_reads_the_solver_index_from_the_server(remote, bundled_store, scenario_file):
    from kg.solver.simulate import simulate, solver_index

    index = solver_index(remote)
    assert set(index.keywords) == set(solver_index(bundled_store).keywords)
    assert "Piercing" in index.keywords
    report = simulate(remote, str(scenario_file))
    assert report["security_checks"]["A"] == 1 and report["deleted"] == ["devimon"]
    assert report == simulate(bundled_store, str(scenario_file))


def test_simulate_command_against_the_server(remote, oxigraph_server, scenario_file):
    done = runner.invoke(app, ["simulate", str(scenario_file), "--json", "--store", oxigraph_server])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    assert report["security_checks"]["A"] == 1 and report["deleted"] == ["devimon"]


def test_sparql_update_instead_of_graph_store(oxigraph_server, bundled_store):
    store = RemoteStore(oxigraph_server, graph_store_url="none")
    store.replace_ntriples('<https://dcg-kg.org/id/card/X-1> <https://dcg-kg.org/ns#name> "Test" .\n')
    assert len(store) == 1
    build(store, Inputs(corpus=[], pages=[]))
    assert len(store) == len(bundled_store)


def test_endpoint_env_overrides(monkeypatch):
    monkeypatch.setenv("DCGKG_UPDATE_URL", "http://db.example/ds/update")
    monkeypatch.setenv("DCGKG_GRAPH_STORE_URL", "http://db.example/ds/data")
    store = RemoteStore("http://db.example/ds/sparql")
    assert (store.update_url, store.graph_store_url) == ("http://db.example/ds/update", "http://db.example/ds/data")


def test_corpus_on_the_server(oxigraph_server, corpus, seeds, corpus_store):
    store = open_store(oxigraph_server)
    build(store, Inputs(corpus=[corpus], pages=[seeds]))
    assert len(store) == len(corpus_store)
    counts = "SELECT (COUNT(?c) AS ?n) WHERE { ?c a dcg:Card }"
    assert store.select(counts).rows == corpus_store.select(counts).rows
    rulings = library.run(store, "rulings-about-card", {"card": "BT8-097"})
    assert len(rulings) == len(library.run(corpus_store, "rulings-about-card", {"card": "BT8-097"})) > 10
