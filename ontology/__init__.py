"""The dcg-kg vocabulary: namespaces, IRI minting and the Turtle files that define the rules.

>>> card_iri("BT5-086")
rdflib.term.URIRef('https://dcg-kg.org/id/card/BT5-086')
>>> DCG.Piercing
rdflib.term.URIRef('https://dcg-kg.org/ns#Piercing')
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from rdflib import Graph, Namespace, URIRef
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS, XSD

ONTOLOGY_DIR = Path(__file__).parent
BASE = "https://dcg-kg.org/"
DCG = Namespace(BASE + "ns#")
ID = Namespace(BASE + "id/")
SH = Namespace("http://www.w3.org/ns/shacl#")

#: Prefixes every SPARQL query gets for free.
PREFIXES: dict[str, str] = {
    "dcg": str(DCG),
    "card": BASE + "id/card/",
    "effect": BASE + "id/effect/",
    "ruling": BASE + "id/ruling/",
    "rule": BASE + "id/rule/",
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "owl": str(OWL),
    "xsd": str(XSD),
    "skos": str(SKOS),
    "dcterms": str(DCTERMS),
    "prov": str(PROV),
    "sh": str(SH),
}

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
    graph = Graph()
    for path in ontology_files():
        graph.parse(path, format="turtle")
    return graph


def _segment(text: str) -> str:
    return quote(text.strip(), safe="-_.~#")


def card_iri(number: str) -> URIRef:
    """The IRI of a printed card, by its card number (``BT5-086``)."""
    return ID[f"card/{_segment(number)}"]


def effect_iri(number: str, part: str, index: int) -> URIRef:
    """The IRI of the ``index``-th effect (1-based) in one text part of a card.

    ``part`` is ``main``, ``inherited``, ``security`` or another text field name.
    """
    return ID[f"effect/{_segment(number)}/{part}/{index}"]


def ruling_iri(ruling_id: str) -> URIRef:
    """The IRI of a ruling: an official Q-number (``Q1357``) or a seed ruling id."""
    return ID[f"ruling/{_segment(ruling_id)}"]


def rule_iri(section: str) -> URIRef:
    """The IRI of a Comprehensive Rules section (``16-7-4``; trailing dots are dropped)."""
    return ID[f"rule/{_segment(section.rstrip('.'))}"]


def errata_iri(number: str, index: int) -> URIRef:
    """The IRI of one before/after change in a card's errata."""
    return ID[f"errata/{_segment(number)}/{index}"]


def source_iri(name: str) -> URIRef:
    """The IRI of a source document (a file of the corpus, a wiki page, a bundled file)."""
    return ID[f"source/{_segment(name)}"]


def page_iri(slug: str) -> URIRef:
    """The IRI of a wiki page such as the seed pages."""
    return ID[f"page/{_segment(slug)}"]


def local(iri: object) -> str:
    """The local name of an IRI (after ``#`` or the last ``/``).

    >>> local(DCG.Piercing), local(rule_iri("16-7-4"))
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
