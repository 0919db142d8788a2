"""Scenario files read as YAML, fast: libyaml parses and composes the document (where PyYAML was
built with it), and the plain tree a scenario is — mappings, lists, strings, numbers, booleans,
nulls — is turned into Python objects directly, each scalar by PyYAML's own safe constructor.

Anything else (an alias, a merge key ``<<``, a tag like ``!!timestamp`` or ``!!set``) goes the
whole way through PyYAML's safe loader, so every file reads exactly as ``yaml.safe_load`` reads it.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

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


def load_yaml(text: str) -> Any:
    """The document of ``text``, as ``yaml.safe_load`` gives it. Raises ``yaml.YAMLError``."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        try:
            # an alias needs an anchor: without '&' in the text no node can appear twice
            return _plain(loader, node, set() if "&" in text else None)
        except _NotPlain:
            return loader.construct_document(node)
    finally:
        loader.dispose()


def _plain(loader: Any, node: Node, seen: set[int] | None) -> Any:
    if seen is not None:
        if id(node) in seen:  # an alias: the full loader keeps it one shared object
            raise _NotPlain
        seen.add(id(node))
    if type(node) is ScalarNode:
        if node.tag not in _SCALARS:
            raise _NotPlain
        construct = _SCALARS[node.tag]
        return node.value if construct is None else construct(loader, node)
    if type(node) is SequenceNode and node.tag == f"{_TAG}seq":
        return [_plain(loader, item, seen) for item in node.value]
    if type(node) is MappingNode and node.tag == f"{_TAG}map":
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if type(key_node) is not ScalarNode:  # a list as a key: the full loader refuses it
                raise _NotPlain
            out[_plain(loader, key_node, seen)] = _plain(loader, value_node, seen)  # '<<': not plain
        return out
    raise _NotPlain
