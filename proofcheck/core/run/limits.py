"""The memory a worker may use, and the limit that turns a runaway into a MemoryError."""
from __future__ import annotations

import os


def memory_limit_bytes() -> int | None:
    """The address space a worker may use: half the machine's memory, at least 2 GiB."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    return max(total // 2, 2 << 30)


def limit_memory():
    """Turn a memory runaway into a MemoryError in this worker rather than a machine that swaps.

    The limit is on the address space beyond what the worker already holds
    after the fork, so loading SymPy and the claims does not count against it.
    """
    try:
        import resource  # POSIX only: on another platform the ImportError below leaves no limit
        limit = memory_limit_bytes()
        if limit is None:
            return
        with open("/proc/self/statm") as statm:
            held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = held + limit
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        if soft == resource.RLIM_INFINITY or wanted < soft:
            resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ImportError, OSError, ValueError):
        pass  # no limit on this platform: the time limit still stops a runaway
