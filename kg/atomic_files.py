"""Files written whole or not at all: written under a temporary name beside the file, then renamed.

A temporary name carries the writer's pid and a random token, so two writers never share one,
and ends in ``.partial``, so whatever a killed writer leaves is recognisable: the next build
into the store and ``dcgkg gc`` remove it (kg.store.garbage). Standard library only (the build's
cache, kg.build_cache, writes through it on the light path of an unchanged build).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

#: How the name of every temporary file inside a store ends.
PARTIAL = ".partial"


def partial_name(path: Path) -> Path:
    """A temporary name beside ``path`` that no other writer (process or call) uses."""
    return path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(6)}{PARTIAL}")


def write_atomically(path: Path, data: bytes, *, durable: bool = False) -> None:
    """Write ``data`` to ``path`` so that a reader sees the old bytes or the new, never a part.

    ``durable``: the bytes and the rename reach the disk before this returns (fsync), for a file
    that must survive a power cut (the store's CURRENT).
    """
    partial = partial_name(path)
    try:
        with open(partial, "wb") as file:
            file.write(data)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    if durable:
        _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename inside ``folder`` durable (where the platform allows it)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # not every file system syncs a folder; the rename itself has happened
    finally:
        os.close(handle)
