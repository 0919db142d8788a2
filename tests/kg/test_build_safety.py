"""Builds that are safe together and after a kill (issue 12, part 1): real processes race to
replace one store and are killed at random points; afterwards the store opens, holds one whole
graph of one of the builds, CURRENT names a generation that exists, and the next build (or
``dcgkg gc``) leaves no other generation and no temporary file behind."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from kg.store import OxigraphStore, StoreError
from kg.store.garbage import GENERATION
from kg.store.lock import StoreBusy, StoreLock
from queries.cli import app

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200", "NO_COLOR": "1"}

#: argv: store, triples, replacements, go-file. Waits for the go-file, then replaces the graph
#: with ``triples`` triples whose subjects all name that size, that many times.
WRITER = """
import sys, time
from pathlib import Path
from kg.store import OxigraphStore
root, size, times, go = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
text = "".join(f'<urn:dcgkg-test:s{size}-{k}> <urn:dcgkg-test:p> "{k}" .\\n' for k in range(size))
while not go.exists():
    time.sleep(0.005)
for _ in range(times):
    OxigraphStore(root).replace_ntriples(text)
"""

#: argv: store, seconds. Holds the store's lock, as a running build does, with its half-written
#: generation; says "held" on stdout once it has them, then sleeps.
HOLDER = """
import sys, time
from pathlib import Path
from kg.store.lock import StoreLock
root = Path(sys.argv[1])
with StoreLock(root, wait=0):
    (root / "graph-20260101-000000-1-1").mkdir()
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _graph(size: int) -> str:
    """The N-Triples a writer of this size writes (as WRITER does)."""
    return "".join(f'<urn:dcgkg-test:s{size}-{k}> <urn:dcgkg-test:p> "{k}" .\n' for k in range(size))


def _writer(root: Path, size: int, times: int, go: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(root), str(size), str(times), str(go)],
                            env=ENV, stderr=subprocess.PIPE)


def _holder(root: Path, seconds: float) -> subprocess.Popen[str]:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(root), str(seconds)], env=ENV,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def _one_whole_graph(root: Path, sizes: set[int]) -> int:
    """Check the store opens and holds the whole graph of exactly one writer; its size."""
    current = (root / "CURRENT").read_text(encoding="utf-8").strip()
    assert (root / current).is_dir(), f"CURRENT names {current}, which does not exist"
    store = OxigraphStore(root, create=False)
    count = len(store)
    assert count in sizes
    mine = store.select(f'SELECT (COUNT(*) AS ?n) {{ ?s ?p ?o FILTER(STRSTARTS(STR(?s), '
                        f'"urn:dcgkg-test:s{count}-")) }}').rows[0][0]
    assert mine is not None and int(mine.toPython()) == count  # every triple is of that one build
    return count


def _leftovers(root: Path) -> list[str]:
    """Every generation folder but the live one, and every temporary file, in the store."""
    live = (root / "CURRENT").read_text(encoding="utf-8").strip()
    folders = [p.name for p in root.iterdir() if GENERATION.fullmatch(p.name) and p.name != live]
    files = [str(p.relative_to(root)) for p in root.rglob("*")
             if p.is_file() and not p.relative_to(root).parts[0].startswith("graph-")
             and (p.name.endswith(".partial") or p.name.endswith(".tmp"))]
    return folders + files


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "queries", *args], env=ENV, capture_output=True,
                          text=True, timeout=120)


def test_two_builders_racing_never_break_the_store(tmp_path: Path) -> None:
    """Two processes replacing one store 40 times each, at once: every replacement succeeds (the
    lock lets one write at a time), and the store ends with one whole graph and nothing else."""
    root, go = tmp_path / "store", tmp_path / "go"
    writers = [_writer(root, size, 40, go) for size in (300, 500)]
    go.touch()
    for writer in writers:
        _out, errors = writer.communicate(timeout=120)
        assert writer.returncode == 0, errors.decode()
    _one_whole_graph(root, {300, 500})
    assert _leftovers(root) == []
    assert sorted(p.name for p in root.iterdir() if not GENERATION.fullmatch(p.name)) == ["CURRENT", "LOCK"]


def test_replacements_killed_at_random_points_leave_a_readable_store(tmp_path: Path) -> None:
    """SIGKILL a process replacing the store in a loop after a random delay, six times: after each
    kill the store holds one whole graph; the next replacement leaves no orphan behind."""
    root, go = tmp_path / "store", tmp_path / "go"
    go.touch()
    OxigraphStore(root).replace_ntriples(_graph(10))
    sizes, chance = {10}, random.Random(12)
    for kill in range(6):
        size = 20_000 + kill
        sizes.add(size)
        writer = _writer(root, size, 1000, go)
        time.sleep(chance.uniform(0.1, 0.8))
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
        assert writer.returncode == -signal.SIGKILL  # killed, not finished
        _one_whole_graph(root, sizes)
    OxigraphStore(root).replace_ntriples(_graph(1))
    assert _one_whole_graph(root, {1}) == 1
    assert _leftovers(root) == []


def test_builds_killed_at_random_points_then_the_next_build_cleans_up(tmp_path: Path) -> None:
    """`dcgkg build` (bundled sources) killed three times at random points: the store keeps the
    bundled graph, and the next build leaves only its own generation and no temporary file."""
    root = tmp_path / "store"
    first = _cli("build", "--store", str(root), "--json")
    assert first.returncode == 0, first.stderr
    triples = len(OxigraphStore(root, create=False))
    chance = random.Random(7)
    for _kill in range(3):
        build = subprocess.Popen([sys.executable, "-m", "queries", "build", "--store", str(root), "--force"],
                                 env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(chance.uniform(0.3, 2.5))
        build.send_signal(signal.SIGKILL)
        build.wait(timeout=30)
        assert len(OxigraphStore(root, create=False)) == triples
        assert (root / (root / "CURRENT").read_text(encoding="utf-8").strip()).is_dir()
    again = _cli("build", "--store", str(root), "--force")
    assert again.returncode == 0, again.stderr
    assert len(OxigraphStore(root, create=False)) == triples
    assert _leftovers(root) == []


def test_a_killed_holder_leaves_the_lock_free(tmp_path: Path) -> None:
    """The lock is taken while its holder lives (the pid is named) and is free once it is killed."""
    root = tmp_path / "store"
    holder = _holder(root, 60)
    with pytest.raises(StoreBusy, match=rf"another build of {root} is running \(pid {holder.pid}\)"), \
            StoreLock(root, wait=0):
        pass
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=30)
    with StoreLock(root, wait=0):  # taken at once
        assert (root / "LOCK").read_text(encoding="utf-8").strip() == str(os.getpid())


def test_a_second_writer_waits_for_the_first(tmp_path: Path) -> None:
    """A writer that finds the store locked says whom it waits for, and goes on when it is free."""
    root = tmp_path / "store"
    holder = _holder(root, 1)
    told: list[str] = []
    with StoreLock(root, wait=60, say=told.append):
        assert (root / "LOCK").read_text(encoding="utf-8").strip() == str(os.getpid())
    holder.wait(timeout=30)
    assert told == [f"waiting for another build of {root} (pid {holder.pid}) to finish (up to 60 s)"]


def test_build_and_gc_while_another_build_runs(tmp_path: Path) -> None:
    """With the lock held by a running build, `dcgkg build --wait 0` and `dcgkg gc --wait 0` exit 2
    naming it; neither touches the store nor the running build's generation."""
    root = tmp_path / "store"
    OxigraphStore(root).replace_ntriples(_graph(1))
    live = (root / "CURRENT").read_text(encoding="utf-8")
    holder = _holder(root, 60)
    try:
        runner = CliRunner()
        for command in ("build", "gc"):
            result = runner.invoke(app, [command, "--store", str(root), "--wait", "0"])
            flat = " ".join(result.output.split())
            assert result.exit_code == 2, result.output
            assert f"another build of {root} is running (pid {holder.pid})" in flat, command
            assert "Traceback" not in result.output
            assert (root / "graph-20260101-000000-1-1").is_dir(), command  # the running build's
            assert (root / "CURRENT").read_text(encoding="utf-8") == live
            assert len(OxigraphStore(root, create=False)) == 1
    finally:
        holder.kill()
        holder.wait(timeout=30)


def test_gc_removes_what_killed_builds_left_and_says_so(tmp_path: Path) -> None:
    """An orphan generation (a real database), a partial cache entry and an old CURRENT.tmp are
    removed by `dcgkg gc`, which lists them with the bytes freed; the live graph stays; a second
    gc has nothing to remove."""
    root = tmp_path / "store"
    OxigraphStore(root).replace_ntriples(_graph(1))
    orphan = root / "graph-20260101-000000-999-1"
    half = ox.Store(str(orphan))
    half.bulk_load('<urn:a> <urn:b> "c" .\n', format=ox.RdfFormat.N_TRIPLES)
    del half
    (root / "cache" / "sources").mkdir(parents=True)
    partial = root / "cache" / "sources" / "abc.nt.999-0a1b2c.partial"
    partial.write_bytes(b"x" * 5000)
    (root / "CURRENT.tmp").write_text("graph-20260101-000000-999-1", encoding="utf-8")
    result = CliRunner().invoke(app, ["gc", "--store", str(root)])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert f"removed {orphan} (" in flat and f"removed {partial} (0.0 MB)" in flat
    assert f"{root}: freed 1 generation folder(s) and 2 temporary file(s)" in flat
    assert not orphan.exists() and not partial.exists() and not (root / "CURRENT.tmp").exists()
    assert _one_whole_graph(root, {1}) == 1
    again = CliRunner().invoke(app, ["gc", "--store", str(root)])
    assert again.exit_code == 0 and "nothing to remove" in again.output


def test_the_next_build_removes_leftovers_even_when_unchanged(tmp_path: Path) -> None:
    """A build with nothing changed writes no graph but still removes what a killed build left."""
    root = tmp_path / "store"
    assert CliRunner().invoke(app, ["build", "--store", str(root)]).exit_code == 0
    (root / "graph-20260101-000000-999-1").mkdir()
    (root / "CURRENT.1-ab.partial").write_text("graph-20260101-000000-999-1", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "--store", str(root)])
    flat = " ".join(result.output.split())
    assert result.exit_code == 0 and "is unchanged" in flat
    assert f"removed what killed builds left in {root}: 1 generation folder(s) and 1 temporary file(s)" \
        in flat
    assert _leftovers(root) == []


@pytest.mark.parametrize(("where", "message"), [
    (":memory:", "gc cleans a store on disk, not :memory:"),
    ("missing", "missing: no such store (no folder there)"),
    ("plain", "plain is not a dcgkg store (it has neither CURRENT nor LOCK)"),
])
def test_gc_refuses_what_is_not_a_store(tmp_path: Path, where: str, message: str) -> None:
    """gc never cleans a folder that is not a store (a graph-* folder there is someone else's)."""
    (tmp_path / "plain" / "graph-20260101-000000-1-1").mkdir(parents=True)
    target = where if where == ":memory:" else str(tmp_path / where)
    result = CliRunner().invoke(app, ["gc", "--store", target])
    assert result.exit_code == 2 and message in " ".join(result.output.split())
    assert (tmp_path / "plain" / "graph-20260101-000000-1-1").is_dir()


def test_a_reader_follows_the_switch(tmp_path: Path) -> None:
    """A reader whose generation a writer removed reads the new one with its next query."""
    root = tmp_path / "store"
    writer = OxigraphStore(root)
    writer.replace_ntriples(_graph(1))
    reader = OxigraphStore(root, create=False)
    old = reader.live_generation
    assert len(reader) == 1
    writer.replace_ntriples(_graph(2))
    assert old is not None and not (root / old).exists()
    assert len(reader) == 2 and reader.live_generation != old


def test_memory_store_has_no_lock() -> None:
    with pytest.raises(StoreError, match="in memory"):
        OxigraphStore(None).locked()


@pytest.mark.parametrize("wait", ["soon", "-1", "inf"])
def test_wait_must_be_seconds(tmp_path: Path, wait: str) -> None:
    result = CliRunner().invoke(app, ["gc", "--store", str(tmp_path), "--wait", wait])
    assert result.exit_code == 2
    assert f"--wait takes a number of seconds (0 or more), not '{wait}'" in " ".join(result.output.split())
