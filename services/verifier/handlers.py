"""The verifier's subscriber: a drafted answer in, its verification events out."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from services.verifier.report import build_events
from shared.events import DraftCompleted, Event, MessageReceived, QueryRewritten
from shared.runtime import Service
from shared.store import Recorded
from shared.tenants import TenantConfig, TenantStore
from shared.verification import (
    CheckContext,
    Checks,
    Jurisdiction,
    QaOutcome,
    Wording,
    jurisdiction_or_default,
    review,
    verify_answer,
)

__all__ = ["VerifyDraft"]

log = logging.getLogger("yourai.verifier")


@dataclass(kw_only=True)
class VerifyDraft:
    """``draft.completed`` → citation.checked … → invocation.completed, in one emit."""

    service: Service
    checks: Checks
    wording: Wording
    tenants: TenantStore | None = None

    async def __call__(self, draft: DraftCompleted) -> None:
        records = await self.service.infra.store.read_invocation(draft.tenant_id,
                                                                 draft.invocation_id)
        # One emit with the whole list: the events are published, and so recorded, in order.
        await self.service.emit(await self.verify(draft, records))

    async def verify(self, draft: DraftCompleted, records: Sequence[Recorded]) -> list[Event]:
        """The events verifying ``draft``, its invocation's log so far being ``records``."""
        tenant = (await self.tenants.get(draft.tenant_id) if self.tenants is not None
                  else TenantConfig(tenant_id=draft.tenant_id, name=draft.tenant_id))
        verified = await verify_answer(
            draft.text, self.checks, context=CheckContext(jurisdiction=_jurisdiction(tenant,
                                                                                      records)),
            wording=self.wording, tenant_id=draft.tenant_id, question=_question(records))
        for problem in verified.parsed.problems:
            log.warning("draft %s, character %d: %s", draft.event_id, problem.offset,
                        problem.message)
        return build_events(draft=draft, verified=verified, log=records,
                            envelope=self.service.envelope(draft), qa=self._qa(tenant))

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
