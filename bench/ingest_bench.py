"""Benchmark the Python ingest of a full build (``kg.build.collect``), per source, beside a baseline
measured in the same processes, and against another checkout's code in the same run.

    python bench/ingest_bench.py [--corpus ../shared/corpus] [--pages ../shared/seeds] [--runs 3]
                                 [--before /work/main]

Each run is a fresh process (imports and caches cold, as in ``dcgkg build``) timing ``collect()``
only; a source's time is the time between the progress messages around it. Baseline, in the same
process: ``json.load`` of the corpus's JSON files with every record visited, and reading the text
sources: what any ingest of these files must do. ``--before DIR`` runs the same measurement on the
code of DIR (``PYTHONPATH=DIR``, e.g. the main checkout), interleaved with this checkout's runs;
figures are medians. ``--profile`` prints the cProfile top of one run of this checkout instead.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]


def _visit(value: Any) -> int:
    """Every value of a JSON document, counted (the baseline's 'iterate the records')."""
    if isinstance(value, dict):
        return 1 + sum(_visit(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_visit(v) for v in value)
    return 1


def _baseline(corpus: list[Path], pages: list[Path]) -> float:
    """Seconds to read every source file and visit every JSON record, without ingesting."""
    from kg.build import CORPUS_FILES

    started = time.perf_counter()
    for folder in corpus:
        for name in CORPUS_FILES:
            path = folder / name
            if not path.exists():
                continue
            text = path.read_text(encoding="utf-8")
            if name.endswith(".json"):
                _visit(json.loads(text))
    for page in pages:
        for path in sorted(page.glob("*.txt")) if page.is_dir() else [page]:
            path.read_text(encoding="utf-8")
    return time.perf_counter() - started


def _label(message: str) -> str:
    """A progress message of ``collect`` -> the source it names."""
    if message.startswith("reading the wiki page"):
        return "wiki pages"
    if message.startswith("reading the bundled"):
        return "bundled"
    return Path(message.removeprefix("reading ")).name


def child(corpus: list[Path], pages: list[Path]) -> dict[str, Any]:
    """One measurement in this process: per-source seconds, total, baseline, triple count."""
    from kg.build import Inputs, collect

    baseline = _baseline(corpus, pages)
    times: dict[str, float] = {}
    current, mark = "ontology", time.perf_counter()

    def progress(message: str) -> None:
        nonlocal current, mark
        now = time.perf_counter()
        times[current] = times.get(current, 0.0) + now - mark
        current, mark = _label(message), now

    started = time.perf_counter()
    results = collect(Inputs(corpus=corpus, pages=pages), progress)
    end = time.perf_counter()
    times[current] = times.get(current, 0.0) + end - mark
    return {"sources": times, "total": end - started, "baseline": baseline,
            "triples": sum(len(r.triples) for r in results)}


def _run(code: Path, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child",
               "--corpus", *args.corpus, "--pages", *args.pages]
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])  # type: ignore[no-any-return]


def _median(runs: list[dict[str, Any]], key: str, source: str | None = None) -> float:
    return statistics.median(r["sources"].get(source, 0.0) if source else r[key] for r in runs)


def report(named: dict[str, list[dict[str, Any]]]) -> None:
    """Print the medians per source and in all, the baseline, and the ratios."""
    names = list(named)
    sources = list(dict.fromkeys(s for runs in named.values() for r in runs for s in r["sources"]))
    print(f"{'seconds (median)':<22}" + "".join(f"{n:>12}" for n in names)
          + ("   before/after" if len(names) == 2 else ""))
    rows = [(s, [_median(named[n], "", s) for n in names]) for s in sources]
    rows.append(("ingest in all", [_median(named[n], "total") for n in names]))
    rows.append(("baseline (read+json)", [_median(named[n], "baseline") for n in names]))
    for label, values in rows:
        ratio = f"{values[0] / values[1]:>14.2f}x" if len(values) == 2 and values[1] else ""
        print(f"{label:<22}" + "".join(f"{v:>12.3f}" for v in values) + ratio)
    for n in names:
        total, base = _median(named[n], "total"), _median(named[n], "baseline")
        triples = {r["triples"] for r in named[n]}
        print(f"{n}: ingest = {total / base:.1f}x the baseline; triples {sorted(triples)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", nargs="+", default=[str(HERE.parent / "shared" / "corpus")])
    parser.add_argument("--pages", nargs="+", default=[str(HERE.parent / "shared" / "seeds")])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout to compare with (its code)")
    parser.add_argument("--profile", action="store_true", help="the cProfile top of one run instead")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    corpus, pages = [Path(c) for c in args.corpus], [Path(p) for p in args.pages]
    if args.child:
        print(json.dumps(child(corpus, pages)))
        return
    if args.profile:
        import cProfile
        import pstats

        sys.path.insert(0, str(HERE))
        with cProfile.Profile() as profile:
            child(corpus, pages)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    codes = {"before": args.before, "after": HERE} if args.before else {"this": HERE}
    named: dict[str, list[dict[str, Any]]] = {n: [] for n in codes}
    for i in range(args.runs):  # interleaved: the machine's load falls on both alike
        for name, code in codes.items():
            named[name].append(_run(code, args))
            print(f"run {i + 1}/{args.runs} {name}: {named[name][-1]['total']:.2f} s", file=sys.stderr)
    report(named)


if __name__ == "__main__":
    main()
