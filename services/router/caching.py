"""The router's cache lookup: after the question is made standalone and routed, a verified
answer to the same question (DESIGN §5d) replaces the routing decision.

The lookup never stops a question from being answered: whatever goes wrong with it (the
embedding model, the table, a source that cannot be read) is logged and taken as a miss.
"""

from __future__ import annotations

import logging

from services.router.classify import Routing
from shared.cache.reuse import AnswerCache
from shared.cache.rules import cacheable_question
from shared.events import CacheHit, Envelope, MessageReceived, QueryRewritten
from shared.tenants import TenantConfig

__all__ = ["look_up"]

log = logging.getLogger("yourai.router")


async def look_up(cache: AnswerCache, tenant: TenantConfig, message: MessageReceived,
                  rewritten: QueryRewritten, routing: Routing, envelope: Envelope
                  ) -> CacheHit | None:
    """``cache.hit`` naming the answer to reuse, or ``None`` to run the pipeline.

    Its id is the one ``routing.decided`` would have had: the log records one of the two
    for an invocation, however often this message is handled and whatever each run found.
    """
    if not cacheable_question(rewritten, routing.query_type):
        return None
    try:
        # A persona shapes the answer: another persona's answer is not this one's.
        scope = cache.scope(message.tenant_id, message.jurisdiction or tenant.jurisdiction,
                            message.persona_id or "")
        found = await cache.find(rewritten.standalone, scope, ttl_days=tenant.cache_ttl_days)
    except Exception:
        log.exception("cache lookup failed for invocation %s; answering afresh",
                      message.invocation_id)
        return None
    log.info("cache %s for invocation %s (%s; %s)", "hit" if found.hit else "miss",
             message.invocation_id, found.reason,
             ", ".join(f"{k} {v:.1f} ms" for k, v in found.timings_ms.items()))
    if found.hit is None:
        return None
    c = found.hit.candidate
    return envelope.reply(CacheHit, "routing", reused_invocation_id=c.invocation_id,
                          similarity=round(c.similarity, 4),
                          reason=found.hit.verdict.reason, usage=c.usage,
                          duration_ms=c.duration_ms)
