"""The baseline: the same pipeline shape as one in-process LangGraph graph.

router → policy, legislation, caselaw, external (in parallel) → synthesis → verifier, with
LangGraph's PostgreSQL checkpointer on the same embedded PostgreSQL. The policy node runs the
engine's own full-text query over the same chunks; the model is the same instant script; the
verifier fetches each cited chunk and checks the quote with the engine's quote matcher. No
HTTP, no broker, no streaming to a client: this is what the engine's distribution costs
against.

Needs the ``bench`` extra (``pip install -e '.[bench]'``); without it, ``available()`` is
false and the benchmark says so and skips the baseline.
"""

from __future__ import annotations

import asyncio
import html
import importlib.util
import json
import operator
import re
import statistics
import time
import uuid
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypedDict

from bench.load import percentile
from bench.model import QUESTION, ROUTING, synthesis
from shared.llm import ChatMessage, ModelRequest, SourceDocument
from shared.verification.quotes import contains_quote

__all__ = ["Baseline", "available", "run_baseline"]

Durability = Literal["sync", "async"]

_SEARCH = """
WITH q AS (
  SELECT to_tsquery('english', string_agg(quote_literal(lexeme) || ':*', ' | ')) AS tsq
  FROM unnest(tsvector_to_array(to_tsvector('english', %(q)s))) AS lexeme
)
SELECT c.document_id, d.title, c.idx, c.heading, c.text, ts_rank_cd(c.tsv, q.tsq, 32) AS score
FROM document_chunks c JOIN documents d ON d.id = c.document_id, q
WHERE c.tenant_id = %(t)s AND q.tsq IS NOT NULL AND c.tsv @@ q.tsq
ORDER BY score DESC, c.document_id, c.idx
LIMIT 6
"""
_CHUNK = ("SELECT text FROM document_chunks WHERE tenant_id = %(t)s AND document_id = %(d)s"
          " AND idx = %(i)s")
_CITE = re.compile(r'<cite ref="doc:([0-9a-f-]+)#(\d+)" quote="([^"]*)">')
_WORKERS = ("policy", "legislation", "caselaw", "external")


def available() -> bool:
    """Whether LangGraph, its PostgreSQL checkpointer and psycopg are installed."""
    return all(importlib.util.find_spec(m) is not None
               for m in ("langgraph", "langgraph.checkpoint.postgres", "psycopg", "psycopg_pool"))


class State(TypedDict, total=False):
    tenant: str
    question: str
    routing: dict[str, Any]
    findings: Annotated[list[dict[str, Any]], operator.add]
    draft: str
    verified: list[bool]


@dataclass
class Baseline:
    durability: Durability
    sequential_ms: list[float]
    concurrency: int
    concurrent_runs: int
    concurrent_wall_s: float

    def summary(self) -> dict[str, float | str]:
        return {
            "durability": self.durability,
            "runs": len(self.sequential_ms),
            "median_ms": statistics.median(self.sequential_ms),
            "p95_ms": percentile(self.sequential_ms, 95),
            "concurrency": self.concurrency,
            "concurrent_runs": self.concurrent_runs,
            "runs_per_s": (self.concurrent_runs / self.concurrent_wall_s
                           if self.concurrent_wall_s else 0.0),
        }


def _build(pool: Any, checkpointer: Any) -> Any:
    from langgraph.graph import END, START, StateGraph

    async def router(state: State) -> State:
        return {"routing": json.loads(ROUTING)}

    async def policy(state: State) -> State:
        async with pool.connection() as conn:
            cur = await conn.execute(_SEARCH, {"q": state["question"], "t": state["tenant"]})
            rows = await cur.fetchall()
        return {"findings": [{"ref": f"doc:{r['document_id']}#{r['idx']}", "title": r["title"],
                              "text": r["text"], "score": float(r["score"])} for r in rows]}

    def unconfigured(name: str) -> Any:
        async def run(state: State) -> State:
            return {"findings": [{"worker": name, "status": "not_configured"}]}
        return run

    async def synthesise(state: State) -> State:
        docs = sorted((f for f in state["findings"] if "ref" in f), key=lambda f: -f["score"])
        request = ModelRequest(
            tier="balanced", purpose="synthesis", system="", question=state["question"],
            messages=[ChatMessage(role="user", content=state["question"])],
            documents=[SourceDocument(ref=d["ref"], title=d["title"], text=d["text"])
                       for d in docs[:12]])
        return {"draft": synthesis(request)}

    async def verify(state: State) -> State:
        results = []
        async with pool.connection() as conn:
            for doc, idx, quote in _CITE.findall(state["draft"]):
                cur = await conn.execute(_CHUNK, {"t": state["tenant"], "d": uuid.UUID(doc),
                                                  "i": int(idx)})
                row = await cur.fetchone()
                results.append(row is not None and contains_quote(row["text"],
                                                                  html.unescape(quote)))
        return {"verified": results}

    g = StateGraph(State)
    g.add_node("router", router)
    g.add_node("policy", policy)
    for name in _WORKERS[1:]:
        g.add_node(name, unconfigured(name))
    g.add_node("synthesis", synthesise)
    g.add_node("verifier", verify)
    g.add_edge(START, "router")
    for name in _WORKERS:
        g.add_edge("router", name)
    g.add_edge(list(_WORKERS), "synthesis")
    g.add_edge("synthesis", "verifier")
    g.add_edge("verifier", END)
    return g.compile(checkpointer=checkpointer)


async def _run_once(graph: Any, tenant: str, durability: Durability) -> float:
    t0 = time.perf_counter()
    out = await graph.ainvoke({"tenant": tenant, "question": QUESTION, "findings": []},
                              {"configurable": {"thread_id": str(uuid.uuid4())}},
                              durability=durability)
    elapsed = time.perf_counter() - t0
    if not out.get("verified") or not all(out["verified"]):
        raise RuntimeError("the baseline's citation did not verify: the comparison is unfair")
    return elapsed * 1000


async def run_baseline(dsn: str, tenant: str, *, runs: int, warmup: int, clients: int,
                       turns: int) -> list[Baseline]:
    """Per durability mode: sequential runs (interleaved between the modes, so drift on a
    shared machine hits both alike), then ``clients`` concurrent callers × ``turns`` runs."""
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
    from psycopg.rows import dict_row
    from psycopg_pool import AsyncConnectionPool

    modes: tuple[Durability, ...] = ("sync", "async")
    kwargs = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}
    async with AsyncConnectionPool(dsn, min_size=4, max_size=20, kwargs=kwargs,
                                   open=False) as pool:
        checkpointer = AsyncPostgresSaver(pool)  # type: ignore[arg-type]
        await checkpointer.setup()
        graph = _build(pool, checkpointer)
        for _ in range(warmup):
            for mode in modes:
                await _run_once(graph, tenant, mode)
        sequential: dict[str, list[float]] = {mode: [] for mode in modes}
        for _ in range(runs):
            for mode in modes:
                sequential[mode].append(await _run_once(graph, tenant, mode))
        out = []
        for mode in modes:
            async def caller(mode: Durability = mode) -> None:
                for _ in range(turns):
                    await _run_once(graph, tenant, mode)

            start = time.perf_counter()
            await asyncio.gather(*(caller() for _ in range(clients)))
            out.append(Baseline(durability=mode, sequential_ms=sequential[mode],
                                concurrency=clients, concurrent_runs=clients * turns,
                                concurrent_wall_s=time.perf_counter() - start))
    return out
