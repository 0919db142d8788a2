"""The cards a scenario uses: printed facts from the graph (or the scenario's ``cards:`` block)
and their compiled effects."""

from __future__ import annotations

import functools
import re
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field

from rdflib import RDF, Literal, URIRef

from ingest.effect_ir import Action, EffectRecord
from kg.solver.effect_reader import load_effects
from kg.solver.registry import REGISTRY
from kg.store import Store
from ontology import local

# CR 2-3-1: a name the card's text adds is read with its printed facts, wherever the card is
REGISTRY.consulted("verb", "also_named", "kg.solver.card_facts.CardInfo.names (names in every zone)")
REGISTRY.consulted("verb", "also_has_trait", "kg.solver.card_facts.alias_traits (traits in every zone)")

KINDS = {"DigimonCard": "Digimon", "TamerCard": "Tamer", "OptionCard": "Option",
         "DigiEggCard": "Digi-Egg"}


#: A card rule that adds names or traits, in every zone ('[Rule] Name: Also treated as [A]/[B]',
#: '(Rule) Name: Treated as having [Leomon]': in its name only, not that name, QA Q2420, Q2421, Q2428;
#: '[Rule] Trait: Has the [Aquatic] type'); CR 2-3-1, 2-3-4.
_RULE_FACTS = {
    "names": re.compile(r"[\[(]Rule[\])]\s*Name:\s*Also treated as (?!having)(?P<x>[^.\n]+)", re.I),
    "in_name": re.compile(r"[\[(]Rule[\])]\s*Name:\s*(?:Also )?treated as having (?P<x>[^.\n]+)", re.I),
    "traits": re.compile(r"[\[(]Rule[\])]\s*Trait:\s*Has (?P<x>[^.\n]+)", re.I),
}


#: The heading of a DigiXros requirement (CR 2-3-7).
_XROS_HEAD = re.compile(r"\[?DigiXros\s*-\s*\d+", re.I)


def rule_facts(text: str, what: str) -> list[str]:
    """The names (``names``), parts of names (``in_name``) or traits (``traits``) the card's rule
    lines add.

    >>> rule_facts("[On Play] Draw 1. (Rule) Name: Also treated as [Shoutmon]/[Ballistamon].", "names")
    ['Shoutmon', 'Ballistamon']
    >>> rule_facts("[Rule] Name: Treated as having [Etemon]/[Sukamon]", "names")
    []
    >>> rule_facts("[Rule] Trait: Has [Boss] and [D-Brigade]", "traits")
    ['Boss', 'D-Brigade']
    """
    return [n.strip() for m in _RULE_FACTS[what].finditer(text) for n in re.findall(r"\[([^\]]+)\]", m["x"])]


@dataclass(frozen=True)
class Requirement:
    """One printed digivolution requirement: from a level-N card of a colour, for a cost (CR 2-3-5)."""

    level: int | None
    color: str | None
    cost: int | None


@dataclass
class CardInfo:
    """A card's printed facts and compiled effects. Complete when made (graph_cards, a scenario's
    ``cards:`` block, a token), then only read: its names are worked out once."""

    number: str
    name: str = ""
    kind: str = "Digimon"
    level: int | None = None
    dp: int | None = None
    play_cost: int | None = None
    digivolve_cost: int | None = None
    traits: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=list)
    text: str = ""  # every printed text, for "with [X] in its text"
    effects: list[EffectRecord] = field(default_factory=list)
    requirements: list[Requirement] = field(default_factory=list)  # digivolution requirements
    link_dp: int | None = None       # DP its linked Digimon gets (CR 2-3-11-4-5)
    link_requirement: str = ""       # as printed: '[Link] [Appmon] trait: Cost 1' (CR 2-3-11-4-2)

    def requirement_cost(self, level: int | None, colors: list[str], *,
                         unstated_fits: bool = False) -> int | None:
        """The cost of the cheapest printed digivolution requirement a card of this level and these
        colours meets (CR 2-3-5, 8-1-2-1), or None. ``unstated_fits``: a level or colours the card
        does not state (a scenario card given without them) are not held against a requirement."""
        met = [r.cost or 0 for r in self.requirements
               if (r.level is None or r.level == level or (unstated_fits and level is None))
               and (r.color is None or r.color in colors or (unstated_fits and not colors))]
        return min(met) if met else None

    @functools.cached_property
    def names(self) -> list[str]:
        """Its name and the names its text says it also has ('also treated as [X]'), in every zone."""
        return [self.name, *(n for a in self._aliases if a.selector and a.selector.name
                             for n in a.selector.name.split("/")), *rule_facts(self.text, "names")]

    @functools.cached_property
    def name_parts(self) -> list[str]:
        """What 'with [X] in its name' looks in: its names and 'also treated as having [X] in its name'."""
        return [*self.names, *(n for a in self._aliases if a.selector and a.selector.name_contains
                               for n in a.selector.name_contains.split("/")),
                *rule_facts(self.text, "in_name")]

    @property
    def prints_xros(self) -> bool:
        """Whether the card prints DigiXros requirements (CR 2-3-7): 'DigiXros -2: …', '[DigiXros -1] …'."""
        return _XROS_HEAD.search(self.text) is not None

    @functools.cached_property
    def _aliases(self) -> list[Action]:
        return [a for e in self.effects if e.compiled.category == "Persistent" and not e.compiled.conditions
                for a in e.compiled.actions if a.verb == "also_named" and a.compiled]


def alias_traits(effects: Iterable[EffectRecord]) -> list[str]:
    """The traits the card's text says it also has ('… is also treated as having the [Cyborg] trait'),
    in every zone (CR 2-3-4-2-1)."""
    return [t for e in effects if e.compiled.category == "Persistent" and not e.compiled.conditions
            for a in e.compiled.actions if a.verb == "also_has_trait" and a.compiled and a.selector
            and a.selector.trait for t in a.selector.trait.split("/")]


BLANK = CardInfo(number="", name="(blank card)", kind="Blank")

#: One row per (card, fact, value): no OPTIONAL cross product (a card with 3 traits and 2 colours
#: is 5 rows, not 6 times every other fact). ``?p`` names the fact; ``evo`` is a requirement's cost.
_FACTS = """
SELECT ?num ?p ?o WHERE {
  ?c dcg:cardNumber ?num .
  { VALUES ?p { dcg:name rdf:type dcg:level dcg:dp dcg:playCost dcg:form dcg:attribute dcg:type dcg:color
                dcg:linkDp dcg:linkRequirement dcg:mainText dcg:inheritedText dcg:securityText }
    ?c ?p ?o }
  UNION { ?c dcg:digivolveRequirement/dcg:cost ?o BIND("evo" AS ?p) }
}"""


_REQUIREMENTS = """
SELECT ?num ?pos ?level ?color ?cost WHERE {
  ?c dcg:cardNumber ?num ; dcg:digivolveRequirement ?r .
  OPTIONAL { ?r dcg:position ?pos } OPTIONAL { ?r dcg:fromLevel ?level }
  OPTIONAL { ?r dcg:fromColor ?color } OPTIONAL { ?r dcg:cost ?cost }
} ORDER BY ?num ?pos"""


def _int(term: object) -> int | None:
    return int(term.toPython()) if isinstance(term, Literal) else None


def card_catalogue(store: Store) -> list[str]:
    """Every card number in the graph (for close-match hints)."""
    return [str(n) for (n,) in store.select("SELECT DISTINCT ?n WHERE { ?c dcg:cardNumber ?n }")]


#: Integer facts and the CardInfo field each fills.
_INTS = {"level": "level", "dp": "dp", "playCost": "play_cost", "linkDp": "link_dp"}
_TEXTS = ("mainText", "inheritedText", "securityText")  # in the order "with [X] in its text" reads them

#: Per store: (graph generation, card number -> its facts, or None when the graph has no such card).
#: The CardInfo objects are shared by every run on that graph: the solver reads them, never changes them.
_FACTS_CACHE: weakref.WeakKeyDictionary[Store, tuple[int, dict[str, CardInfo | None]]] = (
    weakref.WeakKeyDictionary())


def graph_cards(store: Store, numbers: Iterable[str]) -> dict[str, CardInfo]:
    """Printed facts of these cards from the graph (absent numbers are left out), looked up once
    per store and graph generation (a rebuild starts afresh)."""
    generation = store.generation
    cached = _FACTS_CACHE.get(store)
    if cached is None or cached[0] != generation:
        cached = (generation, {})
        _FACTS_CACHE[store] = cached
    known = cached[1]
    wanted = set(numbers)
    missing = sorted(wanted - known.keys())
    if missing:
        found = _read_cards(store, missing)
        known.update((n, found.get(n)) for n in missing)
    return {n: info for n in sorted(wanted) if (info := known[n]) is not None}


def _fact(pred: object) -> str:
    """The name of a _FACTS row's fact: ``kind`` for rdf:type (dcg:type is a trait)."""
    if pred == RDF.type:
        return "kind"
    return local(pred) if isinstance(pred, URIRef) else str(pred)


def _read_cards(store: Store, wanted: list[str]) -> dict[str, CardInfo]:
    cards: dict[str, CardInfo] = {}
    texts: dict[str, dict[str, str]] = {}
    for num, pred, value in store.select(_FACTS, num=[Literal(n) for n in wanted]):
        number, fact = str(num), _fact(pred)
        info = cards.setdefault(number, CardInfo(number=number))
        if fact == "name":
            info.name = str(value)
        elif fact == "kind":
            if local(value) in KINDS:
                info.kind = KINDS[local(value)]
        elif fact in _INTS:
            setattr(info, _INTS[fact], _int(value))
        elif fact == "evo":
            cost = _int(value)
            if cost is not None and (info.digivolve_cost is None or cost < info.digivolve_cost):
                info.digivolve_cost = cost
        elif fact in ("form", "attribute", "type"):
            if str(value) not in info.traits:
                info.traits.append(str(value))
        elif fact == "color":
            if str(value) not in info.colors:
                info.colors.append(str(value))
        elif fact == "linkRequirement":
            info.link_requirement = str(value)
        else:  # one of _TEXTS
            texts.setdefault(number, {})[fact] = str(value)
    for number, info in cards.items():
        given = texts.get(number, {})
        info.text = "\n".join(given[t] for t in _TEXTS if t in given)
        # traits a card rule adds ('[Rule] Trait: Has the [Aquatic] type')
        info.traits += [t for t in rule_facts(info.text, "traits") if t not in info.traits]
    for num, _pos, level, color, cost in store.select(_REQUIREMENTS, num=[Literal(n) for n in wanted]):
        if str(num) in cards:
            cards[str(num)].requirements.append(
                Requirement(_int(level), str(color) if color is not None else None, _int(cost)))
    effects = graph_effects(store, list(cards))
    for number, records in effects.items():
        if number in cards:
            cards[number].effects = records
            cards[number].traits += [t for t in alias_traits(records) if t not in cards[number].traits]
    return cards


def graph_effects(store: Store, numbers: list[str]) -> dict[str, list[EffectRecord]]:
    """Compiled effects read back from the graph."""
    return load_effects(store, numbers)


def compile_texts(number: str, main: str, inherited: str, security: str,
                  link: str = "") -> list[EffectRecord]:
    """Compile a scenario card's texts with the project's effect compiler (``link``: its link effect).
    The same texts compile to the same records, so the last few thousand are kept (the records are
    read, never changed: a scenario run again, a workbench, --all-orders)."""
    if not (main or inherited or security or link):
        return []
    return list(_compiled(number, main, inherited, security, link))


def clear_compiled() -> None:
    """Forget the kept compiled texts (benchmarks of the compiler's share)."""
    _compiled.cache_clear()


@functools.lru_cache(maxsize=4096)
def _compiled(number: str, main: str, inherited: str, security: str, link: str) -> tuple[EffectRecord, ...]:
    from ingest.effects import compile_card  # the compiler loads only when a scenario gives texts

    return tuple(compile_card(number, main or None, inherited or None, security or None, link=link or None))
