"""Verified while it streams (DESIGN §5a): each cited sentence is checked once it is complete.

The tracker is pure and tested alone; the verifier's sentence checks run on real NATS
JetStream and PostgreSQL; the whole engine is driven over HTTP and SSE with a
scripted model that streams slowly.
"""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from bench.model import synthesis as bench_synthesis
from services.engine import Engine
from services.verifier.app import create
from services.verifier.handlers import VerifyDraft
from services.verifier.report import unrecorded
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import free_port
from shared.events import (
    AnswerRevised,
    CitationChecked,
    ContentDelta,
    ConversationCreated,
    ConversationRenamed,
    DraftCompleted,
    Event,
    InvocationCancelled,
    InvocationStarted,
    MessageReceived,
    SentenceDrafted,
    VerificationResult,
    derived_id,
)
from shared.llm import ModelRequest, ScriptedProvider, SourceDocument
from shared.runtime import Infra, Service
from shared.store import Recorded
from shared.store.projections import answer_message_id
from shared.verification import Citation, Outcome, SentenceTracker, parse_citations
from shared.verification.checks import Check
from tests.e2e import Client, SseEvent
from tests.log_writes import record

TENANT = "tenant-a"
BENCH = Path(__file__).resolve().parent.parent / "bench"
WITHHELD = "I could not verify the source for a statement here"

ANSWER = (
    "Damp reports are inspected within ten working days "
    '<cite ref="doc:7f0c2a4e-0000-4000-8000-000000000001#0" quote="within ten working days">'
    "1</cite>. A sentence without a citation. "
    'Repairs follow s. 11 of the Landlord and Tenant Act 1985 <cite ref="ukpga/1985/70/section/11"'
    ' quote="to keep in repair. The structure">2</cite>.\n\n'
    "- Urgent repairs are made within 24 hours <cite ref=\"doc:7f0c2a4e-0000-4000-8000-"
    '000000000001#2">3</cite>.\n'
    "- Section 5 of that Act applies too. The rest is plain"
)


# -- the tracker (pure) -----------------------------------------------------------------------


def _track(pieces: list[str]) -> list[tuple[int, str, int, int]]:
    tracker = SentenceTracker()
    found = [s for piece in pieces for s in tracker.feed(piece)] + tracker.finish()
    return [(s.index, s.text, s.offset, s.first_citation) for s in found]


def test_a_cited_sentence_is_reported_once_the_next_one_starts() -> None:
    tracker = SentenceTracker()
    first = ANSWER.index("A sentence without")
    assert tracker.feed(ANSWER[:first - 1]) == []  # complete words, but nothing follows yet
    assert tracker.feed(" ") == []
    [sentence] = tracker.feed("A")
    assert (sentence.index, sentence.offset, sentence.first_citation) == (0, 0, 1)
    assert sentence.text == ANSWER[:first - 1]
    assert sentence.text.endswith("</cite>.")


def test_a_tag_still_streaming_keeps_its_sentence_open() -> None:
    tracker = SentenceTracker()
    text = 'Rent is reviewed each April. <cite ref="doc:x#0" quote="Rent. Is reviewed'
    assert tracker.feed(text) == []
    assert tracker.feed('">1</cite>') == []
    [sentence] = tracker.feed(" Next")
    assert sentence.text == text + '">1</cite>'


def test_a_tag_cut_before_its_label_keeps_its_sentence_open() -> None:
    """Cut between a tag's ">" and its label (or inside its closing tag), the parser reads a tag
    never closed followed by text: the sentence is not complete until the tag is."""
    for cut in ('">', '">1', '">1<', '">1</ci', '">1</cite'):
        tracker = SentenceTracker()
        opened = 'The policy says "rent is reviewed each April." <cite ref="doc:x#0" quote="April'
        assert tracker.feed(opened + cut) == [], cut
        assert tracker.feed('">1</cite>'.removeprefix(cut)) == [], cut
        [sentence] = tracker.feed("\n\nNext")
        assert sentence.text == opened + '">1</cite>'


def test_any_chunking_reports_the_same_sentences_numbered_as_the_whole_answer() -> None:
    whole = _track([ANSWER])
    assert [text.split(" <cite")[0] for _, text, _, _ in whole] == [
        "Damp reports are inspected within ten working days",
        "Repairs follow s. 11 of the Landlord and Tenant Act 1985",
        "Urgent repairs are made within 24 hours",
        "Section 5 of that Act applies too.",
    ]
    citations = parse_citations(ANSWER).citations
    # The prose "s. 11 of …" repeats its sentence's tag, so it is not a citation of its own.
    assert [first for *_, first in whole] == [1, 2, 3, 4]
    assert len(citations) == 4
    for _, text, offset, first in whole:
        assert ANSWER[offset:offset + len(text)] == text
        assert citations[first - 1].span[0] >= offset
    rng = random.Random(14)
    for _ in range(200):
        cuts = sorted(rng.sample(range(1, len(ANSWER)), rng.randint(1, 60)))
        pieces = [ANSWER[a:b] for a, b in zip([0, *cuts], [*cuts, len(ANSWER)], strict=True)]
        assert _track(pieces) == whole, cuts


def _whole_draft(text: str) -> list[tuple[int, str, int, int]]:
    """The cited sentences of ``text`` as one parse of the whole draft reads them."""
    sentences: dict[tuple[int, int], int] = {}
    for c in parse_citations(text).citations:
        sentences.setdefault(c.sentence, c.index)
    return [(i, text[start:end], start, first)
            for i, ((start, end), first) in enumerate(sorted(sentences.items()))]


def _real_answers() -> list[str]:
    """Answers made of real cited sentences (the verification sets: legislation, case law and
    policy tags, prose references, removed and misquoted citations) joined as answers are written:
    paragraphs, lists, a heading, uncited prose between them, and the benchmark's own answer."""
    texts = [json.loads(line)["text"] for name in sorted(BENCH.glob("verification_*.jsonl"))
             for line in name.read_text().splitlines() if line.strip()]
    rng = random.Random(13)
    def bench(documents: list[SourceDocument]) -> str:
        return bench_synthesis(ModelRequest(tier="balanced", purpose="synthesis", system="",
                                            messages=[], documents=documents))

    uncited = bench([])
    joins = [" ", "\n\n", "\n- ", "\n\n## Repairs\n\n", " A sentence without a citation. ",
             f"\n\n{uncited}\n\n", f" {uncited} "]
    answers = [bench([SourceDocument(ref="doc:7f0c2a4e-0000-4000-8000-000000000001#0",
                                     title="Damp", text=POLICY.split("\n", 2)[2])])]
    for _ in range(60):
        picked = rng.sample(texts, rng.randint(2, 8))
        answer = picked[0]
        for text in picked[1:]:
            answer += rng.choice(joins) + text
        answers.append(answer)
    return answers


def test_the_window_reports_what_the_whole_draft_parse_reads_on_real_answers() -> None:
    """The tracker parses only from where it can read on (DESIGN §5a): on real answers, cut
    anywhere (inside a tag too), what it reports is exactly the whole draft's cited sentences,
    numbered alike."""
    rng = random.Random(5)
    for answer in _real_answers():
        whole = _whole_draft(answer)
        assert _track([answer]) == whole
        # Cut anywhere, inside tags too: a tag cut between its ">" and its label reads, for
        # that moment, as a tag never closed followed by text, and its sentence stays open.
        places = range(1, len(answer))
        for _ in range(20):
            cuts = sorted(rng.sample(places, min(len(places), rng.randint(1, 40))))
            pieces = [answer[a:b] for a, b in zip([0, *cuts], [*cuts, len(answer)], strict=True)]
            assert _track(pieces) == whole, (answer, cuts)


# -- the verifier's sentence checks (real NATS and PostgreSQL) ---------------------------------


POLICY = """# Damp and mould

We inspect every report of damp within ten working days. Urgent repairs are completed within
24 hours of the report.
"""


async def wait_for(check: Callable[[], Awaitable[bool]], within: float = 20.0) -> None:
    """Poll observable state until ``check`` holds, failing after ``within`` seconds."""
    async with asyncio.timeout(within):
        while True:
            if await check():
                return
            await asyncio.sleep(0.05)


def _counted(service: Service) -> Counter[int]:
    """Count the checks each citation gets, by its number (both handlers share the checks)."""
    calls: Counter[int] = Counter()
    handler = service.subscriptions[0].handler
    assert isinstance(handler, VerifyDraft)
    checks = handler.checks

    def wrap(check: Check) -> Check:
        async def counted(tenant_id: str, citation: Citation) -> Outcome:
            calls[citation.index] += 1
            return await check(tenant_id, citation)
        return counted

    checks.by_kind = {kind: wrap(check) for kind, check in checks.by_kind.items()}
    return calls


async def test_sentences_are_checked_as_they_stream_and_the_draft_reuses_them(
        infra: Infra) -> None:
    doc = await DocumentStore(infra.pool).add(TENANT, "Damp policy", POLICY)
    conversation, invocation, message = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    ids: dict[str, Any] = {"conversation_id": conversation, "tenant_id": TENANT,
                           "invocation_id": invocation}
    fabricated = f"doc:{uuid.uuid4()}#0"
    text = (
        f'Tenants may repaint the walls <cite ref="{fabricated}" quote="tenants may repaint">'
        "1</cite>. "
        f'We inspect reports within ten working days <cite ref="doc:{doc.id}#0" '
        'quote="We inspect every report of damp within ten working days">2</cite>. '
        f'Urgent repairs take 24 hours <cite ref="doc:{doc.id}" quote="Urgent repairs are '
        'completed within 24 hours">3</cite>.\n\nThis is general information.'
    )
    tracker = SentenceTracker()
    cut = text.index("We inspect") + 2
    deltas = [text[:cut], text[cut:]]
    sentences = [[SentenceDrafted(**ids, index=s.index, text=s.text, offset=s.offset,
                                  first_citation=s.first_citation) for s in tracker.feed(d)]
                 for d in deltas]
    sentences[-1] += [SentenceDrafted(**ids, index=s.index, text=s.text, offset=s.offset,
                                      first_citation=s.first_citation)
                      for s in tracker.finish()]
    assert [len(s) for s in sentences] == [1, 2]

    service = create(infra)
    calls = _counted(service)
    await service.start()
    try:
        await record(infra.store, service.bus, [
            ConversationCreated(conversation_id=conversation, tenant_id=TENANT, user_id="u1"),
            InvocationStarted(**ids, user_id="u1", message_id=message),
            MessageReceived(**ids, user_id="u1", message_id=message, content="Damp?"),
            ContentDelta(**ids, text=deltas[0], index=0),
            *sentences[0],
        ])

        async def revised_early() -> bool:
            return any(isinstance(r.event, AnswerRevised) for r in await _log(infra, invocation))

        await wait_for(revised_early)
        log = await _log(infra, invocation)
        [checked] = [r.event for r in log if isinstance(r.event, CitationChecked)]
        assert (checked.index, checked.status, checked.ref) == (1, "removed", fabricated)
        assert checked.meta.causation_id == sentences[0][0].event_id
        [early] = [r.event for r in log if isinstance(r.event, AnswerRevised)]
        assert early.removed == [fabricated] and early.draft_chars == len(sentences[0][0].text)
        assert early.text == f"{WITHHELD}, so I have withheld it rather than present it as fact."
        assert not any(isinstance(r.event, VerificationResult) for r in log)

        # Redelivery of the sentence: the same ids, so the log gains nothing.
        handler = next(s.handler for s in service.subscriptions
                       if s.event_class is SentenceDrafted)
        committed = next(r.event for r in log if isinstance(r.event, SentenceDrafted))
        await handler(committed)
        await _settle(infra, service, conversation)
        assert [r.event.event_id for r in await _log(infra, invocation)] == [
            r.event.event_id for r in log]

        # Two sentences at once: checked one after the other, the second reusing the first's
        # judgements (its draft so far holds them) rather than checking them again.
        await record(infra.store, service.bus, [
            ContentDelta(**ids, text=deltas[1], index=1), *sentences[1]])

        async def all_checked() -> bool:
            return sum(isinstance(r.event, CitationChecked)
                       for r in await _log(infra, invocation)) == 3

        await wait_for(all_checked)
        assert calls == Counter({1: 1, 2: 1, 3: 1})
        # The verifier restarts before the draft: its memory is gone, the log is not.
        await _settle(infra, service, conversation)
        await service.stop()
        service = create(infra)
        calls = _counted(service)
        await service.start()
        draft = DraftCompleted(**ids, text=text, provider="scripted", model="m")
        await record(infra.store, service.bus, [draft])

        async def completed() -> bool:
            return any(r.type == "invocation.completed" for r in await _log(infra, invocation))

        await wait_for(completed)
        log = await _log(infra, invocation)
        checks = [r.event for r in log if isinstance(r.event, CitationChecked)]
        assert sorted(c.index for c in checks) == [1, 2, 3]  # each reported once
        assert {c.index: c.status for c in checks} == {1: "removed", 2: "verified",
                                                       3: "verified"}
        assert calls == Counter()  # and none checked again
        [result] = [r.event for r in log if isinstance(r.event, VerificationResult)]
        assert (result.citations_checked, result.citations_verified) == (3, 2)
        revisions = [r.event for r in log if isinstance(r.event, AnswerRevised)]
        assert [r.draft_chars for r in revisions] == [early.draft_chars, None]
        assert "repaint" not in revisions[-1].text and WITHHELD in revisions[-1].text
        types = [r.type for r in log]
        assert types.index("answer.revised") < types.index("draft.completed")
        assert types[-1] == "invocation.completed"
    finally:
        await service.stop()


async def test_an_answer_cancelled_after_a_removal_keeps_the_revision(infra: Infra) -> None:
    conversation, invocation, message = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    ids: dict[str, Any] = {"conversation_id": conversation, "tenant_id": TENANT,
                           "invocation_id": invocation}
    first = (f'Tenants may repaint the walls <cite ref="doc:{uuid.uuid4()}" quote="repaint">'
             "1</cite>.")
    streamed = first + " And then the answer was cut"
    [sentence] = SentenceTracker().feed(streamed)
    service = create(infra)
    await service.start()
    try:
        await record(infra.store, service.bus, [
            ConversationCreated(conversation_id=conversation, tenant_id=TENANT, user_id="u1"),
            InvocationStarted(**ids, user_id="u1", message_id=message),
            MessageReceived(**ids, user_id="u1", message_id=message, content="Paint?"),
            ContentDelta(**ids, text=streamed, index=0),
            SentenceDrafted(**ids, index=0, text=sentence.text, offset=0, first_citation=1),
        ])

        async def revised() -> bool:
            return any(r.type == "answer.revised" for r in await _log(infra, invocation))

        await wait_for(revised)
        await record(infra.store, service.bus, [InvocationCancelled(**ids)])
        content = await infra.pool.fetchval("SELECT content FROM messages WHERE id = $1",
                                            answer_message_id(invocation))
        assert content.startswith(WITHHELD) and content.endswith(" And then the answer was cut")
        assert "repaint" not in content
    finally:
        await service.stop()


# -- the whole engine over SSE ----------------------------------------------------------------


async def test_badges_and_a_removal_arrive_while_the_answer_streams(settings: Settings) -> None:
    fabricated = f"doc:{uuid.uuid4()}#0"
    answer = (
        f'Tenants may repaint the walls <cite ref="{fabricated}" quote="tenants may repaint">'
        "1</cite>. "
        'Landlords must keep the structure in repair <cite ref="ukpga/1985/70/section/11">2</cite>'
        ". " + "This sentence streams slowly so that the checks can overtake it. " * 12
    )
    scripted = ScriptedProvider(responses={"synthesis": [answer], "title": ["Repainting"]},
                                chunk_size=8, delay_s=0.02)
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    provider=scripted)
    await engine.start()
    client = Client(engine)
    try:
        conversation = await client.conversation()
        accepted = await client.ask(conversation, "Can tenants repaint the walls?")
        seen = await client.collect(accepted["stream_url"], timeout=90)
        types = [e.type for e in seen]
        last_delta = max(i for i, t in enumerate(types) if t == "content.delta")
        first_badge = _first(seen, lambda e: e.type == "citation.checked"
                             and e.data["index"] == 1)
        assert first_badge < last_delta, types
        assert seen[first_badge].data["status"] == "removed"
        early = _first(seen, lambda e: e.type == "answer.revised"
                       and e.data.get("draft_chars") is not None)
        assert early < types.index("invocation.completed")
        assert str(seen[early].data["text"]).startswith(WITHHELD)
        assert types.index("draft.sentence") < first_badge
        streamed = previous = ""
        for e in seen:  # each sentence comes with the delta that completed it, not later
            if e.type == "content.delta":
                previous, streamed = streamed, streamed + str(e.data["text"])
            elif e.type == "draft.sentence":
                end = int(str(e.data["offset"])) + len(str(e.data["text"]))
                assert streamed[end - len(str(e.data["text"])):end] == e.data["text"]
                assert streamed[end:].strip() and not previous[end:].strip()
        assert Counter(e.data["index"] for e in seen if e.type == "citation.checked") == {
            1: 1, 2: 1}
        [result] = [e for e in seen if e.type == "verification.result"]
        assert result.data["citations_checked"] == 2
        assert types[-1] == "invocation.completed"

        r = await client.http.get(f"/v1/conversations/{conversation}")
        [reply] = [m for m in r.json()["messages"] if m["role"] == "assistant"]
        assert "repaint" not in reply["content"] and WITHHELD in reply["content"]
    finally:
        await client.close()
        await engine.stop()


def _first(events: list[SseEvent], test: Callable[[SseEvent], bool]) -> int:
    return next(i for i, e in enumerate(events) if test(e))


async def _log(infra: Infra, invocation: uuid.UUID) -> list[Recorded]:
    return await infra.store.read_invocation(TENANT, invocation)


async def _settle(infra: Infra, service: Service, conversation: uuid.UUID) -> None:
    """Wait until a sentinel the service emits is recorded (its emits commit before returning)."""
    sentinel: Event = ConversationRenamed(conversation_id=conversation, tenant_id=TENANT,
                                          user_id="u1", title="Sentinel")
    await service.emit([sentinel])

    async def recorded() -> bool:
        records = await infra.store.read_conversation(TENANT, conversation)
        return any(r.event.event_id == sentinel.event_id for r in records)

    await wait_for(recorded)


def test_a_citation_read_differently_in_the_whole_draft_is_reported_again() -> None:
    """The log's report of a citation is kept; a different judgement of the same number gets an
    id of its own rather than vanish as a duplicate."""
    inv = uuid.uuid4()
    ids: dict[str, Any] = {"conversation_id": uuid.uuid4(), "tenant_id": TENANT,
                           "invocation_id": inv}
    step = derived_id(inv, "verifier", "citation", 1)
    early = CitationChecked(**ids, event_id=step, index=1, ref="doc:a", kind="document",
                            status="verified", claim="A.")
    logged = [Recorded(position=1, version=1, event=early, payload=b"", prev_hash=b"",
                       hash=b"", recorded_at=datetime.now(UTC))]
    same = msgspec.structs.replace(early, detail="checked again")
    other = msgspec.structs.replace(early, ref="doc:b")
    fresh = CitationChecked(**ids, event_id=derived_id(inv, "verifier", "citation", 2),
                            index=2, ref="doc:c", kind="document", status="removed")
    out = unrecorded([same, other, fresh], logged)
    assert [(e.ref, e.event_id) for e in out if isinstance(e, CitationChecked)] == [
        ("doc:b", derived_id(inv, "verifier", "citation", 1, "draft")),
        ("doc:c", fresh.event_id)]
