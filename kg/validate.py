"""Check the graph against the SHACL shapes in ``ontology/shapes.ttl``.

The data graph is fetched from the store class by class (only the focus nodes' own triples and
the types of what they point to), so validation stays within memory on the full corpus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pyshacl import validate as shacl_validate
from rdflib import Graph, URIRef
from rdflib.namespace import RDF, SH

from kg.store import Store
from ontology import SHAPES_FILE


@dataclass(frozen=True)
class Violation:
    """One SHACL result: the node, the path, and what is wrong."""

    focus: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.focus} {self.path}: {self.message}"


def shapes_graph() -> Graph:
    return Graph().parse(SHAPES_FILE, format="turtle")


def data_for(store: Store, cls: URIRef) -> Graph:
    """The instances of ``cls`` with their triples, and the types of the nodes they point to."""
    graph = Graph()
    # The types of the objects include their superclasses (a dcg:Timing is a dcg:EffectTag).
    query = """CONSTRUCT { ?s ?p ?o . ?o a ?t } WHERE {
        ?s a ?cls ; ?p ?o . OPTIONAL { ?o a/rdfs:subClassOf* ?t } }"""
    for triple in store.construct(query, cls=cls):
        graph.add(triple)
    return graph


#: Told, before each shape is checked: how many are done, how many there are, the class it checks.
Progress = Callable[[int, int, str], None]


def validate(store: Store, progress: Progress | None = None) -> list[Violation]:
    """Every violation of the shapes in the store's graph (empty when valid)."""
    shapes = shapes_graph()
    violations: list[Violation] = []
    node_shapes = list(shapes.subjects(RDF.type, SH.NodeShape))
    for done, shape in enumerate(node_shapes):
        target = shapes.value(shape, SH.targetClass)
        if progress is not None:
            progress(done, len(node_shapes), str(target).rsplit("#", 1)[-1])
        if not isinstance(target, URIRef):
            continue
        data = data_for(store, target)
        if not len(data):
            continue
        one_shape = shapes.cbd(shape)
        conforms, report, _text = shacl_validate(data, shacl_graph=one_shape, inference="none",
                                                 abort_on_first=False, allow_warnings=True)
        if conforms:
            continue
        for result in report.subjects(RDF.type, SH.ValidationResult):
            violations.append(Violation(
                focus=str(report.value(result, SH.focusNode)),
                path=str(report.value(result, SH.resultPath) or ""),
                message=str(report.value(result, SH.resultMessage) or "violation")))
    return sorted(set(violations), key=lambda v: (v.focus, v.path, v.message))
