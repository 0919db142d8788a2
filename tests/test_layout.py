"""The layout shows the flow: no import cycle anywhere in the project (imports inside functions
count too, those under ``if TYPE_CHECKING:`` do not), no two modules with one name in two jobs."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("kg", "ontology", "ingest", "queries")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        name = getattr(node, "test", None)
        if isinstance(node, ast.If) and getattr(name, "id", getattr(name, "attr", "")) == "TYPE_CHECKING":
            out |= {id(inner) for sub in node.body for inner in ast.walk(sub)}
    return out


def import_graph() -> nx.DiGraph:
    files = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")]
    modules = {_module(p): p for p in files}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_nodes(tree)
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                stem = ".".join(base + ([node.module] if node.module else []))
                targets = [stem, *(f"{stem}.{a.name}" for a in node.names)]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    graph.add_edge(name, target)
    return graph


def test_no_import_cycle_in_the_project() -> None:
    graph = import_graph()
    assert graph.number_of_nodes() > 50
    assert list(nx.simple_cycles(graph)) == []


def test_the_solver_does_not_import_the_query_layer() -> None:
    graph = import_graph()
    assert not [(a, b) for a, b in graph.edges if a.startswith(("kg", "ingest")) and b.startswith("queries")]
    assert not [(a, b) for a, b in graph.edges if a.startswith("ingest") and b.startswith("kg")]


def test_no_two_modules_share_a_name_across_packages() -> None:
    names: dict[str, set[str]] = defaultdict(set)
    for module in import_graph().nodes:
        leaf = module.rsplit(".", 1)[-1]
        if leaf not in PACKAGES + ("handlers", "solver", "store", "cli", "compiler"):
            names[leaf].add(module)
    shared = {leaf: sorted(mods) for leaf, mods in names.items() if len(mods) > 1}
    assert shared == {}, shared
