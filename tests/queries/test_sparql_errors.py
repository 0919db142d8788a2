"""Short SPARQL errors and vocabulary hints, the same in ``dcgkg sparql`` and the endpoint: line,
column and what was expected in a few words; a typo in the query form is a syntax error (400), not
an update; a ``dcg:`` term the ontology does not have is named with its close match."""

from __future__ import annotations

import http.client
import urllib.parse

from typer.testing import CliRunner

from queries.cli import app
from queries.server import SparqlServer

runner = CliRunner()
TYPO = "SELECT ?r WHERE { ?r dcg:aboutKeywrd dcg:Piercing }"
HINT = "dcg:aboutKeywrd is not a term of the vocabulary; did you mean dcg:aboutKeyword?"


def get(server: SparqlServer, query: str) -> tuple[int, str, list[str]]:
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.request("GET", "/sparql?" + urllib.parse.urlencode({"query": query}))
    response = connection.getresponse()
    body = response.read().decode()
    warnings = response.headers.get_all("Warning") or []
    connection.close()
    return response.status, body, warnings


def sparql(store: str, query: str):
    return runner.invoke(app, ["sparql", query, "--store", store])


def test_a_syntax_error_is_short(store_dir: str) -> None:
    result = sparql(store_dir, "SELECT ?x WHERE {\n  ?x dcg:name")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0] == ("error: SPARQL syntax error at line 2, column 14: expected a variable, an IRI, "
                        "a blank node, a number, a name, \"'\" or others")
    assert lines[1:] == ["    ?x dcg:name", "               ^"]
    assert "u{" not in result.stderr and "..=" not in result.stderr


def test_a_misspelled_query_form_is_a_syntax_error_not_an_update(
        store_dir: str, endpoint: SparqlServer) -> None:
    result = sparql(store_dir, "SELEC ?x WHERE { ?x a dcg:Keyword }")
    assert result.exit_code == 2
    first = ("SPARQL syntax error at line 1, column 1: expected SELECT, ASK, CONSTRUCT or DESCRIBE, "
             "not 'SELEC' (did you mean SELECT?)")
    assert result.stderr.splitlines()[0] == "error: " + first
    status, body, _ = get(endpoint, "SELEC ?x WHERE { ?x a dcg:Keyword }")
    assert status == 400 and body.splitlines()[0] == first and "update" not in body
    status, body, _ = get(endpoint, "INSERT DATA { dcg:A dcg:b dcg:C }")
    assert status == 400 and "updates are not accepted" in body


def test_a_term_missing_from_the_vocabulary_gets_a_hint(store_dir: str, endpoint: SparqlServer) -> None:
    result = sparql(store_dir, TYPO)
    assert result.exit_code == 0 and "0 row(s)" in result.stdout
    assert result.stderr.strip() == "warning: " + HINT
    status, _body, warnings = get(endpoint, TYPO)
    assert status == 200 and warnings == [f'199 dcgkg "{HINT}"']
    status, body, _ = get(endpoint, TYPO.rstrip("}"))  # and with a syntax error: the hint follows it
    assert status == 400 and body.rstrip().endswith("hint: " + HINT)
    right = sparql(store_dir, TYPO.replace("Keywrd", "Keyword"))
    assert right.exit_code == 0 and right.stderr == ""


def test_a_table_shows_prefixed_names_and_csv_the_iris(store_dir: str) -> None:
    query = "SELECT ?t ?tag WHERE { ?t dcg:labelTag ?tag . FILTER(?tag = 'AllTurns') }"
    table = sparql(store_dir, query)
    assert table.exit_code == 0
    assert "│ dcg:AllTurns │ AllTurns │" in table.stdout and "https://" not in table.stdout
    assert table.stdout.splitlines()[-1] == "1 row(s)"
    as_csv = runner.invoke(app, ["sparql", query, "--store", store_dir, "--format", "csv"])
    assert as_csv.stdout == "t,tag\nhttps://dcg-kg.org/ns#AllTurns,AllTurns\n"


def test_a_remote_servers_parser_error_is_short_and_names_the_users_line(monkeypatch) -> None:
    import pyoxigraph as ox
    import pytest

    from kg.store import StoreError
    from kg.store.remote import RemoteStore, _prologue

    query = "SELECT ?x WHERE {\n  ?x dcg:name"

    def oxigraph_server(url: str, **_kwargs: object) -> tuple[str, bytes]:  # answers as Oxigraph's does
        try:
            ox.Store().query(_prologue(query))
        except SyntaxError as exc:
            raise StoreError(f"{url} answered 400 Bad Request: {exc}") from None
        raise AssertionError("the query parsed")

    remote = RemoteStore("http://db.example/query")
    monkeypatch.setattr(remote, "_request", oxigraph_server)
    with pytest.raises(StoreError) as caught:
        remote.select(query)
    assert str(caught.value).splitlines() == [
        "http://db.example/query: SPARQL syntax error at line 2, column 14: expected a variable, an IRI, "
        "a blank node, a number, a name, \"'\" or others", "    ?x dcg:name", "               ^"]
