"""Process memory: how glibc's malloc serves the long-running engine processes.

glibc gives each thread that allocates concurrently an arena of its own, up to eight per core;
the engine's threads (onnxruntime's, asyncio's ``to_thread`` pool, the tokenizer's) each keep
one, and freed memory in one arena is not reused by another. Two arenas measured 20 % less
peak memory for ``yourai up`` under load (docs/BENCHMARKS.md), with no measurable change in
speed: the engine's Python code runs on one thread, and the model runs behind one lock. A
fixed mmap threshold and a trim after the model loads keep large freed buffers from staying
resident (below).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
import os
import platform
from typing import Any

__all__ = ["SERVING_MMAP_THRESHOLD", "fix_mmap_threshold", "limit_malloc_arenas",
           "release_free_memory"]

log = logging.getLogger("yourai.memory")

_M_ARENA_MAX = -8
"""``mallopt`` parameter number of ``M_ARENA_MAX`` (glibc's ``malloc.h``)."""
_M_MMAP_THRESHOLD = -3
"""``mallopt`` parameter number of ``M_MMAP_THRESHOLD``."""
ARENAS = 2
MMAP_THRESHOLD = 4 * 1024 * 1024
"""Blocks this large come from ``mmap`` and go back to the system when freed. glibc starts at
128 KiB and raises it (up to 32 MiB) each time such a block is freed, so after a burst of large
buffers (building the embedding model's session, a batch of passages) they stay as free heap;
fixed here, that stops. 4 MiB, not 128 KiB: with every block over 128 KiB mapped afresh, a
bulk embedding spent half again its CPU time mapping and zeroing pages; at 4 MiB, no more than
the default."""
SERVING_MMAP_THRESHOLD = 128 * 1024
"""The threshold once a process serves (``yourai up``, ``yourai serve``): glibc's own starting
value, fixed. A model run's attention scores and feed-forward activations are 1–3 MiB at a
256-token run, under :data:`MMAP_THRESHOLD`, so a burst of runs (a document's passages
embedded on upload) left them as free heap that the next burst stacked on: ``yourai up``'s
peak was the samples' upload, 258 MiB, against 224 with this (docs/BENCHMARKS.md, round
nineteen). Each such buffer is mapped and zeroed afresh, about a third more CPU for a bulk of
passages, nothing for a question; so start-up (the model's session, a corpus import) keeps
:data:`MMAP_THRESHOLD`, and serving takes this after it."""


@functools.cache
def _glibc() -> bool:
    """Whether this interpreter runs on glibc: musl has a ``mallopt`` that takes nothing, and
    reading the interpreter's binary to tell is done once."""
    return platform.libc_ver()[0] == "glibc"


def _libc(function: str) -> Any | None:
    """A glibc function by name, or None off glibc (musl, macOS)."""
    name = ctypes.util.find_library("c")
    if name is None or not _glibc():
        return None
    try:
        return getattr(ctypes.CDLL(name), function)
    except (OSError, AttributeError):
        return None


def _mallopt(param: int, value: int) -> bool:
    mallopt = _libc("mallopt")
    if mallopt is None:
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    if mallopt(param, value) != 1:
        log.debug("mallopt(%d, %d) refused; malloc keeps its default", param, value)
        return False
    return True


def fix_mmap_threshold(threshold: int = MMAP_THRESHOLD) -> bool:
    """Fix the size from which blocks are mapped (:data:`MMAP_THRESHOLD`), unless
    ``MALLOC_MMAP_THRESHOLD_`` sets it; call it before the process starts threads, and again
    with :data:`SERVING_MMAP_THRESHOLD` once it serves (glibc reads it at each allocation).
    Returns whether it was set (False off glibc)."""
    if os.environ.get("MALLOC_MMAP_THRESHOLD_"):
        return False
    return _mallopt(_M_MMAP_THRESHOLD, threshold)


def limit_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Cap glibc's malloc arenas, unless ``MALLOC_ARENA_MAX`` already says how many; call it
    before the process starts threads. Returns whether the cap was set (False off glibc)."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    return _mallopt(_M_ARENA_MAX, arenas)


def release_free_memory() -> bool:
    """Give the heap's free pages back to the system (glibc's ``malloc_trim``); returns whether
    it could (False off glibc).

    For after a one-off burst of short-lived buffers under :data:`MMAP_THRESHOLD`, such as
    building the embedding model's session: about 70 MiB of free heap there.
    """
    trim = _libc("malloc_trim")
    if trim is None:
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True
