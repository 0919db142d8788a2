"""The worker processes that run the endpoint's queries (:mod:`queries.web.worker`).

Why processes: a query that runs past its time must stop doing work, and a query must not take
the server down. A pyoxigraph query cannot be interrupted from Python, and a thread cannot be
killed; a process can. So each query runs in a worker process of its own, and:

- past ``timeout`` its worker is ended (SIGKILL) and replaced, and the client gets a 503;
- a worker whose query takes more than its memory bound (``RLIMIT_AS``) or crashes ends alone:
  the client gets a 503 saying so, and the pool starts another;
- at most ``long_queries`` queries may run longer than ``slow_after`` at once; a query that
  turns long while that many already are is ended with a 503 ("busy with long queries"). The
  pool has ``spare`` workers beyond that, so cheap queries are still answered at once while
  the long ones run.

The round trip is kept cheap: each worker has a socket pair, which the event loop watches itself
(``add_reader``); a job and its answer are length-prefixed bytes (no pickle), the answer's body
already serialised by pyoxigraph in the worker; a query costs one future and one timer, no task,
thread or executor hop. Running cheap queries in the server process instead was not done: a
pyoxigraph query can be neither interrupted nor bounded in memory there.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
from asyncio.subprocess import DEVNULL, Process
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

from queries.web.worker import ANSWER, HEADER, frame, job_bytes

log = logging.getLogger("dcgkg.serve")
PROJECT_ROOT = str(Path(__file__).resolve().parents[2])
Answer = tuple[int, str, bytes]  # status, media type, body
Parse = Callable[[bytearray], Any]  # a whole message off the front of the buffer, or None


class QueryStopped(Exception):
    """A query the pool did not let finish: its status and the message for the client."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


class WorkerGone(ConnectionError):
    """The worker's socket closed: the process ended (its memory bound, a crash, a kill)."""


@dataclass(frozen=True)
class PoolLimits:
    """How the pool spends its processes."""

    long_queries: int = 4  # queries that may run past slow_after at once
    spare: int = 2  # workers beyond those, for the cheap queries
    timeout: float = 30.0  # seconds a query may run
    slow_after: float = 1.0  # seconds after which a query counts as long
    max_memory_bytes: int = 1_000_000_000  # one query's memory bound (0: none)
    queue_wait: float = 5.0  # seconds a query may wait for a free worker


def parse_answer(buffer: bytearray) -> Answer | None:
    """A worker's answer (:data:`queries.web.worker.ANSWER`) off the front of the buffer."""
    if len(buffer) < ANSWER.size:
        return None
    status, media_size, body_size = ANSWER.unpack_from(buffer)
    end = ANSWER.size + media_size + body_size
    if len(buffer) < end:
        return None
    media = buffer[ANSWER.size:ANSWER.size + media_size].decode("latin-1")
    body = bytes(buffer[ANSWER.size + media_size:end])
    del buffer[:end]
    return status, media, body


def parse_frame(buffer: bytearray) -> Any:
    """A pickled frame (the worker's "ready") off the front of the buffer."""
    import pickle

    if len(buffer) < HEADER.size:
        return None
    end = HEADER.size + HEADER.unpack_from(buffer)[0]
    if len(buffer) < end:
        return None
    value = pickle.loads(buffer[HEADER.size:end])
    del buffer[:end]
    return value


class Worker:
    """One worker process and the pool's end of its socket pair, read by the event loop itself
    (``add_reader``: no task, no thread, no executor per query)."""

    def __init__(self, process: Process, channel: socket.socket, epoch: int) -> None:
        self.process, self.channel, self.epoch = process, channel, epoch
        self.dead = False
        self._loop = asyncio.get_running_loop()
        self._buffer = bytearray()
        self._parse: Parse | None = None
        self._waiter: asyncio.Future[Any] | None = None
        channel.setblocking(False)
        self._loop.add_reader(channel.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            data = self.channel.recv(1 << 18)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._gone()
            return
        self._buffer += data
        self._deliver()

    def _deliver(self) -> None:
        waiter = self._waiter
        if waiter is None or self._parse is None:
            return
        if waiter.done():  # stopped by the pool: nothing more is read for it
            self._waiter = None
            return
        value = self._parse(self._buffer)
        if value is not None:
            self._waiter = None
            waiter.set_result(value)

    def _gone(self) -> None:
        self.dead = True
        self._unlisten()
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_exception(WorkerGone())

    def _unlisten(self) -> None:
        if self.channel.fileno() >= 0:
            self._loop.remove_reader(self.channel.fileno())
            self.channel.close()

    def expect(self, parse: Parse) -> asyncio.Future[Any]:
        """A future for the next message the worker sends, read by ``parse``."""
        self._parse, self._waiter = parse, self._loop.create_future()
        waiter = self._waiter
        if self.dead:
            self._gone()
        elif self._buffer:
            self._deliver()
        return waiter

    async def send(self, data: bytes) -> None:
        """Write to the worker: one ``send`` for anything its socket buffer holds."""
        try:
            sent = self.channel.send(data)
        except BlockingIOError:
            sent = 0
        except OSError:
            self._gone()
            return
        if sent < len(data):
            try:
                await self._loop.sock_sendall(self.channel, memoryview(data)[sent:])
            except OSError:
                self._gone()

    async def read(self) -> Any:
        """The next pickled frame the worker sends."""
        return await self.expect(parse_frame)

    async def call(self, job: tuple[str, str | None, int]) -> Answer:
        """Run one job ``(query, accept, max_result_bytes)``, without any time limit."""
        waiter = self.expect(parse_answer)
        await self.send(job_bytes(*job))
        return await waiter  # type: ignore[no-any-return]

    def kill(self) -> None:
        """End the process (a query waiting on it gets :class:`WorkerGone`)."""
        self._gone()
        if self.process.returncode is None:
            self.process.kill()


class _Watch:
    """One running query's timer, and whether it has turned long."""

    __slots__ = ("long", "timer")

    def __init__(self) -> None:
        self.long = False
        self.timer: asyncio.TimerHandle | None = None


class WorkerPool:
    """``long_queries + spare`` worker processes over one store spec (see :mod:`queries.web.worker`)."""

    def __init__(self, spec: tuple[str, Any], limits: PoolLimits, epoch: int = 0) -> None:
        self.spec, self.limits, self.epoch = spec, limits, epoch
        self.size = limits.long_queries + limits.spare
        # the worker freed last goes first: its caches are warm (taken in turn, each of six workers
        # ran one query in six, and a query cost it 3-5 times what it costs a busy process)
        self.idle: asyncio.LifoQueue[Worker] = asyncio.LifoQueue()  # put_nowait / get_nowait only
        self.waiting: deque[asyncio.Future[Worker]] = deque()  # queries waiting for a worker
        self.long_running = 0
        self.closed = False
        self.workers: set[Worker] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def _spawn(self) -> Worker:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (PROJECT_ROOT, env.get("PYTHONPATH")) if p)
        ours, theirs = socket.socketpair()
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "queries.web.worker", str(theirs.fileno()),
                stdin=DEVNULL, pass_fds=(theirs.fileno(),), env=env)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        worker = Worker(process, ours, self.epoch)
        self.workers.add(worker)
        try:
            ready = worker.expect(parse_frame)
            await worker.send(frame((self.spec, self.limits.max_memory_bytes)))
            answer = await asyncio.wait_for(ready, 60)
        except (WorkerGone, TimeoutError):
            worker.kill()
            self.workers.discard(worker)
            await process.wait()
            raise RuntimeError(f"a query worker did not start (exit {process.returncode})") from None
        assert answer[0] == "ready"
        return worker

    async def start(self) -> None:
        """Start every worker; raise if they cannot open the store."""
        for worker in await asyncio.gather(*(self._spawn() for _ in range(self.size))):
            self._release(worker)

    def _replace(self, worker: Worker) -> None:
        """End a worker and start another in its place (in the background)."""
        worker.kill()
        self.workers.discard(worker)

        async def replace() -> None:
            await worker.process.wait()
            delay = 0.5
            while not self.closed:
                try:
                    self._release(await self._spawn())
                    return
                except (RuntimeError, OSError) as exc:
                    log.error("cannot start a query worker: %s; trying again in %.0fs", exc, delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 30)

        task = asyncio.get_running_loop().create_task(replace())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def renew(self, spec: tuple[str, Any], epoch: int) -> None:
        """Serve a new store spec (the graph was replaced): idle workers are replaced now, busy ones
        when their query ends."""
        self.spec, self.epoch = spec, epoch
        while not self.idle.empty():
            self._replace(self.idle.get_nowait())

    def _release(self, worker: Worker) -> None:
        """A worker free again: to the query waiting longest, else idle."""
        if worker.epoch != self.epoch or self.closed or worker.dead:
            self._replace(worker)
            return
        while self.waiting:
            waiter = self.waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self.idle.put_nowait(worker)

    async def _take(self) -> Worker:
        """A free worker: at once if one is idle, else the first released within ``queue_wait``."""
        while True:
            if not self.idle.empty():
                worker = self.idle.get_nowait()
            else:
                loop = asyncio.get_running_loop()
                waiter: asyncio.Future[Worker] = loop.create_future()
                self.waiting.append(waiter)
                timer = loop.call_later(self.limits.queue_wait, _stop, waiter, QueryStopped(
                    HTTPStatus.SERVICE_UNAVAILABLE, "the server is busy; try again"))
                try:
                    worker = await waiter
                except asyncio.CancelledError:
                    if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                        self._release(waiter.result())  # handed over as this query went away
                    raise
                finally:
                    timer.cancel()
            if not worker.dead:
                return worker
            self._replace(worker)

    def _turned_long(self, waiter: asyncio.Future[Any], watch: _Watch) -> None:
        """The query has run ``slow_after``: it counts as long, within ``long_queries``, until the timeout."""
        if waiter.done():
            return
        watch.long = True
        self.long_running += 1
        if self.long_running > self.limits.long_queries:
            _stop(waiter, QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE,
                                       f"the server is busy with {self.limits.long_queries} long "
                                       "queries; try again later"))
            return
        watch.timer = asyncio.get_running_loop().call_later(
            max(self.limits.timeout - self.limits.slow_after, 0), _stop, waiter,
            QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE, f"query timed out after {self.limits.timeout:g}s"))

    async def run(self, query: str, accept: str | None, max_result_bytes: int) -> Answer:
        """Run one query in a free worker, within the pool's limits."""
        worker = await self._take()
        waiter = worker.expect(parse_answer)
        watch = _Watch()
        watch.timer = asyncio.get_running_loop().call_later(
            self.limits.slow_after, self._turned_long, waiter, watch)
        ended = False
        try:
            await worker.send(job_bytes(query, accept, max_result_bytes))
            try:
                answer: Answer = await waiter
            except WorkerGone:
                await worker.process.wait()
                raise QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE, self._death(worker)) from None
            ended = True
            return answer
        finally:
            if watch.timer is not None:
                watch.timer.cancel()
            if watch.long:
                self.long_running -= 1
            if ended:
                self._release(worker)
            else:  # stopped, crashed or cancelled: the worker's state is unknown, so it goes
                self._replace(worker)

    def _death(self, worker: Worker) -> str:
        code = worker.process.returncode or 0
        mb = self.limits.max_memory_bytes // 1_000_000
        if code in (-signal.SIGABRT, -signal.SIGKILL, -signal.SIGSEGV) and mb:
            log.error("a query worker ended with signal %d (memory bound or crash)", -code)
            return (f"the query was stopped: it needed more than the {mb:,} MB a query may use, "
                    "or it crashed its worker")
        log.error("a query worker ended with exit status %d", code)
        return f"the query crashed its worker (exit status {code})"

    async def close(self) -> None:
        self.closed = True
        for task in list(self._tasks):
            task.cancel()
        while self.waiting:
            _stop(self.waiting.popleft(),
                  QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE, "the server is stopping"))
        for worker in list(self.workers):
            worker.kill()
        await asyncio.gather(*(w.process.wait() for w in self.workers), return_exceptions=True)
        self.workers.clear()


def _stop(waiter: asyncio.Future[Any], error: QueryStopped) -> None:
    if not waiter.done():
        waiter.set_exception(error)
