"""Named queries: headers, parameters bound as variables, static checks, and `dcgkg sparql`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from queries import library
from queries.cli import app

SAMPLE = {"Keyword": "Piercing", "Timing": "On Deletion", "Card": "BT3-016", "Ruling": "seed-piercing-1",
          "Effect": "BT5-086/main/3", "Literal": "x"}


@pytest.fixture(scope="module")
def cli():
    return CliRunner()


def test_every_query_has_a_header_and_runs(kg):
    queries = library.library()
    assert {"cards-with-keyword", "cards-granting-keyword", "effects-at-timing", "rulings-about-keyword",
            "rulings-about-card", "rules-for-ruling", "rules-for-effect", "check-unemitted-timings",
            "check-keywords-without-rule", "check-uncompiled-triggers"} <= set(queries)
    for named in queries.values():
        assert named.description, named.name
        values = {p.name: SAMPLE[p.kind] for p in named.params.values()}
        result = library.run(kg.store, named.name, values)
        assert result.vars, named.name


def test_parameters_are_resolved_to_iris(kg):
    numbers = [str(r[0]) for r in library.run(kg.store, "cards-with-keyword", {"keyword": "piercing"})]
    assert "BT3-016" in numbers
    granting = [str(r[0]) for r in library.run(kg.store, "cards-granting-keyword", {"keyword": "Security A"})]
    assert "BT3-106" in granting
    listeners = library.run(kg.store, "effects-at-timing", {"timing": "[On Deletion]"})
    assert all(str(row[4]).endswith("#Deleted") for row in listeners if row[4] is not None)
    sections = [str(r[0]) for r in library.run(kg.store, "rules-for-effect", {"effect": "BT5-086/main/3"})]
    assert "15-8-5" in sections


def test_static_checks(kg):
    unemitted = {str(r[0]).rsplit("#", 1)[1] for r in library.run(kg.store, "check-unemitted-timings")}
    assert "OnPlay" in unemitted  # card played is not an attack step's event
    assert not unemitted & {"WhenAttacking", "OnDeletion", "Security", "EndOfAttack"}
    assert len(library.run(kg.store, "check-keywords-without-rule")) == 0
    for row in library.run(kg.store, "check-uncompiled-triggers"):
        assert not kg.sparql("ASK { ?e dcg:triggerCompiled true }", e=row[1])


def test_bad_names_and_parameters_list_close_matches(kg):
    with pytest.raises(library.QueryError, match="did you mean: cards-with-keyword"):
        library.query("cards-with-keywords")
    with pytest.raises(library.QueryError, match="did you mean: keyword"):
        library.run(kg.store, "cards-with-keyword", {"keywrd": "Piercing"})
    with pytest.raises(library.QueryError, match="needs --param keyword"):
        library.run(kg.store, "cards-with-keyword", {})
    with pytest.raises(LookupError, match="did you mean: Piercing"):
        library.run(kg.store, "cards-with-keyword", {"keyword": "Pierce"})


def test_cli_list_and_param(cli, store_dir):
    listed = cli.invoke(app, ["sparql", "--list", "--store", store_dir])
    assert listed.exit_code == 0 and "cards-with-keyword" in listed.output
    ran = cli.invoke(app, ["sparql", "cards-with-keyword", "--param", "keyword=Piercing",
                           "--store", store_dir, "--format", "json"])
    assert ran.exit_code == 0, ran.output
    rows = json.loads(ran.output)["results"]["bindings"]
    assert "BT3-016" in [r["number"]["value"] for r in rows]


def test_cli_errors_are_short(cli, store_dir):
    typo = cli.invoke(app, ["sparql", "cards-with-keyword", "-p", "keyword=Piercin", "--store", store_dir])
    assert typo.exit_code == 2 and "did you mean: Piercing" in typo.output
    assert "Traceback" not in typo.output
    unknown = cli.invoke(app, ["sparql", "card-with-keyword", "--store", store_dir])
    assert unknown.exit_code == 2 and "cards-with-keyword" in unknown.output
    syntax = cli.invoke(app, ["sparql", "SELECT ?x WHERE {\n  ?x dcg:name", "--store", store_dir])
    assert syntax.exit_code == 2 and "line 2, column 14" in syntax.output


def test_cli_rq_file_with_header_params(cli, tmp_path, store_dir):
    path = tmp_path / "mine.rq"
    path.write_text("# Timings by tag.\n# @param tag Literal a label tag\n"
                    "SELECT ?t WHERE { ?t dcg:labelTag ?tag }\n", encoding="utf-8")
    ran = cli.invoke(app, ["sparql", str(path), "-p", "tag=OnPlay", "--store", store_dir, "--format", "csv"])
    assert ran.exit_code == 0, ran.output
    assert ran.output.splitlines() == ["t", "https://dcg-kg.org/ns#OnPlay"]
