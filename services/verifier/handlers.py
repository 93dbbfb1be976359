"""The verifier's subscriber: a drafted answer in, its verification events out."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from services.verifier.checks import Checks
from services.verifier.citations import parse_citations
from services.verifier.report import build_events
from services.verifier.rewrite import Wording
from shared.bus import Committed
from shared.events import DraftCompleted, EventMeta
from shared.runtime import Service

__all__ = ["VerifyDraft"]

log = logging.getLogger("yourai.verifier")


@dataclass(kw_only=True)
class VerifyDraft:
    """``draft.completed`` → citation.checked … → invocation.completed, in one emit."""

    service: Service
    checks: Checks
    wording: Wording

    async def __call__(self, committed: Committed) -> None:
        draft = committed.event
        if not isinstance(draft, DraftCompleted) or draft.invocation_id is None:
            return
        log = await self.service.infra.store.read_invocation(draft.tenant_id,
                                                             draft.invocation_id)
        parsed = parse_citations(draft.text)
        for problem in parsed.problems:
            log.warning("draft %s, character %d: %s", draft.event_id, problem.offset,
                        problem.message)
        outcomes = await self.checks.check_all(draft.tenant_id, parsed.citations)
        meta = self.service.meta(committed)
        assert isinstance(meta, EventMeta)
        # One emit with the whole list: the events are published, and so recorded, in order.
        await self.service.emit(build_events(draft=draft, parsed=parsed, outcomes=outcomes,
                                             log=log, wording=self.wording, meta=meta))
