"""``dcgkg sparql`` within bounds (issue 12): a query stopped at its timeout or memory bound, an
answer cut at its row cap, each with a clear message and exit 2, never a traceback; the store
answers the next query as before."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CROSS = "?a ?b ?c . ?d ?e ?f"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bounds") / "store"
    subprocess.run([sys.executable, "-m", "queries", "build", "--store", str(folder)], cwd=ROOT,
                   check=True, capture_output=True, timeout=300)
    return folder


def sparql(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "queries", "sparql", "--store", str(store), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def rows(text: str) -> int:
    """The rows of a CSV answer (a text may hold line breaks), the header left out."""
    return len(list(csv.reader(io.StringIO(text)))) - 1


def refused(answer: subprocess.CompletedProcess[str], words: str) -> None:
    assert answer.returncode == 2, answer.stderr
    assert words in answer.stderr and "Traceback" not in answer.stderr + answer.stdout


def test_a_cross_join_is_stopped_at_its_timeout(store):
    refused(sparql(store, f"SELECT (COUNT(*) AS ?n) WHERE {{ {CROSS} }}", "--timeout", "1"),
            "the query was stopped after 1 s (--timeout SECONDS gives it longer)")
    assert sparql(store, "ASK { ?s ?p ?o }").stdout == "true\n"  # the store is as it was


def test_an_ordered_cross_join_is_stopped_at_its_memory_bound(store):
    refused(sparql(store, f"SELECT * WHERE {{ {CROSS} }} ORDER BY ?f LIMIT 1", "--max-memory-mb", "40"),
            "the query was stopped: it needed more than 40 MB (--max-memory-mb MB gives it more)")


def test_a_large_answer_is_cut_at_the_row_cap_and_says_so(store):
    answer = sparql(store, f"SELECT * WHERE {{ {CROSS} }}", "--format", "csv", "--max-rows", "5")
    refused(answer, "the answer has more than 5 rows: only the first 5 are shown")
    assert rows(answer.stdout) == 5
    every = sparql(store, "SELECT ?p WHERE { ?s ?p ?o } LIMIT 7", "--format", "csv", "--max-rows", "7")
    assert every.returncode == 0 and rows(every.stdout) == 7  # exactly the cap: not cut


def test_the_default_row_cap_holds_a_cross_join_to_ten_thousand_rows(store):
    answer = sparql(store, f"SELECT * WHERE {{ {CROSS} }}", "--format", "csv")
    refused(answer, "the answer has more than 10,000 rows")
    assert rows(answer.stdout) == 10_000


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--timeout", "soon", "--timeout must be a number, not 'soon'"),
    ("--timeout", "0", "--timeout must be above 0 seconds"),
    ("--max-rows", "-1", "--max-rows must be a finite number, 0 or more"),
    ("--max-memory-mb", "1.5", "--max-memory-mb must be a whole number"),
])
def test_bad_bounds_are_refused(store, option, value, words):
    refused(sparql(store, "ASK { ?s ?p ?o }", option, value), words)


def test_the_guard_refuses_service_and_deep_nesting_before_the_parser(store):
    refused(sparql(store, "SELECT * WHERE { SERVICE <http://127.0.0.1:9/x> { ?s ?p ?o } }"), "SERVICE")
    nested = "ASK { FILTER(" + "(" * 5000 + "1" + ")" * 5000 + ") }"
    answer = sparql(store, nested)
    refused(answer, "the query nests brackets more than 128 deep")
