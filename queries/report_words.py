"""Readable words beside the report's effect labels: a label ``SOURCE/CARD/TAG`` (the public
contract, kept as it is) reads as the player writes the effect: ``<Piercing>`` on Durandamon
(BT3-016) in omnimon's stack; a pending processing reads as what it is, not as a second
activation. Keyword and timing names, processing points and card names come from the graph.

>>> words = ReportWords(tags={"Piercing": "<Piercing>", "OnDeletion": "[On Deletion]"},
...                     pending={"Piercing": ("security check", "immediately before the end of attack")},
...                     cards={"BT3-016": "Durandamon"})
>>> words.effect({"label": "omnimon/BT3-016/Piercing", "kind": "trigger"})
"<Piercing> of Durandamon (BT3-016) in omnimon's stack"
>>> pending = words.effect({"label": "omnimon/BT3-016/Piercing", "kind": "pending"})
>>> pending.split(" of Dura")[0]
"<Piercing>'s security check (pending processing, immediately before the end of attack)"
>>> words.effect({"label": "A/X-1/OnDeletion#2", "kind": "trigger"})
'[On Deletion] (2nd of that card) of X-1, for player A'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rdflib import Literal

from kg.store import Store
from ontology import local

_TAGS = """SELECT ?tag ?label WHERE { ?x dcg:labelTag ?tag ; rdfs:label ?label }"""
_PENDING = """SELECT ?tag ?plabel ?what WHERE { ?k dcg:labelTag ?tag ; dcg:processedAt ?point .
  ?point rdfs:label ?plabel . OPTIONAL { ?k dcg:primitive/rdfs:label ?what } }"""
_EVENTS = """SELECT ?e ?label WHERE { ?e a dcg:GameEvent ; rdfs:label ?label }"""
_NAMES = """SELECT ?n ?name WHERE { ?c dcg:cardNumber ?n ; dcg:name ?name }"""
ORDINALS = {2: "2nd", 3: "3rd"}


@dataclass
class ReportWords:
    """Tag -> printed name (``<Piercing>``, ``[On Deletion]``); tag -> (what the pending processing
    does, when it is carried out); card number -> card name."""

    tags: dict[str, str] = field(default_factory=dict)
    pending: dict[str, tuple[str, str]] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)
    events: dict[str, str] = field(default_factory=dict)  # local name -> label ('deleted in battle')

    @classmethod
    def of(cls, store: Store, numbers: set[str], names: dict[str, str] | None = None) -> ReportWords:
        """The words for a report whose labels name the cards ``numbers``; ``names``: the scenario's
        own cards (they win over the graph's)."""
        tags = {str(t): str(label) for t, label in store.select(_TAGS)}
        pending = {}
        for tag, point, what in store.select(_PENDING):
            doing = str(what or "").removeprefix("schedule ") or "processing"
            pending[str(tag)] = (doing, str(point))
        # only the cards the labels name (bound as VALUES), not every card of the graph
        found = store.select(_NAMES, n=[Literal(n) for n in sorted(numbers)]) if numbers else []
        cards = {str(n): str(name) for n, name in found}
        events = {local(e): str(label) for e, label in store.select(_EVENTS)}
        return cls(tags, pending, {**cards, **(names or {})}, events)

    def event(self, text: str) -> str:
        """A batch's events (``DeletedInBattle devimon (with omnimon); ...``) in words.

        >>> ReportWords(events={"DeletedInBattle": "deleted in battle"}).event("DeletedInBattle d (with o)")
        'deleted in battle: d (with o)'
        """
        def one(part: str) -> str:
            name, _, rest = part.partition(" ")
            return f"{self.events.get(name, name)}{': ' + rest if rest else ''}"
        return "; ".join(one(p) for p in text.split("; "))

    def tag(self, tag: str) -> str:
        """``OnDeletion#2`` -> ``[On Deletion] (2nd of that card)``; an unknown tag as it is."""
        base, _, nth = tag.partition("#")
        name = self.tags.get(base, base)
        return name + (f" ({ORDINALS.get(int(nth), nth + 'th')} of that card)" if nth.isdigit() else "")

    def effect(self, entry: dict[str, Any]) -> str:
        """What an effect entry of the report is, in words."""
        source, card, tag = (str(entry["label"]).split("/") + ["", ""])[:3]
        name = self.tag(tag)
        if entry.get("kind") == "pending":
            doing, when = self.pending.get(tag.partition("#")[0], ("processing", ""))
            name = f"{name}'s {doing} (pending processing{', ' + when if when else ''})"
        printed = f"{self.cards[card]} ({card})" if card in self.cards else card
        where = f"for player {source}" if source in ("A", "B") else f"in {source}'s stack"
        if source == card:  # a Digimon that entered play without an alias: its number is its alias
            where = "in play"
        return f"{name} of {printed}{',' if source in ('A', 'B') else ''} {where}"


def label_numbers(report: dict[str, Any]) -> set[str]:
    """The card numbers the report's effect labels and batches name."""
    labels = [e["label"] for e in report.get("effects", [])]
    labels += [label for b in report.get("batches", []) for label in b.get("effects", [])]
    return {str(label).split("/")[1] for label in labels if str(label).count("/") >= 2}
