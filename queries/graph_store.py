"""The store a command or an API call works on, with ``:memory:`` meaning the bundled graph.

Kept apart from :mod:`queries.api` (pydantic models, the solver hooks) so that ``dcgkg sparql``
opens its store without loading them.
"""

from __future__ import annotations

from pathlib import Path

from kg.store import MEMORY, Store, open_store


def open_graph_store(store: str | Path | None = None, *, create: bool = False) -> Store:
    """The store ``store`` names (as :func:`kg.store.open_store` reads it, ``$DCGKG_STORE``
    included); an empty ``:memory:`` store first gets the bundled sources built into it, so that
    every command and API call given ``:memory:`` works on the bundled graph, not on nothing.

    >>> len(open_graph_store(":memory:")) > 1000
    True
    """
    opened = open_store(store, create=create)
    if opened.location == MEMORY and len(opened) == 0:
        from kg.build import Inputs, build  # kept lazy: `import queries` does not load the ingesters

        build(opened, Inputs(corpus=[], pages=[]))
    return opened
