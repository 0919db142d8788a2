"""What a SPARQL query is refused for before any parser sees it, the same in ``dcgkg sparql`` and
``dcgkg serve``.

- **SERVICE**: a federated query makes the machine that runs it request the URL the query names
  (any host its network reaches) and hand back the answer. Refused unless the operator listed the
  endpoint (``--allow-service URL``); a ``SERVICE ?var`` can name anything, so it is always refused.
- **Nesting and chains**: pyoxigraph's parser recurses once per bracket and builds one nested
  node per operator of a chain (``1+1+...``, ``{} UNION {} ...``); a few thousand crash the
  process with a stack overflow (``ASK { FILTER(`` + 5,000 ``(`` crashed the old server). A query
  whose brackets nest deeper than :data:`MAX_DEPTH`, or that chains more than
  :data:`MAX_OPERATORS` operators, is refused with the place where it goes too deep.

The scan is lexical (strings, IRIs and comments are skipped, so a ``(`` or ``SERVICE`` inside a
literal counts for nothing) and linear in the query's length. It is skipped when counting
characters already proves the query harmless (no ``SERVICE`` in it, fewer brackets than the depth
allowed, fewer operator characters than the operators allowed): the counts bound what the scan
would find, and they are made in C (a few µs, where the scan takes 30-150 µs).

>>> check("SELECT * WHERE { ?s ?p 'SERVICE (((' }")
>>> check("SELECT * WHERE { SERVICE <http://elsewhere.example/sparql> { ?s ?p ?o } }")
Traceback (most recent call last):
...
queries.sparql_guard.QueryRefused: SERVICE <http://elsewhere.example/sparql> is not allowed: this \
endpoint does not query other servers (the operator may allow one with --allow-service URL)
>>> check("ASK { FILTER(" + "(" * 5000 + "1" + ")" * 5000 + ") }")
Traceback (most recent call last):
...
queries.sparql_guard.QueryRefused: the query nests brackets more than 128 deep (at line 1, column 140)
"""

from __future__ import annotations

import re
from collections.abc import Collection

#: Brackets ``( [ {`` open at once; a real query rarely needs 20, the parser crashes near 5,000.
MAX_DEPTH = 128
#: Operators of a query (``|| && = != < > <= >= + - * / | ^ !`` and ``UNION``, ``MINUS``); the
#: parser crashes near 10,000 in one chain.
MAX_OPERATORS = 2000

_TOKEN = re.compile(
    r"'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'(?:[^'\\\n\r]|\\.)*'"
    r'|"(?:[^"\\\n\r]|\\.)*"'
    r'|(?P<iri><[^<>"{}|^`\\\x00-\x20]*>)'
    r"|#[^\n\r]*"
    r"|(?P<open>[(\[{])|(?P<close>[)\]}])"
    r"|(?P<word>[?$]?[A-Za-z_][\w.-]*(?::[\w.%:-]*)?|:[\w.%:-]*)"
    r"|(?P<op>\|\||&&|!=|<=|>=|[=<>+\-*/|^!])",
    re.DOTALL)
_PREFIX = re.compile(r"PREFIX\s+([\w.-]*):\s*<([^>]*)>", re.IGNORECASE)
_OPERATOR_WORDS = {"UNION", "MINUS"}
_OPERATOR_BYTES = b"|&=!<>+-*/^"


class QueryRefused(ValueError):
    """A query refused before parsing: what it asks for and why it is not run."""


def _where(query: str, offset: int) -> str:
    line = query.count("\n", 0, offset) + 1
    column = offset - (query.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def _service_iri(token: str, query: str, prefixes: dict[str, str]) -> str | None:
    """The full IRI a SERVICE names (an IRI or a prefixed name), None for a variable."""
    if token.startswith("<"):
        return token[1:-1]
    if token.startswith(("?", "$")) or ":" not in token:
        return None
    prefix, _, local = token.partition(":")
    declared = dict(prefixes)
    declared.update((m[1], m[2]) for m in _PREFIX.finditer(query))
    return declared[prefix] + local if prefix in declared else None


def _plainly_harmless(query: str, max_depth: int, max_operators: int) -> bool:
    """True when the characters alone show the scan would find nothing: every bracket token is one
    of the ``( [ {`` counted, every operator token holds an operator character, and ``UNION``,
    ``MINUS`` and ``SERVICE`` tokens are found in the upper-cased text. Only for ASCII text (one C
    pass over its bytes for each count); any other text is scanned."""
    if not query.isascii():
        return False
    text = query.encode("ascii")
    upper = text.upper()
    if b"SERVICE" in upper or len(text) - len(text.translate(None, b"([{")) > max_depth:
        return False
    operators = upper.count(b"UNION") + upper.count(b"MINUS")
    return operators + len(text) - len(text.translate(None, _OPERATOR_BYTES)) <= max_operators


def check(query: str, *, allowed_services: Collection[str] = (), max_depth: int = MAX_DEPTH,
          max_operators: int = MAX_OPERATORS) -> None:
    """Raise :class:`QueryRefused` if the query names a SERVICE not in ``allowed_services``, nests
    brackets deeper than ``max_depth`` or has more than ``max_operators`` operators."""
    if not _plainly_harmless(query, max_depth, max_operators):
        _scan(query, allowed_services, max_depth, max_operators)


def _scan(query: str, allowed_services: Collection[str], max_depth: int, max_operators: int) -> None:
    """The lexical scan :func:`check` describes."""
    from ontology import PREFIXES  # the predeclared prefixes: dcg:, rdfs:, ...

    depth = operators = 0
    after_service: list[str] = []  # the words since SERVICE (SILENT may come first)
    for match in _TOKEN.finditer(query):
        kind = match.lastgroup
        if kind == "open":
            depth += 1
            if depth > max_depth:
                raise QueryRefused(f"the query nests brackets more than {max_depth} deep "
                                   f"(at {_where(query, match.start())})")
        elif kind == "close":
            depth = max(depth - 1, 0)
        elif kind == "op" or (kind == "word" and match[0].upper() in _OPERATOR_WORDS):
            operators += 1
            if operators > max_operators:
                raise QueryRefused(f"the query has more than {max_operators:,} operators "
                                   f"(at {_where(query, match.start())})")
        if after_service:
            if kind == "word" and match[0].upper() == "SILENT" and len(after_service) == 1:
                after_service.append(match[0])
                continue
            named = match[0] if kind in ("iri", "word") else "?"
            iri = _service_iri(named, query, PREFIXES) if kind in ("iri", "word") else None
            after_service = []
            if iri is None:
                raise QueryRefused(f"SERVICE {named} is not allowed: only a SERVICE with a fixed "
                                   f"IRI the operator allowed can run (at {_where(query, match.start())})")
            if iri not in allowed_services:
                raise QueryRefused(f"SERVICE <{iri}> is not allowed: this endpoint does not query other "
                                   "servers (the operator may allow one with --allow-service URL)")
        elif kind == "word" and match[0].upper() == "SERVICE":
            after_service = [match[0]]
