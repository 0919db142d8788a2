"""The rules index checked against the registry: every code the graph or the effect compiler
names is bound to a handler or declared unsupported in the graph, and never both.

A graph that names a code with neither is refused with the code, its family and the Turtle file
that names it, so a keyword, timing or verb added in Turtle alone cannot be silently ignored.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import kg.solver.handlers  # noqa: F401  (binds every handler into the registry)
from ingest.compiler import vocabulary
from kg.solver.registry import REGISTRY, UnboundCode
from ontology import ontology_files

__all__ = ["UnboundCode", "check_bindings", "turtle_file", "unbound"]

if TYPE_CHECKING:
    from kg.solver.rules_index import RulesIndex

#: The compiler's vocabulary, by registry family (ingest/compiler/vocabulary.py).
COMPILER_CODES: dict[str, frozenset[str]] = {
    "verb": vocabulary.VERBS,
    "condition": vocabulary.CONDITION_KINDS,
    "while": vocabulary.WHILE_KINDS,
    "duration": vocabulary.DURATIONS,
    "zone": vocabulary.ZONES,
}


def turtle_file(name: str) -> str:
    """The ontology file that defines ``dcg:name``, or a note that the store alone has it."""
    pattern = re.compile(rf"^dcg:{re.escape(name)}\s+a\s", re.MULTILINE)
    for path in ontology_files():
        if pattern.search(path.read_text(encoding="utf-8")):
            return f"ontology/{path.name}"
    return "the store's graph (not in ontology/*.ttl)"


def unbound(index: RulesIndex) -> list[str]:
    """One message per code that is neither bound nor declared unsupported, or both."""
    problems: list[str] = []

    def judge(family: str, code: str, node: str | None) -> None:
        bound = REGISTRY.handler(family, code) is not None
        declared = (family, code) in index.unsupported
        if bound == (not declared):
            return
        where = f"dcg:{node} in {turtle_file(node)}" if node else "ingest/compiler/vocabulary.py"
        if bound and declared:
            problems.append(f"{family} code {code!r} ({where}) is bound to "
                            f"{REGISTRY.entry(family, code).where} and declared dcg:unsupported: "  # type: ignore[union-attr]
                            "expected one of the two")
        elif not bound and not declared:
            problems.append(f"{family} code {code!r} ({where}) has no handler in kg/solver/handlers "
                            "and is not declared dcg:unsupported")

    for family, codes in sorted(index.graph_codes.items()):
        for code, node in sorted(codes.items()):
            if family == "event" and (code in index.announced or code in index.either):
                continue  # emitted by the step announcing it (dcg:emits), or as its members (dcg:happensAs)
            judge(family, code, node)
    for name, rule in sorted(index.keywords.items()):
        if rule.primitive is None and ("keyword", name) not in index.unsupported:
            problems.append(f"keyword {name!r} (dcg:{name} in {turtle_file(name)}) has no dcg:primitive "
                            "and is not declared dcg:unsupported")
    for family, codes in COMPILER_CODES.items():
        for code in sorted(codes):
            judge(family, code, None)
    point_codes = {index.points.get(p, p) for p in vocabulary.PROCESSING_POINTS}
    for code in sorted(point_codes - set(index.graph_codes.get("point", {}))):
        problems.append(f"point {code!r} (ingest/compiler/vocabulary.py) is no dcg:ProcessingPoint "
                        "of the graph")
    return problems


def check_bindings(index: RulesIndex) -> None:
    """Raise UnboundCode listing every code with neither a handler nor dcg:unsupported."""
    problems = unbound(index)
    if problems:
        raise UnboundCode("the rules index cannot be compiled (if the store was built by an older dcg-kg, "
                          "run `dcgkg build` again):\n  " + "\n  ".join(problems))
