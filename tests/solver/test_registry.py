"""One registry of handlers: every code of ontology/*.ttl and of the compiler's vocabulary is bound
to exactly one handler or declared unsupported in the graph; the index refuses anything else."""

from __future__ import annotations

import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import RDF

import kg.solver.handlers  # noqa: F401  (binds every handler)
import ontology
from ingest.compiler import vocabulary
from kg.solver.bindings import UnboundCode, turtle_file
from kg.solver.registry import FAMILIES, REGISTRY, Registry, RegistryError
from kg.solver.rules_index import compile_index, solver_index
from ontology import DCG, local
from tests.solver.helpers import ontology_store

# class of graph node -> registry family of the code it names (by dcg:roleOf, or by local name)
BY_ROLE = {DCG.TriggerCondition: "trigger_condition", DCG.Primitive: "primitive",
           DCG.AttackStep: "attack_step", DCG.TurnPhase: "turn_phase", DCG.Duration: "duration",
           DCG.UsageLimit: "usage_limit", DCG.Zone: "zone", DCG.ProcessingPoint: "point"}
BY_NAME = {DCG.GameEvent: "event", DCG.ZoneIcon: "zone_icon"}


def _ontology() -> Graph:
    graph = Graph()
    for path in ontology.ontology_files():
        graph.parse(path, format="turtle")
    return graph


def _declared(graph: Graph) -> set[tuple[str, str]]:
    """(family, code) the Turtle declares unsupported, read straight from the files."""
    out = set()
    for node in graph.subjects(DCG.unsupported, None):
        family = graph.value(node, DCG.codeFamily)
        types = set(graph.objects(node, RDF.type))
        for cls, fam in BY_ROLE.items():
            if cls in types:
                out.add((fam, str(graph.value(node, DCG.roleOf))))
        for cls, fam in {**BY_NAME, DCG.Keyword: "keyword"}.items():
            if cls in types:
                out.add((fam, local(node)))
        if family is not None:
            out.add((str(family), str(graph.value(node, DCG.roleOf))))
    return out


def _announced(graph: Graph) -> set[str]:
    steps = [*graph.subjects(RDF.type, DCG.AttackStep), *graph.subjects(RDF.type, DCG.TurnPhase)]
    return {local(e) for s in steps for e in graph.objects(s, DCG.emits)}


def test_every_code_of_the_ontology_is_bound_or_declared_unsupported() -> None:
    graph = _ontology()
    declared, announced = _declared(graph), _announced(graph)
    codes: set[tuple[str, str]] = set()
    for cls, family in BY_ROLE.items():
        codes |= {(family, str(graph.value(n, DCG.roleOf))) for n in graph.subjects(RDF.type, cls)}
    for cls, family in BY_NAME.items():
        codes |= {(family, local(n)) for n in graph.subjects(RDF.type, cls)}
    for rule in graph.subjects(RDF.type, DCG.OrderingRule):
        key = graph.value(rule, DCG.ordersBy)
        role = str(graph.value(rule, DCG.roleOf))
        codes.add(("ordering_key", str(key)) if key is not None else ("ordering", role))
    assert len(codes) > 80
    for family, code in sorted(codes):
        if family == "event" and code in announced:
            continue  # emitted by the step or phase that announces it (dcg:emits)
        if family == "event" and graph.value(DCG[code], DCG.happensAs) is not None:
            continue  # happens as its member events do, each checked here (dcg:happensAs)
        bound = REGISTRY.handler(family, code) is not None
        assert bound != ((family, code) in declared), f"{family} {code}: bound={bound}"
    for kw in graph.subjects(RDF.type, DCG.Keyword):
        has_primitive = graph.value(kw, DCG.primitive) is not None
        assert has_primitive != (("keyword", local(kw)) in declared), local(kw)


def test_every_code_of_the_compiler_vocabulary_is_bound_or_declared_unsupported() -> None:
    declared = _declared(_ontology())
    families = {"verb": vocabulary.VERBS, "condition": vocabulary.CONDITION_KINDS,
                "while": vocabulary.WHILE_KINDS, "duration": vocabulary.DURATIONS, "zone": vocabulary.ZONES}
    count = 0
    for family, codes in families.items():
        for code in codes:
            count += 1
            bound = REGISTRY.handler(family, code) is not None
            assert bound != ((family, code) in declared), f"{family} {code}: bound={bound}"
    assert count > 100
    graph = _ontology()
    points = {str(graph.value(p, DCG.roleOf)) for p in graph.subjects(RDF.type, DCG.ProcessingPoint)}
    for local_name in vocabulary.PROCESSING_POINTS:
        code = str(graph.value(URIRef(DCG[local_name]), DCG.roleOf))
        assert code in points and REGISTRY.handler("point", code) is not None


def test_the_solver_index_of_the_ontology_is_accepted() -> None:
    index = solver_index(ontology_store())
    assert index.unsupported[("verb", "reduce_cost")].startswith("'reduce the cost' names no play")
    assert ("keyword", "BlastDNADigivolve") in index.unsupported


def test_a_code_with_no_handler_is_refused_naming_the_code_and_its_file() -> None:
    extra = """@prefix dcg: <https://dcg-kg.org/ns#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
    dcg:Frobbed a dcg:TriggerCondition ; rdfs:label "frobbed" ; dcg:roleOf "frobbed" ."""
    store = ontology_store(extra)
    compile_index(store)  # reading the graph is fine; binding it to handlers is not
    with pytest.raises(UnboundCode) as caught:
        solver_index(store)
    message = str(caught.value)
    assert "trigger_condition code 'frobbed'" in message and "dcg:Frobbed" in message
    assert "not in ontology/*.ttl" in message
    assert turtle_file("ThisSurvives") == "ontology/timings.ttl"
    assert turtle_file("Piercing") == "ontology/keywords.ttl"


def test_a_keyword_without_primitive_or_declaration_is_refused() -> None:
    extra = """@prefix dcg: <https://dcg-kg.org/ns#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
    dcg:Mystery a dcg:Keyword ; rdfs:label "<Mystery>" ; dcg:labelTag "Mystery" ;
        dcg:category dcg:Persistent ."""
    with pytest.raises(UnboundCode, match="keyword 'Mystery'"):
        solver_index(ontology_store(extra))


def test_bound_and_declared_unsupported_at_once_is_refused() -> None:
    extra = """@prefix dcg: <https://dcg-kg.org/ns#> .
    dcg:Deleted dcg:unsupported "pretend" ."""
    with pytest.raises(UnboundCode, match="bound to .* and declared dcg:unsupported"):
        solver_index(ontology_store(extra))


def test_a_code_is_bound_once() -> None:
    registry = Registry()
    registry.bind("verb", "wave", lambda e, p, a: [])
    with pytest.raises(RegistryError, match="bound twice"):
        registry.bind("verb", "wave", lambda e, p, a: ["other"])
    with pytest.raises(RegistryError, match="no handler family"):
        registry.bind("verbs", "wave", lambda e, p, a: [])
    assert set(FAMILIES) >= {"event", "trigger_condition", "condition", "while", "verb", "primitive",
                             "ordering_key", "ordering", "attack_step", "turn_phase", "duration",
                             "usage_limit", "zone", "point"}
