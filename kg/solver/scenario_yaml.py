"""Scenario files read as YAML, fast: libyaml parses and composes the document (where PyYAML was
built with it), and the plain tree a scenario is — mappings, lists, strings, numbers, booleans,
nulls — is turned into Python objects directly, each scalar by PyYAML's own safe constructor.

Anything else (an alias, a merge key ``<<``, a tag like ``!!timestamp`` or ``!!set``) goes the
whole way through PyYAML's safe loader, so every file reads exactly as ``yaml.safe_load`` reads it.

Both ways hold the document to the bounds of :mod:`kg.solver.scenario_limits` as they walk its
nodes (no second pass over the text): a text too long, an integer too big, nesting too deep, and
for a document with aliases, too many values once they are expanded (measured on the composed
nodes, each node once, before anything is constructed) or an alias inside its own anchor.
libyaml itself refuses to nest flow brackets more than 1,000 deep, before composing.

>>> load_yaml("hand: [BT1-001]")
{'hand': ['BT1-001']}
>>> load_yaml("a: &x [1, 2]\\nb: *x")
{'a': [1, 2], 'b': [1, 2]}
>>> load_yaml("a: &x [1, 2]\\nb: [*x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x, *x]",
...           max_expanded=40)
Traceback (most recent call last):
...
kg.solver.scenario_limits.Refused: b.11: expected at most 40 values once YAML aliases are expanded \
(the anchor at line 1, column 4 is used here)
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from kg.solver.scenario_limits import (
    MAX_DEPTH,
    MAX_EXPANDED,
    MAX_INT_CHARS,
    MAX_TEXT,
    Refused,
    check_int,
    too_big,
    too_deep,
    too_long,
)

_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # type: ignore[assignment]

_TAG = "tag:yaml.org,2002:"
_SCALARS = {f"{_TAG}str": None, f"{_TAG}int": yaml.SafeLoader.construct_yaml_int,
            f"{_TAG}bool": yaml.SafeLoader.construct_yaml_bool,
            f"{_TAG}null": yaml.SafeLoader.construct_yaml_null,
            f"{_TAG}float": yaml.SafeLoader.construct_yaml_float}


class _Loader(_LOADER):  # type: ignore[valid-type, misc]
    """The safe loader, remembering what each scalar resolves to: a plain ``3`` is an int, a
    quoted one a string, whatever file it is in (the resolution depends on nothing else)."""

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        key = (kind, value, implicit)
        tag = _RESOLVED.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_RESOLVED) < 50_000:
                _RESOLVED[key] = tag
        return tag  # type: ignore[no-any-return]


_RESOLVED: dict[tuple[type, Any, Any], str] = {}


class _NotPlain(Exception):
    """The document is more than plain data: it is read by the full safe loader."""


def load_yaml(text: str, *, max_expanded: int = MAX_EXPANDED) -> Any:
    """The document of ``text``, as ``yaml.safe_load`` gives it. Raises ``yaml.YAMLError``, or
    :class:`Refused` (with the key path) for a document beyond the bounds."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        try:
            # an alias needs an anchor: without '&' in the text no node can appear twice
            return _plain(loader, node, set() if "&" in text else None, 0)
        except _NotPlain:
            _Expansion(loader, max_expanded).size(node, 0)
            return loader.construct_document(node)
    finally:
        loader.dispose()


def compose(text: str) -> Node | None:
    """The document's node tree, composed as :func:`load_yaml` composes it (by libyaml where PyYAML
    has it, which refuses flow brackets nested over 1,000 deep), for finding where a key is; raises
    ``yaml.YAMLError``."""
    loader = _Loader(text)
    try:
        return loader.get_single_node()  # type: ignore[no-any-return]
    finally:
        loader.dispose()


def _scalar(loader: Any, node: ScalarNode, construct: Any) -> Any:
    """A scalar longer than ten characters: within the bounds, then constructed."""
    value = node.value
    if len(value) > MAX_TEXT:
        raise too_long(value)
    if node.tag == f"{_TAG}int":
        if len(value) > MAX_INT_CHARS:
            raise too_big(value)
        number = construct(loader, node)
        check_int(number)
        return number
    return value if construct is None else construct(loader, node)


def _plain(loader: Any, node: Node, seen: set[int] | None, depth: int) -> Any:
    if seen is not None:
        if id(node) in seen:  # an alias: the full loader keeps it one shared object
            raise _NotPlain
        seen.add(id(node))
    if type(node) is ScalarNode:
        if node.tag not in _SCALARS:
            raise _NotPlain
        construct = _SCALARS[node.tag]
        if len(node.value) > 10:  # ten characters cannot hold a text or an integer too large
            try:
                return _scalar(loader, node, construct)
            except Refused as exc:
                raise _located(exc, node) from None
        return node.value if construct is None else construct(loader, node)
    if depth >= MAX_DEPTH:
        raise _located(too_deep(), node)
    if type(node) is SequenceNode and node.tag == f"{_TAG}seq":
        try:
            return [_plain(loader, item, seen, depth + 1) for item in node.value]
        except Refused as exc:
            raise exc.at(_index_of(node, exc)) from None
    if type(node) is MappingNode and node.tag == f"{_TAG}map":
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if type(key_node) is not ScalarNode:  # a list as a key: the full loader refuses it
                raise _NotPlain
            key = _plain(loader, key_node, seen, depth + 1)
            try:
                out[key] = _plain(loader, value_node, seen, depth + 1)  # '<<': not plain
            except Refused as exc:
                raise exc.at(key) from None
        return out
    raise _NotPlain


def _located(refused: Refused, node: Node) -> Refused:
    """``refused``, remembering where in the text the node it is about starts."""
    refused.offset = node.start_mark.index
    return refused


def _index_of(sequence: SequenceNode, refused: Refused) -> int | str:
    """Which item of ``sequence`` holds the node ``refused`` was raised for, by their places in
    the text (asked only once a document is refused, so the walk keeps no count)."""
    for i, item in enumerate(sequence.value):
        if item.start_mark.index <= refused.offset <= item.end_mark.index:
            return i
    return "?"


class _Expansion:
    """The size of a document with aliases as if every alias were copied out, and its depth,
    each node measured once; refuses a size past ``budget``, nesting past :data:`MAX_DEPTH`,
    an alias inside its own anchor, and texts and integers past their bounds."""

    def __init__(self, loader: Any, budget: int) -> None:
        self.loader, self.budget = loader, budget
        self.sizes: dict[int, tuple[int, int]] = {}  # node id -> (values, height)
        self.open: set[int] = set()
        self.total = 0

    def size(self, node: Node, depth: int) -> tuple[int, int]:
        key = id(node)
        known = self.sizes.get(key)
        if known is None:
            if key in self.open:
                raise Refused(f"expected no alias inside its own anchor (line {node.start_mark.line + 1})")
            self.open.add(key)
            known = self.sizes[key] = self._measure(node, depth)
            self.open.discard(key)
        else:
            self._count(known[0], node)
        if depth + known[1] > MAX_DEPTH:
            raise too_deep()
        return known

    def _count(self, values: int, node: Node) -> None:
        self.total += values
        if self.total > self.budget:
            mark = node.start_mark
            raise Refused(f"expected at most {self.budget:,} values once YAML aliases are expanded "
                          f"(the anchor at line {mark.line + 1}, column {mark.column + 1} is used here)")

    def _measure(self, node: Node, depth: int) -> tuple[int, int]:
        if isinstance(node, ScalarNode):
            if len(node.value) > 10:
                _scalar(self.loader, node, _SCALARS[node.tag] if node.tag == f"{_TAG}int" else None)
            self._count(1, node)
            return 1, 0
        if depth >= MAX_DEPTH:
            raise too_deep()
        values, height = 1, 0
        self._count(1, node)
        pairs = node.value if isinstance(node, MappingNode) else enumerate(node.value)
        for key, child in pairs:
            label = key.value if isinstance(key, ScalarNode) else key
            try:
                if isinstance(key, Node):
                    self.size(key, depth + 1)
                child_values, child_height = self.size(child, depth + 1)
            except Refused as exc:
                raise exc.at(label) from None
            values += child_values
            height = max(height, child_height + 1)
        return values, height
