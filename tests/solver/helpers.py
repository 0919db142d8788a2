"""Hand-built compiled effects and stores for solver unit tests."""

from __future__ import annotations

from typing import Any

from rdflib import Graph

from kg.build import ontology_store as build_ontology_store
from kg.store import Store


def ontology_store(*extra_turtle: str) -> Store:
    """A store holding the ontology alone (plus any extra Turtle): fast, no cards."""
    return build_ontology_store(*(Graph().parse(data=text, format="turtle") for text in extra_turtle))


def kw(keyword: str, value: int | None = None, part: str = "main", index: int = 1) -> dict[str, Any]:
    """A keyword effect record (``<Piercing>``)."""
    return {"card": "", "part": part, "index": index, "text": f"<{keyword}>",
            "keywords": [{"keyword": keyword, "value": value}], "label_tag": ""}


def effect(timings: list[str], actions: list[dict[str, Any]], *, trigger: dict[str, Any] | None = None,
           part: str = "main", index: int = 1, category: str = "TriggerType", tag: str = "",
           costs: list[dict[str, Any]] | None = None, tags: list[str] | None = None) -> dict[str, Any]:
    """A compiled effect record."""
    return {"card": "", "part": part, "index": index, "text": "", "timings": timings,
            "tags": tags or [], "label_tag": tag or (timings[0] if timings else ""),
            "compiled": {"category": category, "trigger": trigger, "actions": actions,
                         "costs": costs or [], "trigger_compiled": True, "actions_compiled": True}}


def digimon(name: str, dp: int, level: int = 5, effects: list[dict[str, Any]] | None = None,
            kind: str = "Digimon", cost: int = 5) -> dict[str, Any]:
    return {"name": name, "kind": kind, "level": level, "dp": dp, "play_cost": cost,
            "effects": effects or []}
