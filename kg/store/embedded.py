"""The embedded store: pyoxigraph on disk (generations switched atomically) or in memory."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kg.store.base import MEMORY, SelectResult, StoreError, bind, to_rdflib
from kg.store.sparql_errors import short_syntax_error
from ontology import PREFIXES

if TYPE_CHECKING:
    from kg.store.base import Binding, Term

# ---------------------------------------------------------------- the embedded store

class OxigraphStore:
    """The embedded store: pyoxigraph on disk (a directory) or in memory.

    On disk, ``DIR/CURRENT`` names the generation folder holding the live graph; a build writes
    a new generation and switches ``CURRENT`` with one atomic rename, so a failed or interrupted
    build leaves the previous graph untouched.
    """

    def __init__(self, root: Path | None, *, create: bool = True) -> None:
        self.root = root
        self.location = MEMORY if root is None else str(root)
        self._store: ox.Store | None = ox.Store() if root is None else None
        self._create = create
        self._opened: Path | None = None  # the generation folder the open database reads
        self._generation = 0
        self._marker: tuple[tuple[int, int, int], Path] | None = None  # CURRENT as last read (_current_dir)
        self.switched: str | None = None  # the generation this object's last replace switched in
        self._current_file: str | None = None  # the path of CURRENT (_current_dir)

    @property
    def generation(self) -> int:
        """Changes whenever the whole graph is replaced, by this process or (looked up now, in
        ``CURRENT``) by another: caches keyed on it start afresh."""
        if self.root is not None:
            current = self._current_dir()
            if current is not None and current is not self._opened and current != self._opened:
                _ = self.store  # reopens (and counts) a generation another process switched in
        return self._generation

    # -- opening
    def _current_dir(self) -> Path | None:
        """The generation folder ``CURRENT`` names now (read again only when the file was replaced:
        a build switches it with a rename, which gives it a new inode)."""
        assert self.root is not None
        if self._current_file is None:
            self._current_file = str(self.root / "CURRENT")
        marker = self._current_file
        try:
            seen = os.stat(marker)
        except FileNotFoundError:
            return None
        stamp = (seen.st_ino, seen.st_mtime_ns, seen.st_size)
        if self._marker is None or self._marker[0] != stamp:
            with open(marker, encoding="utf-8") as file:
                self._marker = (stamp, self.root / file.read().strip())
        return self._marker[1]

    @property
    def store(self) -> ox.Store:
        """The open database; reopened when another process has switched to a newer build."""
        current = self._current_dir() if self.root is not None else None
        if self._store is not None and (current is self._opened or current == self._opened):
            return self._store
        if current is None:
            if self._store is None and not self._create:
                raise StoreError(f"no graph at {self.root}: run 'dcgkg build' first")
            self._store = self._store or ox.Store()  # in memory, or empty until the first build
            return self._store
        try:
            self._store = ox.Store.read_only(str(current))
        except OSError as exc:
            raise StoreError(f"cannot open the store at {current}: {exc}") from None
        if self._opened is not None:
            self._generation += 1  # a rebuild by someone else: caches keyed on it start afresh
        self._opened = current
        return self._store

    @property
    def live_generation(self) -> str | None:
        """The name of the generation ``CURRENT`` names (None in memory or before a build)."""
        current = self._current_dir() if self.root is not None else None
        return current.name if current is not None and current.is_dir() else None

    @property
    def is_built(self) -> bool:
        return self.root is None or self._current_dir() is not None

    # -- queries
    def _run(self, query: str, bindings: dict[str, Binding]) -> object:
        bound = bind(query, bindings)
        try:
            return self.store.query(bound, prefixes=PREFIXES)
        except SyntaxError as exc:
            raise StoreError(short_syntax_error(bound, str(exc))) from None
        except (OSError, ValueError, TypeError) as exc:
            raise StoreError(f"query failed: {exc}") from None

    def select(self, query: str, **bindings: Binding) -> SelectResult:
        result = self._run(query, bindings)
        if not isinstance(result, ox.QuerySolutions):
            raise StoreError("not a SELECT query")
        names = [v.value for v in result.variables]
        return SelectResult(names, [tuple(to_rdflib(sol[n]) for n in names) for sol in result])

    def ask(self, query: str, **bindings: Binding) -> bool:
        result = self._run(query, bindings)
        if not isinstance(result, ox.QueryBoolean):
            raise StoreError("not an ASK query")
        return bool(result)

    def construct(self, query: str, **bindings: Binding) -> list[tuple[Term, Term, Term]]:
        result = self._run(query, bindings)
        if not isinstance(result, ox.QueryTriples):
            raise StoreError("not a CONSTRUCT or DESCRIBE query")
        return [(to_rdflib(t.subject), to_rdflib(t.predicate), to_rdflib(t.object))  # type: ignore[misc]
                for t in result]

    def raw_query(self, query: str, **bindings: Binding) -> object:
        """The pyoxigraph result itself (for serialising to SPARQL JSON, XML, CSV)."""
        return self._run(query, bindings)

    def __len__(self) -> int:
        return len(self.store)

    # -- writing
    def replace_ntriples(self, data: str | Path | Iterable[str]) -> None:
        """Replace the whole graph with these N-Triples (text, a file path, or chunks of text),
        atomically.

        Text is bulk-loaded as it is, without a temporary file; chunks are loaded in a worker
        thread while the next one is being made (pyoxigraph's loader lets go of the GIL).
        """
        self._generation += 1
        if self.root is None:
            fresh = ox.Store()
            _load(fresh, data)
            self._store = fresh
            return
        self.root.mkdir(parents=True, exist_ok=True)
        generation = f"graph-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{time.monotonic_ns()}"
        target = self.root / generation
        try:
            fresh = ox.Store(str(target))
            _load(fresh, data)
            fresh.flush()
            del fresh
            marker = self.root / "CURRENT.tmp"
            marker.write_text(generation, encoding="utf-8")
            old = self._current_dir()
            os.replace(marker, self.root / "CURRENT")  # the atomic switch
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        self.switched = generation
        self._store = None
        if old is not None and old != target:
            shutil.rmtree(old, ignore_errors=True)


def _load(store: ox.Store, data: str | Path | Iterable[str]) -> None:
    if isinstance(data, Path):
        store.bulk_load(path=str(data), format=ox.RdfFormat.N_TRIPLES)
    elif isinstance(data, str):
        store.bulk_load(data, format=ox.RdfFormat.N_TRIPLES)
    else:
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="dcgkg-load") as loader:
            loads = [loader.submit(store.bulk_load, chunk, format=ox.RdfFormat.N_TRIPLES)
                     for chunk in data]  # a chunk that fails to come waits for those loading
        for load in loads:
            load.result()
