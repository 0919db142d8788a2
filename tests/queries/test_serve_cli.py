"""`dcgkg serve` as a user starts it: a real process answering the SPARQL protocol on loopback."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

from kg.build import Inputs, build
from kg.store import open_store
from tests.queries.conftest import free_port, wait_for_port


def test_serve_command_answers_and_refuses_updates(tmp_path: Path) -> None:
    store_dir = tmp_path / "store"
    build(open_store(store_dir), Inputs(corpus=[], pages=[]))
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "queries", "serve", "--store", str(store_dir), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_port(port, process)
        query = urllib.parse.quote("SELECT (COUNT(*) AS ?n) WHERE { ?k a dcg:Keyword }")
        request = urllib.request.Request(f"http://127.0.0.1:{port}/sparql?query={query}",
                                         headers={"Accept": "application/sparql-results+json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = json.load(response)
        assert int(answer["results"]["bindings"][0]["n"]["value"]) >= 40
        update = urllib.request.Request(
            f"http://127.0.0.1:{port}/sparql", method="POST", data=b"update=DROP+ALL",
            headers={"Content-Type": "application/x-www-form-urlencoded"})
        try:
            urllib.request.urlopen(update, timeout=30)
            status = 200
        except urllib.error.HTTPError as refused:
            status = refused.code
        assert status == 403
    finally:
        process.terminate()
        process.wait(timeout=10)
