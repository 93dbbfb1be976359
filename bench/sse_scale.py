"""The open-streams benchmark: ``python -m bench.sse_scale [--streams 1000] [--json FILE]``.

How much does one open SSE stream cost the gateway, and how late do events reach a thousand of
them? Starts embedded NATS, PostgreSQL and Redis and the engine in its own process with the
scripted model paced like a real one (a chunk every ``--delay`` seconds), so invocations stay
running while their streams are open. Posts a question in each of ``--conversations``
conversations, then opens ``--streams`` feeds spread evenly over those invocations (as when a
user has the answer open in several tabs, or many users each follow their own) and reads them
all in this one asyncio process with a lean reader (``bench.sse_client``).

Reports the engine's resident memory before and with the streams open (the gateway runs in the
engine's process), per stream; each event's delivery latency from its commit (``recorded_at``
in the log, read back through ``/v1/conversations/{id}/events``) to its arrival at each client;
and whether every stream received every event of its invocation exactly once, in order. The
client shares the machine's cores with the engine: its CPU time is reported beside theirs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg

from bench.client import ApiClient
from bench.footprint import SECRET
from bench.model import QUESTION
from bench.procs import cpu_seconds, read_ready_line, server_pids, spawn, stop, usage
from bench.report import machine
from bench.sse_client import Feed, follow
from services.gateway.app import issue_token
from shared.config import Settings
from shared.embedded import free_port, start_embedded

__all__ = ["Shape", "main", "run"]

TENANT = "bench-sse"
USERS = 10


@dataclass(frozen=True)
class Shape:
    """How many streams over how many invocations, and how fast the model streams."""

    streams: int = 1000
    conversations: int = 100
    delay_s: float = 1.0
    chunk: int = 60
    open_concurrency: int = 50
    stats_settle_s: float = 11.0
    """Wait before reading PostgreSQL's counters: idle backends publish theirs within 10 s."""


@dataclass
class _Invocation:
    conversation: str
    invocation: str
    user: str
    feeds: list[Feed]


def _raise_fd_limit(needed: int) -> int:
    """Room for one socket per stream here and in the engine (which inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 2 * needed + 1024))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return want


def _rss(pid: int) -> int:
    return usage({pid: "engine"}).rss


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"count": 0}
    values = sorted(values)
    return {"count": len(values), "p50_ms": round(statistics.median(values), 2),
            "p95_ms": round(values[min(len(values) - 1, int(0.95 * len(values)))], 2),
            "max_ms": round(values[-1], 2)}


async def _post_all(url: str, shape: Shape
                    ) -> tuple[list[_Invocation], dict[str, ApiClient]]:
    clients = {f"user-{u}": ApiClient(url, SECRET, tenant=TENANT, user=f"user-{u}")
               for u in range(USERS)}

    async def one(i: int) -> _Invocation:
        client = clients[f"user-{i % USERS}"]
        conversation = await client.conversation()
        r = await client.http.post(f"/v1/conversations/{conversation}/messages",
                                   json={"content": QUESTION})
        r.raise_for_status()
        return _Invocation(conversation, str(r.json()["invocation_id"]), f"user-{i % USERS}", [])

    return list(await asyncio.gather(*(one(i) for i in range(shape.conversations)))), clients


async def _open_all(url: str, invocations: list[_Invocation], shape: Shape
                    ) -> tuple[list[asyncio.Task[None]], float]:
    """Open every stream (a few at a time) and wait until each has its response headers."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    gate = asyncio.Semaphore(shape.open_concurrency)
    tokens = {f"user-{u}": issue_token(SECRET, TENANT, f"user-{u}") for u in range(USERS)}
    tasks: list[asyncio.Task[None]] = []
    t0 = time.perf_counter()

    async def start(inv: _Invocation) -> None:
        async with gate:
            feed, opened = Feed(), asyncio.Event()
            inv.feeds.append(feed)
            task = asyncio.create_task(follow(
                host, port, f"/v1/invocations/{inv.invocation}/stream", tokens[inv.user],
                feed, opened))
            tasks.append(task)
            done = asyncio.create_task(opened.wait())
            await asyncio.wait({task, done}, return_when=asyncio.FIRST_COMPLETED)
            done.cancel()

    await asyncio.gather(*(start(invocations[i % len(invocations)])
                           for i in range(shape.streams)))
    return tasks, time.perf_counter() - t0


async def _logs(client: ApiClient, inv: _Invocation) -> list[tuple[int, float]]:
    """The invocation's committed events as the log holds them: (version, recorded_at)."""
    r = await client.http.get(f"/v1/conversations/{inv.conversation}/events")
    r.raise_for_status()
    return [(e["version"], datetime.fromisoformat(e["recorded_at"]).timestamp())
            for e in r.json() if e["event"].get("invocation_id") == inv.invocation]


def _deliveries(invocations: list[_Invocation], logs: list[list[tuple[int, float]]]
                ) -> dict[str, object]:
    """Exactly once and in order per stream, and latency of the events each received live:
    all of them, and those committed once every stream was open (no opening under way)."""
    exact = errors = 0
    feeds = [f for inv in invocations for f in inv.feeds]
    all_open = max((f.opened_at for f in feeds), default=0.0)
    latencies: list[float] = []
    steady: list[float] = []
    spreads: list[float] = []
    for inv, log in zip(invocations, logs, strict=True):
        expected = [v for v, _ in log]
        recorded = dict(log)
        arrivals: dict[int, list[float]] = {}
        for feed in inv.feeds:
            errors += bool(feed.error)
            exact += feed.versions == expected
            for version, _, at in feed.received:
                if recorded.get(version, 0.0) > feed.opened_at:  # live, not replayed
                    latencies.append((at - recorded[version]) * 1000)
                    if recorded[version] > all_open:
                        steady.append((at - recorded[version]) * 1000)
                    arrivals.setdefault(version, []).append(at)
        spreads += [(max(a) - min(a)) * 1000 for a in arrivals.values() if len(a) > 1]
    streams = sum(len(inv.feeds) for inv in invocations)
    return {"streams": streams, "exactly_once_in_order": exact, "stream_errors": errors,
            "events_in_log": sum(len(log) for log in logs),
            "latency_from_commit": _percentiles(latencies),
            "latency_from_commit_all_open": _percentiles(steady),
            "open_time": _percentiles([(f.opened_at - f.requested_at) * 1000 for f in feeds
                                       if f.opened_at]),
            "fan_out_spread": _percentiles(spreads)}


async def _invocation_reads(dsn: str) -> int:
    """Index scans of the log by invocation so far: each feed's replay and catch-up read is
    one (the engine's own reads by invocation are the same with few streams or many)."""
    conn = await asyncpg.connect(dsn)
    try:
        return int(await conn.fetchval(
            "SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'events_invocation'"))
    finally:
        await conn.close()


async def _measure(url: str, engine_pid: int, settings: Settings, shape: Shape
                   ) -> dict[str, object]:
    data_dir, dsn = settings.data_dir, str(settings.database_url)
    warm = ApiClient(url, SECRET, tenant=TENANT, user="warm-up")
    _say("warm-up: one invocation followed to its end")
    await warm.turn(await warm.conversation(), QUESTION)
    await warm.close()
    servers = server_pids(data_dir)
    cpu_pids = {"engine": [engine_pid], "servers": list(servers), "client": [os.getpid()]}
    cpu0 = {k: cpu_seconds(v) for k, v in cpu_pids.items()}
    reads0 = await _invocation_reads(dsn)
    idle = _rss(engine_pid)
    _say(f"posting {shape.conversations} questions")
    invocations, clients = await _post_all(url, shape)
    await asyncio.sleep(1.0)
    running = _rss(engine_pid)
    servers_running = usage(servers).rss
    _say(f"opening {shape.streams} streams")
    tasks, open_s = await _open_all(url, invocations, shape)
    open_rss = _rss(engine_pid)
    servers_open = usage(servers).rss
    _say("reading until every invocation has ended")
    await asyncio.gather(*tasks)
    wall = time.perf_counter()
    cpu = {k: round(cpu_seconds(v) - cpu0[k], 2) for k, v in cpu_pids.items()}
    await asyncio.sleep(shape.stats_settle_s)
    reads = await _invocation_reads(dsn) - reads0
    logs = [await _logs(clients[inv.user], inv) for inv in invocations]
    for client in clients.values():
        await client.close()
    return {
        "open_seconds": round(open_s, 2),
        "memory": {"engine_idle": idle, "engine_invocations_running": running,
                   "engine_streams_open": open_rss,
                   "engine_per_stream": round((open_rss - running) / shape.streams),
                   "servers_invocations_running": servers_running,
                   "servers_streams_open": servers_open,
                   "servers_per_stream": round((servers_open - servers_running) / shape.streams)},
        "cpu_seconds": cpu, "log_reads_by_invocation": reads,
        "delivery": _deliveries(invocations, logs), "_wall": wall,
    }


async def run(shape: Shape) -> dict[str, object]:
    results: dict[str, object] = {"shape": asdict(shape), "machine": machine(),
                                  "fd_limit": _raise_fd_limit(shape.streams)}
    with tempfile.TemporaryDirectory(prefix="yourai-sse-") as tmp:
        work = Path(tmp)
        with contextlib.ExitStack() as stack:
            _say("starting embedded NATS, PostgreSQL and Redis")
            settings = await asyncio.to_thread(start_embedded, Settings(data_dir=work / "data"),
                                               stack)
            log = work / "engine.log"
            child = spawn(["-m", "bench.server", "--delay", str(shape.delay_s),
                           "--chunk", str(shape.chunk)], {
                "YOURAI_NATS_URL": str(settings.nats_url),
                "YOURAI_DATABASE_URL": str(settings.database_url),
                "YOURAI_REDIS_URL": str(settings.redis_url),
                "YOURAI_PORT": str(free_port()), "YOURAI_JWT_SECRET": SECRET,
                "YOURAI_NAMESPACE": "bench", "YOURAI_RATE_LIMIT_PER_MINUTE": "1000000",
            }, log)
            try:
                ready = await asyncio.to_thread(read_ready_line, child, log, 90)
                t0 = time.perf_counter()
                measured = await _measure(ready["gateway"], child.pid, settings, shape)
                wall = float(measured.pop("_wall")) - t0  # type: ignore[arg-type]
                results.update(measured)
                results["phase_seconds"] = round(wall, 1)
            finally:
                await asyncio.to_thread(stop, child)
    return results


def render(r: dict[str, object]) -> str:
    m, d, cpu = r["memory"], r["delivery"], r["cpu_seconds"]
    assert isinstance(m, dict) and isinstance(d, dict) and isinstance(cpu, dict)
    lat, spread = d["latency_from_commit"], d["fan_out_spread"]
    steady, opening = d["latency_from_commit_all_open"], d["open_time"]
    mib = 2**20
    return "\n".join([
        f"SSE scale: {d['streams']} streams over {r['shape']['conversations']} invocations"  # type: ignore[index]
        f" (opened in {r['open_seconds']} s)",
        f"  engine RSS: idle {m['engine_idle'] / mib:.0f} MiB, invocations running "
        f"{m['engine_invocations_running'] / mib:.0f} MiB, streams open "
        f"{m['engine_streams_open'] / mib:.0f} MiB → "
        f"{m['engine_per_stream'] / 1024:.1f} KiB per stream",
        f"  servers RSS: {m['servers_invocations_running'] / mib:.0f} → "
        f"{m['servers_streams_open'] / mib:.0f} MiB "
        f"({m['servers_per_stream'] / 1024:.1f} KiB per stream)",
        f"  delivered exactly once, in order: {d['exactly_once_in_order']}/{d['streams']} streams"
        f" ({d['stream_errors']} errors; {d['events_in_log']} events in the log)",
        f"  latency commit → client (live events, {lat.get('count', 0)}): p50 {lat.get('p50_ms')}"
        f" ms, p95 {lat.get('p95_ms')} ms, max {lat.get('max_ms')} ms",
        f"  … of events committed once all were open ({steady.get('count', 0)}): p50 "
        f"{steady.get('p50_ms')} ms, p95 {steady.get('p95_ms')} ms, max {steady.get('max_ms')} ms",
        f"  time to open one stream (request → headers): p50 {opening.get('p50_ms')} ms, "
        f"p95 {opening.get('p95_ms')} ms",
        f"  fan-out spread of one event over its streams: p50 {spread.get('p50_ms')} ms,"
        f" p95 {spread.get('p95_ms')} ms, max {spread.get('max_ms')} ms",
        f"  CPU seconds over {r['phase_seconds']} s: engine {cpu['engine']}, servers "
        f"{cpu['servers']}, this client {cpu['client']}; log reads by invocation "
        f"{r['log_reads_by_invocation']}",
    ])


def _say(text: str) -> None:
    print(f"· {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.sse_scale",
                                description="Many open SSE streams on one gateway.")
    p.add_argument("--streams", type=int, default=Shape.streams)
    p.add_argument("--conversations", type=int,
                   help="invocations the streams follow (default: streams / 10)")
    p.add_argument("--delay", type=float, default=Shape.delay_s,
                   help="seconds between the scripted model's chunks")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")
    args = p.parse_args(argv)
    shape = Shape(streams=args.streams, delay_s=args.delay,
                  conversations=args.conversations or max(1, args.streams // 10))
    results = asyncio.run(run(shape))
    print(render(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")
        print(f"\nResults written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
