"""Each engine service as its own process (``yourai serve NAME``), under a supervisor.

The supervisor restarts a service whose process has died, as Kubernetes restarts a crashed
container: the fault-injection test kills processes with SIGKILL and counts on this to bring
them back. A service is ready when it prints ``yourai NAME running``; its output goes to a log
file per service (kept across restarts) for diagnosis.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import BinaryIO

__all__ = ["ServiceProcess", "Supervisor"]

ROOT = Path(__file__).resolve().parents[1]
RESTART_BACKOFF_S = 0.5
"""Pause before a dead service is started again (Kubernetes waits longer after repeats)."""


class ServiceProcess:
    """One ``yourai serve NAME`` child: started, killed, started again, always logged.

    ``name`` labels the process (``router`` or, for a replica, ``router#2``); the part before
    ``#`` is the service it runs."""

    def __init__(self, name: str, env: Mapping[str, str], log_dir: Path) -> None:
        self.name = name
        self.service = name.split("#", 1)[0]
        self.env = dict(env)
        self.log_path = log_dir / f"{name.replace('#', '-')}.log"
        self.proc: asyncio.subprocess.Process | None = None
        self.ready = asyncio.Event()
        self.starts = 0
        self._reader: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def start(self) -> None:
        self.ready = asyncio.Event()
        self.starts += 1
        _append(self.log_path, f"--- start {self.starts} ---\n".encode())
        log = _open_log(self.log_path)
        try:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "cli.main", "serve", self.service, env=self.env, cwd=ROOT,
                stdout=asyncio.subprocess.PIPE, stderr=log)
        finally:
            log.close()
        assert self.proc.stdout is not None
        self._reader = asyncio.create_task(self._read(self.proc.stdout, self.ready))

    async def _read(self, stdout: asyncio.StreamReader, ready: asyncio.Event) -> None:
        """Copy stdout to the log; the readiness line sets ``ready`` (until EOF, so the child
        never blocks on a full pipe)."""
        marker = f"yourai {self.service} running".encode()
        while line := await stdout.readline():
            _append(self.log_path, line)
            if marker in line:
                ready.set()

    async def wait_ready(self, timeout: float) -> None:
        async with asyncio.timeout(timeout):
            while not self.ready.is_set():
                if self.proc is not None and self.proc.returncode is not None:
                    raise RuntimeError(f"{self.name} exited with {self.proc.returncode}; "
                                       f"see {self.log_path}")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.ready.wait(), 0.2)

    def kill(self) -> None:
        """SIGKILL: no clean-up, nothing acknowledged that was not already."""
        if self.alive:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)

    async def wait_exit(self) -> int:
        assert self.proc is not None
        code = await self.proc.wait()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5)
        return code

    async def stop(self, timeout: float = 15) -> None:
        """SIGINT (as Ctrl-C), then SIGKILL if it does not stop in time."""
        if not self.alive:
            return
        assert self.proc is not None
        self.proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.wait_exit(), timeout)
        except TimeoutError:
            self.proc.kill()
            await self.wait_exit()


def _open_log(path: Path) -> BinaryIO:
    return open(path, "ab")


def _append(path: Path, line: bytes) -> None:
    with open(path, "ab") as log:
        log.write(line)


class Supervisor:
    """Runs the services and restarts any that die, counting the restarts."""

    def __init__(self, names: Sequence[str], env: Mapping[str, str], log_dir: Path, *,
                 env_of: Mapping[str, Mapping[str, str]] | None = None) -> None:
        """``env_of``: further variables of one process by its name (a replica's port)."""
        base = {k: v for k, v in os.environ.items()
                if not k.startswith("YOURAI_") and k != "ANTHROPIC_API_KEY"}
        log_dir.mkdir(parents=True, exist_ok=True)
        self.services = {n: ServiceProcess(n, {**base, **env, **(env_of or {}).get(n, {})},
                                           log_dir) for n in names}
        self.restarts: dict[str, int] = dict.fromkeys(names, 0)
        self.kills = 0
        self._back = {n: asyncio.Event() for n in names}
        self._may_restart = {n: asyncio.Event() for n in names}
        for event in self._may_restart.values():
            event.set()
        self._watch: list[asyncio.Task[None]] = []
        self._stopping = False

    def __getitem__(self, name: str) -> ServiceProcess:
        return self.services[name]

    async def start(self, ready_timeout: float = 120) -> None:
        for service in self.services.values():
            await service.start()
        await asyncio.gather(*(s.wait_ready(ready_timeout) for s in self.services.values()))
        self._watch = [asyncio.create_task(self._supervise(s)) for s in self.services.values()]

    async def _supervise(self, service: ServiceProcess) -> None:
        while True:
            await service.wait_exit()
            if self._stopping:
                return
            await asyncio.sleep(RESTART_BACKOFF_S)
            await self._may_restart[service.name].wait()
            self.restarts[service.name] += 1
            await service.start()
            self._back[service.name].set()

    async def kill(self, name: str, ready_timeout: float = 90,
                   while_down: Callable[[], Awaitable[None]] | None = None) -> None:
        """SIGKILL one service, then wait until the supervisor has it running again;
        ``while_down`` is a further fault injected before the restart may begin."""
        service = self.services[name]
        back = self._back[name] = asyncio.Event()
        self._may_restart[name].clear()
        try:
            service.kill()
            self.kills += 1
            await service.wait_exit()
            if while_down is not None:
                await while_down()
        finally:
            self._may_restart[name].set()
        async with asyncio.timeout(ready_timeout):
            await back.wait()
        await service.wait_ready(ready_timeout)

    async def stop(self) -> None:
        self._stopping = True
        for task in self._watch:
            task.cancel()
        await asyncio.gather(*self._watch, return_exceptions=True)
        await asyncio.gather(*(s.stop() for s in self.services.values()),
                             return_exceptions=True)
