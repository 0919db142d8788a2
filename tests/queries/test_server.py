"""The SPARQL endpoint, driven by real clients (SPARQLWrapper, rdflib's SPARQLStore, raw HTTP)."""

from __future__ import annotations

import csv
import http.client
import io
import json
import urllib.error
import urllib.parse
import xml.etree.ElementTree as ET

import pytest
from rdflib import Graph, URIRef
from rdflib.plugins.stores.sparqlstore import SPARQLStore
from SPARQLWrapper import CSV, JSON, TSV, TURTLE, XML, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import QueryBadFormed, SPARQLWrapperException

from queries.server import Limits, SparqlServer

COUNT_KEYWORDS = "SELECT (COUNT(?k) AS ?n) WHERE { ?k a dcg:Keyword }"


def client(endpoint, fmt=JSON, method="GET"):
    wrapper = SPARQLWrapper(endpoint.url)
    wrapper.setReturnFormat(fmt)
    wrapper.setMethod(method)
    return wrapper


def raw(server, method, path, body=None, headers=None):
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, response.getheader("Content-Type", ""), data


def keyword_count(kg):
    return int(kg.store.select(COUNT_KEYWORDS).rows[0][0])


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_select_json(endpoint, kg, method):
    wrapper = client(endpoint, JSON, method)
    wrapper.setQuery("PREFIX dcg: <https://dcg-kg.org/ns#> " + COUNT_KEYWORDS)
    answer = wrapper.queryAndConvert()
    assert int(answer["results"]["bindings"][0]["n"]["value"]) == keyword_count(kg)


def test_select_xml_csv_tsv(endpoint):
    query = "SELECT ?tag WHERE { dcg:Piercing dcg:labelTag ?tag }"
    wrapper = client(endpoint, XML)
    wrapper.setQuery(query)
    root = wrapper.query().convert()
    literals = [n.firstChild.data for n in root.getElementsByTagName("literal")]
    assert literals == ["Piercing"]
    for fmt, delimiter in ((CSV, ","), (TSV, "\t")):
        wrapper = client(endpoint, fmt)
        wrapper.setQuery(query)
        rows = list(csv.reader(io.StringIO(wrapper.query().convert().decode()), delimiter=delimiter))
        assert rows[1][0] in ("Piercing", '"Piercing"')


def test_ask_and_construct(endpoint):
    wrapper = client(endpoint, JSON)
    wrapper.setQuery("ASK { dcg:Piercing a dcg:Keyword }")
    assert wrapper.queryAndConvert()["boolean"] is True
    wrapper = client(endpoint, TURTLE)
    wrapper.setQuery("CONSTRUCT WHERE { dcg:Piercing ?p ?o }")
    graph = Graph().parse(data=wrapper.query().convert(), format="turtle")
    assert (URIRef("https://dcg-kg.org/ns#Piercing"), URIRef("https://dcg-kg.org/ns#labelTag"), None) in graph


def test_rdflib_sparqlstore_client(endpoint, kg):
    store = SPARQLStore(endpoint.url, returnFormat="json")
    rows = list(store.query("SELECT ?t WHERE { ?t <https://dcg-kg.org/ns#labelTag> \"OnPlay\" }"))
    assert [str(r[0]) for r in rows] == ["https://dcg-kg.org/ns#OnPlay"]


def test_content_negotiation(endpoint):
    query = urllib.parse.quote("CONSTRUCT WHERE { dcg:Blocker a ?t }")
    status, ctype, body = raw(endpoint, "GET", f"/sparql?query={query}",
                              headers={"Accept": "application/n-triples"})
    assert status == 200 and ctype.startswith("application/n-triples")
    assert body.decode().strip().endswith(".")
    status, _, _ = raw(endpoint, "GET", f"/sparql?query={query}", headers={"Accept": "image/png"})
    assert status == 406
    select = urllib.parse.quote("SELECT * WHERE { dcg:Blocker a ?t }")
    status, ctype, body = raw(endpoint, "GET", f"/sparql?query={select}&format=xml")
    assert status == 200 and ET.fromstring(body).tag.endswith("sparql")


def test_post_sparql_query_body(endpoint):
    status, ctype, body = raw(endpoint, "POST", "/sparql", body=b"ASK { dcg:Piercing a dcg:Keyword }",
                              headers={"Content-Type": "application/sparql-query"})
    assert status == 200 and json.loads(body)["boolean"] is True


def test_updates_are_refused(endpoint, kg):
    before = len(kg.store)
    wrapper = SPARQLWrapper(endpoint.url, updateEndpoint=endpoint.url)
    wrapper.setMethod("POST")
    wrapper.setQuery("DELETE WHERE { ?s ?p ?o }")
    with pytest.raises((SPARQLWrapperException, urllib.error.HTTPError)) as caught:
        wrapper.query()
    assert getattr(caught.value, "code", 403) == 403
    status, _, body = raw(endpoint, "POST", "/sparql", body=b"update=DROP+ALL",
                          headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403 and b"read-only" in body
    status, _, _ = raw(endpoint, "POST", "/sparql", body=b"DROP ALL",
                       headers={"Content-Type": "application/sparql-update"})
    assert status == 403
    assert len(kg.store) == before


def test_malformed_requests(endpoint):
    wrapper = client(endpoint)
    wrapper.setQuery("SELECT ?x WHERE {\n  ?x dcg:name")
    with pytest.raises(QueryBadFormed) as caught:
        wrapper.query()
    assert "line 2, column 14" in str(caught.value)
    assert raw(endpoint, "GET", "/sparql")[0] == 400
    assert raw(endpoint, "GET", "/elsewhere?query=ASK%7B%7D")[0] == 404
    assert raw(endpoint, "POST", "/sparql", body=b"<x/>", headers={"Content-Type": "text/xml"})[0] == 415
    big = b"query=" + b"A" * 2_000_000
    assert raw(endpoint, "POST", "/sparql", body=big,
               headers={"Content-Type": "application/x-www-form-urlencoded"})[0] == 413
    assert raw(endpoint, "GET", "/sparql?query=ASK%7B%7D")[0] == 200  # still serving


def test_slow_query_times_out_and_the_server_lives_on(bundled_store):
    server = SparqlServer(bundled_store, "127.0.0.1", 0,
                          limits=Limits(timeout=0.5, max_result_bytes=10**10, workers=2))
    server.start()
    try:
        cross = urllib.parse.quote("SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }")
        status, _, body = raw(server, "GET", f"/sparql?query={cross}")
        assert status == 503 and b"timed out" in body
        status, _, body = raw(server, "GET", "/sparql?query=ASK%7B%7D")
        assert status == 200 and json.loads(body)["boolean"] is True
    finally:
        server.shutdown()
        server.server_close()


def test_result_size_cap(bundled_store):
    server = SparqlServer(bundled_store, "127.0.0.1", 0, limits=Limits(max_result_bytes=10_000))
    server.start()
    try:
        everything = urllib.parse.quote("SELECT * WHERE { ?s ?p ?o }")
        status, _, body = raw(server, "GET", f"/sparql?query={everything}")
        assert status == 413 and b"LIMIT" in body
        small = urllib.parse.quote("SELECT * WHERE { ?s ?p ?o } LIMIT 3")
        assert raw(server, "GET", f"/sparql?query={small}")[0] == 200
    finally:
        server.shutdown()
        server.server_close()
