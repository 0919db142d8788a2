"""Where the graph lives: an embedded Oxigraph store on disk, one in memory, or a SPARQL server.

Every store answers SPARQL with the standard prefixes and ``dcg:`` predeclared, takes bound
variables instead of string formatting, and replaces its whole graph atomically.

>>> store = open_store(":memory:")
>>> store.replace_ntriples('<https://dcg-kg.org/id/card/X-1> <https://dcg-kg.org/ns#dp> "5000" .\\n')
>>> store.select("SELECT ?dp WHERE { ?c dcg:dp ?dp }").rows[0][0].toPython()
'5000'
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import pyoxigraph as ox
from platformdirs import user_data_dir
from rdflib import BNode, Literal, URIRef
from rdflib.term import Node

from ontology import PREFIXES

Term = URIRef | Literal | BNode
Binding = Node | list[Node] | tuple[Node, ...]  # one term, or any of several
MEMORY = ":memory:"
STORE_ENV = "DCGKG_STORE"
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


class StoreError(Exception):
    """A store that cannot be opened, read or written, or a query it refused."""


@dataclass
class SelectResult:
    """The answer to a SELECT: variable names and rows of rdflib terms (None where unbound)."""

    vars: list[str]
    rows: list[tuple[Term | None, ...]] = field(default_factory=list)

    def dicts(self) -> list[dict[str, Term | None]]:
        return [dict(zip(self.vars, row, strict=True)) for row in self.rows]

    def __iter__(self) -> Iterator[tuple[Term | None, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


class Store(Protocol):
    """What every backend offers."""

    location: str
    generation: int  # changes whenever the whole graph is replaced (caches key on it)

    def select(self, query: str, **bindings: Binding) -> SelectResult: ...
    def ask(self, query: str, **bindings: Binding) -> bool: ...
    def construct(self, query: str, **bindings: Binding) -> list[tuple[Term, Term, Term]]: ...
    def replace_ntriples(self, data: str | Path) -> None: ...
    def __len__(self) -> int: ...


def default_store_path() -> Path:
    """The store a user gets without ``--store``: in their data directory."""
    return Path(user_data_dir("dcg-kg")) / "store"


def resolve_location(spec: str | Path | None) -> str:
    """``--store`` value, else ``$DCGKG_STORE``, else the default path."""
    if spec:
        return str(spec)
    return os.environ.get(STORE_ENV) or str(default_store_path())


def open_store(spec: str | Path | None = None, *, create: bool = True) -> Store:
    """Open a store: ``:memory:``, a directory path, or an ``http(s)://`` SPARQL endpoint URL."""
    location = resolve_location(spec)
    if location == MEMORY:
        return OxigraphStore(None)
    if location.startswith(("http://", "https://")):
        from kg.remote import RemoteStore

        return RemoteStore(location)
    return OxigraphStore(Path(location), create=create)


# ---------------------------------------------------------------- term conversion

def to_rdflib(term: object) -> Term | None:
    """An rdflib term for a pyoxigraph term."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        if term.datatype.value == XSD_STRING:
            return Literal(term.value)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    raise StoreError(f"unsupported term {term!r}")


def to_oxigraph(term: Node) -> ox.NamedNode | ox.Literal | ox.BlankNode:
    """A pyoxigraph term for an rdflib term (or a plain Python value)."""
    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, BNode):
        return ox.BlankNode(str(term))
    if not isinstance(term, Literal):
        term = Literal(term)
    if term.language:
        return ox.Literal(str(term), language=term.language)
    if term.datatype:
        return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
    return ox.Literal(str(term))


def _where_brace(query: str) -> int:
    """Index of the ``{`` that opens the query's outer WHERE group (after a CONSTRUCT template)."""
    depth, i, after_template = 0, 0, False
    form = re.search(r"\b(SELECT|ASK|CONSTRUCT|DESCRIBE)\b", query, re.IGNORECASE)
    i = form.end() if form else 0
    constructing = bool(form and form.group(1).upper() == "CONSTRUCT")
    while i < len(query):
        char = query[i]
        if char == "#":
            i = query.find("\n", i) if "\n" in query[i:] else len(query)
            continue
        if char in "\"'":
            end = query.find(char, i + 1)
            while end > 0 and query[end - 1] == "\\":
                end = query.find(char, end + 1)
            i = (end if end > 0 else len(query)) + 1
            continue
        if char == "<" and re.match(r"<[^\s<>\"{}|^`]*>", query[i:]):
            i = query.index(">", i) + 1
            continue
        if char == "{":
            if not constructing or after_template:
                return i
            depth += 1
        elif char == "}" and constructing and not after_template:
            depth -= 1
            after_template = depth == 0
            if re.match(r"\s*(WHERE\s*)?\{", query[i + 1:], re.IGNORECASE) is None:
                raise StoreError("cannot find the WHERE group to bind variables in")
        i += 1
    raise StoreError("cannot find the WHERE group to bind variables in")


def bind(query: str, bindings: dict[str, Binding]) -> str:
    """Bind variables by a VALUES block at the start of the WHERE group.

    A value may be one term or a list of terms (any of them). Values are serialised by
    Oxigraph's own term writer (escaped, validated), never pasted as text, so a bound value
    cannot change the query's shape.

    >>> bind("SELECT ?dp WHERE { ?c dcg:dp ?dp }", {"c": URIRef("https://x/c")})
    'SELECT ?dp WHERE { VALUES ?c { <https://x/c> } ?c dcg:dp ?dp }'
    >>> print(bind("SELECT ?c WHERE { ?c dcg:cardNumber ?n }", {"n": [Literal("BT1"), Literal('x"} ?')]}))
    SELECT ?c WHERE { VALUES ?n { "BT1" "x\\"} ?" } ?c dcg:cardNumber ?n }
    """
    if not bindings:
        return query
    bad = [name for name in bindings if not re.fullmatch(r"[A-Za-z_]\w*", name)]
    if bad:
        raise StoreError(f"bad variable names: {sorted(bad)}")
    at = _where_brace(query)
    blocks = []
    for name, value in bindings.items():
        terms = value if isinstance(value, list | tuple) else [value]
        blocks.append(f"VALUES ?{name} {{ {' '.join(str(to_oxigraph(t)) for t in terms)} }}")
    return query[: at + 1] + " " + " ".join(blocks) + query[at + 1 :]


# ---------------------------------------------------------------- the embedded store

class OxigraphStore:
    """The embedded store: pyoxigraph on disk (a directory) or in memory.

    On disk, ``DIR/CURRENT`` names the generation folder holding the live graph; a build writes
    a new generation and switches ``CURRENT`` with one atomic rename, so a failed or interrupted
    build leaves the previous graph untouched.
    """

    def __init__(self, root: Path | None, *, create: bool = True) -> None:
        self.root = root
        self.location = MEMORY if root is None else str(root)
        self._store: ox.Store | None = ox.Store() if root is None else None
        self._create = create
        self._opened: Path | None = None  # the generation folder the open database reads
        self.generation = 0

    # -- opening
    def _current_dir(self) -> Path | None:
        assert self.root is not None
        marker = self.root / "CURRENT"
        if not marker.exists():
            return None
        return self.root / marker.read_text(encoding="utf-8").strip()

    @property
    def store(self) -> ox.Store:
        """The open database; reopened when another process has switched to a newer build."""
        current = self._current_dir() if self.root is not None else None
        if self._store is not None and current == self._opened:
            return self._store
        if current is None:
            if self._store is None and not self._create:
                raise StoreError(f"no graph at {self.root}: run 'dcgkg build' first")
            self._store = self._store or ox.Store()  # in memory, or empty until the first build
            return self._store
        try:
            self._store = ox.Store.read_only(str(current))
        except OSError as exc:
            raise StoreError(f"cannot open the store at {current}: {exc}") from None
        if self._opened is not None:
            self.generation += 1  # a rebuild by someone else: caches keyed on it start afresh
        self._opened = current
        return self._store

    @property
    def is_built(self) -> bool:
        return self.root is None or self._current_dir() is not None

    # -- queries
    def _run(self, query: str, bindings: dict[str, Binding]) -> object:
        try:
            return self.store.query(bind(query, bindings), prefixes=PREFIXES)
        except SyntaxError as exc:
            raise StoreError(f"SPARQL syntax error: {exc}") from None
        except (OSError, ValueError, TypeError) as exc:
            raise StoreError(f"query failed: {exc}") from None

    def select(self, query: str, **bindings: Binding) -> SelectResult:
        result = self._run(query, bindings)
        if not isinstance(result, ox.QuerySolutions):
            raise StoreError("not a SELECT query")
        names = [v.value for v in result.variables]
        return SelectResult(names, [tuple(to_rdflib(sol[n]) for n in names) for sol in result])

    def ask(self, query: str, **bindings: Binding) -> bool:
        result = self._run(query, bindings)
        if not isinstance(result, ox.QueryBoolean):
            raise StoreError("not an ASK query")
        return bool(result)

    def construct(self, query: str, **bindings: Binding) -> list[tuple[Term, Term, Term]]:
        result = self._run(query, bindings)
        if not isinstance(result, ox.QueryTriples):
            raise StoreError("not a CONSTRUCT or DESCRIBE query")
        return [(to_rdflib(t.subject), to_rdflib(t.predicate), to_rdflib(t.object))  # type: ignore[misc]
                for t in result]

    def raw_query(self, query: str, **bindings: Binding) -> object:
        """The pyoxigraph result itself (for serialising to SPARQL JSON, XML, CSV)."""
        return self._run(query, bindings)

    def __len__(self) -> int:
        return len(self.store)

    # -- writing
    def replace_ntriples(self, data: str | Path) -> None:
        """Replace the whole graph with these N-Triples (text, or a file path), atomically."""
        self.generation += 1
        if self.root is None:
            fresh = ox.Store()
            _load(fresh, data)
            self._store = fresh
            return
        self.root.mkdir(parents=True, exist_ok=True)
        generation = f"graph-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{time.monotonic_ns()}"
        target = self.root / generation
        try:
            fresh = ox.Store(str(target))
            _load(fresh, data)
            fresh.flush()
            del fresh
            marker = self.root / "CURRENT.tmp"
            marker.write_text(generation, encoding="utf-8")
            old = self._current_dir()
            os.replace(marker, self.root / "CURRENT")  # the atomic switch
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        self._store = None
        if old is not None and old != target:
            shutil.rmtree(old, ignore_errors=True)


def _load(store: ox.Store, data: str | Path) -> None:
    if isinstance(data, Path):
        store.bulk_load(path=str(data), format=ox.RdfFormat.N_TRIPLES)
    else:
        store.bulk_load(data, format=ox.RdfFormat.N_TRIPLES)
