"""What every store backend shares: the ``Store`` protocol, results, term conversion and
binding variables into a query."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pyoxigraph as ox

if TYPE_CHECKING:  # rdflib is imported where used: a query whose answer needs no conversion skips it
    from rdflib import BNode, Literal, URIRef
    from rdflib.term import Node

    Term = URIRef | Literal | BNode
    Binding = Node | list[Node] | tuple[Node, ...]  # one term, or any of several


def __getattr__(name: str) -> Any:
    """``Term`` and ``Binding``, the rdflib types a store answers in, made when first asked for."""
    if name not in ("Term", "Binding"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rdflib import BNode, Literal, URIRef
    from rdflib.term import Node

    globals().update(Term=URIRef | Literal | BNode, Binding=Node | list[Node] | tuple[Node, ...])
    return globals()[name]


MEMORY = ":memory:"
STORE_ENV = "DCGKG_STORE"
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


class StoreError(Exception):
    """A store that cannot be opened, read or written, or a query it refused."""


class ResultCut(StoreError):
    """A server left rows out of an answer: a row cap, or a time limit and the rows found so far
    (kg.store.batches asks again in smaller pieces)."""


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
    batch: int | None  # terms bound at once by readers of large answers (kg.store.batches); None: all

    def select(self, query: str, **bindings: Binding) -> SelectResult: ...
    def ask(self, query: str, **bindings: Binding) -> bool: ...
    def construct(self, query: str, **bindings: Binding) -> list[tuple[Term, Term, Term]]: ...
    def replace_ntriples(self, data: str | Path | Iterable[str]) -> None: ...
    def __len__(self) -> int: ...


# ---------------------------------------------------------------- term conversion

@cache
def _rdflib_terms() -> tuple[type[URIRef], type[Literal], type[BNode]]:
    """rdflib's term classes, imported on first use (cached: a conversion runs once a term)."""
    from rdflib import BNode, Literal, URIRef

    return URIRef, Literal, BNode


def to_rdflib(term: object) -> Term | None:
    """An rdflib term for a pyoxigraph term."""
    URIRef, Literal, BNode = _rdflib_terms()  # noqa: N806

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
    URIRef, Literal, BNode = _rdflib_terms()  # noqa: N806

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

    >>> from rdflib import Literal, URIRef
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


