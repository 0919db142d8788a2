"""Benchmark the command line's start-up: what ``dcgkg --help`` and ``dcgkg sparql NAME`` cost.

    python bench/startup_bench.py [--store DIR] [--query timing-listeners] [--runs 11] [--before TREE]

Each figure is the median of ``--runs`` fresh interpreters, the commands interleaved run by run
(the machine's load drifts alike for all). Beside them, in the same run, the baselines: ``python -c
pass`` (the interpreter alone) and ``import pyoxigraph`` (the store's engine, which ``sparql``
needs in any case); ratios are to ``python -c pass``.

- ``import queries.cli``: wall time, and the import time ``-X importtime`` reports for it;
- ``dcgkg --help`` and ``dcgkg sparql NAME --store DIR`` (``python -m queries.cli``): wall time.

``--before TREE``: also time the same commands with another source tree first on the path (for
instance ``git archive <commit> | tar -x -C TREE``), for before/after figures in one run. Without
``--store``, the bundled graph is built into a temporary directory first.

The modules' bytecode is cached (under a temporary ``PYTHONPYCACHEPREFIX``, so the trees stay as
they are), as an installed package has it, whatever ``PYTHONDONTWRITEBYTECODE`` says; with
``--no-bytecode`` every run compiles the sources again (what a checkout run with
``PYTHONDONTWRITEBYTECODE=1`` pays).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINES = ("python -c pass", "import pyoxigraph")
TIMED = re.compile(r"import time:\s+\d+ \|\s+(\d+) \| queries\.cli$", re.MULTILINE)


ENV = {**os.environ, "COLUMNS": "100"}


def run(argv: list[str], tree: Path) -> tuple[float, str]:
    """Wall seconds of one fresh interpreter running ``argv``, and its standard error."""
    env = {**ENV, "PYTHONPATH": str(tree)}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, *argv], env=env, cwd=tree, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} (in {tree}) failed:\n{done.stderr[-2000:]}")
    return seconds, done.stderr


def commands(store: str, query: str) -> dict[str, list[str]]:
    return {
        "python -c pass": ["-c", "pass"],
        "import pyoxigraph": ["-c", "import pyoxigraph"],
        "import queries.cli": ["-c", "import queries.cli"],
        "import queries.cli (-X importtime)": ["-X", "importtime", "-c", "import queries.cli"],
        "dcgkg --help": ["-m", "queries.cli", "--help"],
        f"dcgkg sparql {query}": ["-m", "queries.cli", "sparql", query, "--store", store],
    }


def measure(trees: dict[str, Path], store: str, query: str, runs: int) -> dict[tuple[str, str], float]:
    """Median seconds by (tree, command); the -X importtime row is the import time it reports."""
    samples: dict[tuple[str, str], list[float]] = {}
    for tree in trees.values():  # a first run writes the bytecode caches: not timed
        for argv in commands(store, query).values():
            run(argv, tree)
    for _ in range(runs):
        for label, tree in trees.items():
            for name, argv in commands(store, query).items():
                if name in BASELINES and label != next(iter(trees)):
                    continue  # the baselines do not depend on the tree
                seconds, stderr = run(argv, tree)
                if "-X" in argv:
                    found = TIMED.search(stderr)
                    assert found, "no import time reported for queries.cli"
                    seconds = int(found.group(1)) / 1e6
                samples.setdefault((label, name), []).append(seconds)
    return {key: statistics.median(values) for key, values in samples.items()}


def report(medians: dict[tuple[str, str], float], trees: dict[str, Path], runs: int) -> None:
    first = next(iter(trees))
    base = medians[(first, "python -c pass")]
    print(f"median of {runs} runs each, interleaved; ratio to 'python -c pass' ({base * 1000:.0f} ms)")
    print(f"{'':36}" + "".join(f"{label:>22}" for label in trees))
    names = dict.fromkeys(name for _label, name in medians)
    for name in names:
        cells = []
        for label in trees:
            value = medians.get((label, name), medians[(first, name)])
            cells.append(f"{value * 1000:8.0f} ms {value / base:5.2f}x")
        print(f"{name:36}" + "".join(f"{cell:>22}" for cell in cells))
    for other in list(trees)[1:]:
        print()
        for name in names:
            if (other, name) in medians:
                print(f"{name}: {other} / {first} = {medians[(other, name)] / medians[(first, name)]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", help="a built store for `sparql` (default: the bundled graph, built)")
    parser.add_argument("--query", default="timing-listeners",
                        help="the named query `sparql` runs (default: a quick one, 20 rows)")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--before", type=Path, help="another source tree to time beside this one")
    parser.add_argument("--no-bytecode", action="store_true", help="compile the sources on every run")
    args = parser.parse_args()
    trees = {"this tree": ROOT, **({"before": args.before.resolve()} if args.before else {})}
    with tempfile.TemporaryDirectory(prefix="startup-bench-") as scratch:
        if args.no_bytecode:
            ENV["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            ENV.pop("PYTHONDONTWRITEBYTECODE", None)
            ENV["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "bytecode")
        store = args.store
        if store is None:
            store = str(Path(scratch) / "store")
            run(["-m", "queries.cli", "build", "--store", store], ROOT)
        report(measure(trees, store, args.query, args.runs), trees, args.runs)


if __name__ == "__main__":
    main()
