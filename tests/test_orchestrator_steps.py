"""The orchestrator's pure steps: coalescing, evidence, gaps and the answer's fixed tail."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from datetime import date

import pytest

from services.orchestrator.coalesce import coalesce
from services.orchestrator.state import InvocationState
from services.orchestrator.synthesis import (
    History,
    answer_tail,
    as_at_line,
    evidence,
    gap_note,
    missing_instruments,
    missing_sources,
    synthesis_request,
)
from shared.events import Finding, MessageReceived, QueryRewritten, RoutingDecided, WorkerFindings
from shared.llm import ChatMessage


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


async def test_coalescing_flushes_a_slow_stream_without_waiting_for_the_next_piece() -> None:
    """A piece goes out once it has waited ``max_delay_s``, not when the next one comes: here
    the next comes only after the last has gone out, so a piece held for it would never leave
    (the ceiling ends the test). Judged by order, not by the clock, which a loaded machine
    runs late."""
    out: list[str] = []
    taken = asyncio.Event()

    async def one_at_a_time() -> AsyncIterator[str]:
        for piece in ["a", "b", "c"]:
            taken.clear()
            yield piece
            await taken.wait()

    async with asyncio.timeout(60):
        async for chunk in coalesce(one_at_a_time(), max_chars=1000, max_delay_s=0.03):
            out.append(chunk)
            taken.set()
    assert out == ["a", "b", "c"]  # each piece went out on its own, not held for the next


async def test_coalescing_drains_what_is_already_produced_without_waiting() -> None:
    # An instant model: every piece is there at once, so deltas go out full, not on the timer.
    texts = [f"t{i:03d} " for i in range(100)]  # 5 characters each
    loop = asyncio.get_running_loop()
    start = loop.time()
    out = [c async for c in coalesce(_pieces(texts), max_chars=50, max_delay_s=5.0)]
    assert loop.time() - start < 1.0
    assert out == ["".join(texts[i:i + 10]) for i in range(0, 100, 10)]


async def _failing(texts: list[str], delay: float) -> AsyncIterator[str]:
    for t in texts:
        yield t
    await asyncio.sleep(delay)
    raise RuntimeError("model stopped")


async def test_coalescing_raises_a_failure_after_the_deltas_sent_before_it() -> None:
    got: list[str] = []
    with pytest.raises(RuntimeError, match="model stopped"):
        async for c in coalesce(_failing(["ab", "cd"], 0.1), max_chars=1000, max_delay_s=0.01):
            got.append(c)
    assert got == ["abcd"]


async def test_coalescing_closed_early_stops_reading_the_model() -> None:
    read: list[int] = []

    async def slow() -> AsyncIterator[str]:
        for i in range(100):
            read.append(i)
            await asyncio.sleep(0.01)
            yield "x"

    async with contextlib.aclosing(coalesce(slow(), max_chars=1, max_delay_s=1.0)) as deltas:
        async for _ in deltas:
            break
    seen = len(read)
    await asyncio.sleep(0.1)
    assert len(read) == seen < 100


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


def _finding(ref: str, title: str, text: str = "Some text.") -> Finding:
    return Finding(ref=ref, title=title, text=text, uri=ref)


def test_instruments_the_sources_do_not_hold_are_named_in_the_tail() -> None:
    damp = _finding("doc:1#0", "Damp and Mould Policy — Timescales",
                    "We follow Awaab's Law and inspect within 10 working days.")
    note = missing_instruments("What are our obligations under Awaab's Law?", [damp])
    assert "The connected sources do not hold Awaab's Law" in note  # a mention is not holding
    s21 = _finding("ukpga/1988/50/section/21", "Housing Act 1988, s. 21: Recovery of possession")
    assert missing_instruments("Can we use a section 21 notice under the Housing Act 1988?",
                               [s21]) == ""
    assert "schedule 2" in missing_instruments(
        "What must a landlord prove for Ground 8 under Schedule 2 to the Housing Act 1988?", [s21])
    assert missing_instruments("How quickly must we fix a leak?", [damp]) == ""  # a topic


def test_the_tail_says_what_is_missing_then_gaps_then_the_date_then_the_disclaimer() -> None:
    tail = answer_tail("**What could not be checked**", "Not legal advice.",
                       missing="**Not in the sources**", as_at=date(2026, 5, 1))
    assert as_at_line(date(2026, 5, 1)) == "Information as at 1 May 2026."
    order = ["Not in the sources", "What could not be checked", "as at 1 May 2026",
             "Not legal advice."]
    assert [tail.index(p) for p in order] == sorted(tail.index(p) for p in order)


def test_synthesis_answers_the_standalone_question_with_a_cacheable_system_prompt() -> None:
    ids = {"conversation_id": uuid.uuid4(), "tenant_id": "t", "invocation_id": uuid.uuid4()}
    state = InvocationState.from_log([])
    state.apply(MessageReceived(**ids, user_id="u", message_id=uuid.uuid4(),
                                content="And if the tenant is vulnerable?"))
    state.apply(QueryRewritten(**ids, original="And if the tenant is vulnerable?",
                               standalone="And if the tenant is vulnerable? (about: complaint)",
                               method="offline"))
    assert state.to_answer == "And if the tenant is vulnerable? (about: complaint)"
    routing = RoutingDecided(**ids, query_type="policy", complexity=20, workers=["policy"],
                             model_tier="fast")
    earlier = [ChatMessage(role="user", content="How fast do we answer a complaint?"),
               ChatMessage(role="assistant", content="Within 10 working days.")]
    requests = [synthesis_request(question=q, routing=routing, documents=[],
                                  history=History(messages=earlier), tenant_name="T",
                                  jurisdiction="England")
                for q in (state.to_answer, "Another question?")]
    assert requests[0].system == requests[1].system
    assert state.to_answer not in requests[0].system
    assert requests[0].question == state.to_answer
    assert [m.content for m in requests[0].messages] == [
        "How fast do we answer a complaint?", "Within 10 working days.", state.to_answer]
