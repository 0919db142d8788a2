"""Where the graph lives: an embedded Oxigraph store on disk, one in memory, or a SPARQL server.

Every store answers SPARQL with the standard prefixes and ``dcg:`` predeclared, takes bound
variables instead of string formatting, and replaces its whole graph atomically.

>>> store = open_store(":memory:")
>>> store.replace_ntriples('<https://dcg-kg.org/id/card/X-1> <https://dcg-kg.org/ns#dp> "5000" .\\n')
>>> store.select("SELECT ?dp WHERE { ?c dcg:dp ?dp }").rows[0][0].toPython()
'5000'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.store.base import MEMORY, STORE_ENV, SelectResult, Store, StoreError, bind, to_oxigraph, to_rdflib
from kg.store.embedded import OxigraphStore

if TYPE_CHECKING:
    from kg.store.base import Binding, Term
    from kg.store.remote import RemoteStore

__all__ = ["MEMORY", "Binding", "OxigraphStore", "RemoteStore", "SelectResult", "Store", "StoreError",
           "Term", "bind", "default_store_path", "on_disk", "open_store", "resolve_location", "to_oxigraph",
           "to_rdflib"]


def __getattr__(name: str) -> Any:
    """``Term``, ``Binding`` (rdflib types) and ``RemoteStore`` (urllib), imported when first asked for,
    so that opening the embedded store loads neither rdflib nor an HTTP client."""
    if name in ("Term", "Binding"):
        from kg.store import base

        return getattr(base, name)
    if name == "RemoteStore":
        from kg.store.remote import RemoteStore

        return RemoteStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def default_store_path() -> Path:
    """The store a user gets without ``--store``: in their data directory."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("dcg-kg")) / "store"


def resolve_location(spec: str | Path | None) -> str:
    """``--store`` value, else ``$DCGKG_STORE``, else the default path."""
    if spec:
        return str(spec)
    return os.environ.get(STORE_ENV) or str(default_store_path())


def open_store(spec: str | Path | None = None, *, create: bool = True) -> Store:
    """Open a store: ``:memory:``, a directory path, or an ``http(s)://`` SPARQL endpoint URL."""
    location = resolve_location(spec)
    if location == MEMORY:
        return OxigraphStore(None)
    if not on_disk(location):
        from kg.store.remote import RemoteStore

        return RemoteStore(location)
    return OxigraphStore(Path(location), create=create)


def on_disk(location: str) -> bool:
    """Whether a resolved location is a directory on disk (not ``:memory:``, not an endpoint URL)."""
    return location != MEMORY and not location.startswith(("http://", "https://"))


