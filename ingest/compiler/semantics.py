"""What the ontology says about each timing and keyword, for the effect compiler.

Rules are data: an effect's category, the event its timing listens to, the role its own card
plays and the further trigger conditions are read from ``ontology/timings.ttl`` and
``ontology/keywords.ttl`` (CR 15-16, CR 16), never written into the compiler.

>>> semantics("OnPlay").event, semantics("OnPlay").category
('CardPlayed', 'TriggerType')
>>> semantics("Piercing").primitive
'ScheduleSecurityCheck'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from rdflib import Graph
from rdflib.namespace import RDF, SKOS

import ontology
from ontology import DCG, local


@dataclass(frozen=True)
class Semantics:
    """The rules-as-data facts of one timing or keyword."""

    name: str
    category: str
    label_tag: str
    printed: tuple[str, ...] = ()
    event: str | None = None
    role: str | None = None
    requires: tuple[str, ...] = field(default_factory=tuple)
    primitive: str | None = None


def _graph() -> Graph:
    return ontology.vocabulary_graph()


def _one(graph: Graph, subject: object, predicate: object) -> str | None:
    value = graph.value(subject, predicate)  # type: ignore[arg-type]
    return None if value is None else local(value)


@lru_cache(maxsize=1)
def table() -> dict[str, Semantics]:
    """Local name -> semantics, for every timing, keyword, usage limit and zone icon."""
    graph = _graph()
    found: dict[str, Semantics] = {}
    for cls in (DCG.Timing, DCG.Keyword, DCG.UsageLimit, DCG.ZoneIcon):
        for subject in graph.subjects(RDF.type, cls):
            name = local(subject)
            found[name] = Semantics(
                name=name,
                category=_one(graph, subject, DCG.category) or "TriggerType",
                label_tag=str(graph.value(subject, DCG.labelTag) or name),
                printed=tuple(sorted(str(p) for p in graph.objects(subject, DCG.printedAs))),
                event=_one(graph, subject, DCG.triggeredBy),
                role=_one(graph, subject, DCG.thisRole),
                requires=tuple(sorted(local(o) for o in graph.objects(subject, DCG.requires))),
                primitive=_one(graph, subject, DCG.primitive),
            )
    return found


@cache
def primitive_words(name: str) -> str | None:
    """What a keyword's primitive does, as the graph defines it (its ``skos:definition``), in lower
    case without the full stop: 'schedule a security check by this Digimon as pending processing'."""
    found = _graph().value(DCG[name], SKOS.definition)
    if found is None:
        return None
    text = str(found).strip().rstrip(".")
    return text[:1].lower() + text[1:]


def semantics(name: str) -> Semantics:
    """The semantics of a timing or keyword by local name (KeyError if the ontology lacks it)."""
    return table()[name]


def is_keyword(name: str) -> bool:
    return (DCG[name], RDF.type, DCG.Keyword) in _graph()


@lru_cache(maxsize=1)
def durations() -> dict[str, str]:
    """Duration local name (``ThisTurn``) -> the name the IR uses (``this_turn``)."""
    graph = _graph()
    return {local(s): str(graph.value(s, DCG.roleOf)) for s in graph.subjects(RDF.type, DCG.Duration)}
