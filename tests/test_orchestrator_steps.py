"""The orchestrator's pure steps: coalescing, evidence, gaps and the answer's fixed tail."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

from services.orchestrator.coalesce import coalesce
from services.orchestrator.synthesis import answer_tail, evidence, gap_note, missing_sources
from shared.events import Finding, RoutingDecided, WorkerFindings


async def _pieces(texts: list[str], delay: float = 0.0) -> AsyncIterator[str]:
    for t in texts:
        if delay:
            await asyncio.sleep(delay)
        yield t


async def test_coalescing_keeps_the_text_and_makes_fewer_events() -> None:
    texts = [f"tok{i} " for i in range(200)]
    out = [c async for c in coalesce(_pieces(texts), max_chars=64)]
    assert "".join(out) == "".join(texts)
    assert len(out) < len(texts) / 5


async def test_coalescing_flushes_a_slow_stream_within_the_delay() -> None:
    loop = asyncio.get_running_loop()
    stamps: list[float] = []
    start = loop.time()
    async for _ in coalesce(_pieces(["a", "b", "c"], delay=0.2), max_chars=1000,
                            max_delay_s=0.03):
        stamps.append(loop.time() - start)
    assert len(stamps) == 3  # each piece went out on its own, not held for the next
    assert stamps[0] < 0.35


def _routing(workers: list[str]) -> RoutingDecided:
    return RoutingDecided(conversation_id=uuid.uuid4(), tenant_id="t", invocation_id=uuid.uuid4(),
                          query_type="mixed", complexity=30, workers=workers,  # type: ignore[arg-type]
                          model_tier="balanced")


def _findings(worker: str, status: str, refs: list[tuple[str, float]], error: str | None = None
              ) -> WorkerFindings:
    return WorkerFindings(conversation_id=uuid.uuid4(), tenant_id="t",
                          invocation_id=uuid.uuid4(), worker=worker,  # type: ignore[arg-type]
                          status=status,  # type: ignore[arg-type]
                          findings=[Finding(ref=r, title=r, text="x", score=s) for r, s in refs],
                          error=error)


def test_evidence_is_best_first_without_repeats_and_gaps_are_named() -> None:
    routing = _routing(["policy", "legislation", "external"])
    findings = {
        "policy": _findings("policy", "ok", [("doc:a#1", 0.2), ("doc:a#2", 0.9),
                                             ("doc:a#1", 0.2)]),
        "legislation": _findings("legislation", "not_configured", [],
                                 "UK legislation search is not configured."),
    }
    assert [f.ref for f in evidence(findings)] == ["doc:a#2", "doc:a#1"]
    assert missing_sources(routing, findings) == ["legislation", "external"]
    note = gap_note(routing, findings)
    assert "UK legislation search is not configured." in note
    assert "did not respond in time" in note
    tail = answer_tail(note, "Not legal advice.")
    assert tail.endswith("_Not legal advice._")


def test_findings_without_scores_still_reach_the_answer() -> None:
    """The public Lex scores no section: its findings (0.0) must not all fall below the cut
    behind a dozen scored policy chunks; each worker's own order is kept."""
    findings = {
        "policy": _findings("policy", "ok", [(f"doc:a#{i}", 0.9 - i / 100) for i in range(14)]),
        "legislation": _findings("legislation", "ok", [("ukpga/2004/34/section/1", 0.0),
                                                       ("ukpga/2004/34/section/2", 0.0)]),
    }
    refs = [f.ref for f in evidence(findings)]
    assert len(refs) == 12
    assert refs[:4] == ["doc:a#0", "ukpga/2004/34/section/1", "doc:a#1",
                        "ukpga/2004/34/section/2"]
