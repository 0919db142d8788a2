"""Named SPARQL queries: ``queries/library/*.rq``, each with a header saying what it answers.

A header is the file's leading ``#`` comment: the description, then one ``# @param NAME KIND
help`` line per parameter. KIND says how a value typed by a user becomes an RDF term:
``Keyword``, ``Timing``, ``Card``, ``Ruling``, ``Effect`` (looked up in the graph, unknown names
list close matches) or ``Literal`` (a plain string). Parameters are bound as variables.

>>> sorted(library())[:3]
['cards-granting-keyword', 'cards-with-keyword', 'check-keywords-without-rule']
>>> query("cards-with-keyword").params
{'keyword': Param(name='keyword', kind='Keyword', help='the keyword, e.g. Piercing')}
>>> from queries import open_bundled
>>> result = run(open_bundled().store, "cards-with-keyword", {"keyword": "Piercing"})
>>> result.vars
['number', 'name', 'card']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from queries import names

if TYPE_CHECKING:  # rdflib and the store are imported where used: --help need not wait for them
    from rdflib import URIRef
    from rdflib.term import Node

    from kg.store import SelectResult, Store

LIBRARY_DIR = Path(__file__).parent / "library"

RESOLVERS: dict[str, Callable[[Store, str], URIRef]] = {
    "Keyword": names.resolve_keyword,
    "Timing": names.resolve_timing,
    "Card": names.resolve_card,
    "Ruling": names.resolve_ruling,
    "Effect": names.resolve_effect,
}


class QueryError(ValueError):
    """A named query or parameter that does not exist, or a missing parameter value."""


@dataclass(frozen=True)
class Param:
    """One parameter of a named query."""

    name: str
    kind: str
    help: str = ""


@dataclass(frozen=True)
class NamedQuery:
    """A query of the library: its name, description, parameters and SPARQL text."""

    name: str
    description: str
    text: str
    params: dict[str, Param] = field(default_factory=dict)
    path: Path | None = None


def parse(name: str, text: str, path: Path | None = None) -> NamedQuery:
    """Read a query's header comment into a :class:`NamedQuery`.

    >>> q = parse("mine", "# Cards by name.\\n# @param n Literal a name\\nSELECT ?c { ?c dcg:name ?n }")
    >>> q.description, list(q.params)
    ('Cards by name.', ['n'])
    """
    described: list[str] = []
    params: dict[str, Param] = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line.lstrip("#").strip()
        found = re.match(r"@param\s+(\w+)\s+(\w+)\s*(.*)", body)
        if found:
            pname, kind, help_ = found.groups()
            if kind not in RESOLVERS and kind != "Literal":
                raise QueryError(f"{name}: parameter {pname} has unknown kind {kind}")
            params[pname] = Param(pname, kind, help_.strip())
        elif body:
            described.append(body)
    return NamedQuery(name, " ".join(described), text, params, path)


@lru_cache(maxsize=1)
def library() -> dict[str, NamedQuery]:
    """Every named query, by name (the file name without ``.rq``).

    >>> "check-uncompiled-triggers" in library()
    True
    """
    return {p.stem: parse(p.stem, p.read_text(encoding="utf-8"), p)
            for p in sorted(LIBRARY_DIR.glob("*.rq"))}


def query(name: str) -> NamedQuery:
    """One named query; an unknown name lists the close ones.

    >>> query("rulings-about-kw")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    queries.library.QueryError: unknown query 'rulings-about-kw'; did you mean: rulings-about-keyword, ...?
    """
    found = library().get(name)
    if found is None:
        raise QueryError(str(names.UnknownName("query", name, names.close(name, list(library())))))
    return found


def bindings(store: Store, named: NamedQuery, values: Mapping[str, str | Node]) -> dict[str, Node]:
    """Turn user values into bound RDF terms (rdflib terms pass through as they are).

    >>> from queries import open_bundled
    >>> bindings(open_bundled().store, query("effects-at-timing"), {"timing": "[On Play]"})
    {'timing': rdflib.term.URIRef('https://dcg-kg.org/ns#OnPlay')}
    """
    unknown = [k for k in values if k not in named.params]
    if unknown:
        hint = names.close(unknown[0], list(named.params))
        expected = ", ".join(named.params) or "none"
        raise QueryError(f"{named.name} has no parameter {unknown[0]!r}"
                         + (f"; did you mean: {', '.join(hint)}?" if hint else f" (parameters: {expected})"))
    missing = [p for p in named.params if p not in values]
    if missing:
        raise QueryError(f"{named.name} needs --param {missing[0]}=... ({named.params[missing[0]].help})")
    bound: dict[str, Node] = {}
    if values:
        from rdflib import Literal, URIRef
    for key, value in values.items():
        kind = named.params[key].kind
        if isinstance(value, URIRef | Literal):
            bound[key] = value
        elif kind == "Literal":
            bound[key] = Literal(value)
        else:
            bound[key] = RESOLVERS[kind](store, str(value))
    return bound


def run(store: Store, name: str, values: Mapping[str, str | Node] | None = None) -> SelectResult:
    """Run a named SELECT query with its parameters bound.

    >>> from queries import open_bundled
    >>> rows = run(open_bundled().store, "cards-with-keyword", {"keyword": "Retaliation"})
    >>> "BT2-074" in [str(number) for number, _name, _card in rows]
    True
    """
    named = query(name)
    return store.select(named.text, **bindings(store, named, values or {}))


def parse_params(pairs: list[str]) -> dict[str, str]:
    """``["keyword=Piercing"]`` -> ``{"keyword": "Piercing"}``.

    >>> parse_params(["keyword=Piercing", "text=a=b"])
    {'keyword': 'Piercing', 'text': 'a=b'}
    """
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise QueryError(f"--param wants NAME=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out
