"""What the semantic cache saves: time to ``invocation.completed`` for a miss and for a hit,
and what the lookup itself costs every question (DESIGN §5d).

The whole engine runs in this process on embedded NATS, PostgreSQL and Redis, with the offline
model (so a miss is the engine's own cost, not a remote model's: with one a miss costs seconds
more and a hit the same). The sample policies are uploaded; each question is asked once in a
fresh conversation (a miss: the whole pipeline, then kept if verification stood behind it) and
again in another (a hit, when it was kept). The lookup is then timed alone (embedding, the
pgvector query, the guard and the source checks) for kept questions and for unseen ones.

    python -m bench.cache_latency [--rounds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import uuid
from dataclasses import replace

from bench.client import ApiClient
from bench.first_event import embedded_servers
from bench.load import percentile
from services.engine import Engine
from shared.cache.reuse import AnswerCache
from shared.cache.savings import savings
from shared.cache.sources import SourceReader
from shared.cache.store import CacheStore
from shared.embedded import free_port

QUESTIONS = (
    "What must we do about damp and mould in a flat we let?",
    "How quickly must we fix an emergency repair?",
    "How quickly must we respond to a stage 1 complaint?",
    "What happens at stage 2 of our complaints process?",
    "How long do we have to complete urgent repairs?",
    "What must we do when a vulnerable resident reports mould?",
    "Who can make a complaint to us?",
    "When can a resident go to the Housing Ombudsman?",
    "What are the tenant's responsibilities for repairs?",
    "How do residents report damp and mould?",
)
UNSEEN = (
    "Can we charge a tenant for replacing a lost key?",
    "What is our policy on pets in flats?",
    "How do we handle a request for a home swap?",
)


def _say(text: str) -> None:
    print(f"· {text}", file=sys.stderr, flush=True)


async def _hit(engine: Engine, invocation: str) -> bool:
    assert engine.infra is not None
    return bool(await engine.infra.pool.fetchval(
        "SELECT count(*) FROM events WHERE invocation_id = $1 AND type = 'cache.hit'",
        uuid.UUID(invocation)))


async def _kept(engine: Engine, invocation: str, timeout_s: float = 10) -> bool:
    """Whether the verifier kept the answer (it does so just after emitting its verdict)."""
    assert engine.infra is not None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if await engine.infra.pool.fetchval(
                "SELECT count(*) FROM semantic_cache WHERE invocation_id = $1",
                uuid.UUID(invocation)):
            return True
        await asyncio.sleep(0.05)
    return False


async def _timed(engine: Engine, api: ApiClient, question: str) -> tuple[float, bool, bool]:
    """(ms to completion, was it a hit, was it kept) for one question in a new conversation."""
    conversation = await api.conversation()
    turn = await api.turn(conversation, question)
    assert engine.infra is not None
    invocation = await engine.infra.pool.fetchval(
        "SELECT invocation_id FROM events WHERE conversation_id = $1"
        " AND type = 'invocation.completed' ORDER BY position DESC LIMIT 1",
        uuid.UUID(conversation))
    hit = await _hit(engine, str(invocation))
    kept = not hit and await _kept(engine, str(invocation))
    return turn.completed * 1000, hit, kept


async def _lookups(engine: Engine, rounds: int) -> dict[str, dict[str, float]]:
    assert engine.infra is not None
    cache = AnswerCache(CacheStore(engine.infra.pool), SourceReader(engine.infra.pool, None))
    scope = cache.scope("bench", "england")
    out: dict[str, dict[str, float]] = {}
    for label, questions in (("hit", QUESTIONS), ("miss", UNSEEN)):
        parts: dict[str, list[float]] = {"embed": [], "query": [], "check": [], "total": []}
        for _ in range(rounds):
            for q in questions:
                start = time.perf_counter()
                found = await cache.find(q, scope, ttl_days=30)
                parts["total"].append((time.perf_counter() - start) * 1000)
                for k in ("embed", "query", "check"):
                    parts[k].append(found.timings_ms.get(k, 0.0))
        out[label] = {k: statistics.median(v) for k, v in parts.items()}
    return out


async def run(rounds: int) -> dict[str, object]:
    _say("starting embedded NATS, PostgreSQL and Redis, and the engine")
    async with embedded_servers("yourai-cache-") as (_, settings):
        engine = Engine(replace(settings, port=free_port()))
        await engine.start()
        api = ApiClient(engine.gateway_url, settings.jwt_secret, tenant="bench", user="bench")
        try:
            await api.upload_samples()
            await _timed(engine, api, "How do I report a repair?")  # warm-up (model loads)
            misses, hits, kept = [], [], 0
            for q in QUESTIONS:
                ms, hit, was_kept = await _timed(engine, api, q)
                assert not hit, f"a first question hit: {q}"
                misses.append(ms)
                kept += was_kept
                if was_kept:
                    ms, hit, _ = await _timed(engine, api, q)
                    assert hit, f"a kept question missed: {q}"
                    hits.append(ms)
            _say(f"{kept} of {len(QUESTIONS)} answers kept; timing the lookup alone")
            lookups = await _lookups(engine, rounds)
            assert engine.infra is not None
            saved = await savings(engine.infra.pool, "bench")
        finally:
            await api.close()
            await engine.stop()
    return {"questions": len(QUESTIONS), "kept": kept,
            "miss_p50_ms": percentile(misses, 50), "miss_p95_ms": percentile(misses, 95),
            "hit_p50_ms": percentile(hits, 50), "hit_p95_ms": percentile(hits, 95),
            "lookup_ms": lookups, "savings": saved}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.cache_latency", description=__doc__)
    p.add_argument("--rounds", type=int, default=20, help="lookups timed per question")
    args = p.parse_args(argv)
    r = asyncio.run(run(args.rounds))
    print(f"questions {r['questions']}, answers kept {r['kept']}")
    print(f"to invocation.completed: miss p50 {r['miss_p50_ms']:.0f} ms "
          f"(p95 {r['miss_p95_ms']:.0f}), hit p50 {r['hit_p50_ms']:.0f} ms "
          f"(p95 {r['hit_p95_ms']:.0f})")
    print(f"the tenant's savings, from the log: {r['savings']}")
    lookups = r["lookup_ms"]
    assert isinstance(lookups, dict)
    for label, parts in lookups.items():
        print(f"lookup ({label}) p50: " + ", ".join(f"{k} {v:.1f} ms" for k, v in parts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
