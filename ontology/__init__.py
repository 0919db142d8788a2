"""The dcg-kg vocabulary: namespaces, IRI minting and the Turtle files that define the rules.

The namespaces ``DCG``, ``ID`` and ``SH`` are rdflib ``Namespace`` objects made on first use, so
that what needs only the prefixes (``import ontology``, a SPARQL query) does not load rdflib.

>>> card_iri("BT5-086")
rdflib.term.URIRef('https://dcg-kg.org/id/card/BT5-086')
>>> from ontology import DCG
>>> DCG.Piercing
rdflib.term.URIRef('https://dcg-kg.org/ns#Piercing')
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from rdflib import Graph, Namespace, URIRef

ONTOLOGY_DIR = Path(__file__).parent
BASE = "https://dcg-kg.org/"
#: The namespaces :func:`namespace` makes into rdflib ``Namespace`` objects.
NAMESPACES: dict[str, str] = {"DCG": BASE + "ns#", "ID": BASE + "id/", "SH": "http://www.w3.org/ns/shacl#"}

#: Prefixes every SPARQL query gets for free (rdflib's namespaces of the same names, as text).
PREFIXES: dict[str, str] = {
    "dcg": NAMESPACES["DCG"],
    "card": BASE + "id/card/",
    "effect": BASE + "id/effect/",
    "ruling": BASE + "id/ruling/",
    "rule": BASE + "id/rule/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "dcterms": "http://purl.org/dc/terms/",
    "prov": "http://www.w3.org/ns/prov#",
    "sh": NAMESPACES["SH"],
}


def namespace(name: str) -> Namespace:
    """``DCG``, ``ID`` or ``SH`` as an rdflib ``Namespace``, made once, on first use.

    >>> namespace("DCG") is namespace("DCG"), str(namespace("SH")) == PREFIXES["sh"]
    (True, True)
    """
    found = globals().get(name)
    if found is None:
        from rdflib import Namespace

        found = globals()[name] = Namespace(NAMESPACES[name])
    return found


def __getattr__(name: str) -> Any:
    """``ontology.DCG``, ``from ontology import ID``: the namespaces, made when first asked for."""
    if name in NAMESPACES:
        return namespace(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: The Turtle files that make up the ontology (vocabulary, rules as data, shapes).
VOCABULARY_FILES = ("core.ttl", "timings.ttl", "keywords.ttl", "ordering.ttl", "decisions.ttl",
                    "link_dna.ttl", "unsupported.ttl")
SHAPES_FILE = ONTOLOGY_DIR / "shapes.ttl"


def ontology_files() -> list[Path]:
    """The vocabulary files, in load order."""
    return [ONTOLOGY_DIR / name for name in VOCABULARY_FILES]


@lru_cache(maxsize=1)
def vocabulary_graph() -> Graph:
    """The vocabulary files parsed once per process (read it, never change it)."""
    from rdflib import Graph

    graph = Graph()
    for path in ontology_files():
        graph.parse(path, format="turtle")
    return graph


def _segment(text: str) -> str:
    return quote(text.strip(), safe="-_.~#")


def card_iri(number: str) -> URIRef:
    """The IRI of a printed card, by its card number (``BT5-086``)."""
    return namespace("ID")[f"card/{_segment(number)}"]


def effect_iri(number: str, part: str, index: int) -> URIRef:
    """The IRI of the ``index``-th effect (1-based) in one text part of a card.

    ``part`` is ``main``, ``inherited``, ``security`` or another text field name.
    """
    return namespace("ID")[f"effect/{_segment(number)}/{part}/{index}"]


def ruling_iri(ruling_id: str) -> URIRef:
    """The IRI of a ruling: an official Q-number (``Q1357``) or a seed ruling id."""
    return namespace("ID")[f"ruling/{_segment(ruling_id)}"]


def rule_iri(section: str) -> URIRef:
    """The IRI of a Comprehensive Rules section (``16-7-4``; trailing dots are dropped)."""
    return namespace("ID")[f"rule/{_segment(section.rstrip('.'))}"]


def errata_iri(number: str, index: int) -> URIRef:
    """The IRI of one before/after change in a card's errata."""
    return namespace("ID")[f"errata/{_segment(number)}/{index}"]


def source_iri(name: str) -> URIRef:
    """The IRI of a source document (a file of the corpus, a wiki page, a bundled file)."""
    return namespace("ID")[f"source/{_segment(name)}"]


def page_iri(slug: str) -> URIRef:
    """The IRI of a wiki page such as the seed pages."""
    return namespace("ID")[f"page/{_segment(slug)}"]


def local(iri: object) -> str:
    """The local name of an IRI (after ``#`` or the last ``/``).

    >>> local(namespace("DCG").Piercing), local(rule_iri("16-7-4"))
    ('Piercing', '16-7-4')
    """
    return str(iri).rsplit("#", 1)[-1].rsplit("/", 1)[-1]


def camel(text: str) -> str:
    """CamelCase a timing or keyword name: ``"Opponent's Turn"`` -> ``"OpponentsTurn"``.

    >>> camel("Security A.")
    'SecurityA'
    >>> camel("On Play")
    'OnPlay'
    """
    words = re.findall(r"[A-Za-z0-9]+", text.replace("'", ""))
    return "".join(w[:1].upper() + w[1:] for w in words)
