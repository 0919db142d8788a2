"""The compiler's vocabulary (ingest/compiler/vocabulary.py) is the whole of what it emits.

(a) every code a template of ``ingest/compiler/`` writes (a string given as ``verb=``, ``kind=``,
``zone=``, ``duration=``, ``processed_at=``, ``extreme=``, to a compiler function's ``verb`` /
``kind`` / ``zone`` parameter, assigned to such a field, or held in a table that feeds one) is
declared; (b) every code ``codes_of`` reports for the compiled seed cards and a sample of the
corpus is declared, or is an ontology local name of its class; (c) no declared code is dead.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest
from rdflib.namespace import RDF

import ontology
from ingest.cards import parse_card, records_of
from ingest.common import read_json
from ingest.compiler.effect_compiler import compile_record
from ingest.compiler.vocabulary import (
    CONDITION_KINDS,
    DURATIONS,
    FAMILIES,
    PROCESSING_POINTS,
    SELECTOR_EXTREMES,
    VERBS,
    WHILE_KINDS,
    ZONES,
    codes_of,
)
from ingest.effect_ir import Action, EffectRecord, Selector
from ingest.effects import compile_card, split_card
from ontology import DCG

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "ingest" / "compiler"
SEED = ROOT / "ingest" / "bundled" / "seed-cards.json"
CORPUS = ROOT.parent / "shared" / "corpus" / "cards.json"

#: Field (keyword argument, attribute, dict key, parameter name) -> the vocabulary family.
FIELDS = {
    "verb": "verb",
    "verbs": "verb",
    "kind": "condition",
    "zone": "zone",
    "zones": "zone",
    "duration": "duration",
    "processed_at": "point",
    "point": "point",
    "extreme": "extreme",
}
DECLARED = {
    "verb": VERBS,
    "condition": CONDITION_KINDS,
    "zone": ZONES,
    "duration": DURATIONS,
    "point": PROCESSING_POINTS,
    "extreme": SELECTOR_EXTREMES,
}
#: Tables whose entries (a dict's values, the last item of each tuple, a set's items) are codes
#: that no field assignment names: (module, table) -> (family, does it produce codes?).
TABLES = {
    ("actions", "_DURATIONS"): ("duration", True),
    ("body", "_DELAYED"): ("point", True),
    ("zones", "ZONE_PHRASES"): ("zone", True),
    ("per", "_ZONES"): ("zone", True),
    ("digivolve", "_ZONES"): ("zone", True),
    ("effect_compiler", "LASTING"): ("verb", False),  # verbs it reads, not writes
    ("per", "MULTIPLIED"): ("verb", False),
    ("number_phrases", "_WHAT"): ("verb", True),
}
#: Codes the IR gives when no template sets the field.
DEFAULTS = {
    ("zone", Selector.model_fields["zone"].default),
    ("duration", Action.model_fields["duration"].default),
}


class Scan:
    """The codes written in the compiler's source, with where each was found."""

    def __init__(self) -> None:
        self.found: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.consumed: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.problems: list[str] = []
        self.trees = {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.glob("*.py"))}
        #: (module, function) -> its positional parameter names and its *args name.
        self.params: dict[tuple[str, str], tuple[list[str], str | None]] = {}
        for module, tree in self.trees.items():
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef):
                    args = node.args
                    names = [a.arg for a in [*args.posonlyargs, *args.args]]
                    self.params[module, node.name] = (names, args.vararg.arg if args.vararg else None)

    def _params(self, module: str, func: str) -> tuple[list[str], str | None] | None:
        """The parameters of ``func`` as called in ``module``: its own, else the imported one's."""
        if (module, func) in self.params:
            return self.params[module, func]
        for node in self.trees[module].body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ingest.compiler"):
                source = (
                    (node.module or "").rpartition(".")[2] if node.module != "ingest.compiler" else "__init__"
                )
                if any(a.name == func for a in node.names) and (source, func) in self.params:
                    return self.params[source, func]
        return None

    def _module_value(self, module: str, name: str) -> ast.expr | None:
        for node in self.trees[module].body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return node.value  # type: ignore[union-attr]
        return None

    def codes(self, module: str, node: ast.expr | None, seen: frozenset[str] = frozenset()) -> list[str]:
        """The string codes an expression can evaluate to (module-level names resolved)."""
        if node is None:
            return []
        if isinstance(node, ast.Constant):
            return [node.value] if isinstance(node.value, str) else []
        if isinstance(node, ast.JoinedStr):
            self.problems.append(f"{module}.py:{node.lineno}: a code built by an f-string")
            return []
        if isinstance(node, ast.IfExp):
            return self.codes(module, node.body, seen) + self.codes(module, node.orelse, seen)
        if isinstance(node, ast.BoolOp):
            return [c for v in node.values for c in self.codes(module, v, seen)]
        if isinstance(node, ast.Subscript):
            return self.codes(module, node.value, seen)
        if isinstance(node, ast.Starred):
            return self.codes(module, node.value, seen)
        if isinstance(node, ast.Dict):
            return [c for v in node.values for c in self.codes(module, v, seen)]
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return [c for v in node.elts for c in self.codes(module, v, seen)]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            return self.codes(module, node.func.value, seen) + [
                c for a in node.args[1:] for c in self.codes(module, a, seen)
            ]
        if isinstance(node, ast.Name) and node.id not in seen:
            return self.codes(module, self._module_value(module, node.id), seen | {node.id})
        return []

    def _add(self, family: str, codes: list[str], where: str, consumed: bool = False) -> None:
        for code in codes:
            (self.consumed if consumed else self.found)[family, code].append(where)

    def _table(self, module: str, node: ast.expr) -> list[str]:
        if isinstance(node, ast.Dict):
            return [c for v in node.values if v is not None for c in self._entry(module, v)]
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            return [c for v in node.elts for c in self._entry(module, v)]
        raise AssertionError(f"{module}: a table of unknown shape")

    def _entry(self, module: str, node: ast.expr) -> list[str]:
        if isinstance(node, ast.Tuple):
            return self.codes(module, node.elts[-1])
        return self.codes(module, node) if isinstance(node, ast.Constant) else []

    def run(self) -> Scan:
        for (module, name), (family, produces) in TABLES.items():
            value = self._module_value(module, name)
            assert value is not None, f"table {module}.{name} is gone: update TABLES"
            self._add(family, self._table(module, value), f"{module}.{name}", consumed=not produces)
        for module, tree in self.trees.items():
            if module == "vocabulary":
                continue
            for node in ast.walk(tree):
                self._node(module, node)
        return self

    def _node(self, module: str, node: ast.AST) -> None:
        where = f"{module}.py:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Call):
            func = node.func.id if isinstance(node.func, ast.Name) else None
            for kw in node.keywords:
                if kw.arg in FIELDS and (kw.arg != "kind" or func == "Condition"):
                    self._add(FIELDS[kw.arg], self.codes(module, kw.value), where)
            if func is not None and (params := self._params(module, func)) is not None:
                names, vararg = params
                for i, arg in enumerate(node.args):
                    name = names[i] if i < len(names) else vararg
                    if name in FIELDS:
                        self._add(FIELDS[name], self.codes(module, arg), where)
        elif isinstance(node, ast.FunctionDef):
            args = node.args
            positional = [*args.posonlyargs, *args.args]
            for arg, default in zip(
                positional[len(positional) - len(args.defaults) :], args.defaults, strict=True
            ):
                if arg.arg in FIELDS:
                    self._add(FIELDS[arg.arg], self.codes(module, default), where)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (
                    list(zip(target.elts, node.value.elts, strict=False))
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                    else [(target, node.value)]
                )
                for one, value in pairs:
                    field = (
                        one.attr
                        if isinstance(one, ast.Attribute)
                        else one.id
                        if isinstance(one, ast.Name)
                        else None
                    )
                    if field in FIELDS:
                        self._add(FIELDS[field], self.codes(module, value), where)
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value in FIELDS and key.value != "kind":
                    self._add(FIELDS[key.value], self.codes(module, value), where)


@pytest.fixture(scope="module")
def scan() -> Scan:
    return Scan().run()


def test_every_code_a_template_writes_is_declared(scan: Scan) -> None:
    assert scan.problems == []
    undeclared = sorted(
        f"{family} {code!r} ({', '.join(places[:3])})"
        for found in (scan.found, scan.consumed)
        for (family, code), places in found.items()
        if code not in DECLARED[family]
    )
    assert undeclared == []


def test_the_scan_sees_the_templates(scan: Scan) -> None:
    """The scan finds codes of every family, through each way a template writes them."""
    found = set(scan.found)
    for expected in [
        ("verb", "delete"),  # on("delete")
        ("verb", "trash_top_sources"),  # a dict indexed in the builder
        ("verb", "cant_be_deleted_in_battle"),  # a conditional expression
        ("verb", "reduce_play_cost"),  # the default of .get
        ("condition", "has_at_most"),  # found.kind = ...
        ("condition", "memory_at_most"),  # _count("...")
        ("condition", "effect_deleted"),  # a module table indexed in the builder
        ("zone", "revealed"),
        ("zone", "hand"),  # card_select's default
        ("duration", "while_condition"),
        ("point", "EndOfBattlePoint"),
        ("extreme", "lowest_cost"),
    ]:
        assert expected in found


def test_no_declared_code_is_dead(scan: Scan) -> None:
    produced = set(scan.found) | DEFAULTS
    dead = sorted(
        f"{family} {code!r}"
        for family, codes in DECLARED.items()
        for code in codes
        if (family, code) not in produced
    )
    assert dead == []
    assert WHILE_KINDS <= CONDITION_KINDS
    assert set(FAMILIES) == {*DECLARED, "while"}


def _ontology_names() -> dict[str, set[str]]:
    graph = ontology.vocabulary_graph()
    classes = {
        "event": DCG.GameEvent,
        "trigger_condition": DCG.TriggerCondition,
        "timing": DCG.Timing,
        "usage_limit": DCG.UsageLimit,
        "keyword": DCG.Keyword,
        "point": DCG.ProcessingPoint,
    }
    return {
        family: {ontology.local(s) for s in graph.subjects(RDF.type, cls)} for family, cls in classes.items()
    }


def test_processing_points_are_the_ontologys() -> None:
    assert _ontology_names()["point"] >= PROCESSING_POINTS


def _compiled(path: Path, sample: int | None) -> list[EffectRecord]:
    """The cards of a cards file, read as ``ingest.cards`` reads them, split and compiled;
    ``sample``: about that many cards, every n-th by card number (deterministic)."""
    cards = sorted((parse_card(raw) for raw in records_of(read_json(path))), key=lambda c: c.number)
    if sample is not None:
        cards = cards[:: max(1, len(cards) // sample)]
    records = [r for card in cards for r in split_card(card.number, card.texts).effects]
    for record in records:
        record.compiled = compile_record(record)
    return records


def _check(records: list[EffectRecord]) -> None:
    names = _ontology_names()
    vocabulary = {**FAMILIES, **{f: frozenset(n) for f, n in names.items() if f != "point"}}
    unknown = sorted(
        {
            f"{record.card} {family} {code!r} ({span[:60]})"
            for record in records
            for family, code, span in codes_of(record)
            if code not in vocabulary[family]
        }
    )
    assert unknown == []


def test_codes_of_the_seed_cards_are_declared() -> None:
    records = _compiled(SEED, None)
    assert records
    _check(records)


@pytest.mark.skipif(not CORPUS.exists(), reason="no shared corpus beside the project")
def test_codes_of_a_corpus_sample_are_declared() -> None:
    records = _compiled(CORPUS, 500)
    assert len({r.card for r in records}) >= 400
    _check(records)


def test_codes_of_reports_every_part() -> None:
    """Costs, actions, nested selectors, persistent conditions, usage limits and keywords."""
    text = "[Your Turn] While this Digimon is suspended, it gets +1000 DP."
    (persistent,) = compile_card("X-1", inherited=text)
    codes = {(f, c) for f, c, _ in codes_of(persistent)}
    assert {("timing", "YourTurn"), ("while", "this_suspended"), ("duration", "while_condition")} <= codes
    (paid,) = compile_card(
        "X-2",
        "[Main][Once Per Turn] By trashing 1 card in your hand, 1 of your Digimon gets +1000 DP "
        "for each card in your trash for the turn.",
    )
    codes = {(f, c) for f, c, _ in codes_of(paid)}
    assert {
        ("usage_limit", "OncePerTurn"),
        ("verb", "trash_card"),
        ("verb", "dp_modify"),
        ("zone", "hand"),
        ("zone", "trash"),
        ("duration", "this_turn"),
    } <= codes
    assert not any(f == "event" for f, _ in codes)
    (blocker,) = compile_card("X-3", "<Blocker>")
    assert ("keyword", "Blocker") in {(f, c) for f, c, _ in codes_of(blocker)}
