"""What the pages read from the graph beyond :class:`queries.api.KnowledgeGraph`: a ruling by
id (with its date), the dates of a card's rulings, a card's traits and printed texts, what
links to a rule section, and the records the search looks through (read once per graph)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kg.store import OxigraphStore, Store
from queries import names
from queries.api import KnowledgeGraph, Ruling, section_order, short

_TEXTS = "dcg:mainText|dcg:inheritedText|dcg:securityText|dcg:ruleText"
_DATES = "SELECT ?id ?date WHERE { ?r dcg:rulingId ?id ; dcterms:date ?date }"
WORD = re.compile(r"[a-z][a-z'-]{2,}")


@dataclass
class Record:
    """One thing the search can find: its page (kind, name), a title and the words it is found by."""

    kind: str
    name: str
    title: str
    keys: list[str] = field(default_factory=list)  # exact names: number, name, Q-number, section
    text: str = ""  # lower-cased words searched by substring
    snippet: str = ""


@dataclass
class CardFacts:
    """A card's printed facts the typed :class:`queries.api.Card` does not carry."""

    traits: list[str] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    rarity: str | None = None
    set: str | None = None
    digivolve: list[str] = field(default_factory=list)  # "from level 6 Red: cost 4", in printed order
    source: str | None = None  # where in its source file the card came from


@dataclass
class RuleLinks:
    """What points at a rule section: keywords and timings, rulings that cite it or a subsection of
    it, its subsections, the sections it refers to and those that refer to it."""

    terms: list[tuple[str, str]] = field(default_factory=list)  # (keyword|timing, name)
    rulings: list[str] = field(default_factory=list)
    subsections: list[tuple[str, str]] = field(default_factory=list)  # (number, title or text)
    refers_to: list[str] = field(default_factory=list)  # the sections its text refers to
    referred_by: list[tuple[str, str]] = field(default_factory=list)  # (number, text) of those citing it


@dataclass
class Index:
    """What the search reads, worked out once per store generation: the records, each card's
    name by number, the words of the names and texts (for correcting a misspelt word), and the
    cards each ruling is filed under."""

    generation: int
    records: list[Record]
    card_names: dict[str, str]
    words: list[str]
    filed: dict[str, list[str]] = field(default_factory=dict)  # the cards a ruling is filed under, by id
    sections: set[str] = field(default_factory=set)  # the rule sections' numbers
    questions: dict[str, str] = field(default_factory=dict)  # a ruling's question, by id
    #: the kind of each name a text may link: card numbers, ruling ids, rule section numbers with a
    #: dash (a bare ``13`` is more likely a count)
    linkable: dict[str, str] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)  # keyword or timing, by name
    dates: dict[str, str] = field(default_factory=dict)  # a ruling's date (official Q&A), by id


class PagesGraph(KnowledgeGraph):
    """The graph as the pages read it."""

    _index: Index | None = None

    def ruling(self, ruling_id: str) -> Ruling:
        """One ruling by Q-number or id; :class:`queries.names.UnknownName` with close ids."""
        iri = names.resolve_ruling(self.store, ruling_id)
        found = self._rulings("SELECT ?s ?p ?o WHERE { ?s ?p ?o }", s=iri)
        return found[0]

    def dates(self, ids: list[str]) -> dict[str, str]:
        """The date of each ruling that has one (official Q&A), by id."""
        if not ids:
            return {}
        known = self.index.dates
        return {i: known[i] for i in ids if i in known}

    def timings_of_ruling(self, iri_id: str) -> list[str]:
        iri = names.resolve_ruling(self.store, iri_id)
        return sorted({short(t) for (t,) in self.store.select(
            "SELECT ?t WHERE { ?r dcg:aboutTiming|dcg:mentionsTiming ?t }", r=iri)})

    def card_facts(self, number: str) -> CardFacts:
        iri = names.resolve_card(self.store, number)
        facts = CardFacts()
        for p, o in self.store.select(f"SELECT ?p ?o WHERE {{ ?c ?p ?o . VALUES ?p {{ {_values()} }} }}",
                                      c=iri):
            kind = short(p)
            if kind in ("form", "attribute", "type"):
                facts.traits.append(str(o))
            elif kind in ("rarity", "set"):
                setattr(facts, kind, str(o))
            else:
                facts.texts[kind] = str(o)
        facts.traits = sorted(dict.fromkeys(facts.traits))
        rows = self.store.select("""SELECT ?level ?color ?cost WHERE { ?c dcg:digivolveRequirement ?q
            OPTIONAL { ?q dcg:fromLevel ?level } OPTIONAL { ?q dcg:fromColor ?color }
            OPTIONAL { ?q dcg:cost ?cost } OPTIONAL { ?q dcg:position ?n } } ORDER BY ?n""", c=iri)
        facts.digivolve = [_requirement(level, color, cost) for level, color, cost in rows]
        sources = self.store.select("SELECT ?s WHERE { ?c dcg:sourceRecord ?s }", c=iri)
        facts.source = str(sources.rows[0][0]) if sources.rows else None
        return facts

    def rule_links(self, section: str) -> RuleLinks:
        from ontology import rule_iri

        iri = rule_iri(section)
        found = RuleLinks()
        for term, cls in self.store.select("""SELECT DISTINCT ?t ?cls WHERE {
                { ?t dcg:ruleSection ?r } UNION { ?r dcg:defines ?t } UNION { ?r dcg:mentionsKeyword ?t }
                UNION { ?r dcg:mentionsTiming ?t }
                ?t a ?cls FILTER(?cls IN (dcg:Keyword, dcg:Timing)) } ORDER BY ?t""", r=iri):
            found.terms.append(("keyword" if short(cls) == "Keyword" else "timing", short(term)))
        found.rulings = sorted({str(i) for (i,) in self.store.select(
            "SELECT ?id WHERE { ?x dcg:citesRule ?s ; dcg:rulingId ?id . ?s dcg:parentSection* ?r }", r=iri)},
            key=_ruling_key)
        found.refers_to = sorted({str(n) for (n,) in self.store.select(
            "SELECT ?n WHERE { ?r dcg:citesRule ?s . ?s dcg:sectionNumber ?n }", r=iri)}, key=section_order)
        found.referred_by = sorted(((str(n), str(t or "")) for n, t in self.store.select(
            """SELECT DISTINCT ?n ?t WHERE { ?s dcg:citesRule ?r ; a dcg:RuleSection ; dcg:sectionNumber ?n
            OPTIONAL { ?s dcg:text ?t } }""", r=iri)), key=lambda s: section_order(s[0]))
        subs = self.store.select("""SELECT ?n ?title ?text WHERE { ?s dcg:parentSection ?r ;
            dcg:sectionNumber ?n OPTIONAL { ?s dcg:title ?title } OPTIONAL { ?s dcg:text ?text } }""", r=iri)
        found.subsections = sorted(((str(n), str(title or text or "")) for n, title, text in subs),
                                   key=lambda s: section_order(s[0]))
        return found

    def timing_cards(self, name: str, limit: int = 200) -> list[tuple[str, str]]:
        """Cards printed with an effect at this timing (number, name), up to ``limit``."""
        iri = names.resolve_timing(self.store, name)
        rows = self.store.select("""SELECT DISTINCT ?n ?name WHERE { ?e dcg:timing ?t .
            ?c dcg:hasEffect ?e ; dcg:cardNumber ?n OPTIONAL { ?c dcg:name ?name } } ORDER BY ?n""", t=iri)
        return [(str(n), str(m or "")) for n, m in rows.rows[:limit]]

    def timing_rulings(self, name: str) -> tuple[list[str], list[str]]:
        """The ids of the rulings about the timing, and of those that only mention it."""
        iri = names.resolve_timing(self.store, name)
        about: set[str] = set()
        mentions: set[str] = set()
        for i, p in self.store.select("""SELECT ?id ?p WHERE { ?r ?p ?t ; dcg:rulingId ?id
                VALUES ?p { dcg:aboutTiming dcg:mentionsTiming } }""", t=iri):
            (about if short(p) == "aboutTiming" else mentions).add(str(i))
        return sorted(about, key=_ruling_key), sorted(mentions - about, key=_ruling_key)

    def vocabulary(self) -> list[tuple[str, str, str]]:
        """Every keyword and timing: (kind, name, label)."""
        rows = self.store.select("""SELECT ?t ?cls ?label WHERE { ?t a ?cls
            FILTER(?cls IN (dcg:Keyword, dcg:Timing)) OPTIONAL { ?t rdfs:label ?label } } ORDER BY ?t""")
        return [("keyword" if short(c) == "Keyword" else "timing", short(t), str(lb or short(t)))
                for t, c, lb in rows]

    def ready_index(self) -> Index | None:
        """The search's index if it is worked out for the store as it is, else None (not waited for)."""
        index = self._index
        return index if index is not None and index.generation == self.store.generation else None

    @property
    def index(self) -> Index:
        """The search's index, worked out again when the store's generation moves (a rebuild
        while serving is seen)."""
        generation = self.store.generation
        if self._index is None or self._index.generation != generation:
            cards = self._card_records()
            records = [*cards, *self._ruling_records(), *self._rule_records(),
                       *(Record(kind, name, label, [name, label], label.lower())
                         for kind, name, label in self.vocabulary())]
            filed: dict[str, list[str]] = {}
            rows = _text_rows(self.store, "SELECT ?id ?c WHERE { ?r dcg:rulingId ?id ; dcg:aboutCard ?c }")
            for ruling, card in rows:
                filed.setdefault(str(ruling), []).append(short(card))
            self._index = Index(
                generation, records, {r.name: r.keys[1] for r in cards}, _words(records),
                {i: sorted(c) for i, c in filed.items()}, {r.name for r in records if r.kind == "rule"},
                {r.name: r.snippet for r in records if r.kind == "ruling"},
                {r.name: r.kind for r in records
                 if r.kind in ("card", "ruling") or (r.kind == "rule" and "-" in r.name)},
                {r.name: r.kind for r in records if r.kind in ("keyword", "timing")},
                {str(i): str(d) for i, d in _text_rows(self.store, _DATES)})
        return self._index

    @property
    def records(self) -> list[Record]:
        """Everything the search looks through: cards, rulings, rule sections, keywords, timings."""
        return self.index.records

    def card_name(self, number: str) -> str:
        """The card's name ("" for a number the graph does not have)."""
        return self.index.card_names.get(number, "")

    def rules_for(self, query: str, param: str, value: str) -> list[tuple[str, str, str]]:
        """The rule sections a named query (``rules-for-effect``, ``rules-for-ruling``) gives for
        one thing: (section, via what, its text), in section order."""
        from queries.library import run

        rows = run(self.store, query, {param: value})
        return [(str(s), str(v), str(t or "")) for s, v, t, _rule in rows]

    def compiled(self, number: str) -> list[dict[str, object]]:
        """The compiled structure of each of the card's effects, in the order of its reading."""
        from kg.solver.card_facts import graph_cards
        from ontology import local

        found = local(names.resolve_card(self.store, number))
        info = graph_cards(self.store, [found]).get(found)
        records = info.effects if info else []
        return [r.compiled.model_dump(mode="json", exclude_defaults=True) for r in records]

    def _card_records(self) -> list[Record]:
        cards: dict[str, Record] = {}
        rows = _text_rows(self.store, f"""SELECT ?n ?name ?p ?o WHERE {{ ?c a dcg:Card ; dcg:cardNumber ?n .
            OPTIONAL {{ ?c dcg:name ?name }}
            OPTIONAL {{ ?c ?p ?o VALUES ?p {{ {_values()} dcg:hasKeyword }} }} }}""")
        for number, name, p, o in rows:
            key = str(number)
            rec = cards.get(key)
            if rec is None:
                rec = cards[key] = Record("card", key, f"{key} {name or ''}".strip(), [key, str(name or "")],
                                          str(name or "").lower())
            if o is None:
                continue
            prop = short(p)
            value = short(o) if prop == "hasKeyword" else str(o)
            if prop in ("mainText", "inheritedText") and not rec.snippet:
                rec.snippet = value
            rec.text += "\n" + value.lower()
        return sorted(cards.values(), key=lambda r: _number_key(r.name))

    def _ruling_records(self) -> list[Record]:
        rows = _text_rows(self.store, """SELECT ?id ?q ?a WHERE { ?r a dcg:Ruling ; dcg:rulingId ?id
            OPTIONAL { ?r dcg:question ?q } OPTIONAL { ?r dcg:answer ?a } }""")
        found = [Record("ruling", str(i), str(i), [str(i)], f"{q or ''}\n{a or ''}".lower(), str(q or ""))
                 for i, q, a in rows]
        return sorted(found, key=lambda r: _ruling_key(r.name))

    def _rule_records(self) -> list[Record]:
        rows = _text_rows(self.store, """SELECT ?n ?title ?text WHERE { ?r a dcg:RuleSection ;
            dcg:sectionNumber ?n OPTIONAL { ?r dcg:title ?title } OPTIONAL { ?r dcg:text ?text } }""")
        found = [Record("rule", str(n), f"CR {n}" + (f" {title}" if title else ""), [str(n), f"CR {n}"],
                        f"{title or ''}\n{text or ''}".lower(), str(text or ""))
                 for n, title, text in rows]
        return sorted(found, key=lambda r: section_order(r.name))


def _text_rows(store: Store, query: str) -> list[tuple[str | None, ...]]:
    """A SELECT's rows as its terms' texts (an IRI, a literal's value), read straight from pyoxigraph
    when the store is embedded: made into rdflib terms first, they took 2.6 s of the 6 s the
    search's index took on the full corpus."""
    if isinstance(store, OxigraphStore):
        result = store.raw_query(query)
        names_ = [v.value for v in result.variables]  # type: ignore[attr-defined]
        return [tuple(None if (t := row[n]) is None else t.value for n in names_)
                for row in result]  # type: ignore[attr-defined]
    return [tuple(None if t is None else str(t) for t in row) for row in store.select(query).rows]


def _values() -> str:
    return " ".join(f"dcg:{p}" for p in ("form", "attribute", "type", "rarity", "set", "mainText",
                                         "inheritedText", "securityText", "ruleText"))


def _requirement(level: object, color: object, cost: object) -> str:
    """A digivolve requirement in words: ``from level 6 Red: cost 4``."""
    parts = ("from", f"level {level}" if level is not None else "", str(color or ""))
    start = " ".join(x for x in parts if x)
    return start + (f": cost {cost}" if cost is not None else "")


def _words(records: list[Record]) -> list[str]:
    """Every word of three letters or more in the records' names and texts, for spelling."""
    found: set[str] = set()
    for record in records:
        found.update(WORD.findall(record.title.lower()))
        found.update(WORD.findall(record.text))
    return sorted(found)


def _number_key(number: str) -> tuple[str, int, str]:
    """Card numbers in set order: BT2-001 before BT10-001."""
    found = re.match(r"([A-Za-z]+)(\d*)-?(.*)", number)
    if not found:
        return (number, 0, "")
    letters, digits, rest = found.groups()
    return (letters, int(digits or 0), rest)


def _ruling_key(ruling_id: str) -> tuple[bool, int, str]:
    """Q-numbers first, in number order, then the seed and wiki rulings."""
    return (not ruling_id.startswith("Q"), len(ruling_id), ruling_id)
