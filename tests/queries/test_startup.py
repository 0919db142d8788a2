"""Start-up stays light: importing the command line, ``dcgkg --help`` and ``dcgkg sparql NAME``
load none of the heavy libraries (the solver, the compiler, rdflib's SHACL, networkx), and the
help still lists every command with its help line. Behaviour only; the times are in
bench/startup_bench.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from queries.cli import app
from queries.cli_app import plain

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("rdflib", "pyshacl", "networkx", "pydantic", "kg.solver", "ingest.compiler", "ingest.cards",
         "kg.build", "queries.api", "queries.diagrams", "yaml")
NOT_ON_IMPORT = (*HEAVY, "rich", "pyoxigraph", "kg.store", "ontology")

#: Runs the command line on argv[2:], then writes the names of the loaded modules to argv[1].
RUN = """
import json, sys
from queries.cli import app
try:
    app(sys.argv[2:])
except SystemExit:
    pass
with open(sys.argv[1], "w") as out:
    json.dump(sorted(sys.modules), out)
"""


def loaded(tmp_path: Path, *args: str) -> tuple[set[str], str]:
    """The modules a fresh interpreter holds after running ``dcgkg ARGS``, and its output."""
    names = tmp_path / "modules.json"
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "120", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", RUN, str(names), *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(names.read_text(encoding="utf-8"))), done.stdout


def heavy(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_importing_the_command_line_loads_no_heavy_module(tmp_path: Path) -> None:
    modules, _ = loaded(tmp_path)  # no arguments: typer prints the help, then the list is taken
    imported_only = subprocess.run(
        [sys.executable, "-c", "import json, sys, queries.cli; print(json.dumps(sorted(sys.modules)))"],
        env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO, capture_output=True, text=True,
        timeout=120, check=True)
    assert heavy(set(json.loads(imported_only.stdout)), NOT_ON_IMPORT) == []
    assert heavy(modules, HEAVY) == []


def test_help_lists_every_command_with_its_help_line(tmp_path: Path) -> None:
    modules, text = loaded(tmp_path, "--help")
    assert heavy(modules, HEAVY) == []
    flat = " ".join(text.replace("│", " ").split())
    commands = [info.name for info in app.registered_commands]
    assert len(commands) == 10  # … and gc (issue 12)
    for info in app.registered_commands:
        first_line = plain(info.callback.__doc__).split("\n\n")[0]  # type: ignore[union-attr]
        assert f"{info.name} {first_line}" in flat, info.name


def test_sparql_by_name_loads_no_heavy_module(tmp_path: Path, store_dir: str) -> None:
    for fmt in ("table", "json", "csv"):
        modules, text = loaded(tmp_path, "sparql", "timing-listeners", "--store", store_dir, "--format", fmt)
        assert "OnPlay" in text
        assert heavy(modules, (*HEAVY, "urllib.request", "importlib.metadata")) == [], fmt


def test_the_prefixes_are_rdflibs_namespaces() -> None:
    from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS, XSD

    import ontology

    expected = {"rdf": RDF, "rdfs": RDFS, "owl": OWL, "xsd": XSD, "skos": SKOS, "dcterms": DCTERMS,
                "prov": PROV,
                "dcg": ontology.DCG, "sh": ontology.SH}
    assert {k: ontology.PREFIXES[k] for k in expected} == {k: str(v) for k, v in expected.items()}


def test_text_parameters_take_the_values_typers_adapter_gives() -> None:
    import typer.main
    from typer._click import Context
    from typer._coercion import build_runtime_param

    group = typer.main.get_command(app)
    checked = 0
    for command in group.commands.values():  # type: ignore[attr-defined]
        for param in command.get_params(Context(command)):
            ours = getattr(param, "_runtime_param", None)
            if ours is None or type(ours).__name__ != "PlainText":
                continue
            adapter = build_runtime_param(param.type_descriptor)
            samples = {str: ["x", "", "ä b"], bool: [True, False], list[str]: [("a=b", "c"), ["d"]]}
            for value in samples[param.type_descriptor.annotation]:
                assert ours._coerce_value(value, param=param, ctx=None) == adapter._coerce_value(
                    value, param=param, ctx=None), (command.name, param.name, value)
            checked += 1
    assert checked >= 10
