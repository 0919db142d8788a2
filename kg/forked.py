"""A generator run in a forked child process, its items sent back through a pipe as they come.

The build reads its biggest source this way (``kg.build``): the child has the other core, the
parent reads the other sources meanwhile, and the store loads the child's first items while it
makes the next. Only where ``fork`` exists (the child starts with everything already imported);
elsewhere ``forkable()`` is false and the caller reads in-process.

>>> if forkable():
...     child = Forked(lambda: (n * n for n in range(4)))
...     print(list(child))
... else:
...     print([0, 1, 4, 9])
[0, 1, 4, 9]
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection
from typing import Generic, TypeVar

T = TypeVar("T")
_ITEM, _END, _FAILED = "item", "end", "failed"


class ChildFailed(RuntimeError):
    """The child raised, or died, before its generator ended (the caller can do the work itself)."""

    def __init__(self, message: str, exitcode: int | None = None) -> None:
        super().__init__(message)
        self.exitcode = exitcode  # the child's exit code when it died (negative: ended by a signal)


class ChildTimedOut(ChildFailed):
    """The next item did not come in time: the child was stopped."""


def forkable() -> bool:
    """Whether this platform can fork (Linux: yes; Windows: no; macOS: not by default)."""
    return "fork" in mp.get_all_start_methods()


def _serve(produce: Callable[[], Iterable[object]], sink: Connection) -> None:
    """In the child: send every item, then the end; an error is sent as its text."""
    try:
        for item in produce():
            sink.send((_ITEM, item))
        sink.send((_END, None))
    except BaseException as exc:  # the parent is told, and decides; the child just ends
        sink.send((_FAILED, f"{type(exc).__name__}: {exc}"))
    finally:
        sink.close()


class Forked(Generic[T]):
    """The items of ``produce()``, made in a forked child; iterate to receive them in order."""

    def __init__(self, produce: Callable[[], Iterable[T]], name: str = "dcgkg-forked") -> None:
        context = mp.get_context("fork")
        self._source, sink = context.Pipe(duplex=False)
        self._process = context.Process(target=_serve, args=(produce, sink), name=name, daemon=True)
        self._process.start()
        sink.close()  # the child's end: only the child holds it now, so its death ends the pipe
        self._ended = False

    def ready(self) -> bool:
        """Whether the next item (or the end) has come: receiving it now would not wait."""
        return not self._ended and self._source.poll()

    def __iter__(self) -> Iterator[T]:
        """Every item, waiting for each; raises ChildFailed if the child failed or died."""
        while not self._ended:
            item = self.next_item()
            if item is not None:
                yield item[0]

    def next_item(self, timeout: float | None = None) -> tuple[T] | None:
        """The next item (in a 1-tuple), or None at the end; raises ChildFailed, or ChildTimedOut
        (the child stopped) when nothing came within ``timeout`` seconds."""
        if timeout is not None and not self._source.poll(timeout):
            self.close()
            raise ChildTimedOut(f"nothing came from the child process in {timeout:g} s")
        exitcode = None
        try:
            kind, value = self._source.recv()
        except (EOFError, OSError):
            self._process.join()
            exitcode = self._process.exitcode
            kind, value = _FAILED, f"the child process ended (exit code {exitcode})"
        if kind == _ITEM:
            return (value,)
        self.close(finished=kind == _END)
        if kind == _FAILED:
            raise ChildFailed(value, exitcode)
        return None

    def close(self, *, finished: bool = False) -> None:
        """Release the child: wait for it to exit once it has ``finished``, else stop it now."""
        self._ended = True
        if not finished and self._process.is_alive():
            self._process.kill()  # SIGKILL: a query deep in native code does not look at SIGTERM
        self._process.join()
        self._source.close()
