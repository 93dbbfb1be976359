"""Process memory: how glibc's malloc serves the long-running engine processes.

Two settings, both made before the process starts threads, both measured with
``python -m bench.footprint`` (docs/BENCHMARKS.md, "Memory of ``yourai up``"):

- **Fewer arenas.** glibc gives each thread that allocates concurrently an arena of its own,
  up to eight per core; the engine's threads (onnxruntime's, asyncio's ``to_thread`` pool, the
  tokenizer's) each keep one, and freed memory in one arena is not reused by another. Two
  arenas measured 20 % less peak memory under load, with no measurable change in speed: the
  engine's Python code runs on one thread, and the model runs behind one lock.
- **A fixed mmap threshold.** Blocks of at least 128 KiB come from ``mmap`` and go back to the
  system when freed. glibc raises that threshold each time such a block is freed (up to
  32 MiB), so after onnxruntime builds its session (its constant folding frees tens of
  megabytes of large buffers) every later large buffer — a batch's activations, a bulk read —
  lands in the heap instead, where it stays as unreturned free space. Fixing the threshold
  kept about 70 MiB less resident after the embedding model loaded.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os

__all__ = ["fix_mmap_threshold", "limit_malloc_arenas", "tune_malloc"]

log = logging.getLogger("yourai.memory")

_M_MMAP_THRESHOLD = -3
"""``mallopt`` parameter number of ``M_MMAP_THRESHOLD`` (glibc's ``malloc.h``)."""
_M_ARENA_MAX = -8
"""``mallopt`` parameter number of ``M_ARENA_MAX``."""
ARENAS = 2
MMAP_THRESHOLD = 128 * 1024
"""glibc's own starting threshold, kept there: setting it at all stops the raising."""


def _mallopt(param: int, value: int) -> bool:
    """``mallopt(param, value)``; False off glibc or when it refuses."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    if mallopt(param, value) != 1:
        log.debug("mallopt(%d, %d) refused; malloc keeps its default", param, value)
        return False
    return True


def limit_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Cap glibc's malloc arenas, unless ``MALLOC_ARENA_MAX`` already says how many; call it
    before the process starts threads. Returns whether the cap was set (False off glibc)."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    return _mallopt(_M_ARENA_MAX, arenas)


def fix_mmap_threshold(threshold: int = MMAP_THRESHOLD) -> bool:
    """Keep large blocks in ``mmap`` (returned when freed), unless ``MALLOC_MMAP_THRESHOLD_``
    already sets the threshold. Returns whether it was set (False off glibc)."""
    if os.environ.get("MALLOC_MMAP_THRESHOLD_"):
        return False
    return _mallopt(_M_MMAP_THRESHOLD, threshold)


def tune_malloc() -> None:
    """Both settings above, for a long-running engine process; call before threads start."""
    limit_malloc_arenas()
    fix_mmap_threshold()
