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
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from asyncio.subprocess import PIPE, Process
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

from queries.web.worker import HEADER, frame

log = logging.getLogger("dcgkg.serve")
PROJECT_ROOT = str(Path(__file__).resolve().parents[2])


class QueryStopped(Exception):
    """A query the pool did not let finish: its status and the message for the client."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class PoolLimits:
    """How the pool spends its processes."""

    long_queries: int = 4  # queries that may run past slow_after at once
    spare: int = 2  # workers beyond those, for the cheap queries
    timeout: float = 30.0  # seconds a query may run
    slow_after: float = 1.0  # seconds after which a query counts as long
    max_memory_bytes: int = 1_000_000_000  # one query's memory bound (0: none)
    queue_wait: float = 5.0  # seconds a query may wait for a free worker


class Worker:
    """One worker process and its pipes."""

    def __init__(self, process: Process, epoch: int) -> None:
        self.process, self.epoch = process, epoch

    async def read(self) -> Any:
        import pickle

        assert self.process.stdout is not None
        header = await self.process.stdout.readexactly(HEADER.size)
        return pickle.loads(await self.process.stdout.readexactly(HEADER.unpack(header)[0]))

    async def call(self, job: tuple[str, str | None, int]) -> tuple[int, str, bytes]:
        assert self.process.stdin is not None
        self.process.stdin.write(frame(job))
        return await self.read()  # type: ignore[no-any-return]

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()


class WorkerPool:
    """``long_queries + spare`` worker processes over one store spec (see :mod:`queries.web.worker`)."""

    def __init__(self, spec: tuple[str, Any], limits: PoolLimits, epoch: int = 0) -> None:
        self.spec, self.limits, self.epoch = spec, limits, epoch
        self.size = limits.long_queries + limits.spare
        self.idle: asyncio.Queue[Worker] = asyncio.Queue()
        self.long_running = 0
        self.closed = False
        self.workers: set[Worker] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def _spawn(self) -> Worker:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (PROJECT_ROOT, env.get("PYTHONPATH")) if p)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "queries.web.worker", stdin=PIPE, stdout=PIPE, env=env)
        worker = Worker(process, self.epoch)
        self.workers.add(worker)
        assert process.stdin is not None
        process.stdin.write(frame((self.spec, self.limits.max_memory_bytes)))
        try:
            ready = await asyncio.wait_for(worker.read(), 60)
        except (asyncio.IncompleteReadError, TimeoutError):
            worker.kill()
            self.workers.discard(worker)
            await process.wait()
            raise RuntimeError(f"a query worker did not start (exit {process.returncode})") from None
        assert ready[0] == "ready"
        return worker

    async def start(self) -> None:
        """Start every worker; raise if they cannot open the store."""
        for worker in await asyncio.gather(*(self._spawn() for _ in range(self.size))):
            self.idle.put_nowait(worker)

    def _replace(self, worker: Worker) -> None:
        """End a worker and start another in its place (in the background)."""
        worker.kill()
        self.workers.discard(worker)

        async def replace() -> None:
            await worker.process.wait()
            delay = 0.5
            while not self.closed:
                try:
                    self.idle.put_nowait(await self._spawn())
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
        if worker.epoch != self.epoch or self.closed:
            self._replace(worker)
        else:
            self.idle.put_nowait(worker)

    async def run(self, query: str, accept: str | None, max_result_bytes: int) -> tuple[int, str, bytes]:
        """Run one query in a free worker, within the pool's limits."""
        try:
            worker = await asyncio.wait_for(self.idle.get(), self.limits.queue_wait)
        except TimeoutError:
            raise QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE, "the server is busy; try again") from None
        task = asyncio.ensure_future(worker.call((query, accept, max_result_bytes)))
        ended = False
        try:
            done, _ = await asyncio.wait({task}, timeout=self.limits.slow_after)
            if not done:
                self.long_running += 1
                try:
                    if self.long_running > self.limits.long_queries:
                        raise QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE,
                                           f"the server is busy with {self.limits.long_queries} long "
                                           "queries; try again later")
                    done, _ = await asyncio.wait(
                        {task}, timeout=max(self.limits.timeout - self.limits.slow_after, 0))
                    if not done:
                        raise QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE,
                                           f"query timed out after {self.limits.timeout:g}s")
                finally:
                    self.long_running -= 1
            try:
                answer = task.result()
            except (asyncio.IncompleteReadError, BrokenPipeError, ConnectionResetError):
                await worker.process.wait()
                raise QueryStopped(HTTPStatus.SERVICE_UNAVAILABLE, self._death(worker)) from None
            ended = True
            return answer
        finally:
            if ended:
                self._release(worker)
            else:  # stopped, crashed or cancelled: the worker's state is unknown, so it goes
                task.cancel()
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
        for worker in list(self.workers):
            worker.kill()
        await asyncio.gather(*(w.process.wait() for w in self.workers), return_exceptions=True)
        self.workers.clear()
