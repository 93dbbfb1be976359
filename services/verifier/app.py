"""The verifier service: checks every citation of a drafted answer, each sentence's as soon as
it is streamed, and scores confidence."""

from __future__ import annotations

from services.verifier.caching import Caching
from services.verifier.handlers import CheckSentence, VerifyDraft
from services.verifier.inflight import InFlight
from shared.cache.reuse import AnswerCache
from shared.cache.sources import SourceReader
from shared.cache.store import CacheStore
from shared.documents import DocumentStore
from shared.events import DraftCompleted, SentenceDrafted
from shared.lex.client import LexClient
from shared.llm import ModelProvider
from shared.metering import MeteredProvider
from shared.runtime import Infra, Service
from shared.tenants import TenantStore
from shared.verification.config import VerifierConfig
from shared.verification.lexsource import LegalRecords
from shared.verification.pipeline import build_checks

__all__ = ["create"]


def create(infra: Infra, provider: ModelProvider | None = None,
           config: VerifierConfig | None = None) -> Service:
    """Legal citations are checked through Lex when ``lex_mcp_url`` is set; a model judge
    joins when ``provider`` is a real model."""
    config = config or VerifierConfig(source_complete=infra.settings.lex_complete)
    service = Service(name="verifier", infra=infra)
    url = infra.settings.lex_mcp_url
    lex = LexClient(url, timeout_s=max(1.0, config.check_deadline_s - 1)) if url else None
    if lex is not None:
        service.on_stop.append(lex.aclose)
    # The judge's calls are metered: each handler records them with its events.
    checks = build_checks(documents=DocumentStore(infra.pool), lex=lex,
                          provider=MeteredProvider(provider) if provider is not None else None,
                          config=config)
    tenants, inflight = TenantStore(infra.pool), InFlight()
    # The semantic cache keeps what verification stood behind (DESIGN §5d).
    caching = Caching(cache=AnswerCache(CacheStore(infra.pool), SourceReader(
        infra.pool, LegalRecords(lex) if lex is not None else None)), tenants=tenants)
    service.consume(DraftCompleted,
                    VerifyDraft(service=service, checks=checks, wording=config.wording,
                                inflight=inflight, caching=caching))
    # Sentences are checked while the answer streams (DESIGN §5a).
    service.consume(SentenceDrafted,
                    CheckSentence(service=service, checks=checks, wording=config.wording,
                                  inflight=inflight),
                    # An invocation's sentences wait for each other, so leave room for others'.
                    max_workers=64)
    return service
