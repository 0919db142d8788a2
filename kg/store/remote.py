"""The graph on a SPARQL 1.1 server (Oxigraph server, Virtuoso, Fuseki, GraphDB, Neptune).

Queries go over the SPARQL 1.1 Protocol (POST, form-encoded). Bound variables are never
formatted into the text: :func:`kg.store.bind` serialises each as an RDF term in a ``VALUES``
block placed first in the outermost ``WHERE`` group, as the embedded store does. ``replace_ntriples`` PUTs the
whole graph through the Graph Store Protocol (one request: atomic where the server is), or, with
no graph store endpoint, sends SPARQL Update: one ``DROP ... ; INSERT DATA`` when the graph fits in
one request, else ``INSERT DATA`` requests into a loading graph and one ``MOVE`` over the live one
(also for a graph of over VIRTUOSO_PUT triples to Virtuoso, where one big PUT stalls).

A server may cap an answer's rows: an answer the server says it cut (Virtuoso's headers) is
refused with :class:`ResultCut`, and a CONSTRUCT from Virtuoso, which cuts one unsaid, is checked
(see ``_check_whole``); kg.store.batches reads large answers in pieces that come back whole.

The graph lives in the server's default graph, or in the named graph ``graph`` (``DCGKG_GRAPH``):
then every query asks for it as its default graph (``default-graph-uri``), for servers whose
default graph is the union of all graphs (Virtuoso, GraphDB).

Endpoints beside the query URL: the update and graph store endpoints default to the query URL's
siblings ``update`` and ``store`` (Oxigraph server's layout). Elsewhere, set
``DCGKG_UPDATE_URL`` and ``DCGKG_GRAPH_STORE_URL`` (``none`` to use SPARQL Update instead of
the Graph Store Protocol); ``DCGKG_REMOTE_USER``/``DCGKG_REMOTE_PASSWORD`` answer a server's
basic or digest authentication challenge.

>>> store = RemoteStore("http://127.0.0.1:7878/query")
>>> store.update_url, store.graph_store_url
('http://127.0.0.1:7878/update', 'http://127.0.0.1:7878/store')
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator
from email.message import Message
from itertools import chain
from pathlib import Path

import pyoxigraph as ox
from rdflib import BNode, Literal, URIRef
from rdflib.term import Node

from kg.store.base import XSD_STRING, Binding, ResultCut, SelectResult, StoreError, Term, bind, to_rdflib
from kg.store.sparql_errors import server_message, short_syntax_error, virtuoso_syntax_error
from ontology import PREFIXES

UPDATE_ENV = "DCGKG_UPDATE_URL"
GRAPH_STORE_ENV = "DCGKG_GRAPH_STORE_URL"
GRAPH_ENV = "DCGKG_GRAPH"
USER_ENV, PASSWORD_ENV = "DCGKG_REMOTE_USER", "DCGKG_REMOTE_PASSWORD"
TIMEOUT_ENV = "DCGKG_REMOTE_TIMEOUT"
CHUNK_ENV = "DCGKG_UPDATE_CHUNK"
BATCH_ENV = "DCGKG_REMOTE_BATCH"
#: Terms a reader of a large answer binds in one query (kg.store.batches): a request of tens of
#: kilobytes whose answer stays under a server's row cap.
BATCH = 500
#: Triples per ``INSERT DATA`` request: Virtuoso 7's SPARQL parser runs out of stack at about 5,000.
UPDATE_CHUNK = 2000
#: Triples Virtuoso is sent in one Graph Store PUT: one of the full corpus (644,467) stalled at
#: about 308,000 holding its locks, and one of 200,000 took 7 s; a larger graph goes by batched
#: SPARQL Update (which also keeps the live graph whole until its MOVE).
VIRTUOSO_PUT = 100_000
#: The one column of the SELECT-shaped answer Virtuoso gives to some ASK queries, 1 or 0.
VIRTUOSO_ASK = "__ASK_RETVAL"


def _prologue(query: str) -> str:
    """The standard prefixes, on one line so that error positions stay easy to map back."""
    declared = {m.lower() for m in re.findall(r"PREFIX\s+([\w.-]*):", query, re.IGNORECASE)}
    return " ".join(f"PREFIX {p}: <{iri}>" for p, iri in PREFIXES.items()
                    if p.lower() not in declared) + "\n" + query


def _shift_lines(message: str) -> str:
    """Error positions (``at L:C``, ``at line L[, column C]``) in the user's query: one line less
    than the server saw.

    >>> _shift_lines("SPARQL syntax error at line 3, column 14: expected a name")
    'SPARQL syntax error at line 2, column 14: expected a name'
    """
    message = re.sub(r"\bat line (\d+)\b", lambda m: f"at line {max(int(m[1]) - 1, 1)}", message, count=1)
    return re.sub(r"\bat (\d+):(\d+)\b", lambda m: f"at {max(int(m[1]) - 1, 1)}:{m[2]}", message, count=1)


def _sibling(url: str, name: str) -> str:
    parsed = urllib.parse.urlsplit(url)
    path = parsed.path.rsplit("/", 1)[0] + "/" + name
    return urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, path, "", ""))


def _opener(urls: Iterable[str], user: str | None, password: str) -> urllib.request.OpenerDirector:
    """An HTTP client that answers a basic or digest challenge from these endpoints' hosts with
    ``user`` and ``password`` (basic is then sent up front; digest is answered each time)."""
    if not user:
        return urllib.request.build_opener()
    passwords = urllib.request.HTTPPasswordMgrWithPriorAuth()
    hosts = {urllib.parse.urlunsplit((*urllib.parse.urlsplit(u)[:2], "/", "", "")) for u in urls if u}
    passwords.add_password(None, sorted(hosts), user, password)
    return urllib.request.build_opener(urllib.request.HTTPBasicAuthHandler(passwords), _Digest(passwords))


class _Digest(urllib.request.HTTPDigestAuthHandler):
    """Digest authentication that, once a server has challenged for a path, answers there before
    being asked: Virtuoso closes the connection on a 401, which breaks an upload sent unasked."""

    def __init__(self, passwords: urllib.request.HTTPPasswordMgr) -> None:
        super().__init__(passwords)
        self.challenges: dict[tuple[str, str], dict[str, str]] = {}

    @staticmethod
    def _key(request: urllib.request.Request) -> tuple[str, str]:
        parts = urllib.parse.urlsplit(request.full_url)
        return parts.netloc, parts.path

    def http_request(self, request: urllib.request.Request) -> urllib.request.Request:
        challenge = self.challenges.get(self._key(request))
        if challenge is not None:
            answer = self.get_authorization(request, challenge)
            if answer:
                request.add_unredirected_header(self.auth_header, f"Digest {answer}")
        return request

    https_request = http_request

    def retry_http_digest_auth(self, req: urllib.request.Request, auth: str) -> object:
        _scheme, challenge = auth.split(" ", 1)
        self.challenges[self._key(req)] = urllib.request.parse_keqv_list(
            filter(None, urllib.request.parse_http_list(challenge)))
        return super().retry_http_digest_auth(req, auth)


def _incomplete(headers: Message) -> str | None:
    """What a server says, in its answer's headers, about leaving rows out: Virtuoso cuts a result
    at ``ResultSetMaxRows`` (``X-SPARQL-MaxRows``) and answers a query past its time limit with the
    rows found so far (``X-SQL-State``)."""
    cap = headers.get("X-SPARQL-MaxRows")
    if cap:
        return (f"the server cut the result at {cap} rows (Virtuoso's ResultSetMaxRows in "
                "virtuoso.ini): raise it above the largest result you need")
    state = headers.get("X-SQL-State")
    if state:
        return f"the server gave a partial result ({state}: {headers.get('X-SQL-Message', 'no message')})"
    return None


class RemoteStore:
    """A Store backed by a SPARQL 1.1 server.

    ``url`` is the query endpoint; ``update_url``, ``graph_store_url`` and ``graph`` override the
    environment and the defaults (``graph_store_url=""`` means: use SPARQL Update; ``graph=""``:
    the default graph).
    """

    def __init__(self, url: str, *, update_url: str | None = None, graph_store_url: str | None = None,
                 graph: str | None = None, timeout: float | None = None) -> None:
        self.location = url
        self.url = url
        self.update_url = update_url or os.environ.get(UPDATE_ENV) or _sibling(url, "update")
        store = graph_store_url if graph_store_url is not None else os.environ.get(GRAPH_STORE_ENV)
        if store is None:
            store = _sibling(url, "store")
        self.graph_store_url = "" if store.lower() in ("", "none") else store
        self.graph = graph if graph is not None else os.environ.get(GRAPH_ENV, "")
        self.timeout = timeout or float(os.environ.get(TIMEOUT_ENV, "300"))
        self.chunk = max(int(os.environ.get(CHUNK_ENV) or UPDATE_CHUNK), 1)
        self.batch: int | None = max(int(os.environ.get(BATCH_ENV) or BATCH), 1)
        self.generation = 0  # counts the graphs this object has written (for caches keyed on it)
        self._user = os.environ.get(USER_ENV)
        self._http = _opener((self.url, self.update_url, self.graph_store_url), self._user,
                             os.environ.get(PASSWORD_ENV, ""))
        self._introduced: set[str] = set()
        self._virtuoso = False  # the server said it is Virtuoso (which cuts a CONSTRUCT unsaid)
        self._whole_up_to = 0  # the most rows the server has been seen to give whole

    def _introduce(self, url: str) -> None:
        """Before the first upload to ``url``: a HEAD request, so that a server's challenge is met
        before a body is sent (Virtuoso closes the connection on a 401, which breaks an upload under
        way), and the server has said what it is."""
        if url in self._introduced:
            return
        self._introduced.add(url)
        try:
            with self._http.open(urllib.request.Request(url, method="HEAD"), timeout=self.timeout) as answer:
                self._note(answer.headers)
        except urllib.error.HTTPError as exc:
            self._note(exc.headers)
        except (urllib.error.URLError, OSError):
            pass  # the upload itself says what is wrong

    def _note(self, headers: Message) -> None:
        self._virtuoso = headers.get("Server", "").startswith("Virtuoso")

    # -- HTTP
    def _request(self, url: str, *, data: bytes | None = None, method: str = "POST",
                 headers: dict[str, str] | None = None) -> tuple[str, bytes]:
        request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
        try:
            with self._http.open(request, timeout=self.timeout) as response:
                self._note(response.headers)
                left_out = _incomplete(response.headers)
                if left_out:
                    raise ResultCut(f"{self.location}: {left_out}")
                return response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as exc:
            body = server_message(exc.read().decode("utf-8", "replace") if exc.fp else "")
            unasked = exc.code == 401 and not os.environ.get(USER_ENV)
            hint = f" (set {USER_ENV} and {PASSWORD_ENV})" if unasked else ""
            said = f"{exc.code} {exc.reason}{hint}: {body[:500]}"
            raise StoreError(f"{self.location} answered {said}") from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise StoreError(f"cannot reach the SPARQL server at {url}: {reason}") from None

    def raw(self, query: str, accept: str, **bindings: Binding) -> tuple[str, bytes]:
        """Run a query and return the server's content type and body as they are."""
        text = _prologue(bind(query, bindings))
        form = [("query", text)] + ([("default-graph-uri", self.graph)] if self.graph else [])
        try:
            return self._request(self.url, data=urllib.parse.urlencode(form).encode(), headers={
                "Accept": accept, "Content-Type": "application/x-www-form-urlencoded"})
        except ResultCut:
            raise
        except StoreError as exc:
            message = str(exc)
            parser = re.search(r"error at \d+:\d+: .*", message, re.DOTALL)  # Oxigraph's own message
            if parser:
                message = f"{self.location}: {short_syntax_error(text, parser[0])}"
            elif said := virtuoso_syntax_error(message):
                message = f"{self.location}: {said}"
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
        if answer.get("head", {}).get("vars") == [VIRTUOSO_ASK]:  # Virtuoso, now and then
            rows = answer["results"]["bindings"]
            return bool(rows) and rows[0][VIRTUOSO_ASK]["value"] not in ("0", "false")
        if "boolean" not in answer:
            raise StoreError("not an ASK query")
        return bool(answer["boolean"])

    def construct(self, query: str, **bindings: Binding) -> list[tuple[Term, Term, Term]]:
        _type, body = self.raw(query, "application/n-triples", **bindings)
        try:
            triples = [(to_rdflib(t.subject), to_rdflib(t.predicate), to_rdflib(t.object))
                       for t in ox.parse(body, format=ox.RdfFormat.N_TRIPLES)]
        except SyntaxError:
            raise StoreError("not a CONSTRUCT or DESCRIBE query (no N-Triples came back)") from None
        if self._virtuoso:
            self._check_whole(len(triples))
        return triples  # type: ignore[return-value]

    def _check_whole(self, count: int) -> None:
        """Refuse a CONSTRUCT answer of ``count`` triples that Virtuoso may have cut: it cuts one at
        ResultSetMaxRows (one triple over it) and, unlike a SELECT, says nothing. A SELECT of
        ``count`` made-up rows (no data read) shows whether the cap is below that."""
        if count <= self._whole_up_to:
            return
        digits = "{ 0 1 2 3 4 5 6 7 8 9 }"
        blocks = " ".join(f"VALUES ?d{i} {digits}" for i in range(len(str(count))))
        self.select(f"SELECT ?d0 WHERE {{ {blocks} }} LIMIT {count}")  # ResultCut if it is cut
        self._whole_up_to = count

    def __len__(self) -> int:
        row = self.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows[0]
        return int(row[0].toPython()) if row[0] is not None else 0  # type: ignore[union-attr]

    def replace_ntriples(self, data: str | Path | Iterable[str]) -> None:
        """Replace the graph with these N-Triples (text, a file path, or chunks of text): one Graph
        Store Protocol PUT, or SPARQL Update (see the module's docstring)."""
        if self.graph_store_url:
            body = data.read_bytes() if isinstance(data, Path) else _text(data).encode("utf-8")
            sep = "&" if "?" in self.graph_store_url else "?"
            target = urllib.parse.urlencode({"graph": self.graph}) if self.graph else "default"
            url = f"{self.graph_store_url}{sep}{target}"
            self._introduce(url)
            if self._virtuoso and body.count(b"\n") > VIRTUOSO_PUT:
                self._update_in_batches(_batches(body.decode("utf-8"), self.chunk))
            else:
                self._request(url, data=body, method="PUT", headers={"Content-Type": "application/n-triples"})
        else:
            self._update_in_batches(_batches(data, self.chunk))
        self.generation += 1

    def _update_in_batches(self, batches: Iterator[str]) -> None:
        """One ``DROP ; INSERT DATA`` when the graph is one batch; else the batches into a loading
        graph and one ``MOVE`` of it over the live graph (which until then is as it was)."""
        live = f"GRAPH <{self.graph}>" if self.graph else "DEFAULT"
        first, second = next(batches, ""), next(batches, None)
        if second is None:
            self._update(f"DROP SILENT {live} ;\nINSERT DATA {{ {_in_graph(first, self.graph)} }}")
            return
        loading = f"urn:dcg-kg:loading:{self.graph or 'default'}"
        self._update(f"DROP SILENT GRAPH <{loading}>")
        for batch in chain((first, second), batches):
            self._update(f"INSERT DATA {{ {_in_graph(batch, loading)} }}")
        self._update(f"MOVE SILENT GRAPH <{loading}> TO {live}")

    def _update(self, update: str) -> None:
        self._introduce(self.update_url)
        self._request(self.update_url, data=update.encode("utf-8"),
                      headers={"Content-Type": "application/sparql-update"})


def _text(data: str | Iterable[str]) -> str:
    return data if isinstance(data, str) else "".join(data)


def _batches(data: str | Path | Iterable[str], size: int) -> Iterator[str]:
    """N-Triples (one triple a line) in batches of at most ``size`` lines."""
    if isinstance(data, Path):
        chunks: Iterable[str] = data.open(encoding="utf-8")
    else:
        chunks = [data] if isinstance(data, str) else data
    batch: list[str] = []
    pending = ""  # a chunk's last line when the chunk ends inside it
    for chunk in chain(chunks, ["\n"]):
        lines = (pending + chunk).split("\n")
        pending = lines.pop()
        for line in filter(str.strip, lines):
            batch.append(line)
            if len(batch) == size:
                yield "\n".join(batch)
                batch = []
    if batch:
        yield "\n".join(batch)


def _in_graph(triples: str, graph: str) -> str:
    return f"GRAPH <{graph}> {{\n{triples}\n}}" if graph else f"\n{triples}\n"


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
    if datatype and datatype != XSD_STRING:
        return Literal(text, datatype=URIRef(datatype))  # rdflib reads Virtuoso's boolean 1 as true
    return Literal(text)
