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


class _NotPlain(Exception):
    """The document is more than plain data: it is read by the full safe loader."""


def load_yaml(text: str) -> Any:
    """The document of ``text``, as ``yaml.safe_load`` gives it. Raises ``yaml.YAMLError``."""
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        try:
            return _plain(loader, node, set())
        except _NotPlain:
            return loader.construct_document(node)
    finally:
        loader.dispose()


def _plain(loader: Any, node: Node, seen: set[int]) -> Any:
    if id(node) in seen:  # an alias: the full loader keeps it one shared object
        raise _NotPlain
    seen.add(id(node))
    if isinstance(node, ScalarNode):
        if node.tag not in _SCALARS:
            raise _NotPlain
        construct = _SCALARS[node.tag]
        return node.value if construct is None else construct(loader, node)
    if isinstance(node, SequenceNode) and node.tag == f"{_TAG}seq":
        return [_plain(loader, item, seen) for item in node.value]
    if isinstance(node, MappingNode) and node.tag == f"{_TAG}map":
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):  # a list as a key: the full loader refuses it
                raise _NotPlain
            out[_plain(loader, key_node, seen)] = _plain(loader, value_node, seen)  # '<<': not plain
        return out
    raise _NotPlain
