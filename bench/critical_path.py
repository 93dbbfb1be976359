"""Where one invocation's time goes, hop by hop: ``python -m bench.critical_path [--turns N]``.

One conversation, the engine in its own process (``bench.server``, the instant scripted model,
the cache off as in ``bench.pipeline``), turns one after another. For each turn the client
notes its wall clock at the POST, at the 202 and at the arrival of every SSE event; then the
log gives, for each of the invocation's events, when its producer made it (``occurred_at``)
and when its append began (``recorded_at``, the transaction's ``now()``). Client and engine
share one machine and one clock, so the three line up. Per event, in order, the medians over
the turns of:

- ``made``: the producer made the event (ms since the POST);
- ``append``: its append began, so ``append - made`` is the producer's own work between
  making an event and writing it (the write-behind's queue, holding it for a later append);
- ``seen``: the client read it from the stream, so ``seen - append`` is the commit, the
  publication, the gateway's delivery and HTTP;
- ``gap``: from the previous event's append to this one being made: for the first event of a
  stage, the hop (commit, publication, JetStream, the next consumer's delivery and whatever it
  reads before it acts); within a stage, the stage's own work.

Waits show as gaps longer than the work they hold. The run's turns are aligned by each
event's place in its invocation (its type and how many of that type came before it), so the
model must produce the same answer every turn, as the scripted one does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bench.client import ApiClient
from bench.first_event import engine_with_samples
from bench.footprint import SECRET
from bench.model import QUESTION
from shared.events import TERMINAL_TYPES

__all__ = ["Stage", "TurnTimes", "timeline"]


@dataclass(frozen=True)
class TurnTimes:
    """One turn as the client saw it: wall-clock seconds (epoch)."""

    invocation_id: uuid.UUID
    posted: float
    accepted: float
    seen: dict[int, float]  # the SSE ``id:`` (the event's version) → its arrival


@dataclass(frozen=True)
class Stage:
    """One event's place in an invocation, with its medians (ms) over the turns."""

    event: str
    made: float
    append: float
    seen: float
    gap: float


async def _turn(api: ApiClient, conversation: str) -> TurnTimes:
    posted = time.time()
    r = await api.http.post(f"/v1/conversations/{conversation}/messages",
                            json={"content": QUESTION})
    r.raise_for_status()
    accepted = time.time()
    body = r.json()
    seen: dict[int, float] = {}
    version = 0
    async with api.sse.stream("GET", body["stream_url"]) as response:
        response.raise_for_status()
        async for line in response.aiter_lines():
            if line.startswith("id:"):
                version = int(line[3:])
            elif line.startswith("event:"):
                seen[version] = time.time()
                if line[6:].strip() in TERMINAL_TYPES:
                    return TurnTimes(uuid.UUID(body["invocation_id"]), posted, accepted, seen)
    raise RuntimeError("the stream ended without a terminal event")


async def _log_times(database_url: str, invocation_id: uuid.UUID
                     ) -> list[tuple[int, str, float, float]]:
    """The invocation's events in log order: version, type, made, append began (epoch s)."""
    conn = await asyncpg.connect(database_url)
    try:
        rows = await conn.fetch(
            "SELECT version, type, extract(epoch FROM occurred_at)::float8 AS made,"
            " extract(epoch FROM recorded_at)::float8 AS appended"
            " FROM events WHERE invocation_id = $1 ORDER BY version", invocation_id)
    finally:
        await conn.close()
    return [(r["version"], r["type"], r["made"], r["appended"]) for r in rows]


def timeline(turns: Sequence[tuple[TurnTimes, list[tuple[int, str, float, float]]]]
             ) -> list[Stage]:
    """Each event's place, in the order of the first turn, with medians over the turns."""
    samples: dict[str, list[tuple[float, float, float, float]]] = {}
    order: list[str] = []
    for times, events in turns:
        counts: dict[str, int] = {}
        previous = times.posted
        for version, type_, made, appended in events:
            counts[type_] = counts.get(type_, 0) + 1
            key = f"{type_} #{counts[type_]}" if counts[type_] > 1 else type_
            if key not in samples:
                samples[key] = []
                order.append(key)
            seen = times.seen.get(version, float("nan"))
            samples[key].append(((made - times.posted) * 1000, (appended - times.posted) * 1000,
                                 (seen - times.posted) * 1000, (made - previous) * 1000))
            previous = appended
    return [Stage(key, *(round(statistics.median(v[i] for v in samples[key]), 2)
                         for i in range(4))) for key in order]


async def measure(url: str, database_url: str, *, turns: int, warmup: int
                  ) -> dict[str, object]:
    api = ApiClient(url, SECRET, tenant="bench-a", user="critical-path")
    try:
        conversation = await api.conversation()
        for _ in range(warmup):
            await _turn(api, conversation)
        timed = [await _turn(api, conversation) for _ in range(turns)]
    finally:
        await api.close()
    logged = [(t, await _log_times(database_url, t.invocation_id)) for t in timed]
    ends = [max(t.seen.values()) - t.posted for t in timed]
    return {
        "turns": turns,
        "accepted_p50_ms": round(statistics.median(t.accepted - t.posted for t in timed) * 1000,
                                 2),
        "first_event_p50_ms": round(statistics.median(min(t.seen.values()) - t.posted
                                                      for t in timed) * 1000, 2),
        "completed_p50_ms": round(statistics.median(ends) * 1000, 2),
        "stages": [vars(s) for s in timeline(logged)],
    }


def render(result: dict[str, object]) -> str:
    """The timeline as a table, ms since the POST (medians)."""
    lines = [f"turns {result['turns']}: 202 at {result['accepted_p50_ms']} ms, first event "
             f"{result['first_event_p50_ms']} ms, terminal event {result['completed_p50_ms']} ms",
             f"{'event':<28}{'made':>9}{'append':>9}{'seen':>9}{'gap':>9}"]
    stages = result["stages"]
    assert isinstance(stages, list)
    for s in stages:
        lines.append(f"{s['event']:<28}{s['made']:>9.2f}{s['append']:>9.2f}{s['seen']:>9.2f}"
                     f"{s['gap']:>9.2f}")
    return "\n".join(lines)


async def run(turns: int, warmup: int) -> dict[str, object]:
    server = ["-m", "bench.server"]
    async with engine_with_samples(server, "yourai-path-") as (gateway, settings):
        return await measure(gateway, str(settings.database_url), turns=turns, warmup=warmup)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.critical_path",
                                description="Time each event of an invocation since its POST.")
    p.add_argument("--turns", type=int, default=30)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the result as JSON")
    args = p.parse_args(argv)
    result = asyncio.run(run(args.turns, args.warmup))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    print(render(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
