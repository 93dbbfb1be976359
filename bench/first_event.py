"""Where the time to the first SSE event goes: ``python -m bench.first_event [--turns N]``.

One conversation, the engine in its own process (``bench.server``, the scripted instant model,
the cache off as in ``bench.pipeline``), and for each turn the client's clock at three points
after its POST: the 202 back, the stream's response headers, and the first event. The first
event is the POST's own ``invocation.started``, so the figure is the gateway's request path
twice (the POST, then the stream's access check, subscription and replay) plus HTTP.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from bench.client import ApiClient
from bench.footprint import SECRET
from bench.load import percentile
from bench.model import QUESTION
from bench.procs import read_ready_line, spawn, stop
from shared.config import Settings
from shared.embedded import free_port, start_embedded

__all__ = ["FirstEvent", "measure"]


@dataclass(frozen=True)
class FirstEvent:
    """One turn as the client saw it, in milliseconds since the POST was sent."""

    accepted: float
    headers: float
    first_event: float
    completed: float


async def _turn(api: ApiClient, conversation: str) -> FirstEvent:
    t0 = time.perf_counter()
    r = await api.http.post(f"/v1/conversations/{conversation}/messages",
                            json={"content": QUESTION})
    r.raise_for_status()
    accepted = time.perf_counter() - t0
    headers = first = 0.0
    async with api.sse.stream("GET", r.json()["stream_url"]) as response:
        response.raise_for_status()
        headers = time.perf_counter() - t0
        async for line in response.aiter_lines():
            if not line.startswith("event:"):
                continue
            first = first or time.perf_counter() - t0
            if line.endswith(("completed", "failed", "cancelled")):
                done = time.perf_counter() - t0
                return FirstEvent(accepted * 1000, headers * 1000, first * 1000, done * 1000)
    raise RuntimeError("the stream ended without a terminal event")


async def measure(url: str, *, turns: int, warmup: int) -> list[FirstEvent]:
    """``warmup`` untimed turns, then ``turns`` timed ones, one after another."""
    api = ApiClient(url, SECRET, tenant="bench-a", user="first-event")
    try:
        conversation = await api.conversation()
        for _ in range(warmup):
            await _turn(api, conversation)
        return [await _turn(api, conversation) for _ in range(turns)]
    finally:
        await api.close()


def summary(turns: list[FirstEvent]) -> dict[str, float]:
    out: dict[str, float] = {"turns": len(turns)}
    for name in ("accepted", "headers", "first_event", "completed"):
        values = [getattr(t, name) for t in turns]
        out[f"{name}_p50_ms"] = round(percentile(values, 50), 2)
        out[f"{name}_p95_ms"] = round(percentile(values, 95), 2)
    return out


@contextlib.asynccontextmanager
async def engine_with_samples(server: list[str],
                              prefix: str) -> AsyncIterator[tuple[str, Settings]]:
    """The engine as a child process (``server``) on fresh embedded servers, the sample
    policies uploaded and the semantic cache off (every invocation runs the whole pipeline);
    yields its gateway's URL and the servers' settings, and stops it all after."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        settings = await asyncio.to_thread(start_embedded, Settings(data_dir=work / "data"),
                                           stack)
        child = spawn(server, {
            "YOURAI_NATS_URL": str(settings.nats_url),
            "YOURAI_DATABASE_URL": str(settings.database_url),
            "YOURAI_REDIS_URL": str(settings.redis_url),
            "YOURAI_PORT": str(free_port()), "YOURAI_JWT_SECRET": SECRET,
            "YOURAI_NAMESPACE": "bench", "YOURAI_RATE_LIMIT_PER_MINUTE": "1000000",
        }, work / "engine.log")
        try:
            ready = await asyncio.to_thread(read_ready_line, child, work / "engine.log", 90)
            uploader = ApiClient(ready["gateway"], SECRET, tenant="bench-a", user="uploader")
            await uploader.upload_samples()
            await uploader.without_cache()
            await uploader.close()
            yield ready["gateway"], settings
        finally:
            await asyncio.to_thread(stop, child)


async def run(turns: int, warmup: int, server: list[str]) -> dict[str, float]:
    async with engine_with_samples(server, "yourai-first-") as (gateway, _):
        return summary(await measure(gateway, turns=turns, warmup=warmup))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.first_event",
                                description="Time a POST to its stream's first event.")
    p.add_argument("--turns", type=int, default=60)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--server-script", type=Path, metavar="FILE",
                   help="run this Python file as the engine instead of bench.server "
                        "(an instrumented copy, say)")
    args = p.parse_args(argv)
    server = [str(args.server_script)] if args.server_script else ["-m", "bench.server"]
    print(json.dumps(asyncio.run(run(args.turns, args.warmup, server)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
