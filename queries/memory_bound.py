"""A memory bound for the process that runs a query, at what it holds now plus the bound, so that
a query wanting more fails its allocation (the process ends, or raises MemoryError) instead of
taking the machine: the whole address space (``RLIMIT_AS``) for the endpoint's workers
(:mod:`queries.web.worker`, started fresh), the data segments alone (``RLIMIT_DATA``: the heap and
private writable mappings, not the store's mapped files nor reserved address space) for
``dcgkg sparql``'s forked child (:mod:`queries.bounded_query`), which inherits the threads and
mappings of a process that has the store open."""

from __future__ import annotations

import os
import resource


def address_space() -> int:
    """The bytes of this process's address space now (Linux: /proc/self/statm)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def data_size() -> int:
    """The bytes of this process's data segments now (Linux: VmData of /proc/self/status)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    raise OSError("no VmData in /proc/self/status")


def cap_memory(extra_bytes: int, *, data_only: bool = False) -> None:
    """Let this process take at most ``extra_bytes`` more address space (or, ``data_only``, data)
    than it holds now."""
    limit = resource.RLIMIT_DATA if data_only else resource.RLIMIT_AS
    _soft, hard = resource.getrlimit(limit)
    wanted = (data_size() if data_only else address_space()) + extra_bytes
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(limit, (wanted, hard))
