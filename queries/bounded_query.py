"""``dcgkg sparql``'s query run within bounds: in a forked child process (it starts with the store
open and everything imported) that is killed when its time is up, whose data segments are capped
(:mod:`queries.memory_bound`), and whose answer holds at most a number of rows. Where ``fork``
does not exist the query runs in this process, with the row cap alone."""

from __future__ import annotations

import os
from dataclasses import dataclass

from kg.forked import ChildFailed, ChildTimedOut, Forked, forkable
from kg.store import Store, StoreError
from queries.memory_bound import cap_memory
from queries.results import Rendered, render_select


@dataclass(frozen=True)
class Bounds:
    """How long a query may run (seconds), how much memory it may take (bytes, 0: no bound) and
    how many rows its answer shows (None: all)."""

    timeout: float = 30.0
    max_memory: int = 1_000_000_000
    max_rows: int | None = 10_000


class QueryBounded(Exception):
    """The query was stopped by a bound: the message says which and how to raise it."""


def run_bounded(store: Store, query: str, fmt: str, bounds: Bounds) -> Rendered:
    """The rendered answer (``cut_at`` set when the row cap cut it); raises StoreError for a query
    the store refuses and QueryBounded when the time or memory bound stopped it."""
    if not forkable():
        return render_select(store, query, fmt, bounds.max_rows)

    def child() -> list[Rendered | StoreError]:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 2)  # a native abort's words: the parent says why
        if bounds.max_memory:
            cap_memory(bounds.max_memory, data_only=True)
        try:
            return [render_select(store, query, fmt, bounds.max_rows)]
        except StoreError as exc:  # the store's own words, raised again in the parent
            return [exc]

    try:
        item = Forked(child, name="dcgkg-sparql").next_item(timeout=bounds.timeout)
    except ChildTimedOut:
        raise QueryBounded(f"the query was stopped after {bounds.timeout:g} s (--timeout SECONDS "
                           "gives it longer)") from None
    except ChildFailed as exc:
        if "MemoryError" in str(exc) or (exc.exitcode is not None and exc.exitcode < 0):
            raise QueryBounded(f"the query was stopped: it needed more than "
                               f"{bounds.max_memory // 1_000_000:,} MB (--max-memory-mb MB gives it "
                               "more)") from None
        raise StoreError(f"the query failed: {exc}") from None
    assert item is not None, "the child sends its one answer before it ends"
    answer = item[0]
    if isinstance(answer, StoreError):
        raise answer
    return answer
