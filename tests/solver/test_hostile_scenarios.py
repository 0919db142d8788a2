"""Hostile scenario files (issue 12, part 3): each is refused with exit 2 and a message naming the
file, the key path and what was expected, at once and without a traceback; the same refusal
reaches the Python API. Every file is small and written in the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import queries
from kg.solver.scenario import ScenarioError, load_scenario

REPO = Path(__file__).resolve().parents[2]
PLAIN = """scenario: 1
id: hostile
memory: {memory}
players:
  A:
    battle_area:
      - {{id: att, stack: [BT1-024]}}
    security: {security}
    deck: {deck}
  B:
    battle_area:
      - {{id: tgt, stack: [BT1-014], suspended: true}}
{extra}actions:
  - attack: {{attacker: att, target: tgt}}
"""


def scenario(memory: str = "0", security: str = "3", deck: str = "5", extra: str = "") -> str:
    return PLAIN.format(memory=memory, security=security, deck=deck, extra=extra)


def bomb() -> str:
    """A billion laughs: nine levels of nine aliases under ``expect``."""
    lines = ["expect:", "  l0: &a0 [BT1-001, BT1-001, BT1-001, BT1-001, BT1-001, BT1-001, BT1-001, BT1-001]"]
    lines += [f"  l{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return "\n".join(lines) + "\n"


CASES: dict[str, tuple[str, bytes, str, str]] = {
    # name: (suffix, content, key path, words of the reason)
    "security-1e9": (".yaml", scenario(security="1000000000").encode(), "players.A.security",
                     "a count of blank cards, 0 to 50 of them (got 1000000000)"),
    "security-negative": (".yaml", scenario(security="-5").encode(), "players.A.security",
                          "a count of blank cards, 0 to 50 of them (got -5)"),
    "deck-negative": (".yaml", scenario(deck="-1").encode(), "players.A.deck",
                      "a count of blank cards, 0 to 60 of them (got -1)"),
    "deck-list-too-long": (".yaml", scenario(deck="[" + ", ".join(["BT1-001"] * 61) + "]").encode(),
                           "players.A.deck", "0 to 60 of them"),
    "memory-past-gauge": (".yaml", scenario(memory="11").encode(), "memory",
                          "the memory gauge, from -10 to 10 (CR 1-4-2-2) (got 11)"),
    "memory-negative": (".yaml", scenario(memory="-50").encode(), "memory", "from -10 to 10"),
    "hand-too-long": (".yaml", scenario().replace("    deck: 5\n", "    deck: 5\n    hand: [" + ", ".join(
        ["BT1-001"] * 61) + "]\n").encode(), "players.A.hand", "at most 60 entries (got 61)"),
    "alias-bomb": (".yaml", scenario(extra=bomb()).encode(), "expect.l4.0",
                   "at most 10,000 values once YAML aliases are expanded"),
    "alias-in-hand": (".yaml", (bomb() + scenario()).replace("    deck: 5\n", "    deck: 5\n    hand: *a8\n")
                      .encode(), "expect.l4.0", "at most 10,000 values once YAML aliases are expanded"),
    "alias-cycle": (".yaml", scenario(extra="expect: &loop {self: *loop}\n").encode(), "expect.self",
                    "no alias inside its own anchor"),
    "deep-yaml": (".yaml", scenario(extra="expect: {a: " + "[" * 900 + "]" * 900 + "}\n").encode(),
                  "expect.a" + ".0" * 30, "nested at most 32 deep"),
    "deep-json": (".json", b'{"scenario": 1, "id": "x", "expect": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                  "(top level)", "nested at most 32 deep"),
    "huge-int-yaml": (".yaml", scenario(memory="9" * 5000).encode(), "memory",
                      "an integer of at most 10 digits (got 999999999999...999999 (5,000 characters))"),
    "huge-int-json": (".json", b'{"scenario": 1, "id": "x", "players": {"A": {"deck": '
                      + b"7" * 5000 + b"}}}",
                      "players.A.deck", "an integer of at most 10 digits"),
    "long-effect": (".yaml",
                    scenario(extra="cards:\n  X-001:\n    effect: \"" + "x" * 5001 + "\"\n").encode(),
                    "cards.X-001.effect", "a text of at most 5,000 characters (got 5,001)"),
    "big-file": (".yaml", (scenario() + "# padding\n" * 110_000).encode(), "(top level)",
                 "the file is larger than 1,000,000 bytes"),
    "binary": (".yaml", bytes(range(256)) * 4, "(top level)",
               "not UTF-8 text (byte 0x80 at line 2, offset 128)"),
    "latin-1": (".yaml", scenario().replace("id: hostile", "id: hostile\ntitle: café").encode("latin-1"),
                "(top level)", "not UTF-8 text (byte 0xe9 at line 3"),
}


def write(tmp_path: Path, name: str) -> Path:
    suffix, content, _, _ = CASES[name]
    path = tmp_path / f"{name}{suffix}"
    path.write_bytes(content)
    return path


@pytest.mark.parametrize("name", list(CASES))
def test_load_scenario_refuses_with_the_key_path(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, name)
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    _, _, key, words = CASES[name]
    assert refused.value.file == str(path)
    assert (refused.value.path or "(top level)") == key
    assert words in refused.value.reason


@pytest.mark.parametrize("name", ["security-1e9", "alias-in-hand", "deep-yaml", "binary", "huge-int-yaml"])
def test_dcgkg_simulate_exits_2_without_a_traceback(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, name)
    done = subprocess.run([sys.executable, "-m", "queries", "simulate", str(path), "--store", ":memory:"],
                          cwd=REPO, capture_output=True, text=True, timeout=120,  # a safety net only
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "COLUMNS": "400"})
    _, _, key, words = CASES[name]
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert f"{path}: {key}: " in done.stderr and words in done.stderr
    assert done.stdout == ""


def test_the_api_raises_the_scenario_error(tmp_path: Path, bundled_store) -> None:
    path = write(tmp_path, "memory-past-gauge")
    with pytest.raises(ScenarioError, match="memory: expected the memory gauge"):
        queries.open(bundled_store).simulate(path)


def test_a_mapping_is_held_to_the_same_bounds() -> None:
    with pytest.raises(ScenarioError) as refused:
        load_scenario({"scenario": 1, "id": "x", "players": {"A": {"hand": ["x" * 6000]}}})
    assert refused.value.path == "players.A.hand.0"
    assert "at most 5,000 characters" in refused.value.reason


def test_within_the_bounds_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "fine.yaml"
    path.write_text(scenario(memory="-10", security="50", deck="[" + ", ".join(["BT1-001"] * 60) + "]",
                             extra="expect: &e {a: [1, 2]}\ndecisions: {order: []}\n"), encoding="utf-8")
    loaded = load_scenario(path)
    assert loaded.memory == -10 and loaded.players.A.security == 50 and len(loaded.players.A.deck) == 60


@pytest.mark.parametrize("name", ["security-1e9", "alias-in-hand", "memory-past-gauge"])
def test_the_workbench_shows_the_located_refusal(name: str) -> None:
    from queries.web.pages.workbench import play

    _, content, key, words = CASES[name]
    run = play(None, "pasted", content.decode(), all_orders=False)  # type: ignore[arg-type]  # refused before the graph
    assert not run.report and run.scenario is None
    assert run.refused.startswith(f"pasted: {key}: ") and words in run.refused
