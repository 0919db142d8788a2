"""The embedded store: pyoxigraph on disk (generations switched atomically) or in memory."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kg.atomic_files import write_atomically
from kg.store.base import MEMORY, SelectResult, StoreError, bind, to_rdflib
from kg.store.garbage import Freed, leftovers, remove
from kg.store.lock import DEFAULT_WAIT, LOCK_FILE, StoreLock
from kg.store.sparql_errors import short_syntax_error
from ontology import PREFIXES

if TYPE_CHECKING:
    from kg.store.base import Binding, Term

_OPEN_TRIES = 3  # a generation can be removed between reading CURRENT and opening it: read again

# ---------------------------------------------------------------- the embedded store

class OxigraphStore:
    """The embedded store: pyoxigraph on disk (a directory) or in memory.

    On disk, ``DIR/CURRENT`` names the generation folder holding the live graph; a build writes
    a new generation and switches ``CURRENT`` with one atomic rename, so a failed or interrupted
    build leaves the previous graph untouched. Writers take the store's lock (``DIR/LOCK``,
    kg.store.lock), one at a time; a generation is removed only once ``CURRENT`` names another,
    and only by the lock's holder (kg.store.garbage). A reader in another process that has the
    old generation open keeps reading it (its files stay open) and opens the new one with its
    next query, when it reads ``CURRENT`` again.
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
        self.batch: int | None = None  # answers whole: a reader binds all its terms at once

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
        for tries_left in range(_OPEN_TRIES - 1, -1, -1):
            try:
                self._store = ox.Store.read_only(str(current))
                break
            except OSError as exc:
                now = self._current_dir()
                if tries_left == 0 or now is None or now == current:
                    raise StoreError(f"cannot open the store at {current}: {exc}") from None
                current = now  # removed after a writer switched to a newer one: open that
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
    def locked(self, wait: float = DEFAULT_WAIT, say: Callable[[str], None] | None = None) -> StoreLock:
        """The store's write lock (kg.store.lock): ``with store.locked():`` writes alone."""
        if self.root is None:
            raise StoreError("a store in memory has no lock")
        return StoreLock(self.root, wait=wait, say=say)

    def replace_ntriples(self, data: str | Path | Iterable[str]) -> None:
        """Replace the whole graph with these N-Triples (text, a file path, or chunks of text),
        atomically, holding the store's lock; the generations it replaced (and any a killed writer
        left) are removed after.

        Text is bulk-loaded as it is, without a temporary file; chunks are loaded in a worker
        thread while the next one is being made (pyoxigraph's loader lets go of the GIL).
        """
        self._generation += 1
        if self.root is None:
            fresh = ox.Store()
            _load(fresh, data)
            self._store = fresh
            return
        with self.locked():
            generation = f"graph-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{time.monotonic_ns()}"
            target = self.root / generation
            try:
                fresh = ox.Store(str(target))
                _load(fresh, data)
                fresh.flush()
                del fresh
                write_atomically(self.root / "CURRENT", generation.encode(), durable=True)  # the switch
            except BaseException:
                self._discard(target)
                raise
            self.switched = generation
            self._store = None
            # the replaced generations and CURRENT's temporary files (not the cache's: a build's
            # worker may be writing one now)
            remove(*leftovers(self.root, generation, inside=False))

    def collect_garbage(self, wait: float = DEFAULT_WAIT,
                        say: Callable[[str], None] | None = None) -> Freed:
        """Remove what killed writers left (generation folders CURRENT does not name, temporary
        files), holding the lock; StoreError if the folder is not a store, StoreBusy (after
        ``wait`` seconds) if another writer holds the lock."""
        if self.root is None:
            raise StoreError("a store in memory leaves nothing behind")
        if not (self.root / "CURRENT").is_file() and not (self.root / LOCK_FILE).is_file():
            raise StoreError(f"{self.root} is not a dcgkg store (it has neither CURRENT nor LOCK)")
        with self.locked(wait, say):
            return remove(*leftovers(self.root, self._named_by_current()))

    def _named_by_current(self) -> str | None:
        """The generation CURRENT names, read now (None without one)."""
        assert self.root is not None
        try:
            return (self.root / "CURRENT").read_text(encoding="utf-8").strip() or None
        except FileNotFoundError:
            return None

    def _discard(self, target: Path) -> None:
        """Remove a generation whose build failed, unless the switch to it happened after all."""
        try:
            named = self._named_by_current()
        except OSError:
            return  # cannot tell: left for the next collection, which reads CURRENT again
        if named != target.name:
            shutil.rmtree(target, ignore_errors=True)


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
