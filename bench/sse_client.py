"""A lean server-sent events reader on raw asyncio streams, for a thousand feeds in one process.

httpx costs the client more CPU per event than the gateway spends sending it; on a machine the
client shares with the engine, that would be measured as the engine's latency. This reader
speaks just enough HTTP/1.1 (one GET, chunked or close-delimited body) and SSE (``id:`` and
``event:``; ``data:`` is not decoded) to note when each event arrived.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from shared.events import TERMINAL_TYPES

__all__ = ["Feed", "follow"]


@dataclass
class Feed:
    """One stream as the client saw it: when it opened, and each event's version, type and
    arrival (``time.time()``, comparable with the server's timestamps on this machine)."""

    requested_at: float = 0.0
    opened_at: float = 0.0
    received: list[tuple[int, str, float]] = field(default_factory=list)
    error: str = ""

    @property
    def versions(self) -> list[int]:
        return [v for v, _, _ in self.received]


async def follow(host: str, port: int, path: str, token: str, feed: Feed,
                 opened: asyncio.Event | None = None) -> None:
    """Read the feed at ``path`` until its terminal event or its end; errors go in ``feed``."""
    writer: asyncio.StreamWriter | None = None
    feed.requested_at = time.time()
    try:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                      f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
                      ).encode())
        status = await reader.readline()
        headers = (await reader.readuntil(b"\r\n\r\n")).lower()
        if b" 200 " not in status:
            feed.error = status.decode(errors="replace").strip()
            return
        feed.opened_at = time.time()
        if opened is not None:
            opened.set()
        await _events(reader, b"transfer-encoding: chunked" in headers, feed)
    except (OSError, asyncio.IncompleteReadError) as e:
        feed.error = f"{type(e).__name__}: {e}"
    finally:
        if writer is not None:
            writer.close()


async def _events(reader: asyncio.StreamReader, chunked: bool, feed: Feed) -> None:
    buffer = b""
    while True:
        if chunked:
            size = int((await reader.readline()).split(b";")[0], 16)
            if size == 0:
                return
            data = await reader.readexactly(size + 2)
            buffer += data[:-2]
        else:
            data = await reader.read(65536)
            if not data:
                return
            buffer += data
        buffer = buffer.replace(b"\r\n", b"\n")
        *blocks, buffer = buffer.split(b"\n\n")
        now = time.time()
        for block in blocks:
            if _event(block, now, feed):
                return


def _event(block: bytes, now: float, feed: Feed) -> bool:
    """Note one event; True once the invocation's terminal event has arrived."""
    version, kind = -1, ""
    for line in block.split(b"\n"):
        if line.startswith(b"id:"):
            version = int(line[3:])
        elif line.startswith(b"event:"):
            kind = line[6:].strip().decode()
    if version < 0:
        return False  # a comment (keep-alive)
    feed.received.append((version, kind, now))
    return kind in TERMINAL_TYPES
