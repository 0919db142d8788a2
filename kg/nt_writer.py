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
from collections.abc import Iterable, Iterator, Sequence

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


class NTriplesWriter:
    """Writes triples as N-Triples lines, remembering the text of every term it has written.

    A term is written once per object (remembered by its identity: loaders share their predicate
    and literal objects, and comparing or hashing rdflib terms is slow), and an IRI is checked and
    written once per string; ``subjects`` collects the subjects' texts of every line written.
    """

    def __init__(self) -> None:
        self._written: dict[int, tuple[object, str]] = {}  # id -> (the term, kept alive; its text)
        self._iris: dict[str, str] = {}
        self.subjects: set[str] = set()

    def _text(self, term: Node) -> str:
        kind = type(term)
        if kind is URIRef:
            iris = self._iris
            found = iris.get(key := str(term)) or iris.setdefault(key, _iri(key))
        elif kind is Literal:
            found = _literal(term)  # type: ignore[arg-type]
        else:
            found = term_text(term)
        self._written[id(term)] = (term, found)
        return found

    def lines(self, triples: Iterable[tuple[Node, Node, Node]]) -> list[str]:
        """One line per triple, in order, repeats included."""
        subjects, lines, text, get = self.subjects, [], self._text, self._written.get
        for s, p, o in triples:
            known_s, known_p, known_o = get(id(s)), get(id(p)), get(id(o))
            subject = known_s[1] if known_s else text(s)
            predicate = known_p[1] if known_p else text(p)
            subjects.add(subject)
            lines.append(f"{subject} {predicate} {known_o[1] if known_o else text(o)} .\n")
        return lines


def ntriples_text(triples: Iterable[tuple[Node, Node, Node]]) -> tuple[str, set[str]]:
    """The triples as N-Triples (one line each, in order, repeats dropped) and their subjects' texts."""
    writer = NTriplesWriter()
    return "".join(dict.fromkeys(writer.lines(triples))), writer.subjects


def ntriples_chunks(triples: Sequence[tuple[Node, Node, Node]], writer: NTriplesWriter,
                    size: int = 100_000) -> Iterator[str]:
    """``ntriples_text`` in pieces of up to ``size`` triples each (joined, the very same text), so
    that a store can load the first while the next is written; the subjects go to ``writer``."""
    seen: set[str] = set()
    for start in range(0, len(triples), size):
        fresh = [line for line in dict.fromkeys(writer.lines(triples[start:start + size]))
                 if line not in seen]
        seen.update(fresh)
        yield "".join(fresh)


def lines_of(text: str) -> list[str]:
    """The lines of N-Triples text, each with its newline (only ``\\n`` ends a line: a literal
    may hold U+2028 or U+0085 unescaped, which ``str.splitlines`` would split on)."""
    return [line + "\n" for line in text.split("\n") if line]


def subject_of(line: str) -> str:
    """The subject's text of one N-Triples line written by ``ntriples_text``."""
    return line[: line.index(" ")]
