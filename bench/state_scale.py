"""The scale-of-state benchmark: ``python -m bench.state_scale [--events N] [--json FILE]``.

Does appending a turn, replaying a conversation and checking its hash chain stay as fast with
ten million events in the log as with none? Starts an embedded PostgreSQL with the engine's
migrations, then at each fill level (0, N/10, 3N/10, N by default) adds other tenants'
conversations with server-side SQL (``bench.state_fill``) and times the store's public calls
against conversations of its own: appends of a thirty-event turn into a new and into a long
conversation and of one event, reads of a conversation and of an invocation, the gateway's
projection reads, and the chain check of ``yourai verify``. The ratio of the last level to the
first shows flatness; the plan of every statement those calls run shows why (``bench.query_plans``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

from bench.invocation_shape import conversation_created, turn_events
from bench.query_plans import Plan, plans_of
from bench.report import machine
from bench.state_fill import fill, table_sizes
from services.engine import SCHEMA
from shared.embedded import start_postgres
from shared.events import ContentDelta, InvocationStarted
from shared.store import PostgresEventStore, connect_pool, migrate, read_models, verify_chain

__all__ = ["Counts", "main", "run"]

TENANT = "scale-a"
USER = "user-1"


@dataclass(frozen=True)
class Counts:
    """How much to measure at each fill level."""

    samples: int = 40
    long_turns: int = 100
    typical_turns: int = 5
    cold: int = 20


Timer = Callable[[], Awaitable[object]]


async def _time(samples: int, call: Timer, warmup: int = 2) -> dict[str, float]:
    for _ in range(warmup):
        await call()
    times = []
    for _ in range(samples):
        t0 = time.perf_counter()
        await call()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {"p50_ms": round(statistics.median(times), 3),
            "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
            "mean_ms": round(statistics.fmean(times), 3)}


async def _conversation(store: PostgresEventStore, turns: int) -> tuple[uuid.UUID, uuid.UUID]:
    """A conversation of ours with ``turns`` answered questions; returns it and its last turn."""
    cid = uuid.uuid4()
    await store.append([conversation_created(cid, TENANT, USER)])
    last = cid
    for _ in range(turns):
        events = turn_events(cid, TENANT, USER)
        await store.append(events)
        last = events[0].invocation_id or cid
    return cid, last


async def _fresh_turn(store: PostgresEventStore) -> Timer:
    """Each call appends a turn into a conversation created (untimed) just before."""
    pending: list[uuid.UUID] = []

    async def prepare() -> None:
        cid = uuid.uuid4()
        await store.append([conversation_created(cid, TENANT, USER)])
        pending.append(cid)

    async def call() -> None:
        await store.append(turn_events(pending.pop(), TENANT, USER))
        await prepare()

    await prepare()
    return call


async def _single_event(store: PostgresEventStore) -> Timer:
    """Each call appends one streamed delta to a running invocation (one hop of the engine)."""
    cid = uuid.uuid4()
    iid = uuid.uuid4()
    await store.append([conversation_created(cid, TENANT, USER),
                        InvocationStarted(conversation_id=cid, tenant_id=TENANT,
                                          invocation_id=iid, user_id=USER,
                                          message_id=uuid.uuid4())])
    index = iter(range(10**9))

    async def call() -> None:
        await store.append([ContentDelta(conversation_id=cid, tenant_id=TENANT,
                                         invocation_id=iid, text="A streamed piece of answer. ",
                                         index=next(index))])
    return call


async def _verify(store: PostgresEventStore, cid: uuid.UUID) -> None:
    if verify_chain(await store.chain(cid)):
        raise RuntimeError(f"the chain of {cid} is broken")


async def _cold(pool: asyncpg.Pool, n: int) -> list[tuple[str, uuid.UUID]]:
    """Other tenants' conversations picked at random from the whole table."""
    rows = await pool.fetch(
        "SELECT tenant_id, conversation_id FROM streams WHERE tenant_id LIKE 'fill-%'"
        " ORDER BY random() LIMIT $1", n)
    return [(r["tenant_id"], r["conversation_id"]) for r in rows]


async def measure(pool: asyncpg.Pool, counts: Counts) -> dict[str, dict[str, float]]:
    """Every timed call at the current fill level."""
    store = PostgresEventStore(pool)
    n = counts.samples
    long_cid, _ = await _conversation(store, counts.long_turns)
    typical, last = await _conversation(store, counts.typical_turns)
    ops = {
        "append_turn_new_conversation": await _time(n, await _fresh_turn(store)),
        "append_turn_long_conversation": await _time(
            n, lambda: store.append(turn_events(long_cid, TENANT, USER))),
        "append_one_event": await _time(n, await _single_event(store)),
        "read_conversation_typical": await _time(
            n, lambda: store.read_conversation(TENANT, typical)),
        "read_conversation_long": await _time(
            n, lambda: store.read_conversation(TENANT, long_cid)),
        "read_invocation": await _time(n, lambda: store.read_invocation(TENANT, last)),
        "conversation_detail": await _time(
            n, lambda: read_models.conversation_detail(pool, TENANT, typical, user_id=None)),
        "recent_messages": await _time(n, lambda: read_models.recent_messages(
            pool, TENANT, typical, before_invocation=last, limit=10)),
        "invocation_ref": await _time(
            n, lambda: read_models.invocation(pool, TENANT, last, user_id=None)),
        "verify_typical": await _time(n, lambda: _verify(store, typical)),
        "verify_long": await _time(max(5, n // 4), lambda: _verify(store, long_cid)),
    }
    if cold := await _cold(pool, counts.cold):
        picks = iter(cold * 4)

        async def read_cold() -> object:
            tenant, cid = next(picks)
            return await store.read_conversation(tenant, cid)

        async def detail_cold() -> object:
            tenant, cid = next(picks)
            return await read_models.conversation_detail(pool, tenant, cid, user_id=None)

        ops["read_conversation_cold"] = await _time(len(cold), read_cold, warmup=0)
        ops["conversation_detail_cold"] = await _time(len(cold), detail_cold, warmup=0)
    return ops


async def plans(pool: asyncpg.Pool) -> dict[str, list[Plan]]:
    """The plans of the statements each store call runs, on the current table."""
    store_cid, last = await _conversation(PostgresEventStore(pool), 2)

    def store(p: asyncpg.Pool) -> PostgresEventStore:
        return PostgresEventStore(p)

    calls: dict[str, Callable[[asyncpg.Pool], Awaitable[object]]] = {
        "append_turn": lambda p: store(p).append(turn_events(store_cid, TENANT, USER)),
        "read_conversation": lambda p: store(p).read_conversation(TENANT, store_cid),
        "read_invocation": lambda p: store(p).read_invocation(TENANT, last),
        "chain": lambda p: store(p).chain(store_cid),
        "conversation_detail": lambda p: read_models.conversation_detail(
            p, TENANT, store_cid, user_id=None),
        "recent_messages": lambda p: read_models.recent_messages(
            p, TENANT, store_cid, before_invocation=last, limit=10),
        "earlier_questions": lambda p: read_models.earlier_questions(
            p, TENANT, store_cid, before_invocation=last, limit=10),
        "conversation_persona": lambda p: read_models.conversation_persona(p, TENANT, store_cid),
        "invocation_ref": lambda p: read_models.invocation(p, TENANT, last, user_id=None),
        "stalled_invocations": lambda p: read_models.stalled_invocations(
            p, quiet_since=datetime.now(UTC)),
        "conversations": lambda p: read_models.conversations(p, TENANT, None),
    }
    return {name: await plans_of(pool, call) for name, call in calls.items()}


def _levels(events: int, given: str | None) -> list[int]:
    if given:
        return sorted({int(float(x)) for x in given.split(",")})
    return sorted({0, events // 10, 3 * events // 10, events})


async def _set_wal(pool: asyncpg.Pool, size: str | None) -> None:
    """Room for WAL during the fill (fewer checkpoints); reset before anything is timed."""
    async with pool.acquire() as conn:
        if size:
            await conn.execute(f"ALTER SYSTEM SET max_wal_size = '{size}'")
        else:
            await conn.execute("ALTER SYSTEM RESET max_wal_size")
        await conn.execute("SELECT pg_reload_conf()")
        if not size:
            await conn.execute("CHECKPOINT")


async def run(events: int, counts: Counts, *, levels: str | None = None) -> dict[str, object]:
    results: dict[str, object] = {"events": events, "counts": asdict(counts),
                                  "machine": machine(), "date": datetime.now(UTC).isoformat()}
    steps: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix="yourai-state-") as tmp, \
            contextlib.ExitStack() as stack:
        _say("starting embedded PostgreSQL")
        dsn = await asyncio.to_thread(start_postgres, stack, Path(tmp) / "pg")
        pool = await connect_pool(dsn, min_size=1, max_size=4)
        try:
            await migrate(pool, SCHEMA)
            filled = 0
            for level in _levels(events, levels):
                step: dict[str, object] = {"level": level}
                if level > filled:
                    _say(f"filling to {level:,} events")
                    await _set_wal(pool, "16GB")
                    added = await fill(pool, level - filled)
                    await _set_wal(pool, None)
                    filled += added.events
                    step["fill"] = asdict(added)
                step["events_in_table"] = await pool.fetchval("SELECT count(*) FROM events")
                _say(f"measuring at {step['events_in_table']:,} events")
                step["ops"] = await measure(pool, counts)
                step["sizes"] = await table_sizes(pool)
                found = await plans(pool)
                step["full_scans"] = {name: sorted({t for p in ps for t in p.full_scans})
                                      for name, ps in found.items()
                                      if any(p.full_scans for p in ps)}
                steps.append(step)
            results["plans"] = {name: [asdict(p) for p in ps] for name, ps in found.items()}
        finally:
            await pool.close()
    results["levels"] = steps
    results["flatness"] = _flatness(steps)
    return results


def _flatness(steps: list[dict[str, object]]) -> dict[str, dict[str, float]]:
    """For each call, its time at the fullest level over its time at the emptiest."""
    first, last = steps[0]["ops"], steps[-1]["ops"]
    assert isinstance(first, dict) and isinstance(last, dict)
    return {op: {"p50_ratio": round(last[op]["p50_ms"] / first[op]["p50_ms"], 2),
                 "p95_ratio": round(last[op]["p95_ms"] / first[op]["p95_ms"], 2)}
            for op in last if op in first}


def render(results: dict[str, object]) -> str:
    steps = results["levels"]
    assert isinstance(steps, list)
    names = list(steps[-1]["ops"])
    head = f"{'p50 / p95 ms':<32}" + "".join(f"{s['events_in_table']:>20,}" for s in steps)
    lines = ["Scale of state: events in the table →", head]
    for op in names:
        cells = "".join(
            f"{s['ops'][op]['p50_ms']:>10.2f} /{s['ops'][op]['p95_ms']:>7.2f}"
            if op in s["ops"] else f"{'—':>20}" for s in steps)
        ratio = results["flatness"].get(op)  # type: ignore[attr-defined]
        lines.append(f"  {op:<30}{cells}" + (f"   ×{ratio['p50_ratio']}" if ratio else ""))
    last = steps[-1]
    for s in steps:
        if "fill" in s:
            f = s["fill"]
            lines.append(f"fill to {s['events_in_table']:,}: +{f['events']:,} events in "
                         f"{f['seconds']:.0f} s ({f['events'] / f['seconds']:,.0f} events/s)")
    for name, size in last["sizes"].items():
        lines.append(f"  {name:<14} {size['rows']:>12,} rows"
                     f"  table {size['table_bytes'] / 2**20:>9,.1f} MiB"
                     f"  indexes {size['index_bytes'] / 2**20:>8,.1f} MiB")
    scans = last["full_scans"] or "none"
    lines.append(f"full scans of large tables at the last level: {scans}")
    return "\n".join(lines)


def _say(text: str) -> None:
    print(f"· {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.state_scale",
                                description="Append and replay latency as the log grows.")
    p.add_argument("--events", type=int, default=10_000_000, help="events at the last level")
    p.add_argument("--levels", help="fill levels, comma separated (default 0,N/10,3N/10,N)")
    p.add_argument("--samples", type=int, default=Counts.samples, help="timed calls per level")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")
    args = p.parse_args(argv)
    results = asyncio.run(run(args.events, Counts(samples=args.samples), levels=args.levels))
    print(render(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")
        print(f"\nResults written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
