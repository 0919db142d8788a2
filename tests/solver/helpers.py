"""Hand-built compiled effects and stores for solver unit tests."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from kg.build import ontology_triples, write_ntriples
from kg.store import Store, open_store


def ontology_store(*extra_turtle: str) -> Store:
    """A store holding the ontology alone (plus any extra Turtle): fast, no cards."""
    from rdflib import Graph

    triples = list(ontology_triples().triples)
    for text in extra_turtle:
        triples += list(Graph().parse(data=text, format="turtle"))
    store = open_store(":memory:")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "o.nt"
        write_ntriples(triples, path)
        store.replace_ntriples(path)
    return store


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
