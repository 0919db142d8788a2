"""The ontology: every term is labelled and defined, and the rules-as-data edges are complete."""

from __future__ import annotations

from rdflib import Graph
from rdflib.namespace import OWL, RDF, RDFS, SKOS

import ontology
from ontology import DCG


def _graph() -> Graph:
    graph = Graph()
    for path in ontology.ontology_files():
        graph.parse(path, format="turtle")
    return graph


def test_every_term_has_label_and_definition() -> None:
    graph = _graph()
    terms = {s for s in graph.subjects(RDF.type, None) if str(s).startswith(str(DCG))}
    missing = [str(t) for t in terms
               if (t, RDFS.label, None) not in graph or (t, SKOS.definition, None) not in graph]
    assert missing == []
    assert len(terms) > 150


def test_required_classes_exist() -> None:
    graph = _graph()
    for name in ("Card", "DigimonCard", "TamerCard", "OptionCard", "DigiEggCard", "Effect", "Keyword",
                 "Timing", "GameEvent", "Ruling", "RuleSection", "Zone", "AttackStep"):
        assert (DCG[name], RDF.type, OWL.Class) in graph, name


def test_trigger_timings_name_their_event_and_role() -> None:
    graph = _graph()
    for timing in graph.subjects(DCG.category, DCG.TriggerType):
        if (timing, RDF.type, DCG.Timing) in graph:
            assert graph.value(timing, DCG.triggeredBy) is not None, timing
            assert graph.value(timing, DCG.thisRole) is not None, timing


def test_piercing_semantics() -> None:
    graph = _graph()
    assert graph.value(DCG.Piercing, DCG.triggeredBy) == DCG.DeletedInBattle
    assert graph.value(DCG.Piercing, DCG.processedAt) == DCG.BeforeEndOfAttack
    assert set(graph.objects(DCG.Piercing, DCG.requires)) >= {DCG.ThisSurvives, DCG.ThisIsAttacking}
    assert len(set(graph.subjects(RDF.type, DCG.Keyword))) >= 40


def test_attack_steps_form_one_chain() -> None:
    graph = _graph()
    steps = sorted(graph.subjects(RDF.type, DCG.AttackStep),
                   key=lambda s: len(list(graph.transitive_subjects(DCG.nextStep, s))))
    for here, there in zip(steps, steps[1:], strict=False):
        assert graph.value(here, DCG.nextStep) == there
