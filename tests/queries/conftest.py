"""Fixtures for the query layer: the bundled graph, a running endpoint, a real Oxigraph server."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kg.build import Inputs, build
from kg.store import OxigraphStore, open_store
from queries.api import KnowledgeGraph
from queries.server import Limits, SparqlServer


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen | None = None, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {seconds}s")


@pytest.fixture(scope="session")
def kg(bundled_store: OxigraphStore) -> KnowledgeGraph:
    return KnowledgeGraph(bundled_store)


@pytest.fixture(scope="session")
def store_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The bundled graph built on disk, as `dcgkg build` leaves it (for CLI tests)."""
    path = tmp_path_factory.mktemp("bundled-store")
    build(open_store(path), Inputs(corpus=[], pages=[]))
    return str(path)


@pytest.fixture(scope="session")
def endpoint(bundled_store: OxigraphStore) -> Iterator[SparqlServer]:
    """Our endpoint over the bundled graph, on a free loopback port."""
    server = SparqlServer(bundled_store, "127.0.0.1", 0, limits=Limits(timeout=5))
    server.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def scenario_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed page's Piercing example 1 (spec/scenario.md)."""
    path = tmp_path_factory.mktemp("scenarios") / "piercing-1.yaml"
    path.write_text("""scenario: 1
id: piercing-example-1
players:
  A:
    battle_area:
      - {id: omnimon, stack: [BT3-016, BT5-086]}
    security: 5
  B:
    battle_area:
      - {id: devimon, stack: [BT2-074], suspended: true}
    security: 3
actions:
  - attack: {attacker: omnimon, target: devimon}
""", encoding="utf-8")
    return path


@pytest.fixture
def oxigraph_server(tmp_path: Path) -> Iterator[str]:
    """A real `oxigraph serve` on a free loopback port; yields its query URL."""
    exe = shutil.which("oxigraph")
    if exe is None:
        pytest.skip("the oxigraph server binary is not installed (pip install oxigraph)")
    port = free_port()
    process = subprocess.Popen([exe, "serve", "--location", str(tmp_path / "oxigraph"),
                                "--bind", f"127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/query"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
