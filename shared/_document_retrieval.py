"""Retrieval over tenant documents: full text, dense (pgvector) and their fusion.

Only current versions are searched (a superseded or removed version stays readable for audit
but never answers a question), and every query is scoped to one tenant. Dense search compares
only vectors of the model that embedded the question (``model_id`` is stored with each one).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Literal

import asyncpg
import msgspec
import numpy as np
from numpy.typing import NDArray

from shared.fulltext import any_term_tsquery
from shared.hybrid import reciprocal_rank_fusion, vector_literal
from shared.store import Connection, store_errors

__all__ = [
    "CANDIDATES",
    "DENSE_WEIGHT",
    "DocumentHit",
    "PendingChunk",
    "SearchMode",
    "StoredChunk",
    "dense_search",
    "fulltext_search",
    "fuse",
    "passage_text",
    "pending_chunks",
    "store_vectors",
]

SearchMode = Literal["fulltext", "dense", "hybrid"]

CANDIDATES = 30
"""Each ranking contributes at least this many passages to the fusion."""
DENSE_WEIGHT = 1.5
"""The dense ranking's weight in the fusion (full text has 1.0). Chosen on the policy benchmark
(``bench/retrieval_policies.py``) from 1, 1.5, 2 and 3: casual and paraphrased questions share
few words with the policies, so meaning deserves the larger say; beyond 1.5 follow-ups and
abbreviations, which full text finds well, lose more than paraphrases gain."""
_EF_SEARCH = 200
"""HNSW candidate list: pgvector 0.6 filters by tenant after the index scan, so a wide list
keeps a tenant's passages in it; when it still comes back short, the scan is exact."""


class StoredChunk(msgspec.Struct, frozen=True, kw_only=True):
    document_id: uuid.UUID
    """The version the chunk belongs to (what a citation ``doc:<id>#<idx>`` names)."""
    title: str
    idx: int
    start: int
    end: int
    heading: str
    text: str


class DocumentHit(msgspec.Struct, frozen=True, kw_only=True):
    chunk: StoredChunk
    score: float

    @property
    def ref(self) -> str:
        return f"doc:{self.chunk.document_id}#{self.chunk.idx}"


class PendingChunk(msgspec.Struct, frozen=True, kw_only=True):
    """A chunk of a current version still without a vector of the current model."""

    document_id: uuid.UUID
    idx: int
    tenant_id: str
    text: str


def passage_text(title: str, heading: str, text: str) -> str:
    """What is embedded for a chunk: its document's title and its heading give the passage
    its subject ("Timescales" alone does not say of what)."""
    lead = title if heading and heading in text[:len(heading) + 8] else f"{title} — {heading}"
    return f"{lead.strip(' —')}\n{text}"


_COLUMNS = "c.document_id, d.title, c.idx, c.start_offset, c.end_offset, c.heading, c.text"


def _chunk(row: asyncpg.Record) -> StoredChunk:
    return StoredChunk(document_id=row["document_id"], title=row["title"], idx=row["idx"],
                       start=row["start_offset"], end=row["end_offset"], heading=row["heading"],
                       text=row["text"])


def _hits(rows: Sequence[asyncpg.Record]) -> list[DocumentHit]:
    return [DocumentHit(chunk=_chunk(r), score=float(r["score"])) for r in rows]


async def fulltext_search(pool: asyncpg.Pool, tenant_id: str, query: str, limit: int
                          ) -> list[DocumentHit]:
    """Any-term full-text search ranked by cover density."""
    async with store_errors():
        rows = await pool.fetch(
            f"""
            WITH q AS (SELECT {any_term_tsquery("$2")} AS tsq)
            SELECT {_COLUMNS}, ts_rank_cd(c.tsv, q.tsq, 32) AS score
            FROM document_chunks c JOIN documents d ON d.id = c.document_id, q
            WHERE c.tenant_id = $1 AND d.status = 'current' AND q.tsq IS NOT NULL
              AND c.tsv @@ q.tsq
            ORDER BY score DESC, c.document_id, c.idx
            LIMIT $3
            """,
            tenant_id, query, limit,
        )
    return _hits(rows)


def _dense_sql(order: str) -> str:
    return f"""
        SELECT {_COLUMNS}, 1 - (e.embedding <=> $2::vector) AS score
        FROM document_chunk_embeddings e
        JOIN document_chunks c ON c.document_id = e.document_id AND c.idx = e.idx
        JOIN documents d ON d.id = e.document_id
        WHERE e.tenant_id = $1 AND e.model_id = $3 AND d.status = 'current'
        ORDER BY {order}, c.document_id, c.idx
        LIMIT $4
    """


async def dense_search(pool: asyncpg.Pool, tenant_id: str, vector: NDArray[np.float32],
                       model_id: str, limit: int) -> list[DocumentHit]:
    """The tenant's passages nearest in meaning (cosine) to ``vector``."""
    literal = vector_literal(vector.tolist())
    async with store_errors(), pool.acquire() as conn, conn.transaction():
        await conn.execute(f"SET LOCAL hnsw.ef_search = {_EF_SEARCH}")
        rows = await conn.fetch(_dense_sql("e.embedding <=> $2::vector"),
                                tenant_id, literal, model_id, limit)
        if len(rows) < limit:  # the index's candidates were mostly other tenants': scan exactly
            rows = await conn.fetch(_dense_sql("(e.embedding <=> $2::vector) + 0"),
                                    tenant_id, literal, model_id, limit)
    return _hits(rows)


def _key(hit: DocumentHit) -> tuple[uuid.UUID, int]:
    return hit.chunk.document_id, hit.chunk.idx


def fuse(fulltext: Sequence[DocumentHit], dense: Sequence[DocumentHit], limit: int,
         *, dense_weight: float = DENSE_WEIGHT) -> list[DocumentHit]:
    """Both rankings merged by reciprocal rank fusion; the score is the fused one."""
    by_key = {_key(h): h for h in (*dense, *fulltext)}
    fused = reciprocal_rank_fusion([[_key(h) for h in fulltext], [_key(h) for h in dense]],
                                   weights=[1.0, dense_weight])
    return [DocumentHit(chunk=by_key[key].chunk, score=score) for key, score in fused[:limit]]


async def store_vectors(conn: Connection, chunks: Sequence[tuple[uuid.UUID, int, str]],
                        vectors: NDArray[np.float32], model_id: str) -> None:
    """Vectors for ``(document_id, idx, tenant_id)`` chunks; one already stored is replaced."""
    await conn.executemany(
        "INSERT INTO document_chunk_embeddings (document_id, idx, tenant_id, model_id, embedding)"
        " VALUES ($1, $2, $3, $4, $5::vector) ON CONFLICT (document_id, idx) DO UPDATE"
        " SET model_id = excluded.model_id, embedding = excluded.embedding",
        [(doc, idx, tenant, model_id, vector_literal(v.tolist()))
         for (doc, idx, tenant), v in zip(chunks, vectors, strict=True)],
    )


async def pending_chunks(pool: asyncpg.Pool, model_id: str, limit: int,
                         document_id: uuid.UUID | None = None) -> list[PendingChunk]:
    """Chunks of current versions without a vector of ``model_id``, oldest first."""
    async with store_errors():
        rows = await pool.fetch(
            f"""
            SELECT {_COLUMNS}, c.tenant_id FROM document_chunks c
            JOIN documents d ON d.id = c.document_id
            LEFT JOIN document_chunk_embeddings e
              ON e.document_id = c.document_id AND e.idx = c.idx AND e.model_id = $1
            WHERE d.status = 'current' AND e.document_id IS NULL
              AND ($3::uuid IS NULL OR c.document_id = $3)
            ORDER BY d.created_at, c.document_id, c.idx
            LIMIT $2
            """,
            model_id, limit, document_id,
        )
    return [PendingChunk(document_id=r["document_id"], idx=r["idx"], tenant_id=r["tenant_id"],
                         text=passage_text(r["title"], r["heading"], r["text"])) for r in rows]
