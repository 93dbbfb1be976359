"""Processes the benchmark starts and watches: readiness, memory and CPU time from ``/proc``.

Embedded servers are found by their data directory: PostgreSQL processes (the postmaster and
every backend) and redis-server run with it as their working directory, and nats-server names
it on its command line, so nothing else on a shared machine is counted.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Usage", "cpu_probe", "cpu_seconds", "peak_rss", "read_ready_line", "server_pids",
           "spawn", "stop", "usage"]

_TICK = os.sysconf("SC_CLK_TCK")
ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Usage:
    """Memory of a set of processes, in bytes: resident (summed) and proportional."""

    rss: int
    pss: int
    processes: int


def _status_kb(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def _pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def peak_rss(pid: int) -> int:
    """``VmHWM``: the process's peak resident set, in bytes."""
    return _status_kb(pid, "VmHWM") * 1024


def server_pids(data_dir: Path) -> dict[int, str]:
    """Pids (with their command name) of the embedded servers that use ``data_dir``."""
    marker = str(data_dir.resolve())
    found: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        try:
            cwd = os.readlink(f"/proc/{pid}/cwd")
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{pid}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue
        if comm.startswith(("postgres", "redis-server", "nats-server")) and (
                cwd.startswith(marker) or marker in cmdline):
            found[pid] = comm
    return found


def usage(pids: dict[int, str]) -> Usage:
    rss = pss = n = 0
    for pid in pids:
        try:
            rss += _status_kb(pid, "VmRSS")
            pss += _pss_kb(pid)
            n += 1
        except OSError:
            continue
    return Usage(rss=rss * 1024, pss=pss * 1024, processes=n)


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of the processes so far (exited ones count as nothing)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / _TICK


def cpu_probe(engine: int | list[int], data_dir: Path) -> Callable[[], dict[str, float]]:
    """Cumulative CPU seconds of the engine (one process, or several), its embedded servers and
    this load generator."""
    pids = [engine] if isinstance(engine, int) else engine

    def probe() -> dict[str, float]:
        return {"engine": cpu_seconds(pids),
                "servers": cpu_seconds(list(server_pids(data_dir))),
                "client": cpu_seconds([os.getpid()])}
    return probe


def spawn(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """A Python module of this repository as a child process, its output going to ``log``."""
    base = {k: v for k, v in os.environ.items()
            if not k.startswith("YOURAI_") and k != "ANTHROPIC_API_KEY"}
    with open(log, "wb") as out:
        return subprocess.Popen([sys.executable, *args], env={**base, **env}, cwd=ROOT,
                                stdout=out, stderr=subprocess.STDOUT)


def read_ready_line(proc: subprocess.Popen[bytes], log: Path, timeout: float) -> dict[str, str]:
    """The first JSON line the child wrote (its readiness), or an error after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                return dict(json.loads(line))
        if proc.poll() is not None:
            raise RuntimeError(f"{_command(proc)} exited with code "
                               f"{proc.returncode}; see {log}")
        time.sleep(0.1)
    raise RuntimeError(f"{_command(proc)} was not ready within {timeout:.0f}s")


def _command(proc: subprocess.Popen[bytes]) -> str:
    """The child's command line, for a message (``args`` is one string or a sequence)."""
    args = proc.args
    if isinstance(args, str | bytes | os.PathLike):
        return str(args)
    return " ".join(map(str, args))


def stop(proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    """SIGINT, as Ctrl-C would, then wait; kill only if it does not stop."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
