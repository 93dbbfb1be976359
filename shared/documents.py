"""Tenant policy documents: versions, chunks with character offsets, embeddings and search.

A citation ``doc:<id>#<chunk>`` points at one chunk of one *version*; its offsets locate the
passage in the text of that version, so a quote can be checked against exactly what the tenant
uploaded, even after the document is replaced. A document's versions share its ``lineage`` (the
id of its first version, which the library API uses); one version per document is current, and
only current versions are searched.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import PurePath
from typing import Literal

import asyncpg
import msgspec

from shared._chunking import CHUNK_LIMIT, CHUNK_TARGET, ChunkSpan, chunk_text
from shared._document_retrieval import (
    DocumentHit,
    SearchMode,
    StoredChunk,
    dense_search,
    fulltext_search,
    hybrid_search,
    pending_chunks,
    store_vectors,
)
from shared.embeddings import Embedder, EmbeddingError, default_embedder
from shared.hybrid import vector_search_available
from shared.store import Connection, store_errors

__all__ = ["CHUNK_LIMIT", "CHUNK_TARGET", "ChunkSpan", "DocumentHit", "DocumentStatus",
           "DocumentStore", "DuplicateContent", "NoText", "SearchMode", "StoredChunk",
           "StoredDocument", "chunk_text", "title_of"]

log = logging.getLogger("yourai.documents")

DocumentStatus = Literal["current", "superseded", "removed"]
INLINE_EMBEDDINGS = 64
"""An upload embeds up to this many chunks before it answers; a longer document's remaining
chunks are embedded in the background (``DocumentStore.backfill``) and found by full text
meanwhile."""
_EMBED_BATCH = 32
_FIRST_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


class NoText(ValueError):
    """A document with nothing to index (empty, or only heading marks)."""


class DuplicateContent(ValueError):
    """A replacement whose text is another current document's."""


class StoredDocument(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    """This version's id: what citations ``doc:<id>#<chunk>`` name."""
    tenant_id: str
    title: str
    chunks: int
    created: bool = True
    """False when the tenant already had this content: the existing document is returned."""
    lineage: uuid.UUID | None = None
    """The document's id across its versions (its first version's id); None: ``id``."""
    version: int = 1
    status: DocumentStatus = "current"
    sha256: str = ""
    user_id: str = ""
    created_at: datetime | None = None
    ended_at: datetime | None = None
    """When this version was superseded or removed."""

    @property
    def document_id(self) -> uuid.UUID:
        """The id of the document in the library (stable across versions)."""
        return self.lineage or self.id


EmbedderSource = Callable[[], Embedder]

_DOC_COLUMNS = ("d.id, d.tenant_id, d.title, d.lineage, d.version, d.status, d.sha256,"
                " d.user_id, d.created_at, d.ended_at,"
                " (SELECT count(*) FROM document_chunks c WHERE c.document_id = d.id) AS chunks")


def _document(row: asyncpg.Record, *, created: bool = True) -> StoredDocument:
    return StoredDocument(id=row["id"], tenant_id=row["tenant_id"], title=row["title"],
                          chunks=row["chunks"], created=created, lineage=row["lineage"],
                          version=row["version"], status=row["status"], sha256=row["sha256"],
                          user_id=row["user_id"], created_at=row["created_at"],
                          ended_at=row["ended_at"])


Within = Callable[[Connection, "StoredDocument"], Awaitable[None]]
"""What else commits with a change to a document, given the open transaction and the document
as changed (its record, the cache's eviction): the change and it are all or nothing."""


class DocumentStore:
    """Documents of every tenant; each call is scoped to one tenant.

    A tenant holds one current document per content: uploading the same text again, under any
    title, returns the existing document with ``created=False``. Uploading under the title of a
    current document (case aside) replaces it with a new version. Changes to one tenant's
    documents are serialised by a transaction-scoped advisory lock.
    """

    def __init__(self, pool: asyncpg.Pool, *, embedder: EmbedderSource | None = default_embedder,
                 inline_embeddings: int = INLINE_EMBEDDINGS) -> None:
        self.pool = pool
        self._embedder_source = embedder
        self._embedder: Embedder | None = None
        self._vectors: bool | None = None
        self.inline_embeddings = inline_embeddings

    # -- changes -------------------------------------------------------------------------

    async def add(self, tenant_id: str, title: str, content: str, *, user_id: str = "",
                  within: Within | None = None) -> StoredDocument:
        """Store a new document, or a new version of the current one with this title.

        Raises ``NoText`` before writing anything when there is nothing to index.
        """
        spans, sha = _prepared(content)
        async with store_errors(), self.pool.acquire() as conn, conn.transaction():
            await _lock(conn, tenant_id)
            same = await _current(conn, tenant_id, "d.sha256 = $2", sha)
            if same is not None:
                doc = _document(same, created=False)
            else:
                titled = await _current(conn, tenant_id, "lower(d.title) = lower($2)", title)
                doc = await _insert(conn, tenant_id, title, content, sha, spans,
                                    user_id=user_id, previous=titled)
            if within is not None:
                await within(conn, doc)
        if not doc.created:
            return doc
        await self._embed_new(doc)
        return doc

    async def replace(self, tenant_id: str, document_id: uuid.UUID, content: str, *,
                      title: str | None = None, user_id: str = "",
                      within: Within | None = None) -> StoredDocument | None:
        """A new current version of a current document (None: no such current document).

        The same text as the current version returns it with ``created=False``; the text of
        another current document raises ``DuplicateContent``.
        """
        spans, sha = _prepared(content)
        async with store_errors(), self.pool.acquire() as conn, conn.transaction():
            await _lock(conn, tenant_id)
            current = await _current_of(conn, tenant_id, document_id)
            if current is None:
                return None
            if current["sha256"] == sha and (title is None or title == current["title"]):
                doc = _document(current, created=False)
                if within is not None:
                    await within(conn, doc)
                return doc
            other = await _current(conn, tenant_id, "d.sha256 = $2", sha)
            if other is not None and other["lineage"] != current["lineage"]:
                raise DuplicateContent(
                    f"This text is already the document ‘{other['title']}’ ({other['lineage']}).")
            doc = await _insert(conn, tenant_id, title or current["title"], content, sha, spans,
                                user_id=user_id, previous=current)
            if within is not None:
                await within(conn, doc)
        await self._embed_new(doc)
        return doc

    async def remove(self, tenant_id: str, document_id: uuid.UUID, *, user_id: str = "",
                     within: Within | None = None) -> StoredDocument | None:
        """Take a document out of search, keeping every version for audit (None: not found)."""
        async with store_errors(), self.pool.acquire() as conn, conn.transaction():
            await _lock(conn, tenant_id)
            current = await _current_of(conn, tenant_id, document_id)
            if current is None:
                return None
            row = await conn.fetchrow(
                "UPDATE documents d SET status = 'removed', ended_at = now()"
                f" WHERE d.id = $1 RETURNING {_DOC_COLUMNS}", current["id"])
            assert row is not None  # locked above
            doc = msgspec.structs.replace(_document(row), user_id=user_id)
            if within is not None:
                await within(conn, doc)
        return doc

    # -- reading ---------------------------------------------------------------------------

    async def page(self, tenant_id: str, *, limit: int, offset: int = 0
                   ) -> tuple[list[StoredDocument], int]:
        """Current documents, oldest first, and how many there are."""
        async with store_errors():
            rows = await self.pool.fetch(
                f"SELECT {_DOC_COLUMNS}, count(*) OVER () AS total FROM documents d"
                " WHERE d.tenant_id = $1 AND d.status = 'current'"
                " ORDER BY d.created_at, d.lineage LIMIT $2 OFFSET $3",
                tenant_id, limit, offset)
            total = rows[0]["total"] if rows else await self.pool.fetchval(
                "SELECT count(*) FROM documents WHERE tenant_id = $1 AND status = 'current'",
                tenant_id)
        return [_document(r) for r in rows], int(total)

    async def document(self, tenant_id: str, document_id: uuid.UUID, *,
                       version: int | None = None) -> tuple[StoredDocument, str] | None:
        """A version and its text: ``version`` of the document, else the version whose id this
        is, else the document's latest version (current, or removed)."""
        async with store_errors():
            row = await self.pool.fetchrow(
                f"SELECT {_DOC_COLUMNS}, d.content FROM documents d"
                " WHERE d.tenant_id = $1 AND d.lineage = (SELECT lineage FROM documents"
                "   WHERE tenant_id = $1 AND id = $2)"
                " AND ($3::int IS NULL OR d.version = $3)"
                " ORDER BY (d.id = $2 AND d.id <> d.lineage) DESC, d.version DESC LIMIT 1",
                tenant_id, document_id, version)
        return (_document(row), row["content"]) if row is not None else None

    async def versions(self, tenant_id: str, document_id: uuid.UUID) -> list[StoredDocument]:
        """Every version of a document, oldest first (empty: no such document)."""
        async with store_errors():
            rows = await self.pool.fetch(
                f"SELECT {_DOC_COLUMNS} FROM documents d WHERE d.tenant_id = $1 AND d.lineage ="
                " (SELECT lineage FROM documents WHERE tenant_id = $1 AND id = $2)"
                " ORDER BY d.version", tenant_id, document_id)
        return [_document(r) for r in rows]

    async def get(self, tenant_id: str, document_id: uuid.UUID
                  ) -> tuple[StoredDocument, str] | None:
        """The version with this id (as a citation names it), whatever its status."""
        async with store_errors():
            row = await self.pool.fetchrow(
                f"SELECT {_DOC_COLUMNS}, d.content FROM documents d"
                " WHERE d.tenant_id = $1 AND d.id = $2", tenant_id, document_id)
        return (_document(row), row["content"]) if row is not None else None

    async def get_chunk(self, tenant_id: str, document_id: uuid.UUID, idx: int
                        ) -> StoredChunk | None:
        async with store_errors():
            row = await self.pool.fetchrow(
                "SELECT c.document_id, d.title, c.idx, c.start_offset, c.end_offset, c.heading,"
                " c.text FROM document_chunks c JOIN documents d ON d.id = c.document_id"
                " WHERE c.tenant_id = $1 AND c.document_id = $2 AND c.idx = $3",
                tenant_id, document_id, idx,
            )
        if row is None:
            return None
        return StoredChunk(document_id=row["document_id"], title=row["title"], idx=row["idx"],
                           start=row["start_offset"], end=row["end_offset"],
                           heading=row["heading"], text=row["text"])

    # -- search ----------------------------------------------------------------------------

    async def search(self, tenant_id: str, query: str, *, limit: int = 5,
                     mode: SearchMode = "hybrid", meaning: str | None = None
                     ) -> list[DocumentHit]:
        """The current passages that answer ``query``, best first.

        ``fulltext`` matches its words; ``dense`` embeds ``meaning`` (default: ``query``) once
        and ranks by cosine similarity (of the chunk or its nearest sentence); ``hybrid`` adds
        the two scores (``shared._document_retrieval``). Without pgvector every mode is full
        text: ``semantic_search_available`` says so, for the caller to tell the user.
        """
        embedder = None if mode == "fulltext" else await self._dense()
        if embedder is None:
            return await fulltext_search(self.pool, tenant_id, query, limit)
        try:
            # The tenant's own memo: a question asked again, or searched again within the
            # invocation, is not run through the model twice (shared/embedding_cache.py).
            vector = (await embedder.embed_memoised([meaning or query], tenant=tenant_id))[0]
        except EmbeddingError:
            log.exception("the question could not be embedded: full-text search only")
            return await fulltext_search(self.pool, tenant_id, query, limit)
        if mode == "dense":
            return await dense_search(self.pool, tenant_id, vector, embedder.model_id, limit)
        return await hybrid_search(self.pool, tenant_id, query, vector, embedder.model_id,
                                   limit)

    async def semantic_search_available(self) -> bool:
        """Whether searches use embeddings (pgvector present and a model configured)."""
        return await self._dense() is not None

    # -- embeddings ------------------------------------------------------------------------

    async def _dense(self) -> Embedder | None:
        if self._embedder_source is None:
            return None
        if self._vectors is None:
            self._vectors = await vector_search_available(self.pool)
        if not self._vectors:
            return None
        if self._embedder is None:
            self._embedder = await asyncio.to_thread(self._embedder_source)
        return self._embedder

    async def _embed_new(self, doc: StoredDocument) -> None:
        if not doc.created or self.inline_embeddings <= 0:
            return
        try:
            await self.embed_pending(limit=self.inline_embeddings, document_id=doc.id)
        except EmbeddingError:
            log.exception("document %s stored without embeddings: they are added by the "
                          "start-up backfill", doc.id)

    async def embed_pending(self, *, limit: int = 256, document_id: uuid.UUID | None = None
                            ) -> int:
        """Embed up to ``limit`` chunks of current versions that have no vector of the current
        model (of one version, or of any); returns how many were embedded."""
        embedder = await self._dense()
        if embedder is None:
            return 0
        pending = await pending_chunks(self.pool, embedder.model_id, limit, document_id)
        for start in range(0, len(pending), _EMBED_BATCH):
            batch = pending[start:start + _EMBED_BATCH]
            vectors = await embedder.embed([t for p in batch for t in (p.text, *p.sentences)])
            async with store_errors(), self.pool.acquire() as conn, conn.transaction():
                at = 0
                for p in batch:
                    n = 1 + len(p.sentences)
                    await store_vectors(conn, p, vectors[at], vectors[at + 1:at + n],
                                        embedder.model_id)
                    at += n
        return len(pending)

    async def backfill(self, *, max_chunks: int = 20_000) -> int:
        """Embed what has no vector yet (documents from before embeddings, the tail of a long
        upload, a new model), at most ``max_chunks``; logs what it did."""
        done, started = 0, time.perf_counter()
        while done < max_chunks:
            n = await self.embed_pending(limit=min(256, max_chunks - done))
            if n == 0:
                break
            done += n
        if done:
            log.info("embedded %d document chunks in %.1f s", done,
                     time.perf_counter() - started)
        return done


def _prepared(content: str) -> tuple[list[ChunkSpan], str]:
    spans = chunk_text(content)
    if not spans:
        raise NoText("The document has no text to index.")
    return spans, hashlib.sha256(content.encode()).hexdigest()


async def _lock(conn: Connection, tenant_id: str) -> None:
    await conn.execute("SELECT pg_advisory_xact_lock(7311, hashtext($1))", tenant_id)


async def _current(conn: Connection, tenant_id: str, where: str, value: str
                   ) -> asyncpg.Record | None:
    return await conn.fetchrow(
        f"SELECT {_DOC_COLUMNS} FROM documents d WHERE d.tenant_id = $1"
        f" AND d.status = 'current' AND {where} ORDER BY d.created_at LIMIT 1",
        tenant_id, value)


async def _current_of(conn: Connection, tenant_id: str, document_id: uuid.UUID
                      ) -> asyncpg.Record | None:
    """The current version of the document with this lineage or version id."""
    return await conn.fetchrow(
        f"SELECT {_DOC_COLUMNS} FROM documents d WHERE d.tenant_id = $1 AND d.status = 'current'"
        " AND d.lineage = (SELECT lineage FROM documents WHERE tenant_id = $1 AND id = $2)",
        tenant_id, document_id)


async def _insert(conn: Connection, tenant_id: str, title: str, content: str, sha: str,
                  spans: list[ChunkSpan], *, user_id: str, previous: asyncpg.Record | None
                  ) -> StoredDocument:
    """A first version, or the next version of ``previous`` (which is marked superseded)."""
    doc_id = uuid.uuid4()
    lineage, version = doc_id, 1
    if previous is not None:
        lineage, version = previous["lineage"], previous["version"] + 1
        await conn.execute("UPDATE documents SET status = 'superseded', ended_at = now()"
                           " WHERE id = $1", previous["id"])
    created_at = await conn.fetchval(
        "INSERT INTO documents (id, tenant_id, title, content, sha256, lineage, version,"
        " user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING created_at",
        doc_id, tenant_id, title, content, sha, lineage, version, user_id)
    await conn.executemany(
        "INSERT INTO document_chunks (document_id, tenant_id, idx, start_offset,"
        " end_offset, heading, text) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [(doc_id, tenant_id, i, s.start, s.end, s.heading, content[s.start:s.end])
         for i, s in enumerate(spans)],
    )
    return StoredDocument(id=doc_id, tenant_id=tenant_id, title=title, chunks=len(spans),
                          lineage=lineage, version=version, sha256=sha, user_id=user_id,
                          created_at=created_at)


def title_of(content: str, filename: str = "") -> str:
    """A title for a document sent without one: its first heading, else its first short line,
    else the file's name."""
    if m := _FIRST_HEADING.search(content):
        return m.group(1).strip()[:300]
    first = next((line.strip() for line in content.splitlines() if line.strip()), "")
    if 0 < len(first) <= 120:
        return first
    return PurePath(filename).stem or "Untitled document"
