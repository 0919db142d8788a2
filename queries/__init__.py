"""The query layer: what users call (Python API, named SPARQL, diagrams, endpoint, CLI).

>>> import queries
>>> queries.open_bundled().timing("OnPlay").event
'CardPlayed'
"""

from queries.api import KnowledgeGraph, open, open_bundled  # noqa: A004

__all__ = ["KnowledgeGraph", "open", "open_bundled"]
