"""Tenant policy documents: chunking with character offsets, storage and full-text search.

A citation ``doc:<document_id>#<chunk>`` points at one chunk; its offsets locate the passage
in the original text, so a quote can be checked against exactly what the tenant uploaded.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import uuid
from collections.abc import Iterator

import asyncpg
import msgspec

from shared.fulltext import any_term_tsquery
from shared.store import Connection, store_errors

__all__ = ["CHUNK_LIMIT", "CHUNK_TARGET", "ChunkSpan", "DocumentHit", "DocumentStore",
           "NoText", "StoredChunk", "StoredDocument", "chunk_text"]

CHUNK_TARGET = 900
"""Chunks are packed up to about this many characters."""
CHUNK_LIMIT = 2000
"""No chunk is longer than this, whatever the layout of the text (one line, no spaces…)."""

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*$", re.MULTILINE)
_HEADING_CHARS = 200
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_CUTS = (
    re.compile(r"\n"),  # a line break
    re.compile(r"[.!?][\"'”’)\]]*(?=\s)"),  # the end of a sentence
    re.compile(r"\s"),  # a space between words
)
"""Where a block too long to keep whole is cut, best first (else at the size itself)."""


class NoText(ValueError):
    """A document with nothing to index (empty, or only heading marks)."""


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
    created: bool = True
    """False when the tenant already had this content: the existing document is returned."""


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


class _Headings:
    """The Markdown headings of a text, by position."""

    def __init__(self, content: str) -> None:
        found = [(m.start(), m.end(), m.group(2)[:_HEADING_CHARS])
                 for m in _HEADING.finditer(content)]
        self.starts = [start for start, _, _ in found]
        self.start_set = frozenset(self.starts)
        self.spans = found

    def at(self, pos: int) -> str:
        """The heading in force at ``pos`` (the last one starting at or before it)."""
        i = bisect.bisect_right(self.starts, pos)
        return self.spans[i - 1][2] if i else ""

    def within(self, start: int, end: int) -> list[tuple[int, int, str]]:
        return self.spans[bisect.bisect_left(self.starts, start):
                          bisect.bisect_left(self.starts, end)]


def chunk_text(content: str, *, target: int = CHUNK_TARGET,
               limit: int = CHUNK_LIMIT) -> list[ChunkSpan]:
    """Split into chunks of about ``target`` and at most ``limit`` characters.

    Paragraphs (and heading lines) are the blocks; a block longer than ``limit`` is cut at line
    breaks, else sentence ends, else spaces, else anywhere, into pieces of at most ``target``.
    Pieces are packed into chunks that never span two headings, and a heading stays with the
    text after it. Offsets index into ``content`` itself: ``content[start:end]`` is the chunk.
    """
    headings = _Headings(content)
    spans: list[ChunkSpan] = []
    cur: tuple[int, int, str] | None = None  # start, end, heading
    heading_only = False
    for start, end in _pieces(content, headings, target, limit):
        heading = headings.at(start)
        is_heading = start in headings.start_set
        if cur is not None:
            size = end - cur[0]
            if (heading != cur[2] or is_heading or size > limit
                    or (size > target and not heading_only)):
                spans.append(ChunkSpan(*cur))
                cur = None
        if cur is None:
            cur, heading_only = (start, end, heading), is_heading
        else:
            cur, heading_only = (cur[0], end, cur[2]), False
    if cur is not None:
        spans.append(ChunkSpan(*cur))
    return [s for s in spans if content[s.start:s.end].strip().lstrip("#").strip()]


def _pieces(content: str, headings: _Headings, target: int, limit: int
            ) -> Iterator[tuple[int, int]]:
    for start, end in _blocks(content, headings):
        if end - start <= limit:
            yield start, end
        else:
            yield from _cut(content, start, end, target)


def _blocks(content: str, headings: _Headings) -> Iterator[tuple[int, int]]:
    """Paragraphs, with each heading line a block of its own."""
    for start, end in _paragraph_spans(content):
        pos = start
        for h_start, h_end, _ in headings.within(start, end):
            if content[pos:h_start].strip():
                yield _trim(content, pos, h_start)
            yield h_start, h_end
            pos = h_end
        if content[pos:end].strip():
            yield _trim(content, pos, end)


def _cut(content: str, start: int, end: int, size: int) -> Iterator[tuple[int, int]]:
    """``content[start:end]`` in pieces of at most ``size`` characters, each window cut at its
    last line break, else sentence end (neither too early), else space, else at ``size``."""
    pos = start
    while end - pos > size:
        window = content[pos:pos + size]
        cut = pos + size
        for i, separator in enumerate(_CUTS):
            earliest = size // 3 if i < len(_CUTS) - 1 else 1
            last = max((m.end() for m in separator.finditer(window, earliest)), default=0)
            if last:
                cut = pos + last
                break
        piece = _trim(content, pos, cut)
        if piece[0] < piece[1]:
            yield piece
        pos = cut
    rest = _trim(content, pos, end)
    if rest[0] < rest[1]:
        yield rest


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


def _chunk(row: asyncpg.Record) -> StoredChunk:
    return StoredChunk(document_id=row["document_id"], title=row["title"], idx=row["idx"],
                       start=row["start_offset"], end=row["end_offset"], heading=row["heading"],
                       text=row["text"])


_CHUNK_COLUMNS = ("c.document_id, d.title, c.idx, c.start_offset, c.end_offset, c.heading,"
                  " c.text")


class DocumentStore:
    """Documents of every tenant; each call is scoped to one tenant.

    A tenant holds one document per content (``UNIQUE (tenant_id, sha256)``): uploading the
    same text again, under any title, returns the existing document with ``created=False``.
    """

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def add(self, tenant_id: str, title: str, content: str) -> StoredDocument:
        """Chunk, then store the document and its chunks in one transaction (all or nothing).

        Raises ``NoText`` before writing anything when there is nothing to index.
        """
        spans = chunk_text(content)
        if not spans:
            raise NoText("The document has no text to index.")
        sha = hashlib.sha256(content.encode()).hexdigest()
        async with store_errors(), self.pool.acquire() as conn, conn.transaction():
            doc_id = await conn.fetchval(
                "INSERT INTO documents (id, tenant_id, title, content, sha256)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id, sha256) DO NOTHING"
                " RETURNING id",
                uuid.uuid4(), tenant_id, title, content, sha,
            )
            if doc_id is None:  # this tenant has it already (perhaps from a concurrent upload)
                return await _existing(conn, tenant_id, sha)
            await conn.executemany(
                "INSERT INTO document_chunks (document_id, tenant_id, idx, start_offset,"
                " end_offset, heading, text) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                [(doc_id, tenant_id, i, s.start, s.end, s.heading, content[s.start:s.end])
                 for i, s in enumerate(spans)],
            )
        return StoredDocument(id=doc_id, tenant_id=tenant_id, title=title, chunks=len(spans))

    async def search(self, tenant_id: str, query: str, *, limit: int = 5) -> list[DocumentHit]:
        """Full-text search with any-term matching, ranked by cover density."""
        async with store_errors():
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
        async with store_errors():
            row = await self.pool.fetchrow(
                f"SELECT {_CHUNK_COLUMNS} FROM document_chunks c JOIN documents d"
                " ON d.id = c.document_id WHERE c.tenant_id = $1 AND c.document_id = $2"
                " AND c.idx = $3",
                tenant_id, document_id, idx,
            )
        return _chunk(row) if row is not None else None

    async def get(self, tenant_id: str, document_id: uuid.UUID
                  ) -> tuple[StoredDocument, str] | None:
        async with store_errors():
            row = await self.pool.fetchrow(
                f"SELECT d.id, d.title, d.content, {_CHUNK_COUNT} AS chunks FROM documents d"
                " WHERE d.tenant_id = $1 AND d.id = $2",
                tenant_id, document_id,
            )
        if row is None:
            return None
        doc = StoredDocument(id=row["id"], tenant_id=tenant_id, title=row["title"],
                             chunks=row["chunks"])
        return doc, row["content"]


_CHUNK_COUNT = "(SELECT count(*) FROM document_chunks c WHERE c.document_id = d.id)"


async def _existing(conn: Connection, tenant_id: str, sha: str) -> StoredDocument:
    row = await conn.fetchrow(
        f"SELECT d.id, d.title, {_CHUNK_COUNT} AS chunks FROM documents d"
        " WHERE d.tenant_id = $1 AND d.sha256 = $2",
        tenant_id, sha,
    )
    assert row is not None  # the caller found the hash taken
    return StoredDocument(id=row["id"], tenant_id=tenant_id, title=row["title"],
                          chunks=row["chunks"], created=False)
