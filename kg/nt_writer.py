"""N-Triples text written straight from rdflib terms, escaped as Oxigraph's own writer does.

Each line is what ``str(pyoxigraph.Triple(...))`` gives for the same terms (language tags in lower
case, ``xsd:string`` literals plain), so the store loads the graph the old rdflib -> pyoxigraph
conversion loaded; IRIs are checked (once each), so an IRI can never split a line.

>>> from rdflib import Literal, URIRef
>>> text, subjects = ntriples_text([(URIRef("https://x/c"), URIRef("https://x/p"), Literal('a "b"\\n'))])
>>> print(text, end="")
<https://x/c> <https://x/p> "a \\"b\\"\\n" .
>>> sorted(subjects)
['<https://x/c>']
>>> term_text(Literal("x", lang="EN-gb")), term_text(Literal(3))
('"x"@en-gb', '"3"^^<http://www.w3.org/2001/XMLSchema#integer>')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rdflib import BNode, Literal, URIRef
from rdflib.term import Node

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_SHORT = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_ESCAPES = str.maketrans({**{chr(c): f"\\u{c:04X}" for c in [*range(0x20), 0x7F]}, **_SHORT})
_BAD_IRI = re.compile(r'[\x00-\x20<>"{}|^`\\]')
_NEEDS_ESCAPE = re.compile(r'[\x00-\x1f"\\\x7f]')
_BAD_LABEL = re.compile(r"[^\w.-]|^[.-]|\.$")
_DATATYPES: dict[str, str] = {}  # a datatype's ``^^<iri>`` suffix, checked once


def term_text(term: Node | str | int | bool | float) -> str:
    """One term in N-Triples syntax (a plain Python value becomes a typed literal)."""
    if isinstance(term, URIRef):
        return _iri(str(term))
    if isinstance(term, BNode):
        if _BAD_LABEL.search(term) or not term:
            raise ValueError(f"not a valid blank node label: {str(term)!r}")
        return f"_:{term}"
    return _literal(term if isinstance(term, Literal) else Literal(term))


def _iri(iri: str) -> str:
    if _BAD_IRI.search(iri):
        raise ValueError(f"not a valid IRI: {iri!r}")
    return f"<{iri}>"


def _literal(term: Literal) -> str:
    lexical = str(term)
    quoted = f'"{lexical.translate(_ESCAPES) if _NEEDS_ESCAPE.search(lexical) else lexical}"'
    if term.language:
        return f"{quoted}@{term.language.lower()}"
    datatype = term.datatype
    if datatype is None:
        return quoted
    suffix = _DATATYPES.get(key := str(datatype))
    if suffix is None:
        suffix = _DATATYPES[key] = "" if key == XSD_STRING else "^^" + _iri(key)
    return quoted + suffix


def ntriples_text(triples: Iterable[tuple[Node, Node, Node]]) -> tuple[str, set[str]]:
    """The triples as N-Triples (one line each, in order, repeats dropped) and their subjects' texts.

    An IRI is checked and written once (remembered by its plain string: comparing rdflib terms
    is slow); literals are written each time.
    """
    iris: dict[str, str] = {}
    subjects: set[str] = set()
    lines = []
    for s, p, o in triples:
        if type(s) is URIRef:
            subject = iris.get(key := str(s)) or iris.setdefault(key, _iri(key))
        else:
            subject = term_text(s)
        subjects.add(subject)
        if type(p) is URIRef:
            predicate = iris.get(key := str(p)) or iris.setdefault(key, _iri(key))
        else:
            predicate = term_text(p)
        kind = type(o)
        if kind is Literal:
            obj = _literal(o)  # type: ignore[arg-type]
        elif kind is URIRef:
            obj = iris.get(key := str(o)) or iris.setdefault(key, _iri(key))
        else:
            obj = term_text(o)
        lines.append(f"{subject} {predicate} {obj} .\n")
    return "".join(dict.fromkeys(lines)), subjects


def lines_of(text: str) -> list[str]:
    """The lines of N-Triples text, each with its newline (only ``\\n`` ends a line: a literal
    may hold U+2028 or U+0085 unescaped, which ``str.splitlines`` would split on)."""
    return [line + "\n" for line in text.split("\n") if line]


def subject_of(line: str) -> str:
    """The subject's text of one N-Triples line written by ``ntriples_text``."""
    return line[: line.index(" ")]
