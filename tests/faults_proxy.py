"""A TCP proxy that can partition one client from a server: the network fault, nothing else.

Point one service at ``proxy.url`` instead of the server; ``cut()`` drops its connections and
refuses new ones until ``heal()``, while every other service still reaches the server directly;
``stall()`` leaves its open connections open but silent (a request stuck under load), while new
connections pass.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

__all__ = ["TcpProxy", "tcp_proxy"]


class TcpProxy:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.open = True
        self._writers: set[asyncio.StreamWriter] = set()
        self._stalled: set[asyncio.StreamWriter] = set()
        self._pipes: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.open:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(_pipe(src, dst, self._stalled))
            self._pipes.add(task)
            task.add_done_callback(self._pipes.discard)

    def cut(self) -> None:
        """Drop every connection through the proxy and refuse new ones."""
        self.open = False
        for writer in self._writers:
            writer.transport.abort()
        self._writers.clear()

    def stall(self) -> None:
        """Forward nothing more on the connections open now; new ones are not affected."""
        self._stalled |= self._writers

    def heal(self) -> None:
        self.open = True


async def _pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter,
                stalled: set[asyncio.StreamWriter]) -> None:
    with contextlib.suppress(OSError, ConnectionError):
        while data := await src.read(65536):
            if dst in stalled:
                continue  # swallowed: the peer waits for an answer that never comes
            dst.write(data)
            await dst.drain()
    dst.transport.abort()


@contextlib.asynccontextmanager
async def tcp_proxy(target_port: int) -> AsyncIterator[TcpProxy]:
    proxy = TcpProxy(target_port)
    server = await asyncio.start_server(proxy._accept, "127.0.0.1", 0)
    proxy.port = server.sockets[0].getsockname()[1]
    try:
        yield proxy
    finally:
        proxy.cut()
        server.close()
        for task in list(proxy._pipes):
            task.cancel()
        await asyncio.gather(*proxy._pipes, return_exceptions=True)
