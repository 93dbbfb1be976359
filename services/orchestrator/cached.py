"""Serving a verified answer again (DESIGN §5d): on ``cache.hit`` the reused invocation's final
answer, read from its log, streams as this invocation's draft.

Nothing is taken on trust: the draft goes to the verifier like any other (each cited sentence
as soon as it has streamed, then the whole), so a citation that no longer verifies is
withheld and the entry evicted. The log is the only copy of the answer: the cache's row only
points at it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime

import msgspec

from services.orchestrator.answer import drafted
from services.orchestrator.state import read_state
from services.orchestrator.synthesis import clean_title, redated
from shared.events import (
    AnswerRevised,
    CacheHit,
    CaseLawSource,
    ContentDelta,
    DraftCompleted,
    Envelope,
    Event,
    InvocationCancelled,
    InvocationFailed,
    LegalSource,
    PolicySource,
    TitleGenerated,
    derived_id,
    type_tag,
)
from shared.runtime import Service
from shared.store.read_models import conversation_title, invocation_events
from shared.verification import SentenceTracker

__all__ = ["PIECE_CHARS", "final_answer", "pieces", "serve_cached", "sources_again"]

PIECE_CHARS = 400
"""About this many characters a ``content.delta``: the answer is ready, so a few large pieces
stream it sooner than a model's small ones would."""


REUSED = [type_tag(c) for c in (DraftCompleted, AnswerRevised, PolicySource, LegalSource,
                                CaseLawSource)]
"""What is read of the reused invocation's log: its answer, revisions and sources."""


def final_answer(log: Sequence[Event]) -> DraftCompleted | None:
    """The reused invocation's answer as it was finally served: the last whole revision's text
    (a revision made while streaming stands for part of the draft only), else the draft."""
    draft = next((e for e in log if isinstance(e, DraftCompleted)), None)
    if draft is None:
        return None
    revised = [e for e in log if isinstance(e, AnswerRevised) and e.draft_chars is None]
    return DraftCompleted(conversation_id=draft.conversation_id, tenant_id=draft.tenant_id,
                          invocation_id=draft.invocation_id,
                          text=revised[-1].text if revised else draft.text,
                          provider=draft.provider, model=draft.model, offline=draft.offline)


def sources_again(log: Sequence[Event], envelope: Envelope) -> list[Event]:
    """The reused invocation's source events (``policy.source``, ``legal.source``,
    ``caselaw.source``) as this invocation's: its log alone then names what its answer cites,
    and footnotes carry the same titles."""
    now = datetime.now(UTC)
    return [msgspec.structs.replace(
        e, event_id=derived_id(envelope.invocation_id, "source", i),
        conversation_id=envelope.conversation_id, invocation_id=envelope.invocation_id,
        meta=envelope.meta, occurred_at=now)
        for i, e in enumerate(log)
        if isinstance(e, PolicySource | LegalSource | CaseLawSource)]


def pieces(text: str, size: int = PIECE_CHARS) -> Iterator[str]:
    """``text`` in pieces of about ``size`` characters, each ending after a space."""
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            space = text.rfind(" ", start + 1, end)
            end = space + 1 if space > start else end
        yield text[start:end]
        start = end


async def serve_cached(service: Service, hit: CacheHit) -> None:
    """Stream the reused answer as this invocation's draft (once: a redelivered hit after any
    streaming is failed rather than streamed twice, as the pipeline does)."""
    envelope = service.envelope(hit)
    state = await read_state(service.infra.store, hit)
    if state.terminal is not None or state.draft is not None:
        return
    if state.cancel_requested:
        await service.emit([envelope.reply(InvocationCancelled, "cancelled")])
        return
    if state.deltas:
        await service.emit([envelope.reply(
            InvocationFailed, "failed", "interrupted", stage="synthesis",
            reason="The answer was interrupted by a service restart. Please ask again.")])
        return
    log = await invocation_events(service.infra.pool, hit.tenant_id, hit.reused_invocation_id,
                                  REUSED)
    reused = final_answer(log)
    if reused is not None:  # checked again today, so dated today (not when first written)
        reused = msgspec.structs.replace(reused, text=redated(reused.text,
                                                              hit.occurred_at.date()))
    if reused is None:
        await service.emit([envelope.reply(
            InvocationFailed, "failed", "cache", stage="cache",
            reason="The earlier answer to this question could not be read. Please ask again.")])
        return
    await service.emit([*await _title(service, envelope, state.question),
                        *sources_again(log, envelope)])
    sentences = SentenceTracker()
    for index, text in enumerate(pieces(reused.text)):
        await service.emit([envelope.reply(ContentDelta, "delta", index, text=text,
                                           index=index), *drafted(envelope, sentences.feed(text))])
    await service.emit([*drafted(envelope, sentences.finish()),
                        envelope.reply(DraftCompleted, "draft", text=reused.text,
                                       provider=reused.provider, model=reused.model,
                                       offline=reused.offline)])


async def _title(service: Service, envelope: Envelope, question: str) -> list[Event]:
    """The conversation's title on its first turn: this user's own question (no model call;
    never the earlier asker's words, which belong to another user's conversation)."""
    if await conversation_title(service.infra.pool, envelope.tenant_id,
                                envelope.conversation_id):
        return []
    return [envelope.reply(TitleGenerated, "title", title=clean_title(question))]
