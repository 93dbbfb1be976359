"""Finding a verified answer to reuse, and keeping one (DESIGN §5d).

The lookup embeds the standalone question, takes the tenant's nearest unexpired entries at
least :data:`~shared.cache.guard.SIMILARITY_FLOOR` similar, and serves the first the guard
judges to ask the same thing *and* whose cited sources are unchanged; an entry whose sources
changed is evicted on the way. Its cost (embedding, query, guard and source checks) is
measured on every lookup, so a benchmark and the logs can say what a miss pays.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from shared.cache.guard import SIMILARITY_FLOOR, Verdict, embedding_text, reuse_verdict
from shared.cache.sources import SourceReader, SourceUnavailable
from shared.cache.store import CacheStore, Candidate, Entry, Scope
from shared.embeddings import Embedder, default_embedder
from shared.events import Usage
from shared.verification.refs import CitationKind

__all__ = ["AnswerCache", "Hit", "Lookup"]

log = logging.getLogger("yourai.cache")


@dataclass(frozen=True, kw_only=True)
class Hit:
    candidate: Candidate
    verdict: Verdict


@dataclass(kw_only=True)
class Lookup:
    """What a lookup found (``hit`` is ``None`` on a miss), why, and what it cost."""

    hit: Hit | None = None
    reason: str = ""
    vector: Sequence[float] = ()
    timings_ms: dict[str, float] = field(default_factory=dict)


def _ms(since: float) -> float:
    return (time.perf_counter() - since) * 1000


class AnswerCache:
    """The semantic cache as the router (lookup) and the verifier (keep, evict) use it."""

    def __init__(self, store: CacheStore, sources: SourceReader, *,
                 embedder: Callable[[], Embedder] = default_embedder) -> None:
        self.store = store
        self.sources = sources
        self._embedder_source = embedder
        self._embedder: Embedder | None = None

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = self._embedder_source()
        return self._embedder

    def scope(self, tenant_id: str, jurisdiction: str, persona_id: str = "") -> Scope:
        return Scope(tenant_id=tenant_id, persona_id=persona_id, jurisdiction=jurisdiction,
                     model_id=self.embedder.model_id)

    async def _vector(self, question: str, tenant_id: str) -> list[float]:
        """The question's vector as the guard compares them (its ``embedding_text``), from the
        tenant's memo when the lookup computed it already (the keep of the same question)."""
        vector: list[float] = (await self.embedder.embed_memoised(
            [embedding_text(question)], tenant=tenant_id))[0].tolist()
        return vector

    async def find(self, question: str, scope: Scope, *, ttl_days: int) -> Lookup:
        """The answer to reuse for ``question``, if one may be."""
        found = Lookup()
        if ttl_days <= 0 or not await self.store.available():
            found.reason = "the cache is off"
            return found
        start = time.perf_counter()
        found.vector = await self._vector(question, scope.tenant_id)
        found.timings_ms["embed"] = _ms(start)
        start = time.perf_counter()
        candidates = await self.store.nearest(scope, found.vector, ttl_days=ttl_days,
                                              floor=SIMILARITY_FLOOR)
        found.timings_ms["query"] = _ms(start)
        start = time.perf_counter()
        found.hit, found.reason = await self._first_usable(question, scope, candidates)
        found.timings_ms["check"] = _ms(start)
        return found

    async def _first_usable(self, question: str, scope: Scope, candidates: Sequence[Candidate]
                            ) -> tuple[Hit | None, str]:
        reasons = []
        for c in candidates:
            verdict = reuse_verdict(question, c.question, c.similarity)
            if not verdict.reusable:
                reasons.append(f"{c.question!r}: {verdict.reason}")
                continue
            try:
                changed = await self.sources.changed(scope.tenant_id, c.sources)
            except SourceUnavailable as e:
                reasons.append(f"{c.question!r}: a source cannot be read now ({e})")
                continue
            if changed is not None:
                await self.store.evict(scope.tenant_id, c.invocation_id)
                reasons.append(f"{c.question!r}: {changed} (evicted)")
                continue
            return Hit(candidate=c, verdict=verdict), verdict.reason
        return None, "; ".join(reasons) or "no similar question answered before"

    async def keep(self, *, invocation_id: uuid.UUID, conversation_id: uuid.UUID, scope: Scope,
                   question: str, refs: Sequence[tuple[str, CitationKind]], uses_policies: bool,
                   usage: Usage, duration_ms: int, asked_at: datetime | None = None) -> bool:
        """Store a verified answer; ``False`` when its sources cannot be fingerprinted now, or
        what shaped it (the policies it searched, the configuration) changed after
        ``asked_at``."""
        if not await self.store.available():
            return False
        try:
            cited = await self.sources.cited(scope.tenant_id, refs)
        except SourceUnavailable as e:
            log.info("answer %s not cached: %s", invocation_id, e)
            return False
        vector = await self._vector(question, scope.tenant_id)
        return await self.store.put(Entry(
            invocation_id=invocation_id, conversation_id=conversation_id, scope=scope,
            question=question, vector=vector, sources=cited, uses_policies=uses_policies,
            usage=usage, duration_ms=duration_ms, asked_at=asked_at))
