"""The graph on a SPARQL 1.1 server (Oxigraph server, Fuseki, GraphDB, Virtuoso, Neptune).

Queries go over the SPARQL 1.1 Protocol (POST, form-encoded). Bound variables are never
formatted into the text: :func:`kg.store.bind` serialises each as an RDF term in a ``VALUES``
block placed first in the outermost ``WHERE`` group, as the embedded store does. ``replace_ntriples`` PUTs the
whole default graph through the Graph Store Protocol (one request: atomic where the server
is), or, with no graph store endpoint, sends one SPARQL Update ``DROP ... ; INSERT DATA``.

Endpoints beside the query URL: the update and graph store endpoints default to the query URL's
siblings ``update`` and ``store`` (Oxigraph server's layout). Elsewhere, set
``DCGKG_UPDATE_URL`` and ``DCGKG_GRAPH_STORE_URL`` (``none`` to use SPARQL Update instead of
the Graph Store Protocol); ``DCGKG_REMOTE_USER``/``DCGKG_REMOTE_PASSWORD`` add basic auth.

>>> store = RemoteStore("http://127.0.0.1:7878/query")
>>> store.update_url, store.graph_store_url
('http://127.0.0.1:7878/update', 'http://127.0.0.1:7878/store')
"""

from __future__ import annotations

import base64
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable
from pathlib import Path

import pyoxigraph as ox
from rdflib import BNode, Literal, URIRef
from rdflib.term import Node

from kg.store.base import Binding, SelectResult, StoreError, Term, bind, to_rdflib
from kg.store.sparql_errors import short_syntax_error
from ontology import PREFIXES

UPDATE_ENV = "DCGKG_UPDATE_URL"
GRAPH_STORE_ENV = "DCGKG_GRAPH_STORE_URL"
USER_ENV, PASSWORD_ENV = "DCGKG_REMOTE_USER", "DCGKG_REMOTE_PASSWORD"
TIMEOUT_ENV = "DCGKG_REMOTE_TIMEOUT"
def _prologue(query: str) -> str:
    """The standard prefixes, on one line so that error positions stay easy to map back."""
    declared = {m.lower() for m in re.findall(r"PREFIX\s+([\w.-]*):", query, re.IGNORECASE)}
    return " ".join(f"PREFIX {p}: <{iri}>" for p, iri in PREFIXES.items()
                    if p.lower() not in declared) + "\n" + query


def _shift_lines(message: str) -> str:
    """Error positions (``at L:C``, ``at line L, column C``) in the user's query: one line less
    than the server saw.

    >>> _shift_lines("SPARQL syntax error at line 3, column 14: expected a name")
    'SPARQL syntax error at line 2, column 14: expected a name'
    """
    message = re.sub(r"\bat line (\d+), column (\d+)\b",
                     lambda m: f"at line {max(int(m[1]) - 1, 1)}, column {m[2]}", message, count=1)
    return re.sub(r"\bat (\d+):(\d+)\b", lambda m: f"at {max(int(m[1]) - 1, 1)}:{m[2]}", message, count=1)


def _sibling(url: str, name: str) -> str:
    parsed = urllib.parse.urlsplit(url)
    path = parsed.path.rsplit("/", 1)[0] + "/" + name
    return urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, path, "", ""))


class RemoteStore:
    """A Store backed by a SPARQL 1.1 server.

    ``url`` is the query endpoint; ``update_url`` and ``graph_store_url`` override the
    environment and the sibling defaults (``graph_store_url=""`` means: use SPARQL Update).
    """

    def __init__(self, url: str, *, update_url: str | None = None, graph_store_url: str | None = None,
                 timeout: float | None = None) -> None:
        self.location = url
        self.url = url
        self.update_url = update_url or os.environ.get(UPDATE_ENV) or _sibling(url, "update")
        store = graph_store_url if graph_store_url is not None else os.environ.get(GRAPH_STORE_ENV)
        if store is None:
            store = _sibling(url, "store")
        self.graph_store_url = "" if store.lower() in ("", "none") else store
        self.timeout = timeout or float(os.environ.get(TIMEOUT_ENV, "300"))
        self.generation = 0  # counts the graphs this object has written (for caches keyed on it)

    # -- HTTP
    def _request(self, url: str, *, data: bytes | None = None, method: str = "POST",
                 headers: dict[str, str] | None = None) -> tuple[str, bytes]:
        request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
        user = os.environ.get(USER_ENV)
        if user:
            token = base64.b64encode(f"{user}:{os.environ.get(PASSWORD_ENV, '')}".encode()).decode()
            request.add_header("Authorization", f"Basic {token}")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as exc:
            body = exc.read().decode("utf-8", "replace").strip()
            raise StoreError(f"{self.location} answered {exc.code} {exc.reason}: {body[:500]}") from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise StoreError(f"cannot reach the SPARQL server at {url}: {reason}") from None

    def raw(self, query: str, accept: str, **bindings: Binding) -> tuple[str, bytes]:
        """Run a query and return the server's content type and body as they are."""
        text = _prologue(bind(query, bindings))
        data = urllib.parse.urlencode({"query": text}).encode()
        try:
            return self._request(self.url, data=data, headers={
                "Accept": accept, "Content-Type": "application/x-www-form-urlencoded"})
        except StoreError as exc:
            message = str(exc)
            parser = re.search(r"error at \d+:\d+: .*", message, re.DOTALL)  # Oxigraph's own message
            if parser:
                message = f"{self.location}: {short_syntax_error(text, parser[0])}"
            raise StoreError(_shift_lines(message)) from None

    def _results(self, query: str, bindings: dict[str, Node]) -> dict:
        _type, body = self.raw(query, "application/sparql-results+json", **bindings)
        try:
            return json.loads(body)  # type: ignore[no-any-return]
        except ValueError:
            raise StoreError(f"{self.location} did not answer with SPARQL JSON results") from None

    # -- the Store protocol
    def select(self, query: str, **bindings: Binding) -> SelectResult:
        answer = self._results(query, bindings)
        if "results" not in answer:
            raise StoreError("not a SELECT query")
        names = answer["head"].get("vars", [])
        rows = [tuple(_json_term(b.get(n)) for n in names) for b in answer["results"]["bindings"]]
        return SelectResult(names, rows)

    def ask(self, query: str, **bindings: Binding) -> bool:
        answer = self._results(query, bindings)
        if "boolean" not in answer:
            raise StoreError("not an ASK query")
        return bool(answer["boolean"])

    def construct(self, query: str, **bindings: Binding) -> list[tuple[Term, Term, Term]]:
        _type, body = self.raw(query, "application/n-triples", **bindings)
        try:
            triples = ox.parse(body, format=ox.RdfFormat.N_TRIPLES)
            return [(to_rdflib(t.subject), to_rdflib(t.predicate), to_rdflib(t.object))  # type: ignore[misc]
                    for t in triples]
        except SyntaxError:
            raise StoreError("not a CONSTRUCT or DESCRIBE query (no N-Triples came back)") from None

    def __len__(self) -> int:
        row = self.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows[0]
        return int(row[0].toPython()) if row[0] is not None else 0  # type: ignore[union-attr]

    def replace_ntriples(self, data: str | Path | Iterable[str]) -> None:
        """Replace the server's default graph with these N-Triples (text, a file path, or chunks of
        text) in one request."""
        if isinstance(data, Path):
            body = data.read_bytes()
        else:
            body = (data if isinstance(data, str) else "".join(data)).encode("utf-8")
        if self.graph_store_url:
            sep = "&" if "?" in self.graph_store_url else "?"
            self._request(f"{self.graph_store_url}{sep}default", data=body, method="PUT",
                          headers={"Content-Type": "application/n-triples"})
        else:
            update = b"DROP SILENT DEFAULT ;\nINSERT DATA {\n" + body + b"\n}"
            self._request(self.update_url, data=update,
                          headers={"Content-Type": "application/sparql-update"})
        self.generation += 1


def _json_term(value: dict | None) -> Term | None:
    if value is None:
        return None
    kind, text = value["type"], value["value"]
    if kind == "uri":
        return URIRef(text)
    if kind == "bnode":
        return BNode(text)
    if "xml:lang" in value:
        return Literal(text, lang=value["xml:lang"])
    datatype = value.get("datatype")
    if datatype and datatype != "http://www.w3.org/2001/XMLSchema#string":
        return Literal(text, datatype=URIRef(datatype))
    return Literal(text)
