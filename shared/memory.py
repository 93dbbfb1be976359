"""Process memory: fewer malloc arenas for the long-running engine processes.

glibc gives each thread that allocates concurrently an arena of its own, up to eight per core;
the engine's threads (onnxruntime's, asyncio's ``to_thread`` pool, the tokenizer's) each keep
one, and freed memory in one arena is not reused by another. Two arenas measured 20 % less
peak memory for ``yourai up`` under load (docs/BENCHMARKS.md), with no measurable change in
speed: the engine's Python code runs on one thread, and the model runs behind one lock.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os

__all__ = ["limit_malloc_arenas"]

log = logging.getLogger("yourai.memory")

_M_ARENA_MAX = -8
"""``mallopt`` parameter number of ``M_ARENA_MAX`` (glibc's ``malloc.h``)."""
ARENAS = 2


def limit_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Cap glibc's malloc arenas, unless ``MALLOC_ARENA_MAX`` already says how many; call it
    before the process starts threads. Returns whether the cap was set (False off glibc)."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    if mallopt(_M_ARENA_MAX, arenas) != 1:
        log.debug("mallopt(M_ARENA_MAX) refused; malloc keeps its default arenas")
        return False
    return True
