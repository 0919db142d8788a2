"""Shared fixtures: where the shared corpus is, and graphs built once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.build import Inputs, build
from kg.store import OxigraphStore, open_store

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared folder beside the clone (CI lays it there); tests that need it skip without it."""
    if not (SHARED / "corpus" / "cards.json").exists():
        pytest.skip("../shared is not beside this clone")
    return SHARED


@pytest.fixture(scope="session")
def corpus(shared: Path) -> Path:
    return shared / "corpus"


@pytest.fixture(scope="session")
def seeds(shared: Path) -> Path:
    return shared / "seeds"


@pytest.fixture(scope="session")
def bundled_store() -> OxigraphStore:
    """A graph built from the bundled sources alone, in memory."""
    store = open_store(":memory:")
    build(store, Inputs(corpus=[], pages=[]))
    return store  # type: ignore[return-value]


@pytest.fixture(scope="session")
def corpus_store(corpus: Path, seeds: Path, tmp_path_factory: pytest.TempPathFactory) -> OxigraphStore:
    """The full corpus plus the seed pages, built once on disk (as `dcgkg build` does)."""
    store = open_store(tmp_path_factory.mktemp("corpus-store"))
    build(store, Inputs(corpus=[corpus], pages=[seeds]))
    return store  # type: ignore[return-value]
