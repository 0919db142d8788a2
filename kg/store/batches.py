"""Reading a large answer from a store in pieces a server gives whole.

A SPARQL server may cap the rows of an answer (Virtuoso's ``ResultSetMaxRows``) and give up on a
query its planner reads the wrong way round. Readers that may need many rows therefore ask with
a variable bound to a batch of terms at a time (:func:`select_batched`), or list IRIs page by page
in a stable order (:func:`iris`). A store's ``batch`` says how many terms it takes at once (None:
all, as the embedded store does); a batch whose answer a server cut (:class:`ResultCut`) is halved
and asked again, and a single term whose answer is still cut is an error, never a short answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kg.store.base import ResultCut, SelectResult, Store, StoreError

if TYPE_CHECKING:
    from rdflib import URIRef

    from kg.store.base import Binding, Term


def _batch(store: Store) -> int | None:
    return getattr(store, "batch", None)


def select_batched(store: Store, query: str, name: str, terms: Iterable[Term],
                   **bindings: Binding) -> SelectResult:
    """The rows of ``query`` with ``?name`` bound to each batch of ``terms`` in turn, joined.

    Only for queries whose answer is the union of the answers for each bound term (no aggregate,
    ORDER BY or LIMIT). No terms: no rows, and the query is not run.
    """
    todo = list(dict.fromkeys(terms))
    size = _batch(store) or max(len(todo), 1)
    names: list[str] | None = None
    rows: list[tuple[Term | None, ...]] = []
    pending = [todo[i:i + size] for i in range(0, len(todo), size)]
    while pending:
        part = pending.pop()
        try:
            answer = store.select(query, **bindings, **{name: part})
        except ResultCut:
            if len(part) == 1:
                raise
            half = len(part) // 2
            pending += [part[half:], part[:half]]
            continue
        names = names or answer.vars
        rows += answer.rows
    return SelectResult(names or [], rows)


#: IRIs listed per page by :func:`iris` (under any row cap a server is likely to set, and under
#: Virtuoso's MaxSortedTopRows, 10,000, which bounds an ORDER BY with LIMIT).
PAGE = 5000


def iris(store: Store, where: str, name: str = "s", **bindings: Binding) -> list[URIRef]:
    """Every IRI that ``?name`` takes in the graph pattern ``where``, in code-point order of their text.

    A store that takes terms in batches is read a page at a time (those after the last one seen);
    a node that is not an IRI (a blank node) is refused, since no later query could name it.
    """
    from rdflib import Literal, URIRef

    if store.ask(f"ASK {{ {where} FILTER(!isIRI(?{name})) }}", **bindings):
        raise StoreError(f"?{name} takes nodes that are not IRIs in {{ {where} }}: cannot read them by name")
    if _batch(store) is None:
        found = store.select(f"SELECT DISTINCT ?{name} WHERE {{ {where} }}", **bindings).rows
        return sorted((URIRef(str(row[0])) for row in found), key=str)
    query = (f"SELECT DISTINCT ?{name} WHERE {{ {where} FILTER(STR(?{name}) > ?after_) }} "
             f"ORDER BY STR(?{name}) LIMIT {PAGE}")
    out: list[URIRef] = []
    after = ""
    while True:
        page = [URIRef(str(row[0])) for row in store.select(query, **bindings, after_=Literal(after)).rows]
        out += page
        if len(page) < PAGE:
            return out
        after = str(page[-1])

