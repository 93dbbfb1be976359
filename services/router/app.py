"""Router service wiring."""

from __future__ import annotations

from services.router.classify import classify_offline
from services.router.handlers import register
from services.router.rewrite import rewrite_offline
from shared.cache.reuse import AnswerCache
from shared.cache.sources import SourceReader
from shared.cache.store import CacheStore
from shared.lex.client import LexClient
from shared.llm import ModelProvider
from shared.runtime import Infra, Service
from shared.verification.lexsource import LegalRecords

__all__ = ["classify_offline", "create", "rewrite_offline"]


def create(infra: Infra, provider: ModelProvider) -> Service:
    """The router, with the semantic cache's lookup (legal sources re-read through Lex when a
    Lex URL is configured)."""
    service = Service(name="router", infra=infra)
    url = infra.settings.lex_mcp_url
    lex = LexClient(url, timeout_s=10.0) if url else None
    if lex is not None:
        service.on_stop.append(lex.aclose)
    cache = AnswerCache(CacheStore(infra.pool),
                        SourceReader(infra.pool, LegalRecords(lex) if lex else None))
    register(service, provider, cache)
    return service
