"""Check the graph against the SHACL shapes in ``ontology/shapes.ttl``.

The data graph is fetched from the store class by class (only the focus nodes' own triples and
the types of what they point to), so validation stays within memory on the full corpus, and by
subject in batches, so that a server's row cap never leaves part of a class out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from pyshacl import validate as shacl_validate
from rdflib import Graph, URIRef
from rdflib.namespace import RDF, SH

from kg.store import Store
from kg.store.batches import iris, select_batched
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


_TRIPLES = "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
_TYPES = "SELECT ?o ?t WHERE { ?o a ?t }"
_SUBCLASSES = "SELECT ?c ?d WHERE { ?c rdfs:subClassOf ?d }"


def superclasses(store: Store) -> dict[URIRef, set[URIRef]]:
    """Each class with rdfs:subClassOf in the graph -> the classes above it (itself left out)."""
    up: dict[URIRef, set[URIRef]] = defaultdict(set)
    for c, d in store.select(_SUBCLASSES).rows:
        up[c].add(d)  # type: ignore[index,arg-type]
    closed: dict[URIRef, set[URIRef]] = {}
    for start in up:
        seen: set[URIRef] = set()
        todo = list(up[start])
        while todo:
            c = todo.pop()
            if c not in seen:
                seen.add(c)
                todo += up.get(c, ())
        closed[start] = seen
    return closed


def data_for(store: Store, cls: URIRef, above: dict[URIRef, set[URIRef]] | None = None) -> Graph:
    """The instances of ``cls`` with their triples, and the types of the nodes they point to with
    those types' superclasses (a dcg:Timing is a dcg:EffectTag). Read by subject, in batches a
    server gives whole (kg.store.batches): one query for the whole class may pass a server's row
    cap."""
    above = superclasses(store) if above is None else above
    graph = Graph()
    rows = select_batched(store, _TRIPLES, "s", iris(store, "?s a ?cls", cls=cls)).rows
    for triple in rows:
        graph.add(triple)  # type: ignore[arg-type]
    objects = sorted({o for _s, _p, o in rows if isinstance(o, URIRef)}, key=str)
    for o, t in select_batched(store, _TYPES, "o", objects).rows:
        for kind in (t, *above.get(t, ())):  # type: ignore[call-overload]
            graph.add((o, RDF.type, kind))  # type: ignore[arg-type]
    return graph


#: Told, before each shape is checked: how many are done, how many there are, the class it checks.
Progress = Callable[[int, int, str], None]


def validate(store: Store, progress: Progress | None = None) -> list[Violation]:
    """Every violation of the shapes in the store's graph (empty when valid)."""
    shapes = shapes_graph()
    violations: list[Violation] = []
    node_shapes = list(shapes.subjects(RDF.type, SH.NodeShape))
    above = superclasses(store)
    for done, shape in enumerate(node_shapes):
        target = shapes.value(shape, SH.targetClass)
        if progress is not None:
            progress(done, len(node_shapes), str(target).rsplit("#", 1)[-1])
        if not isinstance(target, URIRef):
            continue
        data = data_for(store, target, above)
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
