"""The cache's table: a tenant's verified answers, found by the meaning of their questions.

A row is an index into the log: the answer itself is the reused invocation's, read from its
log when it is served, so the cache never holds a text the log does not. Every query is
scoped to one tenant (and persona and jurisdiction, and the embedding model that made the
vector); an entry older than the tenant's TTL is never returned.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import asyncpg
import msgspec

from shared.cache.sources import Cited
from shared.events import Usage, configuration_stream
from shared.hybrid import vector_literal
from shared.store import Connection

__all__ = ["CacheStore", "Candidate", "Entry", "Scope"]

_cited = msgspec.json.Decoder(list[Cited])
_usage = msgspec.json.Decoder(Usage)


@dataclass(frozen=True, kw_only=True)
class Scope:
    """Whose answers a question may reuse: the same tenant, persona and jurisdiction, compared
    under the same embedding model."""

    tenant_id: str
    persona_id: str = ""
    jurisdiction: str
    model_id: str


@dataclass(frozen=True, kw_only=True)
class Entry:
    """A verified answer worth reusing, as it is stored."""

    invocation_id: uuid.UUID
    conversation_id: uuid.UUID
    scope: Scope
    question: str
    vector: Sequence[float]
    sources: Sequence[Cited]
    uses_policies: bool
    usage: Usage
    duration_ms: int
    asked_at: datetime | None = None
    """When the question was asked: the answer is not stored if what shaped it changed since
    (see ``CacheStore.put``, which reads the time from the log where it can); ``None``: no
    such check."""


@dataclass(frozen=True, kw_only=True)
class Candidate:
    """A stored answer near a new question, nearest first."""

    invocation_id: uuid.UUID
    conversation_id: uuid.UUID
    question: str
    similarity: float
    sources: list[Cited]
    usage: Usage
    duration_ms: int


class CacheStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._available: bool | None = None

    async def available(self, conn: Connection | None = None) -> bool:
        """Whether the table exists (it needs pgvector); without it there is no cache.

        Asked on ``conn`` when a change's transaction holds one: taking a second connection
        from the pool while holding the first can wait forever once every connection is held
        by a request queued on the same tenant's lock."""
        if self._available is None:
            self._available = bool(await (conn or self.pool).fetchval(
                "SELECT to_regclass('semantic_cache') IS NOT NULL"))
        return self._available

    async def nearest(self, scope: Scope, vector: Sequence[float], *, ttl_days: int,
                      floor: float, limit: int = 5) -> list[Candidate]:
        """Unexpired entries of ``scope`` at least ``floor`` similar (cosine), nearest first."""
        rows = await self.pool.fetch(
            "SELECT invocation_id, conversation_id, question, sources, usage, duration_ms,"
            " 1 - (embedding <=> $5::vector) AS similarity FROM semantic_cache"
            " WHERE tenant_id = $1 AND persona_id = $2 AND jurisdiction = $3 AND model_id = $4"
            " AND created_at > now() - make_interval(days => $6)"
            " AND 1 - (embedding <=> $5::vector) >= $7"
            " ORDER BY embedding <=> $5::vector LIMIT $8",
            scope.tenant_id, scope.persona_id, scope.jurisdiction, scope.model_id,
            vector_literal(vector), ttl_days, floor, limit)
        return [Candidate(invocation_id=r["invocation_id"], conversation_id=r["conversation_id"],
                          question=r["question"], similarity=float(r["similarity"]),
                          sources=_cited.decode(r["sources"]), usage=_usage.decode(r["usage"]),
                          duration_ms=r["duration_ms"]) for r in rows]

    async def put(self, entry: Entry) -> bool:
        """Store ``entry``; whether it was stored now: not again (storing it again changes
        nothing), nor when what shaped it changed after it was asked (that change's eviction
        ran before this entry existed): a document, if it searched the policies, or the
        tenant's configuration (its settings, personas, skills; a clearing of the cache)."""
        s = entry.scope
        documents = sorted({c.document_id for c in entry.sources if c.document_id is not None})
        # "Changed since it was asked" compares the database's own times only: the change's
        # recorded_at (or a document's created_at / ended_at) with the recorded_at of the
        # invocation's invocation.started, not with a time another process's clock wrote
        # (``asked_at``, used only when the log holds no start).
        status = await self.pool.execute(
            "WITH asked AS (SELECT CASE WHEN $14::timestamptz IS NULL THEN NULL ELSE COALESCE(("
            "SELECT min(recorded_at) FROM events WHERE conversation_id = $2"
            " AND invocation_id = $1 AND type = 'invocation.started'), $14::timestamptz) END"
            " AS at) "
            "INSERT INTO semantic_cache (invocation_id, conversation_id, tenant_id, persona_id,"
            " jurisdiction, question, model_id, embedding, sources, documents, uses_policies,"
            " usage, duration_ms) SELECT $1, $2, $3, $4, $5, $6, $7, $8::vector, $9::jsonb,"
            " $10, $11, $12::jsonb, $13 FROM asked WHERE asked.at IS NULL OR (NOT EXISTS ("
            "SELECT 1 FROM events WHERE conversation_id = $15 AND type = 'configuration.changed'"
            " AND recorded_at > asked.at) AND (NOT $11 OR NOT EXISTS ("
            "SELECT 1 FROM documents WHERE tenant_id = $3"
            " AND (created_at > asked.at OR ended_at > asked.at))))"
            " ON CONFLICT (invocation_id) DO NOTHING",
            entry.invocation_id, entry.conversation_id, s.tenant_id, s.persona_id,
            s.jurisdiction, entry.question, s.model_id, vector_literal(entry.vector),
            msgspec.json.encode(list(entry.sources)).decode(), documents, entry.uses_policies,
            msgspec.json.encode(entry.usage).decode(), entry.duration_ms, entry.asked_at,
            configuration_stream(s.tenant_id))
        return status != "INSERT 0 0"

    async def evict(self, tenant_id: str, invocation_id: uuid.UUID) -> bool:
        """Remove one entry; whether there was one."""
        if not await self.available():
            return False
        status = await self.pool.execute(
            "DELETE FROM semantic_cache WHERE tenant_id = $1 AND invocation_id = $2",
            tenant_id, invocation_id)
        return status != "DELETE 0"

    async def evict_document(self, tenant_id: str, document_id: uuid.UUID, *,
                             conn: Connection | None = None) -> int:
        """Remove every entry citing any version of a document (replaced or removed), in
        ``conn``'s transaction if given (the change's own)."""
        if not await self.available(conn):
            return 0
        return _count(await (conn or self.pool).execute(
            "DELETE FROM semantic_cache WHERE tenant_id = $1 AND $2 = ANY(documents)",
            tenant_id, document_id))

    async def evict_policy_answers(self, tenant_id: str, *,
                                   conn: Connection | None = None) -> int:
        """Remove every entry whose question searched the policies (a document was added:
        the answer might have cited it), in ``conn``'s transaction if given."""
        if not await self.available(conn):
            return 0
        return _count(await (conn or self.pool).execute(
            "DELETE FROM semantic_cache WHERE tenant_id = $1 AND uses_policies", tenant_id))

    async def clear(self, tenant_id: str, *, conn: Connection | None = None) -> int:
        """Remove all the tenant's entries (in ``conn``'s transaction, if given); how many
        there were."""
        if not await self.available(conn):
            return 0
        return _count(await (conn or self.pool).execute(
            "DELETE FROM semantic_cache WHERE tenant_id = $1", tenant_id))

    async def evict_persona(self, tenant_id: str, persona_id: str, *,
                            conn: Connection | None = None) -> int:
        """Remove every entry answered as ``persona_id`` (it changed or went)."""
        if not await self.available(conn):
            return 0
        return _count(await (conn or self.pool).execute(
            "DELETE FROM semantic_cache WHERE tenant_id = $1 AND persona_id = $2",
            tenant_id, persona_id))

    async def count(self, tenant_id: str) -> int:
        if not await self.available():
            return 0
        return int(await self.pool.fetchval(
            "SELECT count(*) FROM semantic_cache WHERE tenant_id = $1", tenant_id))


def _count(status: str) -> int:
    return int(status.rsplit(" ", 1)[-1])
