"""Solver fixtures: a bundled graph on disk for the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.build import Inputs, build
from kg.store import open_store


@pytest.fixture(scope="session")
def bundled_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store directory holding the bundled graph, for ``--store``."""
    path = tmp_path_factory.mktemp("solver-store")
    build(open_store(path), Inputs(corpus=[], pages=[]))
    return path
