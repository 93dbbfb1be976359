"""Policy documents: chunks of bounded size whatever the layout, uploads all or nothing, one
document per tenant and content (issue 8, defects 2 and 7)."""

from __future__ import annotations

import asyncio
import itertools
import random

import pytest

from services.engine import Engine
from shared.documents import CHUNK_LIMIT, ChunkSpan, DocumentStore, NoText, chunk_text
from shared.runtime import Infra
from tests.e2e import Client

WORDS = ("tenant landlord damp mould repair inspect notice complaint ventilation heating "
         "report survey contractor days working resident").split()


def _prose(rng: random.Random, words: int) -> str:
    """Sentences of random words, as text exported from a PDF reads."""
    out: list[str] = []
    while len(out) < words:
        sentence = [rng.choice(WORDS) for _ in range(rng.randint(6, 18))]
        out.extend([sentence[0].capitalize(), *sentence[1:-1], sentence[-1] + "."])
    return " ".join(out)


def _pdf_export(size: int) -> str:
    """About ``size`` characters in short lines with single newlines and no blank line."""
    rng = random.Random(8)
    text = _prose(rng, size // 6)
    lines, line = [], []
    for word in text.split():
        line.append(word)
        if sum(map(len, line)) > 70:
            lines.append(" ".join(line))
            line = []
    lines.append(" ".join(line))
    return "\n".join(lines)[:size]


def _spans_are_verbatim_and_bounded(content: str) -> list[ChunkSpan]:
    spans = chunk_text(content)
    assert spans
    for s in spans:
        assert 0 <= s.start < s.end <= len(content)
        assert s.end - s.start <= CHUNK_LIMIT, (s.start, s.end)
    starts = [s.start for s in spans]
    assert starts == sorted(starts) and all(
        a.end <= b.start for a, b in itertools.pairwise(spans))
    return spans


@pytest.mark.parametrize("layout", ["pdf export", "one line", "no spaces", "json"])
def test_chunks_have_a_maximum_size_whatever_the_layout(layout: str) -> None:
    content = {
        "pdf export": _pdf_export(1_400_000),
        "one line": _prose(random.Random(1), 60_000),
        "no spaces": "x" * 50_000,
        "json": '{"policy": [' + ",".join(f'{{"id": {i}, "text": "{_prose(random.Random(i), 9)}"}}'
                                         for i in range(3000)) + "]}",
    }[layout]
    spans = _spans_are_verbatim_and_bounded(content)
    # Nothing is lost: every non-space character is in some chunk, in order.
    assert "".join("".join(content[s.start:s.end].split()) for s in spans) == "".join(
        content.split())
    if layout == "pdf export":  # cut at line breaks
        assert all(s.end == len(content) or content[s.end] == "\n" for s in spans)
    if layout == "one line":  # cut between words, nearly always after a sentence
        assert all(s.end == len(content) or content[s.end] == " " for s in spans)
        assert sum(content[s.end - 1] == "." for s in spans) > 0.9 * len(spans)


def test_a_heading_stays_with_its_text_and_small_documents_chunk_as_before() -> None:
    content = ("# Damp and mould\n\nWe inspect within 10 working days.\n\n"
               "## Ventilation\n" + "Extractor fans are checked every year. " * 80)
    spans = chunk_text(content)
    assert content[spans[0].start:spans[0].end] == (
        "# Damp and mould\n\nWe inspect within 10 working days.")
    assert spans[0].heading == "Damp and mould"
    second = content[spans[1].start:spans[1].end]
    assert second.startswith("## Ventilation\nExtractor fans")  # not a heading on its own
    assert all(s.heading == "Ventilation" for s in spans[1:])
    assert chunk_text("###") == [] and chunk_text("# \n\n  ") == []


async def test_an_upload_with_nothing_to_index_writes_nothing(infra: Infra) -> None:
    store = DocumentStore(infra.pool)
    with pytest.raises(NoText):
        await store.add("tenant-a", "x", "###")
    assert await infra.pool.fetchval("SELECT count(*) FROM documents") == 0


async def test_concurrent_identical_uploads_store_one_document(infra: Infra) -> None:
    store = DocumentStore(infra.pool)
    text = "# Repairs\n\nEmergency repairs are attended within 24 hours.\n"
    results = await asyncio.gather(*(store.add("tenant-a", f"Repairs {i}", text)
                                     for i in range(10)))
    assert len({r.id for r in results}) == 1
    assert sum(r.created for r in results) == 1
    assert {r.chunks for r in results} == {1}
    assert await infra.pool.fetchval("SELECT count(*) FROM documents") == 1
    assert await infra.pool.fetchval("SELECT count(*) FROM document_chunks") == 1
    other = await store.add("tenant-b", "Repairs", text)  # per tenant
    assert other.created and other.id != results[0].id


async def test_a_large_one_line_per_paragraph_policy_still_answers_questions(
        engine: Engine) -> None:
    """The 1.4 MB PDF export of issue 8: accepted, chunked, and the next matching question
    is answered rather than failing on NATS's payload limit."""
    client = Client(engine)
    try:
        content = _pdf_export(1_400_000) + "\nDamp and mould reports are inspected quickly."
        doc = await client.upload("Exported policy", content)
        assert int(doc["chunks"]) > 500  # type: ignore[call-overload]
        conversation = await client.conversation()
        accepted = await client.ask(conversation, "How do we handle damp and mould reports?")
        events = await client.collect(accepted["stream_url"], timeout=90)
        assert events[-1].type == "invocation.completed", [e.type for e in events][-5:]
        findings = [e for e in events if e.type == "worker.findings"
                    and e.data["worker"] == "policy"]
        assert findings and findings[0].data["status"] == "ok"
    finally:
        await client.close()
