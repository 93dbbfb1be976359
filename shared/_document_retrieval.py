"""Retrieval over tenant documents: full text, dense (pgvector) and their fusion.

Only current versions are searched (a superseded or removed version stays readable for audit
but never answers a question), and every query is scoped to one tenant. Dense search compares
only vectors of the model that embedded the question (``model_id`` is stored with each one).

A chunk is embedded whole (under its title and heading) and sentence by sentence: a question
about one fact of a passage that states five is nearer that fact's sentence than the whole,
whose vector averages all five, so a chunk's dense score is the best of its vectors. Full
text ranks by the IDF-weighted share of the question a chunk covers (``shared.fulltext``).
Hybrid search adds the two scores over every candidate of either (``TEXT_WEIGHT``): both are
bounded and comparable once weighted, and unlike rank fusion a chunk that one signal finds
far better than the rest keeps that lead. Both scans are exact within the tenant: a tenant's
library is hundreds of chunks, not millions.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Literal

import asyncpg
import msgspec
import numpy as np
from numpy.typing import NDArray

from shared.fulltext import any_term_tsquery, idf_weights
from shared.hybrid import vector_literal
from shared.store import Connection, store_errors
from shared.text.sentences import document_sentences

__all__ = [
    "TEXT_WEIGHT",
    "DocumentHit",
    "PendingChunk",
    "SearchMode",
    "StoredChunk",
    "dense_search",
    "fulltext_search",
    "hybrid_search",
    "passage_text",
    "pending_chunks",
    "sentence_texts",
    "store_vectors",
]

SearchMode = Literal["fulltext", "dense", "hybrid"]

TEXT_WEIGHT = 0.2
"""Full text's weight against dense similarity in hybrid search: a chunk covering the whole
question gains 0.2, about the gap between a good and a middling cosine. Chosen on the policy
benchmark (``bench/retrieval_policies.py``) from 0.1 to 0.4: 0.1 loses what the exact words
find (abbreviations), beyond 0.2 paraphrases lose to chunks that merely share words."""
_DENSITY = 0.5
"""Cover density's weight in the full-text score: it breaks ties between equal coverage."""


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
    """A chunk of a current version still without vectors of the current model."""

    document_id: uuid.UUID
    idx: int
    tenant_id: str
    text: str
    """What is embedded for the whole chunk (``passage_text``)."""
    sentences: list[str]
    """What is embedded for each of its sentences (``sentence_texts``), at least one."""


def passage_text(title: str, heading: str, text: str) -> str:
    """What is embedded for a chunk: its document's title and its heading give the passage
    its subject ("Timescales" alone does not say of what)."""
    lead = title if heading and heading in text[:len(heading) + 8] else f"{title} — {heading}"
    return f"{lead.strip(' —')}\n{text}"


def sentence_texts(title: str, heading: str, text: str) -> list[str]:
    """What is embedded for each sentence of a chunk: the sentence under its document's title
    and the chunk's heading, which say what it is about ("within 5 working days" of what)."""
    lead = " — ".join(p for p in (title.strip(), heading.strip()) if p)
    found = [s.text for s in document_sentences(text) if not s.is_heading]
    return [f"{lead}: {s}" if lead else s for s in found or [text]]


_COLUMNS = "c.document_id, d.title, c.idx, c.start_offset, c.end_offset, c.heading, c.text"


def _chunk(row: asyncpg.Record) -> StoredChunk:
    return StoredChunk(document_id=row["document_id"], title=row["title"], idx=row["idx"],
                       start=row["start_offset"], end=row["end_offset"], heading=row["heading"],
                       text=row["text"])


def _hits(rows: Sequence[asyncpg.Record]) -> list[DocumentHit]:
    return [DocumentHit(chunk=_chunk(r), score=float(r["score"])) for r in rows]


_CURRENT = ("document_chunks x JOIN documents xd ON xd.id = x.document_id",
            "x.tenant_id = $1 AND xd.status = 'current'")
"""The passages a tenant's term weights are counted over: its current chunks (by their
indexed words; a title's words are rare or everywhere in its own document alike)."""
_TITLES = ("titles AS (SELECT id, to_tsvector('english', title) AS tsv FROM documents"
           " WHERE tenant_id = $1 AND status = 'current')")
_SHARES = """
    shares AS (SELECT p.document_id, p.idx, sum(p.idf) / (SELECT idf FROM weight_total) AS share
               FROM (SELECT x.document_id, x.idx, w.t::text AS term, w.idf
                     FROM weights w JOIN document_chunks x ON x.tenant_id = $1 AND x.tsv @@ w.t
                     UNION
                     SELECT x.document_id, x.idx, w.t::text, w.idf
                     FROM weights w JOIN titles dt ON dt.tsv @@ w.t
                     JOIN document_chunks x ON x.document_id = dt.id) p
               GROUP BY p.document_id, p.idx)"""
"""Each chunk's IDF-weighted share of the question, its document's title counting as its
own words ("Timescales" is the damp policy's): found term by term through the index, so the
cost follows the matches, not the tenant's chunks times the terms."""


def _text_ctes(param: str) -> str:
    source, where = _CURRENT
    return (f"q AS (SELECT {any_term_tsquery(param)} AS tsq), {_TITLES},"
            + idf_weights(param, source, where=where) + f", {_SHARES}")


def _text_score() -> str:
    return f"(coalesce(cv.share, 0) + {_DENSITY} * ts_rank_cd(c.tsv, q.tsq, 32))"


_SHARE_JOIN = "LEFT JOIN shares cv ON cv.document_id = c.document_id AND cv.idx = c.idx"


async def fulltext_search(pool: asyncpg.Pool, tenant_id: str, query: str, limit: int
                          ) -> list[DocumentHit]:
    """Any-term full-text search ranked by the IDF-weighted share of the query covered."""
    async with store_errors():
        rows = await pool.fetch(
            f"""
            WITH {_text_ctes("$2")}
            SELECT {_COLUMNS}, {_text_score()}::float8 AS score
            FROM document_chunks c JOIN documents d ON d.id = c.document_id
            {_SHARE_JOIN}, q
            WHERE c.tenant_id = $1 AND d.status = 'current' AND q.tsq IS NOT NULL
              AND c.tsv @@ q.tsq
            ORDER BY score DESC, c.document_id, c.idx
            LIMIT $3
            """,
            tenant_id, query, limit,
        )
    return _hits(rows)


def _similarity(vector: str, model: str) -> str:
    """A CTE of each embedded chunk's best cosine similarity to the question (placeholder
    ``vector``), whole or one sentence; the tenant is ``$1``."""
    return f"""
    sims AS (SELECT v.document_id, v.idx, max(1 - (v.embedding <=> {vector}::vector)) AS sim
             FROM (SELECT document_id, idx, embedding FROM document_chunk_embeddings
                   WHERE tenant_id = $1 AND model_id = {model}
                   UNION ALL
                   SELECT document_id, idx, embedding FROM document_sentence_embeddings
                   WHERE tenant_id = $1 AND model_id = {model}) v
             GROUP BY v.document_id, v.idx)"""


async def dense_search(pool: asyncpg.Pool, tenant_id: str, vector: NDArray[np.float32],
                       model_id: str, limit: int) -> list[DocumentHit]:
    """The tenant's passages nearest in meaning to ``vector``: each by its nearest vector
    (the whole chunk or one of its sentences)."""
    async with store_errors():
        rows = await pool.fetch(
            f"""
            WITH {_similarity("$2", "$3")}
            SELECT {_COLUMNS}, s.sim::float8 AS score
            FROM sims s JOIN document_chunks c ON c.document_id = s.document_id
              AND c.idx = s.idx JOIN documents d ON d.id = c.document_id
            WHERE d.status = 'current'
            ORDER BY score DESC, c.document_id, c.idx
            LIMIT $4
            """,
            tenant_id, vector_literal(vector.tolist()), model_id, limit,
        )
    return _hits(rows)


async def hybrid_search(pool: asyncpg.Pool, tenant_id: str, query: str,
                        vector: NDArray[np.float32], model_id: str, limit: int,
                        *, text_weight: float = TEXT_WEIGHT) -> list[DocumentHit]:
    """Passages by dense similarity plus ``text_weight`` times the full-text score, over
    every chunk either finds (a chunk not embedded yet competes on its words alone)."""
    async with store_errors():
        rows = await pool.fetch(
            f"""
            WITH {_text_ctes("$2")}, {_similarity("$3", "$4")}
            SELECT {_COLUMNS},
                   (coalesce(s.sim, 0) + $6::float8 * {_text_score()})::float8 AS score
            FROM document_chunks c JOIN documents d ON d.id = c.document_id
            {_SHARE_JOIN}
            LEFT JOIN sims s ON s.document_id = c.document_id AND s.idx = c.idx, q
            WHERE c.tenant_id = $1 AND d.status = 'current'
              AND (s.sim IS NOT NULL OR c.tsv @@ q.tsq)
            ORDER BY score DESC, c.document_id, c.idx
            LIMIT $5
            """,
            tenant_id, query, vector_literal(vector.tolist()), model_id, limit, text_weight,
        )
    return _hits(rows)


async def store_vectors(conn: Connection, chunk: PendingChunk, whole: NDArray[np.float32],
                        sentences: NDArray[np.float32], model_id: str) -> None:
    """A chunk's vectors, whole and by sentence; those already stored are replaced."""
    await conn.execute(
        "INSERT INTO document_chunk_embeddings (document_id, idx, tenant_id, model_id, embedding)"
        " VALUES ($1, $2, $3, $4, $5::vector) ON CONFLICT (document_id, idx) DO UPDATE"
        " SET model_id = excluded.model_id, embedding = excluded.embedding",
        chunk.document_id, chunk.idx, chunk.tenant_id, model_id,
        vector_literal(whole.tolist()))
    await conn.execute("DELETE FROM document_sentence_embeddings WHERE document_id = $1"
                       " AND idx = $2", chunk.document_id, chunk.idx)
    await conn.executemany(
        "INSERT INTO document_sentence_embeddings (document_id, idx, sentence, tenant_id,"
        " model_id, embedding) VALUES ($1, $2, $3, $4, $5, $6::vector)",
        [(chunk.document_id, chunk.idx, n, chunk.tenant_id, model_id, vector_literal(v.tolist()))
         for n, v in enumerate(sentences)])


async def pending_chunks(pool: asyncpg.Pool, model_id: str, limit: int,
                         document_id: uuid.UUID | None = None) -> list[PendingChunk]:
    """Chunks of current versions without vectors of ``model_id`` (whole, or by sentence:
    every embedded chunk has its sentence 0), oldest first."""
    async with store_errors():
        rows = await pool.fetch(
            f"""
            SELECT {_COLUMNS}, c.tenant_id FROM document_chunks c
            JOIN documents d ON d.id = c.document_id
            LEFT JOIN document_chunk_embeddings e
              ON e.document_id = c.document_id AND e.idx = c.idx AND e.model_id = $1
            LEFT JOIN document_sentence_embeddings s ON s.document_id = c.document_id
              AND s.idx = c.idx AND s.sentence = 0 AND s.model_id = $1
            WHERE d.status = 'current' AND (e.document_id IS NULL OR s.document_id IS NULL)
              AND ($3::uuid IS NULL OR c.document_id = $3)
            ORDER BY d.created_at, c.document_id, c.idx
            LIMIT $2
            """,
            model_id, limit, document_id,
        )
    return [PendingChunk(document_id=r["document_id"], idx=r["idx"], tenant_id=r["tenant_id"],
                         text=passage_text(r["title"], r["heading"], r["text"]),
                         sentences=sentence_texts(r["title"], r["heading"], r["text"]))
            for r in rows]
