"""N-Triples text written straight from rdflib terms, escaped as Oxigraph's own writer does.

Each line is what ``str(pyoxigraph.Triple(...))`` gives for the same terms (language tags in lower
case, ``xsd:string`` literals plain), so the store loads the graph the old rdflib -> pyoxigraph
conversion loaded; IRIs are checked once each, so an IRI can never split a line.

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
_BAD_LABEL = re.compile(r"[^\w.-]|^[.-]|\.$")
_DATATYPES: dict[Node, str] = {}  # a datatype's ``^^<iri>`` suffix, checked once


def term_text(term: Node | str | int | bool | float) -> str:
    """One term in N-Triples syntax (a plain Python value becomes a typed literal)."""
    if isinstance(term, URIRef):
        if _BAD_IRI.search(term):
            raise ValueError(f"not a valid IRI: {str(term)!r}")
        return f"<{term}>"
    if isinstance(term, BNode):
        if _BAD_LABEL.search(term) or not term:
            raise ValueError(f"not a valid blank node label: {str(term)!r}")
        return f"_:{term}"
    if not isinstance(term, Literal):
        term = Literal(term)
    quoted = f'"{term.translate(_ESCAPES)}"'
    if term.language:
        return f"{quoted}@{term.language.lower()}"
    datatype = term.datatype
    if datatype and datatype != XSD_STRING:
        suffix = _DATATYPES.get(datatype)
        if suffix is None:
            suffix = _DATATYPES[datatype] = "^^" + term_text(datatype)
        return quoted + suffix
    return quoted


def ntriples_text(triples: Iterable[tuple[Node, Node, Node]]) -> tuple[str, set[str]]:
    """The triples as N-Triples (one line each, in order, repeats dropped) and their subjects' texts.

    IRIs and blank nodes are written once per distinct term (their text is remembered);
    literals each time.
    """
    known: dict[Node, str] = {}
    subjects: set[str] = set()
    lines = []
    for s, p, o in triples:
        subject = known.get(s)
        if subject is None:
            subject = known[s] = term_text(s)
        subjects.add(subject)
        predicate = known.get(p)
        if predicate is None:
            predicate = known[p] = term_text(p)
        if type(o) is Literal:
            obj = term_text(o)
        else:
            obj = known.get(o)
            if obj is None:
                obj = known[o] = term_text(o)
        lines.append(f"{subject} {predicate} {obj} .\n")
    return "".join(dict.fromkeys(lines)), subjects


def subject_of(line: str) -> str:
    """The subject's text of one N-Triples line written by ``ntriples_text``."""
    return line[: line.index(" ")]
