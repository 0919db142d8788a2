"""The query layer: what users call (Python API, named SPARQL, diagrams, endpoint, CLI).

The API names are loaded on first use, so that ``import queries.cli`` (``dcgkg --help``) does not
wait for :mod:`queries.api` (pydantic, rdflib).

>>> import queries
>>> queries.open_bundled().timing("OnPlay").event
'CardPlayed'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from queries.api import KnowledgeGraph, open, open_bundled  # noqa: A004

__all__ = ["KnowledgeGraph", "open", "open_bundled"]


def __getattr__(name: str) -> Any:
    """``queries.open`` and the other API names, imported from :mod:`queries.api` when first asked."""
    if name in __all__:
        from queries import api

        return getattr(api, name)
    raise AttributeError(f"module 'queries' has no attribute {name!r}")
