"""Coalescing token deltas: fewer, larger ``content.delta`` events with bounded added latency.

What is recorded is exactly what is streamed (their concatenation equals the answer), but a
fast model's hundreds of tokens become a few dozen events.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


async def coalesce(pieces: AsyncIterator[str], *, max_chars: int = 160,
                   max_delay_s: float = 0.03) -> AsyncIterator[str]:
    """Join pieces until ``max_chars`` are buffered or the oldest has waited ``max_delay_s``."""
    loop = asyncio.get_running_loop()
    it = aiter(pieces)
    buf: list[str] = []
    size = 0
    deadline = 0.0
    pending: asyncio.Future[str] | None = None
    try:
        while True:
            if pending is None:
                pending = asyncio.ensure_future(anext(it))
            timeout = max(0.0, deadline - loop.time()) if buf else None
            done, _ = await asyncio.wait({pending}, timeout=timeout)
            if not done:
                yield "".join(buf)
                buf, size = [], 0
                continue
            task, pending = pending, None
            try:
                piece = task.result()
            except StopAsyncIteration:
                break
            if not buf:
                deadline = loop.time() + max_delay_s
            buf.append(piece)
            size += len(piece)
            if size >= max_chars:
                yield "".join(buf)
                buf, size = [], 0
        if buf:
            yield "".join(buf)
    finally:
        if pending is not None:
            pending.cancel()
            with contextlib.suppress(BaseException):
                await pending
