"""Turn what a user types (``Piercing``, ``"On Deletion"``, ``bt5-086``, ``Q1357``) into graph IRIs.

Names are looked up in the graph itself, so a keyword added to the ontology is found without
code changes. An unknown name raises :class:`UnknownName` listing the close matches.

>>> from queries import open_bundled
>>> store = open_bundled().store
>>> resolve_keyword(store, "<piercing>")
rdflib.term.URIRef('https://dcg-kg.org/ns#Piercing')
>>> resolve_timing(store, "On Deletion")
rdflib.term.URIRef('https://dcg-kg.org/ns#OnDeletion')
>>> resolve_keyword(store, "Piercin")
Traceback (most recent call last):
...
queries.names.UnknownName: unknown keyword 'Piercin'; did you mean: Piercing?
"""

from __future__ import annotations

import difflib
import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rdflib, the store and the ontology are imported where used: --help need not wait
    from rdflib import URIRef

    from kg.store import Store

_TERMS = """SELECT ?term ?name WHERE {
  ?term a ?cls . OPTIONAL { ?term dcg:labelTag|dcg:printedAs|rdfs:label ?name }
}"""


class UnknownName(LookupError):
    """A name the graph does not know; ``matches`` holds the close ones."""

    def __init__(self, kind: str, name: str, matches: list[str]) -> None:
        self.kind, self.name, self.matches = kind, name, matches
        hint = f"; did you mean: {', '.join(matches)}?" if matches else ""
        super().__init__(f"unknown {kind} {name!r}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])


def norm(text: str) -> str:
    """Lower case letters and digits only.

    >>> norm("<Security A.>")
    'securitya'
    """
    return re.sub(r"[^a-z0-9]", "", text.lower())


def close(name: str, candidates: list[str], n: int = 5) -> list[str]:
    """The candidates closest to ``name`` (case-insensitive), best first.

    >>> close("blockr", ["Blocker", "Barrier", "Reboot"])
    ['Blocker']
    """
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(candidate.lower(), candidate)
    hits = difflib.get_close_matches(name.lower(), list(by_key), n=n, cutoff=0.6)
    return [by_key[h] for h in hits]


def _resolve_term(store: Store, cls: URIRef, kind: str, name: str) -> URIRef:
    from ontology import DCG, local

    if name.startswith(str(DCG)):
        name = name[len(str(DCG)):]
    name = name.removeprefix("dcg:")
    table: dict[str, URIRef] = {}
    rows = store.select(_TERMS, cls=cls).rows
    for term, _label in rows:
        table[norm(local(term))] = term  # type: ignore[assignment]
    for term, label in rows:
        if label is not None:
            table.setdefault(norm(str(label)), term)  # type: ignore[arg-type]
    if norm(name) in table:
        return table[norm(name)]
    locals_ = sorted({local(t) for t in table.values()})
    raise UnknownName(kind, name, close(name, locals_))


def resolve_keyword(store: Store, name: str) -> URIRef:
    """The dcg:Keyword a name, label tag, printed form or IRI stands for."""
    from ontology import DCG

    return _resolve_term(store, DCG.Keyword, "keyword", name)


def resolve_timing(store: Store, name: str) -> URIRef:
    """The dcg:Timing a name (``OnPlay``, ``[On Play]``, ``on play``) stands for."""
    from ontology import DCG

    return _resolve_term(store, DCG.Timing, "timing", name)


def resolve_card(store: Store, number: str) -> URIRef:
    """The card IRI for a card number (case-insensitive) or an exact card name.

    >>> from queries import open_bundled
    >>> resolve_card(open_bundled().store, "bt5-086")
    rdflib.term.URIRef('https://dcg-kg.org/id/card/BT5-086')
    """
    from ontology import card_iri

    number = number.strip().upper()
    iri = card_iri(number)
    if store.ask("ASK { ?card dcg:cardNumber ?n }", card=iri):
        return iri
    rows = store.select("SELECT ?n ?name WHERE { ?c dcg:cardNumber ?n . OPTIONAL { ?c dcg:name ?name } }")
    numbers = [str(n) for n, _ in rows]
    by_name = {str(name).lower(): str(n) for n, name in rows if name is not None}
    if number.lower() in by_name:
        return card_iri(by_name[number.lower()])
    raise UnknownName("card", number, close(number, numbers))


def resolve_ruling(store: Store, ruling_id: str) -> URIRef:
    """The ruling with this id (a Q-number such as ``Q1357`` or a seed ruling's id).

    >>> from queries import open_bundled
    >>> resolve_ruling(open_bundled().store, "seed-piercing-1")
    rdflib.term.URIRef('https://dcg-kg.org/id/ruling/seed-piercing-1')
    """
    from rdflib import Literal

    query = "SELECT ?r WHERE { { ?r dcg:rulingId ?id } UNION { ?r dcg:qno ?id } } LIMIT 1"
    for text in dict.fromkeys([ruling_id.strip(), ruling_id.strip().upper()]):
        rows = store.select(query, id=Literal(text)).rows
        if rows:
            return rows[0][0]  # type: ignore[return-value]
    ids = [str(r[0]) for r in store.select("SELECT ?id WHERE { ?r dcg:rulingId ?id }")]
    raise UnknownName("ruling", ruling_id, close(ruling_id, ids))


def resolve_effect(store: Store, ref: str) -> URIRef:
    """An effect by IRI or by ``CARD/PART/N`` (``BT5-086/main/1``).

    >>> from queries import open_bundled
    >>> resolve_effect(open_bundled().store, "BT5-086/main/9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    queries.names.UnknownName: unknown effect 'BT5-086/main/9'; did you mean: BT5-086/main/1, ...?
    """
    from rdflib import URIRef

    from ontology import card_iri, effect_iri

    parts = ref.strip().split("/")
    if ref.startswith(("http://", "https://")):
        iri = URIRef(ref.strip())
    elif len(parts) == 3 and parts[2].isdigit():
        iri = effect_iri(parts[0].upper(), parts[1], int(parts[2]))
    else:
        raise UnknownName("effect", ref, [])
    if store.ask("ASK { ?effect a dcg:Effect }", effect=iri):
        return iri
    number = parts[0].upper() if len(parts) == 3 else ""
    known = sorted(str(r[0]).split("/effect/", 1)[-1] for r in store.select(
        "SELECT ?e WHERE { ?card dcg:hasEffect ?e }", card=card_iri(number))) if number else []
    raise UnknownName("effect", ref, known[:10])


@cache
def _dcg_term() -> re.Pattern[str]:
    """A ``dcg:`` term of a query, prefixed or as a full IRI. The test that ``dcg:`` starts a name
    (no name character, ``:``, ``/``, ``#`` or ``<`` before it) is a lookbehind after the ``d``, so
    both branches start with a literal and the regex engine skips ahead to a ``d`` or ``<`` (a
    lookbehind in front made it try every character: 15-35 µs a query, now 4-9)."""
    from ontology import PREFIXES

    return re.compile(r"d(?<![\w:/#<]d)cg:([A-Za-z_][\w-]*(?:\.[\w-]+)*)"
                      r"|<" + re.escape(PREFIXES["dcg"]) + r"([^>]*)>")


@lru_cache(maxsize=1)
def vocabulary_terms() -> frozenset[str]:
    """The local names of every ``dcg:`` term in the ontology (classes, properties, instances),
    read by pyoxigraph's Turtle parser (rdflib's would add a few tenths of a second to a query)."""
    import pyoxigraph as ox

    from ontology import PREFIXES, local, ontology_files

    namespace = PREFIXES["dcg"]
    return frozenset(local(term.value) for path in ontology_files()
                     for quad in ox.parse(path=str(path), format=ox.RdfFormat.TURTLE)
                     for term in (quad.subject, quad.predicate, quad.object)
                     if isinstance(term, ox.NamedNode) and term.value.startswith(namespace))


def unknown_terms(query: str) -> list[str]:
    """A warning for each ``dcg:`` term of a query that the vocabulary does not have (a misspelled
    predicate matches nothing: the query then answers 0 rows without an error).

    >>> unknown_terms("SELECT ?r WHERE { ?r dcg:aboutKeywrd dcg:Piercing }")
    ['dcg:aboutKeywrd is not a term of the vocabulary; did you mean dcg:aboutKeyword?']
    >>> unknown_terms("SELECT ?r WHERE { ?r dcg:aboutKeyword dcg:Piercing }")
    []
    >>> unknown_terms("PREFIX dcg: <https://dcg-kg.org/ns#> ASK { dcg:Piercing a dcg:Keyword }")
    []
    """
    terms = vocabulary_terms()
    # a name each (the bare namespace, as in ``PREFIX dcg: <...#>``, is no term)
    found = dict.fromkeys(name for m in _dcg_term().finditer(query) if (name := m[1] or m[2]))
    warnings = []
    for name in (n for n in found if n not in terms):
        matches = difflib.get_close_matches(name, sorted(terms), n=1, cutoff=0.7)
        hint = f"; did you mean dcg:{matches[0]}?" if matches else ""
        warnings.append(f"dcg:{name} is not a term of the vocabulary{hint}")
    return warnings


@cache
def _longest_first() -> list[tuple[str, str]]:
    """The predeclared prefixes, the longest namespace first."""
    from ontology import PREFIXES

    return sorted(PREFIXES.items(), key=lambda kv: -len(kv[1]))


_PN_LOCAL = re.compile(r"[A-Za-z0-9_](?:[\w.-]*[\w-])?")


def prefixed(iri: str) -> str:
    """An IRI as a prefixed name of the predeclared prefixes (what a query can use as it is), or the
    IRI itself when none fits.

    >>> prefixed("https://dcg-kg.org/ns#AllTurns"), prefixed("https://dcg-kg.org/id/card/BT5-086")
    ('dcg:AllTurns', 'card:BT5-086')
    >>> prefixed("https://dcg-kg.org/id/effect/BT5-086/main/1")  # '/' is not allowed in a prefixed name
    'https://dcg-kg.org/id/effect/BT5-086/main/1'
    """
    for prefix, namespace in _longest_first():
        if iri.startswith(namespace) and _PN_LOCAL.fullmatch(iri[len(namespace):]):
            return f"{prefix}:{iri[len(namespace):]}"
    return iri
