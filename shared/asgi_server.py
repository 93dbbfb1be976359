"""An ASGI application served by uvicorn inside this process (the gateway, the local Lex).

The socket is bound before serving, so a taken port is an exception at start-up rather than
uvicorn exiting the whole process; signals are left to the process that embeds the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator
from typing import Any

import uvicorn

__all__ = ["KEEP_ALIVE_S", "AsgiServer", "ServerStartError"]

KEEP_ALIVE_S = 75
"""How long an idle keep-alive connection stays open. uvicorn's default (5 s) equals httpx's
and most clients' own idle expiry, so a client reusing a connection at the 5 s mark races the
server closing it and its POST fails with a read error (seen in ``bench.pipeline``). A server
must outlast its clients and any load balancer in front of it (60 s is the common idle
timeout), so that it is always the client that closes an idle connection."""


class ServerStartError(RuntimeError):
    """The server could not start listening."""


class _Embedded(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class AsgiServer:
    """One ASGI app on ``host:port`` (port 0 picks a free one)."""

    def __init__(self, label: str, host: str, port: int, *,
                 shutdown_grace_s: float | None = None) -> None:
        self.label = label
        self.host = host
        self.port = port
        self.shutdown_grace_s = shutdown_grace_s
        self._server: _Embedded | None = None
        self._task: asyncio.Task[None] | None = None

    def bind(self) -> socket.socket:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        # IPPROTO_TCP named, not left 0: asyncio turns Nagle's algorithm off (TCP_NODELAY) only
        # on connections accepted from a socket whose protocol says TCP. Without it, a response
        # written in pieces (headers, then the first event) on a kept-alive connection had its
        # second piece held until the client's delayed acknowledgement, 40 ms later.
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self.port))
        except OSError as e:
            sock.close()
            raise ServerStartError(
                f"The {self.label} cannot listen on {self.host}:{self.port}: {e}") from e
        self.port = int(sock.getsockname()[1])
        return sock

    async def serve(self, app: Any, sock: socket.socket, *, timeout_s: float = 15.0) -> None:
        """Serve ``app`` on the bound ``sock``; returns once it accepts connections."""
        self._server = _Embedded(uvicorn.Config(
            app, host=self.host, port=self.port, log_level="warning", lifespan="on",
            # uvicorn annotates this int, but waits with asyncio (a float works).
            timeout_graceful_shutdown=self.shutdown_grace_s,  # type: ignore[arg-type]
            timeout_keep_alive=KEEP_ALIVE_S,
        ))
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]), name=self.label)
        try:
            async with asyncio.timeout(timeout_s):
                while not self._server.started:
                    if self._task.done():
                        raise ServerStartError(f"The {self.label} stopped while starting.")
                    await asyncio.sleep(0.02)
        except BaseException:
            await self.stop()
            sock.close()
            raise

    async def stop(self) -> None:
        if self._server is not None and self._task is not None:
            self._server.should_exit = True
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self._task
        self._server = self._task = None
