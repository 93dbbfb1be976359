"""The verifier's side of the semantic cache (DESIGN §5d): it is the last to see an answer, so
it decides whether a fresh answer is kept and whether a reused one still deserves its entry.

A fresh answer is kept when its question stood alone and verification stood behind it (see
``shared.cache.rules``); a reused answer is checked again like any draft, its completion says
``cache_hit``, and a citation that no longer verifies (or confidence that fell below medium)
evicts the entry it came from.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

import msgspec

from services.verifier.report import usage_of
from shared.cache.reuse import AnswerCache
from shared.cache.rules import cacheable_question, not_worth_keeping, still_trusted
from shared.events import (
    CacheHit,
    CitationChecked,
    ConfidenceUpdate,
    DraftCompleted,
    Event,
    InvocationCancelRequested,
    InvocationCompleted,
    InvocationStarted,
    MessageReceived,
    QueryRewritten,
    RoutingDecided,
)
from shared.store import Recorded
from shared.store.read_models import earlier_questions
from shared.tenants import TenantStore

__all__ = ["Caching"]

log = logging.getLogger("yourai.verifier")

T = TypeVar("T")


def _of(kind: type[T], items: Sequence[Event]) -> T | None:
    return next((e for e in reversed(items) if isinstance(e, kind)), None)


@dataclass(kw_only=True)
class Caching:
    cache: AnswerCache
    tenants: TenantStore

    def mark(self, events: list[Event], records: Sequence[Recorded]) -> list[Event]:
        """``events`` with the completion marked ``cache_hit`` when the answer was reused."""
        if _of(CacheHit, [r.event for r in records]) is None:
            return events
        return [msgspec.structs.replace(e, cache_hit=True)
                if isinstance(e, InvocationCompleted) else e for e in events]

    async def settle(self, draft: DraftCompleted, records: Sequence[Recorded],
                     events: Sequence[Event]) -> None:
        """After the verdict is emitted: keep a fresh answer, or evict a reused one that no
        longer verifies. A failure here costs a cache entry, never the answer."""
        try:
            await self._settle(draft, records, events)
        except Exception:
            log.exception("caching the answer of invocation %s failed", draft.invocation_id)

    async def _settle(self, draft: DraftCompleted, records: Sequence[Recorded],
                      events: Sequence[Event]) -> None:
        log_events = [r.event for r in records]
        if _of(InvocationCompleted, events) is None:
            return  # nothing was completed by this run (a redelivery, say)
        checked = {c.index: c for c in [*log_events, *events] if isinstance(c, CitationChecked)}
        confidence = _of(ConfidenceUpdate, events)
        statuses = [c.status for c in checked.values()]
        hit = _of(CacheHit, log_events)
        if hit is not None:
            if not still_trusted(statuses=statuses,
                                 confidence=confidence.level if confidence else None):
                await self.cache.store.evict(draft.tenant_id, hit.reused_invocation_id)
                log.warning("cached answer %s no longer verifies: evicted",
                            hit.reused_invocation_id)
            return
        rewritten, routing = _of(QueryRewritten, log_events), _of(RoutingDecided, log_events)
        if (rewritten is None or routing is None or confidence is None
                or _of(InvocationCancelRequested, log_events) is not None
                or not cacheable_question(rewritten, routing.query_type)):
            return
        read_the_conversation = not draft.offline and bool(await earlier_questions(
            self.tenants.pool, draft.tenant_id, draft.conversation_id,
            before_invocation=draft.invocation_id, limit=1))
        why_not = not_worth_keeping(statuses=statuses, kinds=[c.kind for c in checked.values()],
                                    confidence=confidence.level,
                                    read_the_conversation=read_the_conversation)
        if why_not is not None:
            log.info("answer %s not cached: %s", draft.invocation_id, why_not)
            return
        await self._keep(draft, records, rewritten, routing, list(checked.values()))

    async def _keep(self, draft: DraftCompleted, records: Sequence[Recorded],
                    rewritten: QueryRewritten, routing: RoutingDecided,
                    checked: Sequence[CitationChecked]) -> None:
        tenant = await self.tenants.get(draft.tenant_id)
        log_events = [r.event for r in records]
        message, started = _of(MessageReceived, log_events), _of(InvocationStarted, log_events)
        jurisdiction = (message.jurisdiction if message is not None else None) or \
            tenant.jurisdiction
        began = started.occurred_at if started is not None else draft.occurred_at
        await self.cache.keep(
            invocation_id=draft.invocation_id, conversation_id=draft.conversation_id,
            scope=self.cache.scope(draft.tenant_id, jurisdiction,
                                   (message.persona_id if message is not None else None) or ""),
            question=rewritten.standalone,
            refs=[(c.ref, c.kind) for c in checked], uses_policies="policy" in routing.workers,
            usage=usage_of(records),
            duration_ms=int((datetime.now(UTC) - began).total_seconds() * 1000),
            asked_at=began)

