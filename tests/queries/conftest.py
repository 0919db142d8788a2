"""Fixtures for the query layer: the bundled graph, a running endpoint, real SPARQL servers
(Oxigraph server, Virtuoso Open Source) on loopback."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
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
        stop(process)


#: The named graph the Virtuoso tests keep the graph in (Virtuoso's default graph is all graphs).
VIRTUOSO_GRAPH = "https://dcg-kg.org/graph"
VIRTUOSO_INI = """[Database]
DatabaseFile = {dir}/virtuoso.db
ErrorLogFile = {dir}/virtuoso.log
LockFile = {dir}/virtuoso.lck
TransactionFile = {dir}/virtuoso.trx
xa_persistent_file = {dir}/virtuoso.pxa
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = {dir}/virtuoso-temp.db
TransactionFile = {dir}/virtuoso-temp.trx
[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
CheckpointInterval = 0
DirsAllowed = {dir}
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerThreads = 4
Charset = UTF-8
[SPARQL]
ResultSetMaxRows = {max_rows}
MaxQueryExecutionTime = 60
"""
#: Virtuoso's result cap in the test instance: above every result the tests read from the bundled
#: graph, so that a test can also see a bigger result refused rather than cut.
VIRTUOSO_MAX_ROWS = 20_000


@dataclass(frozen=True)
class Server:
    """A SPARQL server the remote-store tests run against: its query URL (``--store``) and the
    settings a user gives beside it (environment variables)."""

    name: str
    url: str
    env: dict[str, str] = field(default_factory=dict)


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def virtuoso_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Virtuoso Open Source (Debian's virtuoso-opensource) with a fresh database of its own, on free
    loopback ports, for the session: starting one takes seconds. dba's password is the new
    database's (dba); the graph goes in through the Graph Store Protocol with digest auth."""
    exe = shutil.which("virtuoso-t")
    if exe is None:
        pytest.skip("Virtuoso is not installed (Debian: apt-get install virtuoso-opensource)")
    directory = tmp_path_factory.mktemp("virtuoso")
    http_port, sql_port = free_port(), free_port()
    ini = directory / "virtuoso.ini"
    ini.write_text(VIRTUOSO_INI.format(dir=directory, sql_port=sql_port, http_port=http_port,
                                       max_rows=VIRTUOSO_MAX_ROWS), encoding="utf-8")
    process = subprocess.Popen([exe, "+foreground", "+configfile", str(ini)], cwd=directory,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{http_port}"
    try:
        wait_for_port(http_port, process, seconds=120)
        wait_for_answer(f"{base}/sparql?query=ASK%7B%7D", process)
        yield Server("virtuoso", f"{base}/sparql", {
            "DCGKG_GRAPH": VIRTUOSO_GRAPH,
            "DCGKG_UPDATE_URL": f"{base}/sparql-auth",
            "DCGKG_GRAPH_STORE_URL": f"{base}/sparql-graph-crud-auth",
            "DCGKG_REMOTE_USER": "dba", "DCGKG_REMOTE_PASSWORD": "dba"})
    finally:
        stop(process)


def wait_for_answer(url: str, process: subprocess.Popen, seconds: float = 60) -> None:
    """Until ``url`` answers 200 (a server may listen before it answers)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer after {seconds}s")


@pytest.fixture(params=["oxigraph", "virtuoso"])
def sparql_server(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Server:
    """Each real server in turn, with its settings in the environment (as a user would set them)."""
    if request.param == "oxigraph":
        return Server("oxigraph", request.getfixturevalue("oxigraph_server"))
    server: Server = request.getfixturevalue("virtuoso_server")
    for name, value in server.env.items():
        monkeypatch.setenv(name, value)
    return server
