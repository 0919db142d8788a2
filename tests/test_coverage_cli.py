"""``dcgkg coverage``: counts and shares on a crafted pool, the bar on the shared corpus."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from queries.cli import app

runner = CliRunner()

POOL = [
    {"cardId": "X1-001", "nameEn": "A", "kinds": ["Digimon"], "level": 3, "playCost": 3, "dp": 3000,
     "effectText": "[On Play] Delete 1 of your opponent's Digimon with 3000 DP or less."
                   "[When Attacking] Swap the DP of 2 Digimon.",
     "inheritedEffectText": "<Piercing>"},
    {"cardId": "X1-002", "nameEn": "B", "kinds": ["Option"], "playCost": 2, "dp": 0,
     "effectText": "[Main] Swap the DP of 3 Digimon.",
     "securityEffectText": "[Security] Add this card to your hand."},
    {"cardId": "X1-003", "nameEn": "C", "kinds": ["Tamer"], "playCost": 2, "dp": 0,
     "effectText": "[Your Turn] When this Digimon sings, gain 1 memory."},
    {"cardId": None, "nameEn": "broken"},
]


def run(*args: str) -> dict:
    result = runner.invoke(app, ["coverage", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_crafted_pool_counts(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text(json.dumps(POOL), encoding="utf-8")
    report = run("--corpus", str(tmp_path))
    assert (report["cards"], report["effects"], report["skipped"]) == (3, 6, 1)
    # the sung trigger is not understood, but its action (gain 1 memory) is
    assert (report["triggers_compiled"], report["actions_compiled"]) == (5, 4)
    assert report["trigger_share"] == round(5 / 6, 4)
    assert report["action_share"] == round(4 / 6, 4)
    assert report["uncompiled_actions"][0] == {"shape": "swap the dp of N digimon", "count": 2}
    assert report["uncompiled_triggers"] == [{"shape": "when this digimon sings", "count": 1}]


def test_human_output_and_missing_pool(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text(json.dumps(POOL), encoding="utf-8")
    result = runner.invoke(app, ["coverage", "--corpus", str(tmp_path)])
    assert result.exit_code == 0
    assert "triggers compiled: 5" in result.output and "actions compiled:" in result.output
    missing = runner.invoke(app, ["coverage", "--corpus", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "no cards.json" in " ".join(missing.output.split())


def test_shared_corpus_meets_the_trigger_bar(corpus: Path) -> None:
    report = run("--corpus", str(corpus))
    assert report["cards"] == 4388
    assert report["triggers_compiled"] / report["effects"] >= 0.9
    assert report["trigger_share"] >= 0.9
    assert 0 < report["actions_compiled"] <= report["effects"]
    assert {"cards", "effects", "triggers_compiled", "actions_compiled", "action_share"} <= set(report)


def test_a_failed_part_is_reported_by_its_own_shape(tmp_path: Path) -> None:
    pool = [
        {"cardId": "X2-001", "nameEn": "D", "kinds": ["Digimon"], "level": 4, "playCost": 5, "dp": 5000,
         "effectText": "[On Play] By juggling 2 cards, delete 1 of your opponent's Digimon."
                       "[When Attacking] If you have a Tamer, you may swap the DP of 2 Digimon."}
    ]
    (tmp_path / "cards.json").write_text(json.dumps(pool), encoding="utf-8")
    report = run("--corpus", str(tmp_path))
    shapes = {row["shape"]: row["count"] for row in report["uncompiled_actions"]}
    # the cost, not the action it pays for; the action without its compiled condition and 'you may'
    assert shapes == {"juggling N cards": 1, "swap the dp of N digimon": 1}


def test_shared_corpus_action_share_does_not_fall_back(corpus: Path) -> None:
    assert run("--corpus", str(corpus))["action_share"] >= 0.6


LEVELS_POOL = [
    {"cardId": "X3-001", "nameEn": "Runs", "kinds": ["Digimon"], "level": 3, "playCost": 3, "dp": 3000,
     "effectText": "[On Play] Delete 1 of your opponent's Digimon with 3000 DP or less."},
    {"cardId": "X3-002", "nameEn": "Plays", "kinds": ["Digimon"], "level": 3, "playCost": 3, "dp": 3000,
     "effectText": "[Breeding] [Your Turn] When this Digimon digivolves, gain 1 memory."},
    {"cardId": "X3-003", "nameEn": "Swaps", "kinds": ["Digimon"], "level": 3, "playCost": 3, "dp": 3000,
     "effectText": "[When Attacking] Swap the DP of 2 Digimon."},
    {"cardId": "X3-004", "nameEn": "Blank", "kinds": ["Digimon"], "level": 3, "playCost": 3, "dp": 3000},
    {"cardId": "X3-005", "nameEn": "Saves", "kinds": ["Digimon"], "level": 5, "playCost": 7, "dp": 8000,
     "effectText": "<Blast DNA Digivolve ([Agumon] + [Gabumon])>"},
]


def test_three_levels_and_the_missing_handlers(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text(json.dumps(LEVELS_POOL), encoding="utf-8")
    report = run("--corpus", str(tmp_path))
    assert (report["cards"], report["cards_with_effects"]) == (5, 4)
    # trigger read: all four; compiled: Runs, Plays (Blast DNA Digivolve has no primitive: its action is not
    # compiled); executable: Runs only (effects that work from the breeding area are not carried out)
    assert (report["cards_trigger_read"], report["cards_compiled"], report["cards_executable"]) == (4, 2, 1)
    assert (report["effects"], report["effects_compiled"], report["effects_executable"]) == (4, 2, 1)
    assert report["card_shares"]["executable"] == 0.25
    first = report["missing_handlers"][0]
    silenced = "zone_icon:BreedingIcon"
    assert first["code"] == silenced and first["cards_it_alone_holds_back"] == 1
    assert {row["code"] for row in report["missing_handlers"]} >= {silenced, "keyword:BlastDNADigivolve"}
    human = runner.invoke(app, ["coverage", "--corpus", str(tmp_path)])
    assert "executable: 1 cards (25.0% of those with text)" in human.output
    assert "zone_icon:BreedingIcon" in human.output


def test_shared_corpus_reports_the_three_levels(corpus: Path) -> None:
    report = run("--corpus", str(corpus))
    keys = {"cards", "cards_with_effects", "cards_compiled", "cards_executable", "effects",
            "effects_compiled", "effects_executable", "missing_handlers"}
    assert keys <= set(report)
    assert report["cards_executable"] < report["cards_compiled"] < report["cards_trigger_read"]
    assert report["cards_with_effects"] == 4202
    ranked = [row["cards_it_alone_holds_back"] for row in report["missing_handlers"]]
    assert ranked == sorted(ranked, reverse=True) and ranked[0] > 0


FAMILY_POOL = [
    {"cardId": "X4-001", "nameEn": "E", "kinds": ["Digimon"], "level": 4, "playCost": 5, "dp": 5000,
     "effectText": "[On Play] By juggling 2 cards, delete 1 of your opponent's Digimon."
                   "[When Attacking] Swap the DP of 2 of your opponent's Digimon with [Greymon] "
                   "in their names and 3000 DP or less."},
    {"cardId": "X4-002", "nameEn": "F", "kinds": ["Digimon"], "level": 4, "playCost": 5, "dp": 5000,
     "effectText": "[When Attacking] Swap the DP of 2 of your opponent's Digimon with [Agumon] "
                   "in their names and 4000 DP or less."},
    {"cardId": "X4-003", "nameEn": "G", "kinds": ["Tamer"], "playCost": 2, "dp": 0,
     "effectText": "[Your Turn] When this Tamer sings, gain 1 memory."},
]


def test_failed_parts_are_named_whole_and_grouped_by_family(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text(json.dumps(FAMILY_POOL), encoding="utf-8")
    report = run("--corpus", str(tmp_path))
    families = {f["family"]: f for f in report["uncompiled_families"]}
    assert set(families) == {"cost", "DP", "trigger"}
    dp = families["DP"]
    # the whole clause (not six words), the same wording on two cards counted once each
    assert (dp["cards"], dp["shapes"]) == (2, 1)
    assert dp["top"] == [{"shape": "swap the dp of N of your opponent's digimon with [X] in their names "
                                   "and N dp or less", "part": "action", "cards": 2, "example_card": "X4-001",
                          "example": "Swap the DP of 2 of your opponent's Digimon with [Greymon] "
                                     "in their names and 3000 DP or less"}]
    assert families["cost"]["top"][0]["shape"] == "juggling N cards"
    assert families["trigger"]["top"][0]["shape"] == "when this tamer sings"
    # the old keys keep their meaning, with whole shapes
    assert report["uncompiled_actions"][0]["shape"] == dp["top"][0]["shape"]
    human = runner.invoke(app, ["coverage", "--corpus", str(tmp_path)], env={"COLUMNS": "200"})
    whole = "swap the dp of N of your opponent's digimon with [X] in their names and N dp or less"
    assert whole in human.output
    assert "not compiled, by family" in human.output


def test_a_pool_that_compiles_whole_says_so(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text(json.dumps(LEVELS_POOL[:1]), encoding="utf-8")
    human = runner.invoke(app, ["coverage", "--corpus", str(tmp_path)])
    assert human.exit_code == 0
    assert "missing handlers: none" in human.output
    assert "not compiled: nothing, every effect compiled whole" in human.output
