"""What killed writers leave inside an on-disk store, found and removed.

A store folder holds ``CURRENT`` (the name of the live generation), the generation folders
(``graph-DATE-TIME-PID-NS``), ``LOCK`` and the build's cache. A build killed while it wrote
leaves a generation folder that ``CURRENT`` does not name and temporary files (``*.partial``,
kg.atomic_files; ``CURRENT.tmp`` from older versions). Nothing here takes the store's lock: the
caller holds it (``OxigraphStore.collect_garbage``), so no writer is at work while it runs.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kg.atomic_files import PARTIAL

#: The name of a generation folder (kg.store.embedded names them so).
GENERATION = re.compile(r"graph-\d{8}-\d{6}-\d+-\d+")
#: Temporary files of older versions, which did not end in ``.partial``.
LEGACY_TEMPORARY = frozenset({"CURRENT.tmp"})


@dataclass
class Freed:
    """What a collection removed: each path with its size in bytes."""

    folders: list[tuple[Path, int]] = field(default_factory=list)
    files: list[tuple[Path, int]] = field(default_factory=list)

    @property
    def bytes(self) -> int:
        return sum(size for _path, size in (*self.folders, *self.files))

    def __bool__(self) -> bool:
        return bool(self.folders or self.files)

    def summary(self) -> str:
        """E.g. "2 generation folder(s) and 1 temporary file(s), 4.1 MB"."""
        return (f"{len(self.folders)} generation folder(s) and {len(self.files)} temporary file(s), "
                f"{megabytes(self.bytes)}")


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def generation_folders(root: Path) -> list[Path]:
    """Every generation folder in the store, live or not, by name."""
    try:
        return sorted(p for p in root.iterdir() if GENERATION.fullmatch(p.name) and p.is_dir())
    except FileNotFoundError:
        return []


def leftovers(root: Path, live: str | None, *, inside: bool = True) -> tuple[list[Path], list[Path]]:
    """The generation folders other than ``live`` and the temporary files in the store: anywhere
    (the cache too) or, ``inside`` false, at its top only. Generation folders are not looked into:
    they are removed whole or left whole."""
    folders = [p for p in generation_folders(root) if p.name != live]
    files: list[Path] = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if inside and not GENERATION.fullmatch(d))
        files.extend(Path(folder) / n for n in sorted(names) if n.endswith(PARTIAL) or n in LEGACY_TEMPORARY)
    return folders, files


def remove(folders: Iterable[Path], files: Iterable[Path]) -> Freed:
    """Remove these folders and files, measuring each first; one already gone is skipped."""
    freed = Freed()
    for folder in folders:
        size = size_of(folder)
        shutil.rmtree(folder, ignore_errors=True)
        if not folder.exists():
            freed.folders.append((folder, size))
    for path in files:
        try:
            size = path.stat().st_size
            path.unlink()
        except FileNotFoundError:
            continue
        freed.files.append((path, size))
    return freed


def size_of(folder: Path) -> int:
    """The bytes of the files under ``folder`` (0 for one that vanished)."""
    total = 0
    for parent, _subfolders, names in os.walk(folder):
        for name in names:
            try:
                total += os.lstat(os.path.join(parent, name)).st_size
            except OSError:
                continue
    return total
