"""The media types the endpoint answers with, and content negotiation.

>>> negotiate("text/csv;q=0.5, application/sparql-results+xml", "SELECT")
'application/sparql-results+xml'
>>> negotiate("text/html", "CONSTRUCT") is None
True
"""

from __future__ import annotations

import pyoxigraph as ox

RESULT_TYPES = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
    "application/json": ox.QueryResultsFormat.JSON,
}
GRAPH_TYPES = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
}
FORMAT_PARAM = {"json": "application/sparql-results+json", "xml": "application/sparql-results+xml",
                "csv": "text/csv", "tsv": "text/tab-separated-values", "ttl": "text/turtle",
                "turtle": "text/turtle", "nt": "application/n-triples", "rdfxml": "application/rdf+xml"}


def negotiate(accept: str | None, form: str) -> str | None:
    """The media type to answer with, from an Accept header (q-values honoured); None if none fits."""
    offered = list(GRAPH_TYPES if form in ("CONSTRUCT", "DESCRIBE") else RESULT_TYPES)
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept or "*/*").split(",")):
        media, *params = [p.strip() for p in part.split(";")]
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        wanted.append((-q, index, media.lower()))
    for neg_q, _index, media in sorted(wanted):
        if neg_q == 0:
            break
        if media in offered:
            return media
        if media in ("*/*", "application/*", "text/*"):
            prefix = media.split("/")[0]
            matches = [o for o in offered if prefix == "*" or o.startswith(prefix + "/")]
            if matches:
                return matches[0]
    return None
