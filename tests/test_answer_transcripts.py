"""The issue's transcripts, asked of the whole engine (offline provider, sample tenant): the
answer comes first, a comparison shows both policies, an instrument the sources do not hold
is named and the confidence is low."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from services.engine import Engine
from shared.answering.gaps import MISSING_LEAD
from tests.e2e import Client

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "policies"
_TAG = re.compile(r"<cite\b[^>]*>(.*?)</cite>")


@pytest.fixture
async def client(engine: Engine) -> AsyncIterator[Client]:
    c = Client(engine)
    c.stems = {}  # type: ignore[attr-defined]
    for p in sorted(SAMPLES.glob("*.md")):
        doc = await c.upload(p.stem, p.read_text())
        c.stems[str(doc["id"])] = p.stem  # type: ignore[attr-defined]
    yield c
    await c.close()


async def _ask(client: Client, question: str) -> tuple[str, str, list[dict[str, object]]]:
    """The final answer, its confidence and its checked citations."""
    conversation = await client.conversation()
    accepted = await client.ask(conversation, question)
    events = await client.collect(accepted["stream_url"])
    assert events[-1].type == "invocation.completed", [e.type for e in events]
    draft = next(e.data for e in events if e.type == "draft.completed")
    revised = [e.data for e in events if e.type == "answer.revised"]
    text = str((revised[-1] if revised else draft)["text"])
    confidence = next(e.data for e in events if e.type == "confidence.update")
    checked = [e.data for e in events if e.type == "citation.checked"]
    return text, str(confidence["level"]), checked


def _opening(answer: str) -> str:
    return _TAG.sub("", answer.split("\n\n", 1)[0])


async def test_awaabs_law_is_named_as_missing_and_the_confidence_is_low(client: Client) -> None:
    answer, level, _ = await _ask(client, "What are our obligations under Awaab's Law?")
    assert answer.startswith("Your policies and the connected sources do not say this: "
                             "Awaab's Law is not among them."), answer
    assert f"{MISSING_LEAD} Awaab's Law" in answer
    assert "review this policy" not in answer.lower()
    assert level == "low"


async def test_a_comparison_shows_both_policies(client: Client) -> None:
    answer, _, checked = await _ask(
        client, "Compare our repairs timescales with our damp and mould timescales")
    opening = answer.split("\n\n", 1)[0]
    assert "| Period |" in answer, answer
    refs = re.findall(r'<cite ref="doc:([^"#]+)', opening)
    stems = client.stems  # type: ignore[attr-defined]
    assert {stems[r] for r in refs} == {"repairs", "damp-and-mould"}, answer
    assert all(c["status"] == "verified" for c in checked if c["kind"] == "document")


async def test_the_sample_question_states_the_remedial_timescales(client: Client) -> None:
    answer, level, _ = await _ask(client, "What must we do about damp and mould in a flat "
                                          "we let?")
    first = " ".join(_TAG.sub("", answer).split("\n\n")[:2])
    assert "10 working days" in first or "24 hours" in first, answer
    assert "sets out how" not in _opening(answer)  # not the policy's "Purpose" paragraph
    assert level in ("medium", "high")
