"""Helpers for tests that watch processes."""

from __future__ import annotations

import os


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, ended but not yet waited for, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().split(") ")[1][0] != "Z"
