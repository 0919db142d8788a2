"""One writer at a time per on-disk store: an advisory lock (``fcntl.flock``) on ``STORE/LOCK``.

The kernel releases a flock when the file holding it is closed, which happens however its
process ends (``kill -9`` included), so a killed build never leaves the store locked. The file
itself is never removed (removing a lock file that others wait on would let two holders in); the
holder writes its pid into it, for the message another writer gets.

The lock is re-entrant within a thread: a build holds it and the store's own replace, taken
inside the build, goes through. Another thread, like another process, waits for it.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from kg.store.base import StoreError

#: How long a writer waits by default for another to finish (a full build takes well under this).
DEFAULT_WAIT = 300.0
LOCK_FILE = "LOCK"
_POLL = 0.1  # seconds between two tries while waiting

_held: dict[tuple[str, int], tuple[int, int]] = {}  # (store, thread) -> (descriptor, depth)
_held_guard = threading.Lock()


class StoreBusy(StoreError):
    """Another process (or thread) is writing the store, and it did not finish in time."""


class StoreLock:
    """``with StoreLock(root):`` holds the store's write lock, waiting up to ``wait`` seconds.

    ``say`` is told once, with the holder's pid, when the lock has to be waited for.
    """

    def __init__(self, root: Path, *, wait: float = DEFAULT_WAIT,
                 say: Callable[[str], None] | None = None) -> None:
        self.root = root
        self.wait = max(0.0, wait)
        self.say = say or (lambda _msg: None)
        self._key = (os.path.realpath(root), threading.get_ident())

    def __enter__(self) -> StoreLock:
        with _held_guard:
            held = _held.get(self._key)
            if held is not None:
                _held[self._key] = (held[0], held[1] + 1)
                return self
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / LOCK_FILE
        try:
            handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(f"cannot lock the store at {self.root}: {path}: {exc.strerror}") from None
        try:
            self._acquire(handle)
        except BaseException:
            os.close(handle)
            raise
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        with _held_guard:
            _held[self._key] = (handle, 1)
        return self

    def _acquire(self, handle: int) -> None:
        deadline = time.monotonic() + self.wait
        told = False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                pass
            holder = holder_pid(self.root)
            if time.monotonic() >= deadline:
                waited = f"; gave up after waiting {self.wait:g} s" if self.wait else ""
                raise StoreBusy(f"another build of {self.root} is running (pid {holder}){waited}")
            if not told:
                self.say(f"waiting for another build of {self.root} (pid {holder}) to finish "
                         f"(up to {self.wait:g} s)")
                told = True
            time.sleep(_POLL)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        with _held_guard:
            handle, depth = _held[self._key]
            if depth > 1:
                _held[self._key] = (handle, depth - 1)
                return
            del _held[self._key]
        os.close(handle)  # releases the flock (the pid is left: it is only read while locked)


def holder_pid(root: Path) -> str:
    """The pid the lock's holder wrote, or "unknown" (not written yet, or unreadable)."""
    try:
        return (root / LOCK_FILE).read_text(encoding="utf-8").strip() or "unknown"
    except OSError:
        return "unknown"
