"""Tenant policy documents: chunking with character offsets, storage and full-text search.

A citation ``doc:<document_id>#<chunk>`` points at one chunk; its offsets locate the passage
in the original text, so a quote can be checked against exactly what the tenant uploaded.
"""

from __future__ import annotations

import hashlib
import re
import uuid

import asyncpg
import msgspec

from shared.fulltext import any_term_tsquery

__all__ = ["ChunkSpan", "DocumentHit", "DocumentStore", "StoredChunk", "StoredDocument",
           "chunk_text"]

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*$", re.MULTILINE)
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


class ChunkSpan(msgspec.Struct, frozen=True):
    """A slice ``content[start:end]`` under its nearest heading."""

    start: int
    end: int
    heading: str


class StoredDocument(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    tenant_id: str
    title: str
    chunks: int


class StoredChunk(msgspec.Struct, frozen=True, kw_only=True):
    document_id: uuid.UUID
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


def chunk_text(content: str, *, target: int = 900) -> list[ChunkSpan]:
    """Split at headings and paragraph breaks into chunks of about ``target`` characters.

    Offsets index into ``content`` itself, so ``content[start:end]`` is the chunk verbatim.
    """
    headings = [(m.start(), m.group(2)) for m in _HEADING.finditer(content)]
    paragraphs = _paragraph_spans(content)
    spans: list[ChunkSpan] = []
    cur_start: int | None = None
    cur_end = 0
    cur_heading = ""
    for start, end in paragraphs:
        heading = _heading_at(headings, start)
        is_heading = content[start:end].lstrip().startswith("#")
        boundary = cur_start is not None and (
            heading != cur_heading or (end - cur_start) > target or is_heading
        )
        if boundary:
            spans.append(ChunkSpan(cur_start, cur_end, cur_heading))  # type: ignore[arg-type]
            cur_start = None
        if cur_start is None:
            cur_start, cur_heading = start, heading
        cur_end = end
    if cur_start is not None:
        spans.append(ChunkSpan(cur_start, cur_end, cur_heading))
    return [s for s in spans if content[s.start:s.end].strip().lstrip("#").strip()]


def _paragraph_spans(content: str) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for m in _PARAGRAPH_BREAK.finditer(content):
        if content[pos:m.start()].strip():
            spans.append(_trim(content, pos, m.start()))
        pos = m.end()
    if content[pos:].strip():
        spans.append(_trim(content, pos, len(content)))
    return spans


def _trim(content: str, start: int, end: int) -> tuple[int, int]:
    while start < end and content[start].isspace():
        start += 1
    while end > start and content[end - 1].isspace():
        end -= 1
    return start, end


def _heading_at(headings: list[tuple[int, str]], pos: int) -> str:
    current = ""
    for start, text in headings:
        if start > pos:
            break
        current = text
    return current


def _chunk(row: asyncpg.Record) -> StoredChunk:
    return StoredChunk(document_id=row["document_id"], title=row["title"], idx=row["idx"],
                       start=row["start_offset"], end=row["end_offset"], heading=row["heading"],
                       text=row["text"])


_CHUNK_COLUMNS = ("c.document_id, d.title, c.idx, c.start_offset, c.end_offset, c.heading,"
                  " c.text")


class DocumentStore:
    """Documents of every tenant; each call is scoped to one tenant."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def add(self, tenant_id: str, title: str, content: str) -> StoredDocument:
        """Store and chunk a document in one transaction; the same content twice is one doc."""
        sha = hashlib.sha256(f"{title}\n{content}".encode()).hexdigest()
        spans = chunk_text(content)
        async with self.pool.acquire() as conn, conn.transaction():
            existing = await conn.fetchrow(
                "SELECT id FROM documents WHERE tenant_id = $1 AND sha256 = $2", tenant_id, sha
            )
            if existing is not None:
                return StoredDocument(id=existing["id"], tenant_id=tenant_id, title=title,
                                      chunks=len(spans))
            doc_id = uuid.uuid4()
            await conn.execute(
                "INSERT INTO documents (id, tenant_id, title, content, sha256)"
                " VALUES ($1, $2, $3, $4, $5)",
                doc_id, tenant_id, title, content, sha,
            )
            await conn.executemany(
                "INSERT INTO document_chunks (document_id, tenant_id, idx, start_offset,"
                " end_offset, heading, text) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                [(doc_id, tenant_id, i, s.start, s.end, s.heading, content[s.start:s.end])
                 for i, s in enumerate(spans)],
            )
        return StoredDocument(id=doc_id, tenant_id=tenant_id, title=title, chunks=len(spans))

    async def search(self, tenant_id: str, query: str, *, limit: int = 5) -> list[DocumentHit]:
        """Full-text search with any-term matching, ranked by cover density."""
        rows = await self.pool.fetch(
            f"""
            WITH q AS (SELECT {any_term_tsquery("$2")} AS tsq)
            SELECT {_CHUNK_COLUMNS}, ts_rank_cd(c.tsv, q.tsq, 32) AS score
            FROM document_chunks c JOIN documents d ON d.id = c.document_id, q
            WHERE c.tenant_id = $1 AND q.tsq IS NOT NULL AND c.tsv @@ q.tsq
            ORDER BY score DESC, c.document_id, c.idx
            LIMIT $3
            """,
            tenant_id, query, limit,
        )
        return [DocumentHit(chunk=_chunk(r), score=float(r["score"])) for r in rows]

    async def get_chunk(self, tenant_id: str, document_id: uuid.UUID, idx: int
                        ) -> StoredChunk | None:
        row = await self.pool.fetchrow(
            f"SELECT {_CHUNK_COLUMNS} FROM document_chunks c JOIN documents d"
            " ON d.id = c.document_id WHERE c.tenant_id = $1 AND c.document_id = $2"
            " AND c.idx = $3",
            tenant_id, document_id, idx,
        )
        return _chunk(row) if row is not None else None

    async def get(self, tenant_id: str, document_id: uuid.UUID
                  ) -> tuple[StoredDocument, str] | None:
        row = await self.pool.fetchrow(
            "SELECT d.id, d.title, d.content, (SELECT count(*) FROM document_chunks c"
            " WHERE c.document_id = d.id) AS chunks FROM documents d"
            " WHERE d.tenant_id = $1 AND d.id = $2",
            tenant_id, document_id,
        )
        if row is None:
            return None
        doc = StoredDocument(id=row["id"], tenant_id=tenant_id, title=row["title"],
                             chunks=row["chunks"])
        return doc, row["content"]
