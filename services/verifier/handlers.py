"""The verifier's subscribers: a drafted sentence or answer in, its verification events out."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from services.verifier.caching import Caching
from services.verifier.inflight import InFlight
from services.verifier.report import build_events, sentence_events, unrecorded
from shared.events import (
    TERMINAL_TYPES,
    CitationChecked,
    ContentDelta,
    DraftCompleted,
    Event,
    MessageReceived,
    QueryRewritten,
    SentenceDrafted,
    UsageRecorded,
)
from shared.metering import CallLog, metered_calls
from shared.runtime import Service
from shared.store import Recorded
from shared.tenant_models import TenantModels
from shared.tenants import TenantConfig, invocation_settings
from shared.verification import (
    CheckContext,
    Checks,
    Jurisdiction,
    QaOutcome,
    Verified,
    Wording,
    citation_key,
    jurisdiction_or_default,
    known_outcomes,
    remembered,
    review,
    verify_answer,
    verify_sentence,
)

__all__ = ["CheckSentence", "VerifyDraft"]

log = logging.getLogger("yourai.verifier")


@dataclass(kw_only=True)
class _Verifier:
    service: Service
    checks: Checks
    wording: Wording
    inflight: InFlight = field(default_factory=InFlight)

    async def _log(self, cause: SentenceDrafted | DraftCompleted) -> list[Recorded]:
        """The invocation's log as it stands: read once, then only what follows."""
        seen = self.inflight.seen(cause.invocation_id)
        return seen.extend(await self.service.infra.store.read_invocation(
            cause.tenant_id, cause.invocation_id, after_version=seen.version))

    async def _tenant(self, cause: SentenceDrafted | DraftCompleted
                      ) -> tuple[TenantConfig, TenantModels]:
        """The tenant's settings and models as the invocation uses them (read once for it in
        this process, by whichever service asked first)."""
        settings = await invocation_settings(self.service.infra.pool, cause.tenant_id,
                                             cause.invocation_id)
        return settings.tenant, settings.models

    async def _judge(self, text: str, cause: SentenceDrafted | DraftCompleted,
                     tenant: TenantConfig, records: Sequence[Recorded], calls: CallLog
                     ) -> Verified:
        """``text`` (the draft, or the draft so far) verified: the one call of the library for
        both paths, so a citation is judged alike while streaming and in the whole draft. The
        checks answer from the log, and from this process's memory, for citations judged
        already; the model judge's calls, configured as the tenant chose, go to ``calls``."""
        known = self.inflight.recall(cause.invocation_id) | known_outcomes(
            r.event for r in records if isinstance(r.event, CitationChecked))
        with metered_calls(calls.models) as made:
            verified = await verify_answer(
                text, remembered(self.checks, known),
                context=CheckContext(jurisdiction=_jurisdiction(tenant, records)),
                wording=self.wording, tenant_id=cause.tenant_id, question=_question(records))
        calls.calls.extend(made.calls)
        return verified


@dataclass(kw_only=True)
class CheckSentence(_Verifier):
    """``draft.sentence`` → citation.checked … (→ answer.revised while the answer streams)."""

    async def __call__(self, sentence: SentenceDrafted) -> None:
        async with self.inflight.sentence(sentence.invocation_id) as wanted:
            if not wanted:
                return
            await self.service.emit(await self.check(sentence, await self._log(sentence)))

    async def check(self, sentence: SentenceDrafted, records: Sequence[Recorded]) -> list[Event]:
        """The events judging ``sentence``, its invocation's log so far being ``records``."""
        if any(r.type == "draft.completed" or r.type in TERMINAL_TYPES for r in records):
            return []  # the check of the whole draft covers it now, or nothing is wanted
        draft = "".join(r.event.text for r in records if isinstance(r.event, ContentDelta))
        end = sentence.offset + len(sentence.text)
        if draft[sentence.offset:end] != sentence.text:
            log.warning("sentence %d of invocation %s is not in its streamed draft; it is "
                        "checked with the draft", sentence.index, sentence.invocation_id)
            return []
        tenant, models = await self._tenant(sentence)
        calls = CallLog(models=models.models)
        judged = await verify_sentence(
            draft, (sentence.offset, end),
            functools.partial(self._judge, cause=sentence, tenant=tenant, records=records,
                              calls=calls))
        verified = judged.verified
        self.inflight.remember(sentence.invocation_id, {
            citation_key(c): o
            for c, o in zip(verified.parsed.citations, verified.outcomes, strict=True)})
        envelope = self.service.envelope(sentence)
        usage = [envelope.reply(UsageRecorded, "usage", "judge", "sentence", sentence.index, n,
                                **fields) for n, fields in enumerate(calls.priced(models.prices))]
        self.inflight.note_usage(sentence.invocation_id, usage)
        return unrecorded([
            *usage, *sentence_events(sentence=sentence, judged=judged, envelope=envelope)],
            records)


@dataclass(kw_only=True)
class VerifyDraft(_Verifier):
    """``draft.completed`` → citation.checked … → invocation.completed, in one emit; citations
    checked while the answer streamed are neither checked nor reported again. With
    ``caching``, a verified answer is kept for reuse and a reused one re-judged (DESIGN §5d)."""

    caching: Caching | None = None

    async def __call__(self, draft: DraftCompleted) -> None:
        async with self.inflight.draft(draft.invocation_id, wait_s=self.checks.deadline_s):
            records = await self._log(draft)
            events = await self.verify(draft, records)
            if self.caching is not None:
                events = self.caching.mark(events, records)
            # One emit with the whole list: the events are published, and so recorded, in order.
            await self.service.emit(events)
            if self.caching is not None:
                await self.caching.settle(draft, records, events)

    async def verify(self, draft: DraftCompleted, records: Sequence[Recorded]) -> list[Event]:
        """The events verifying ``draft``, its invocation's log so far being ``records``."""
        tenant, models = await self._tenant(draft)
        calls = CallLog(models=models.models)
        verified = await self._judge(draft.text, draft, tenant, records, calls)
        for problem in verified.parsed.problems:
            log.warning("draft %s, character %d: %s", draft.event_id, problem.offset,
                        problem.message)
        envelope = self.service.envelope(draft)
        return unrecorded(build_events(
            draft=draft, verified=verified, log=records, envelope=envelope, qa=self._qa(tenant),
            # the sentences' judge calls that the log may not hold yet (re-emitting one already
            # logged records nothing: its id is the same), then the draft's
            calls=[*self.inflight.usage(draft.invocation_id),
                   *(envelope.reply(UsageRecorded, "usage", "judge", "draft", n, **fields)
                     for n, fields in enumerate(calls.priced(models.prices)))],
        ), records)

    def _qa(self, tenant: TenantConfig) -> Callable[[str], QaOutcome] | None:
        """The QA review of the final answer, for tenants in testing mode only."""
        if not tenant.testing_mode:
            return None
        return functools.partial(review, disclaimer=tenant.disclaimer
                                 or self.service.infra.settings.disclaimer)


def _jurisdiction(tenant: TenantConfig, records: Sequence[Recorded]) -> Jurisdiction:
    """The question's jurisdiction, else the tenant's, else England."""
    asked = next((r.event.jurisdiction for r in reversed(records)
                  if isinstance(r.event, MessageReceived) and r.event.jurisdiction), None)
    return jurisdiction_or_default(asked or tenant.jurisdiction)


def _question(records: Sequence[Recorded]) -> str:
    """The standalone question the answer answers: the router's rewrite, else the message."""
    rewritten = next((r.event.standalone for r in records
                      if isinstance(r.event, QueryRewritten) and r.event.standalone), "")
    return rewritten or next((r.event.content for r in records
                              if isinstance(r.event, MessageReceived)), "")
