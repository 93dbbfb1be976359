"""Where the time to the first SSE event goes: ``python -m bench.first_event [--turns N]``.

One conversation, the engine in its own process (``bench.server``, the scripted instant model,
the cache off as in ``bench.pipeline``), and for each turn the client's clock at three points
after its POST: the 202 back, the stream's response headers, and the first event. The first
event is the POST's own ``invocation.started``, so the figure is the gateway's request path
twice (the POST, then the stream's access check, subscription and replay) plus HTTP.

``--in-post``: each turn reads its stream in the POST's own response (``…/messages/stream``,
as ``bench.pipeline``'s ``sequential_in_post`` does); there is no 202, so ``accepted`` and
``headers`` are both the response's headers, and the figure is the gateway's path once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.client import ApiClient
from bench.footprint import SECRET
from bench.load import percentile
from bench.model import QUESTION
from bench.procs import ROOT, read_ready_line
from shared.config import Settings
from shared.embedded import free_port, start_embedded

__all__ = ["FirstEvent", "embedded_servers", "engine_env", "engine_process",
           "engine_with_samples", "measure", "ready", "samples_without_cache"]


@dataclass(frozen=True)
class FirstEvent:
    """One turn as the client saw it, in milliseconds since the POST was sent."""

    accepted: float
    headers: float
    first_event: float
    completed: float


async def _turn(api: ApiClient, conversation: str, in_post: bool) -> FirstEvent:
    t0 = time.perf_counter()
    if in_post:
        url = f"/v1/conversations/{conversation}/messages/stream"
        async with api.sse.stream("POST", url, json={"content": QUESTION}) as response:
            response.raise_for_status()
            headers = time.perf_counter() - t0
            return await _events(response, t0, headers, headers, to_end=api.kept_alive)
    r = await api.http.post(f"/v1/conversations/{conversation}/messages",
                            json={"content": QUESTION})
    r.raise_for_status()
    accepted = time.perf_counter() - t0
    async with api.sse.stream("GET", r.json()["stream_url"]) as response:
        response.raise_for_status()
        return await _events(response, t0, accepted, time.perf_counter() - t0,
                             to_end=api.kept_alive)


async def _events(response: httpx.Response, t0: float, accepted: float,
                  headers: float, *, to_end: bool) -> FirstEvent:
    """The stream timed to its terminal event (``to_end``: and read to its end, so that its
    connection serves the next turn); times in seconds since ``t0`` in, ms out."""
    first = 0.0
    turn: FirstEvent | None = None
    async for line in response.aiter_lines():
        if turn is not None or not line.startswith("event:"):
            continue
        first = first or time.perf_counter() - t0
        if line.endswith(("completed", "failed", "cancelled")):
            done = time.perf_counter() - t0
            turn = FirstEvent(accepted * 1000, headers * 1000, first * 1000, done * 1000)
            if not to_end:
                break
    if turn is None:
        raise RuntimeError("the stream ended without a terminal event")
    return turn


async def measure(url: str, *, turns: int, warmup: int, in_post: bool = False,
                  kept_alive: bool = True) -> list[FirstEvent]:
    """``warmup`` untimed turns, then ``turns`` timed ones, one after another (``in_post``:
    each read in its POST's response; ``kept_alive``: each stream on the last stream's
    connection, kept alive, as a browser's ``fetch`` does; otherwise a new connection for
    each). Says on stderr how many TCP connections the client opened for the timed turns."""
    api = ApiClient(url, SECRET, tenant="bench-a", user="first-event", kept_alive=kept_alive)
    try:
        conversation = await api.conversation()
        for _ in range(warmup):
            await _turn(api, conversation, in_post)
        opened = api.opened
        timed = [await _turn(api, conversation, in_post) for _ in range(turns)]
        print(f"{api.opened - opened} TCP connections opened for {turns} timed turns",
              file=sys.stderr)
        return timed
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
async def embedded_servers(prefix: str) -> AsyncIterator[tuple[Path, Settings]]:
    """Fresh embedded NATS, PostgreSQL and Redis, their data under a temporary directory's
    ``data``; yields the directory (for the engine's logs) and the servers' settings, and
    stops and removes it all after."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        settings = await asyncio.to_thread(start_embedded, Settings(data_dir=work / "data"),
                                           stack)
        yield work, settings


def engine_env(settings: Settings, *, namespace: str = "bench") -> dict[str, str]:
    """The environment of an engine process on ``settings``' servers: a free port, the
    benchmarks' secret, no rate limit."""
    return {"YOURAI_NATS_URL": str(settings.nats_url),
            "YOURAI_DATABASE_URL": str(settings.database_url),
            "YOURAI_REDIS_URL": str(settings.redis_url), "YOURAI_PORT": str(free_port()),
            "YOURAI_JWT_SECRET": SECRET, "YOURAI_NAMESPACE": namespace,
            "YOURAI_RATE_LIMIT_PER_MINUTE": "1000000"}


@contextlib.asynccontextmanager
async def engine_process(command: list[str], env: dict[str, str], log: Path
                         ) -> AsyncIterator[subprocess.Popen[bytes]]:
    """``command`` (``bench.server``, or a profiler running it) as a child in a process group
    of its own, its output to ``log``; stopped after as Ctrl-C would (the whole group: a
    profiler and the engine it runs), killed only if it does not stop. Wait for it with
    :func:`ready`."""
    child = _spawn(command, env, log)
    try:
        yield child
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGINT)
        try:
            await asyncio.to_thread(child.wait, 60)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            await asyncio.to_thread(child.wait)


def _spawn(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """``command`` in a session of its own, with the caller's environment less its engine
    settings and model key, and ``env`` over it."""
    base = {k: v for k, v in os.environ.items()
            if not k.startswith("YOURAI_") and k != "ANTHROPIC_API_KEY"}
    with open(log, "wb") as out:
        return subprocess.Popen(command, env={**base, **env}, cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


async def ready(child: subprocess.Popen[bytes], log: Path, *, within_s: float = 180.0
                ) -> dict[str, str]:
    """The engine's readiness line (its gateway's URL, if it runs one); ``within_s`` is a
    ceiling for a loaded machine, not a measure."""
    return await asyncio.to_thread(read_ready_line, child, log, within_s)


async def samples_without_cache(url: str, tenant: str) -> None:
    """The sample policies uploaded to ``tenant`` and its semantic cache off: every
    invocation runs the whole pipeline, as ``bench.pipeline`` measures it."""
    uploader = ApiClient(url, SECRET, tenant=tenant, user="uploader")
    try:
        await uploader.upload_samples()
        await uploader.without_cache()
    finally:
        await uploader.close()


@contextlib.asynccontextmanager
async def engine_with_samples(server: list[str],
                              prefix: str) -> AsyncIterator[tuple[str, Settings]]:
    """The engine as a child process (``server``: its arguments to Python) on fresh embedded
    servers, the sample policies uploaded and the semantic cache off; yields its gateway's
    URL and the servers' settings, and stops it all after."""
    async with embedded_servers(prefix) as (work, settings), engine_process(
            [sys.executable, *server], engine_env(settings), work / "engine.log") as child:
        gateway = (await ready(child, work / "engine.log"))["gateway"]
        await samples_without_cache(gateway, "bench-a")
        yield gateway, settings


async def run(turns: int, warmup: int, server: list[str], *, in_post: bool = False,
              kept_alive: bool = True) -> dict[str, float]:
    async with engine_with_samples(server, "yourai-first-") as (gateway, _):
        return summary(await measure(gateway, turns=turns, warmup=warmup, in_post=in_post,
                                     kept_alive=kept_alive))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.first_event",
                                description="Time a POST to its stream's first event.")
    p.add_argument("--turns", type=int, default=60)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--server-script", type=Path, metavar="FILE",
                   help="run this Python file as the engine instead of bench.server "
                        "(an instrumented copy, say)")
    p.add_argument("--in-post", action="store_true",
                   help="read each stream in its POST's response (…/messages/stream)")
    p.add_argument("--new-connections", action="store_true",
                   help="a new TCP connection for every stream (the client before round "
                        "seventeen), not the last stream's connection kept alive")
    args = p.parse_args(argv)
    server = [str(args.server_script)] if args.server_script else ["-m", "bench.server"]
    print(json.dumps(asyncio.run(run(args.turns, args.warmup, server, in_post=args.in_post,
                                     kept_alive=not args.new_connections)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
