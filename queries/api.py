"""The Python API: ``queries.open(store)`` gives a :class:`KnowledgeGraph` with typed answers.

Every lookup is a fixed SPARQL text with bound variables; what a user types is resolved to an IRI
first (:mod:`queries.names`), and an unknown name raises :class:`~queries.names.UnknownName`
with the close matches.

``open(":memory:")`` builds the bundled graph into a fresh in-memory store; ``open_bundled()``
returns one such graph shared by the whole process (what the examples here use).

>>> kg = open_bundled()
>>> kg.keyword("piercing").event
'DeletedInBattle'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field
from rdflib import Literal, URIRef
from rdflib.term import Node

from kg.store import MEMORY, SelectResult, Store, Term
from ontology import DCG, rule_iri
from queries import names
from queries.graph_store import open_graph_store
from queries.results import query_form

Props = dict[str, list[Term]]

#: The seed page's Piercing example 1 (spec/scenario.md), as a mapping ``simulate`` accepts.
EXAMPLE_SCENARIO: dict[str, Any] = {
    "scenario": 1, "id": "piercing-example-1",
    "players": {
        "A": {"battle_area": [{"id": "omnimon", "stack": ["BT3-016", "BT5-086"]}], "security": 5},
        "B": {"battle_area": [{"id": "devimon", "stack": ["BT2-074"], "suspended": True}], "security": 3},
    },
    "actions": [{"attack": {"attacker": "omnimon", "target": "devimon"}}],
}

_SKOS_DEF = "http://www.w3.org/2004/02/skos/core#definition"
_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def section_order(number: str) -> list[int]:
    """A rule section number as a sort key: 15-4-10 after 15-4-9.

    >>> sorted(["15-4-10", "15-4-9", "2-1"], key=section_order)
    ['2-1', '15-4-9', '15-4-10']
    """
    return [int(p) if p.isdigit() else 0 for p in number.split("-")]


def short(term: Term | None) -> str:
    """A readable name for an IRI: dcg local name, card number, ruling id, rule section.

    >>> short(URIRef("https://dcg-kg.org/id/card/BT5-086")), short(DCG.Piercing)
    ('BT5-086', 'Piercing')
    """
    if term is None:
        return ""
    text = str(term)
    if text.startswith(str(DCG)):
        return text[len(str(DCG)):]
    for marker in ("/card/", "/ruling/", "/rule/", "/effect/", "/errata/"):
        if marker in text:
            return text.split(marker, 1)[1]
    return text


# ---------------------------------------------------------------- typed answers

class RuleSection(BaseModel):
    """A section of the Comprehensive Rules."""

    section: str
    title: str | None = None
    text: str | None = None
    parent: str | None = None
    defines: list[str] = Field(default_factory=list)
    in_graph: bool = Field(True, description="False when only cited: the rules text was not loaded")


class Ruling(BaseModel):
    """An official Q&A ruling or a ruling from a wiki page."""

    id: str
    question: str | None = None
    answer: str | None = None
    kind: str | None = None
    cards: list[str] = Field(default_factory=list, description="cards it is filed under")
    related: list[str] = Field(default_factory=list, description="cards it names as related")
    keywords: list[str] = Field(default_factory=list, description="keywords it is about or mentions")
    about_keywords: list[str] = Field(default_factory=list, description="keywords it is about")
    cites: list[str] = Field(default_factory=list, description="rule sections it cites")


class Errata(BaseModel):
    """One official correction of a card's text."""

    before: str | None = None
    after: str | None = None
    notes: str | None = None


class Effect(BaseModel):
    """One effect printed on a card, with what the compiler made of it."""

    iri: str
    label: str | None = None
    part: str | None = None
    text: str | None = None
    timings: list[str] = Field(default_factory=list)
    category: str | None = None
    keywords: list[str] = Field(default_factory=list)
    grants: list[str] = Field(default_factory=list)
    event: str | None = None
    trigger_compiled: bool | None = None
    actions_compiled: bool | None = None


class Card(BaseModel):
    """A card with its effects, keywords, rulings and errata."""

    number: str
    name: str | None = None
    kinds: list[str] = Field(default_factory=list)
    level: int | None = None
    dp: int | None = None
    play_cost: int | None = None
    colors: list[str] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    grants: list[str] = Field(default_factory=list)
    rulings: list[Ruling] = Field(default_factory=list)
    errata: list[Errata] = Field(default_factory=list)


class Keyword(BaseModel):
    """A keyword effect (CR 16) with its rules, rulings and the cards that have or grant it."""

    name: str
    label: str | None = None
    category: str | None = None
    event: str | None = None
    requires: list[str] = Field(default_factory=list)
    primitive: str | None = None
    processed_at: str | None = None
    definition: str | None = None
    rule_sections: list[RuleSection] = Field(default_factory=list)
    rulings: list[Ruling] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list, description="cards that have it")
    granted_by: list[str] = Field(default_factory=list, description="cards that grant it")


class Timing(BaseModel):
    """An effect timing such as [On Play]: its event, turn window, rules and listeners."""

    name: str
    label: str | None = None
    category: str | None = None
    event: str | None = None
    live_in: str | None = None
    definition: str | None = None
    rule_sections: list[RuleSection] = Field(default_factory=list)
    steps: list[str] = Field(default_factory=list, description="attack steps that emit its event")
    effects: int = Field(0, description="how many effects are printed with it")


# ---------------------------------------------------------------- helpers

def _first(props: Props, pred: URIRef) -> Term | None:
    values = props.get(str(pred))
    return values[0] if values else None


def _text(props: Props, pred: URIRef) -> str | None:
    value = _first(props, pred)
    return None if value is None else str(value)


def _int(props: Props, pred: URIRef) -> int | None:
    value = _first(props, pred)
    try:
        return None if value is None else int(str(value))
    except ValueError:
        return None


def _bool(props: Props, pred: URIRef) -> bool | None:
    value = _first(props, pred)
    return None if value is None else str(value).lower() in ("true", "1")


def _names(props: Props, pred: URIRef | str) -> list[str]:
    return sorted({short(v) for v in props.get(str(pred), [])})


def _effect_order(effect: Effect) -> tuple[int, str, int]:
    *_, part, index = effect.iri.rsplit("/", 2)
    parts = ("main", "inherited", "security")
    return (parts.index(part) if part in parts else len(parts), part, int(index) if index.isdigit() else 0)


def _python(value: Any) -> Node:
    return value if isinstance(value, URIRef | Literal) else Literal(value)


class KnowledgeGraph:
    """Typed, parameterised access to a built graph in any store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __repr__(self) -> str:
        return f"KnowledgeGraph({self.store.location!r})"

    # -- low level
    def _grouped(self, query: str, **bindings: Node) -> dict[Term, Props]:
        """Rows of ``?s ?p ?o`` grouped into subject -> predicate -> objects, in first-seen order."""
        grouped: dict[Term, Props] = {}
        for s, p, o in self.store.select(query, **bindings).rows:
            grouped.setdefault(s, defaultdict(list))[str(p)].append(o)  # type: ignore[arg-type,index]
        return grouped

    def _props(self, subject: URIRef) -> Props:
        return self._grouped("SELECT ?s ?p ?o WHERE { ?s ?p ?o }", s=subject).get(subject, {})

    def sparql(self, query: str, **bindings: Any) -> SelectResult | bool | list[tuple[Term, Term, Term]]:
        """Run any read query; keyword arguments are bound as variables (plain values become literals).

        >>> kg = open_bundled()
        >>> kg.sparql("SELECT ?t WHERE { ?t dcg:labelTag ?tag }", tag="OnPlay").rows[0][0]
        rdflib.term.URIRef('https://dcg-kg.org/ns#OnPlay')
        >>> kg.sparql("ASK { dcg:Piercing a dcg:Keyword }")
        True
        """
        bound = {k: _python(v) for k, v in bindings.items()}
        form = query_form(query)
        if form == "ASK":
            return self.store.ask(query, **bound)
        if form in ("CONSTRUCT", "DESCRIBE"):
            return self.store.construct(query, **bound)
        return self.store.select(query, **bound)

    def named(self, name: str, **params: Any) -> SelectResult:
        """Run a query of the library (``queries/library/*.rq``) by name.

        >>> [str(r[0]) for r in open_bundled().named("check-keywords-without-rule")]
        []
        """
        from queries.library import run

        return run(self.store, name, params)

    # -- rules
    def _sections(self, iris: list[Term]) -> list[RuleSection]:
        return sorted((self._section(iri) for iri in dict.fromkeys(iris) if isinstance(iri, URIRef)),
                      key=lambda r: section_order(r.section))

    def _section(self, iri: URIRef) -> RuleSection:
        props = self._props(iri)
        return RuleSection(
            section=_text(props, DCG.sectionNumber) or short(iri), title=_text(props, DCG.title),
            text=_text(props, DCG.text), parent=short(_first(props, DCG.parentSection)) or None,
            defines=_names(props, DCG.defines), in_graph=bool(props.get(_TYPE)))

    def rule(self, section: str) -> RuleSection:
        """A rule section by number (``16-7-4``; ``CR 16-7-4`` and trailing dots are fine).

        >>> open_bundled().rule("CR 16-7-4").section
        '16-7-4'
        """
        number = section.strip().removeprefix("CR").strip().rstrip(".")
        iri = rule_iri(number)
        if not self.store.ask("ASK { { ?rule ?p ?o } UNION { ?s ?p ?rule } }", rule=iri):
            known = [str(r[0]) for r in self.store.select(
                "SELECT ?n WHERE { ?r dcg:sectionNumber ?n }")]
            raise names.UnknownName("rule section", number, names.close(number, known))
        return self._section(iri)

    # -- rulings
    def _rulings(self, query: str, **bindings: Node) -> list[Ruling]:
        out = []
        for iri, props in self._grouped(query, **bindings).items():
            out.append(Ruling(
                id=_text(props, DCG.rulingId) or short(iri), question=_text(props, DCG.question),
                answer=_text(props, DCG.answer), kind=_text(props, DCG.rulingKind),
                cards=_names(props, DCG.aboutCard), related=_names(props, DCG.relatedCard),
                keywords=sorted(set(_names(props, DCG.aboutKeyword) + _names(props, DCG.mentionsKeyword))),
                about_keywords=_names(props, DCG.aboutKeyword),
                cites=_names(props, DCG.citesRule)))
        return sorted(out, key=lambda r: (not r.id.startswith("Q"), len(r.id), r.id))

    def rulings(self, card: str | None = None, keyword: str | None = None, text: str | None = None,
                limit: int | None = None) -> list[Ruling]:
        """Rulings about (or naming) a card and/or a keyword, and/or whose text contains ``text``.

        >>> any("Piercing" in r.keywords for r in open_bundled().rulings(keyword="Piercing"))
        True
        """
        patterns, bound = [], {}
        if card:
            bound["card"] = names.resolve_card(self.store, card)
            patterns.append("?s dcg:aboutCard|dcg:relatedCard ?card .")
        if keyword:
            bound["keyword"] = names.resolve_keyword(self.store, keyword)
            patterns.append("?s dcg:aboutKeyword|dcg:mentionsKeyword ?keyword .")
        if text:
            bound["needle"] = Literal(text.lower())
            patterns.append("?s dcg:question|dcg:answer ?said . FILTER(CONTAINS(LCASE(STR(?said)), ?needle))")
        query = "SELECT DISTINCT ?s ?p ?o WHERE { ?s a dcg:Ruling . " + " ".join(patterns) + " ?s ?p ?o }"
        found = self._rulings(query, **bound)
        return found[:limit] if limit else found

    # -- cards
    def card(self, number: str) -> Card:
        """A card by number, with its effects, keywords, rulings and errata.

        >>> card = open_bundled().card("bt5-086")
        >>> card.number, card.name, card.keywords
        ('BT5-086', 'Omnimon', ['Blitz'])
        >>> [e.label for e in card.effects]
        ['WhenDigivolving', 'WhenDigivolving#2', 'AllTurns']
        """
        iri = names.resolve_card(self.store, number)
        props = self._props(iri)
        effects = self._grouped("""SELECT ?s ?p ?o WHERE { ?card dcg:hasEffect ?s .
            { ?s ?p ?o } UNION { ?s dcg:hasTrigger/dcg:onEvent ?o BIND(dcg:onEvent AS ?p) } }""", card=iri)
        errata = self._grouped("SELECT ?s ?p ?o WHERE { ?card dcg:errata ?s . ?s ?p ?o }", card=iri)
        rulings = self._rulings("""SELECT DISTINCT ?s ?p ?o WHERE { ?s dcg:aboutCard|dcg:relatedCard ?card ;
            a dcg:Ruling ; ?p ?o }""", card=iri)
        return Card(
            number=_text(props, DCG.cardNumber) or short(iri), name=_text(props, DCG.name),
            kinds=_names(props, _TYPE), level=_int(props, DCG.level), dp=_int(props, DCG.dp),
            play_cost=_int(props, DCG.playCost), colors=_names(props, DCG.color),
            effects=sorted((self._effect(e, p) for e, p in effects.items()), key=_effect_order),
            keywords=_names(props, DCG.hasKeyword), grants=_names(props, DCG.grantsKeyword),
            rulings=rulings,
            errata=[Errata(before=_text(p, DCG.before), after=_text(p, DCG.after), notes=_text(p, DCG.notes))
                    for p in errata.values()])

    def understood(self, number: str, corpus: str | Path | None = None) -> Any:
        """What the compiler understood of each effect of a card, in words, beside its printed text,
        and whether the engine can carry it out (``dcgkg card``): a
        :class:`queries.card_reading.CardReading`; ``corpus``: compile the card from that corpus's
        text instead of reading the graph.

        >>> reading = open_bundled().understood("BT5-086")
        >>> reading.effects[1].reads
        'When this Digimon digivolves [When Digivolving]: unsuspend this Digimon.'
        """
        from queries.card_reading import card_reading  # lazy: it loads the solver's gap checks

        return card_reading(self.store, number, Path(corpus) if corpus is not None else None)

    @staticmethod
    def _effect(iri: Term, props: Props) -> Effect:
        return Effect(
            iri=str(iri), label=_text(props, DCG.effectLabel), part=_text(props, DCG.textPart),
            text=_text(props, DCG.text), timings=_names(props, DCG.timing),
            category=short(_first(props, DCG.category)) or None, keywords=_names(props, DCG.hasKeyword),
            grants=_names(props, DCG.grantsKeyword), event=short(_first(props, DCG.onEvent)) or None,
            trigger_compiled=_bool(props, DCG.triggerCompiled),
            actions_compiled=_bool(props, DCG.actionsCompiled))

    # -- vocabulary
    def _rule_links(self, term: URIRef, props: Props) -> list[RuleSection]:
        defined = [r[0] for r in self.store.select("SELECT ?r WHERE { ?r dcg:defines ?t }", t=term)]
        return self._sections(props.get(str(DCG.ruleSection), []) + defined)  # type: ignore[arg-type]

    def keyword(self, name: str) -> Keyword:
        """A keyword by name (``Piercing``, ``<Security A.>``, ``security attack``).

        >>> kw = open_bundled().keyword("Piercing")
        >>> kw.category, kw.event, kw.rule_sections[0].section
        ('TriggerType', 'DeletedInBattle', '16-7')
        """
        iri = names.resolve_keyword(self.store, name)
        props = self._props(iri)
        cards = self.store.select("""SELECT DISTINCT ?n ?how WHERE {
            { ?c dcg:hasKeyword ?k BIND("has" AS ?how) }
            UNION { ?c dcg:grantsKeyword ?k BIND("grants" AS ?how) }
            UNION { ?e dcg:grantsKeyword ?k ; dcg:printedOn ?c BIND("grants" AS ?how) }
            ?c dcg:cardNumber ?n } ORDER BY ?n""", k=iri)
        rulings = self._rulings("""SELECT DISTINCT ?s ?p ?o WHERE {
            ?s dcg:aboutKeyword|dcg:mentionsKeyword ?k ; a dcg:Ruling ; ?p ?o }""", k=iri)
        rulings.sort(key=lambda r: short(iri) not in r.about_keywords)  # rulings about it first
        return Keyword(
            name=short(iri), label=_text(props, URIRef(_LABEL)),
            category=short(_first(props, DCG.category)) or None,
            event=short(_first(props, DCG.triggeredBy)) or None, requires=_names(props, DCG.requires),
            primitive=short(_first(props, DCG.primitive)) or None,
            processed_at=short(_first(props, DCG.processedAt)) or None,
            definition=_text(props, URIRef(_SKOS_DEF)), rule_sections=self._rule_links(iri, props),
            rulings=rulings,
            cards=[str(n) for n, how in cards if str(how) == "has"],
            granted_by=sorted({str(n) for n, how in cards if str(how) == "grants"}))

    def timing(self, name: str) -> Timing:
        """A timing by name (``OnDeletion``, ``[On Deletion]``, ``on deletion``).

        >>> t = open_bundled().timing("When Attacking")
        >>> t.event, t.steps
        ('AttackDeclared', ['AttackDeclarationStep'])
        """
        iri = names.resolve_timing(self.store, name)
        props = self._props(iri)
        steps = self.store.select("""SELECT ?step (COUNT(?prev) AS ?o) WHERE { ?t dcg:triggeredBy ?ev .
            ?step a dcg:AttackStep ; dcg:emits|dcg:mayEmit ?ev . OPTIONAL { ?prev dcg:nextStep+ ?step } }
            GROUP BY ?step ORDER BY ?o""", t=iri)
        count = self.store.select("SELECT (COUNT(?e) AS ?n) WHERE { ?e dcg:timing ?t }", t=iri).rows
        return Timing(
            name=short(iri), label=_text(props, URIRef(_LABEL)),
            category=short(_first(props, DCG.category)) or None,
            event=short(_first(props, DCG.triggeredBy)) or None,
            live_in=short(_first(props, DCG.liveIn)) or None, definition=_text(props, URIRef(_SKOS_DEF)),
            rule_sections=self._rule_links(iri, props), steps=[short(r[0]) for r in steps],
            effects=int(str(count[0][0])) if count and count[0][0] is not None else 0)

    # -- the solver
    def triggers(self, scenario: str | Path | Mapping[str, Any] | Any) -> list[dict[str, Any]]:
        """The batches of effects a scenario triggers, in order (delegates to ``kg.solver.simulate``).

        >>> [b["effects"] for b in open_bundled().triggers(EXAMPLE_SCENARIO)][0]
        ['omnimon/BT3-016/Piercing', 'devimon/BT2-074/Retaliation']
        """
        simulate = _solver()
        return simulate.trigger_batches(self.store, _scenario(simulate, scenario))  # type: ignore[no-any-return]

    def simulate(self, scenario: str | Path | Mapping[str, Any] | Any, *,
                 all_orders: bool = False) -> dict[str, Any]:
        """Play a scenario (a file, a mapping or a Scenario) out; the report of ``spec/scenario.md``.

        >>> report = open_bundled().simulate(EXAMPLE_SCENARIO)
        >>> report["deleted"], report["security_checks"]
        (['devimon'], {'A': 1, 'B': 0})
        """
        simulate = _solver()
        return simulate.simulate(self.store, _scenario(simulate, scenario),  # type: ignore[no-any-return]
                                 all_orders=all_orders)


def _solver() -> Any:
    try:
        import kg.solver.simulate as simulate
    except ImportError as exc:
        raise RuntimeError(f"the solver is not available: {exc}") from None
    return simulate


def _scenario(simulate: Any, scenario: Any) -> Any:
    if isinstance(scenario, str | Path | Mapping):
        return simulate.load_scenario(scenario)
    return scenario


def open(store: Store | str | Path | None = None) -> KnowledgeGraph:  # noqa: A001
    """The graph in ``store``: a Store, a built directory, ``:memory:``, a SPARQL endpoint URL,
    or (``None``) ``$DCGKG_STORE`` / the default store. ``:memory:`` gets the bundled graph built;
    a directory that holds no graph yet raises :class:`~kg.store.StoreError`.

    >>> open(":memory:").keyword("Blocker").category
    'Persistent'
    """
    if store is not None and not isinstance(store, str | Path):
        return KnowledgeGraph(store)
    opened = open_graph_store(store)  # a directory with no graph yet: StoreError
    len(opened)  # opens (and checks) the store now, not on the first question
    return KnowledgeGraph(opened)


@lru_cache(maxsize=1)
def open_bundled() -> KnowledgeGraph:
    """One in-memory graph of the bundled sources, built on first use and shared (read it only).

    >>> len(open_bundled().store) > 1000
    True
    """
    return open(MEMORY)
