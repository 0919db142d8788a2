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

from platformdirs import user_data_dir

from kg.store.base import (
    MEMORY,
    STORE_ENV,
    Binding,
    SelectResult,
    Store,
    StoreError,
    Term,
    bind,
    to_oxigraph,
    to_rdflib,
)
from kg.store.embedded import OxigraphStore
from kg.store.remote import RemoteStore

__all__ = ["MEMORY", "Binding", "OxigraphStore", "RemoteStore", "SelectResult", "Store", "StoreError",
           "Term", "bind", "default_store_path", "open_store", "resolve_location", "to_oxigraph",
           "to_rdflib"]


def default_store_path() -> Path:
    """The store a user gets without ``--store``: in their data directory."""
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
    if location.startswith(("http://", "https://")):
        return RemoteStore(location)
    return OxigraphStore(Path(location), create=create)


