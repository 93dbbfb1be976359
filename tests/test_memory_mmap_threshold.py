"""The serving processes' mmap threshold once they serve: a buffer the size of the embedding model's
per-run attention scores and feed-forward activations (1–3 MiB at a 256-token run) is mapped,
and so goes back to the system when freed, instead of staying as free heap that the next
burst of runs stacks on (docs/BENCHMARKS.md, round nineteen). Run in a child process: the
threshold is the whole process's."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

_MAPPED_AFTER = """
import ctypes, sys
from shared.memory import SERVING_MMAP_THRESHOLD, fix_mmap_threshold

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]

libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = MallInfo2
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
assert fix_mmap_threshold(SERVING_MMAP_THRESHOLD)
size = int(sys.argv[1])
before = libc.mallinfo2().hblkhd
block = libc.malloc(size)
print(libc.mallinfo2().hblkhd - before >= size)
libc.free(block)
"""


def _mapped(size: int) -> bool:
    out = subprocess.run([sys.executable, "-c", _MAPPED_AFTER, str(size)], check=True,
                         capture_output=True, text=True).stdout.strip()
    return out == "True"


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc only (mallinfo2)")
def test_a_model_runs_activation_buffer_is_mapped_and_a_small_one_is_not() -> None:
    assert _mapped(1536 * 1024)  # a 256-token run's feed-forward activations
    assert not _mapped(64 * 1024)
