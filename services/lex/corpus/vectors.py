"""Sentence embeddings of the legal corpus: computed at import, read by hybrid search.

A provision is embedded as its title and text: the first chunk is the title with the start of
the text (the tokenizer truncates at the model's limit, 256 tokens), and a long provision adds
chunks of later windows of its text, each again under the title, up to
:data:`SECTION_CHUNKS`; a Schedule adds each of its paragraphs instead, under the Schedule's
title and the paragraph's cross-heading (``paragraphs.py``: a question asks about one
paragraph of a long Schedule, which the first windows seldom reach). A provision's dense score
is its best chunk's. The title is followed by
the full forms of the abbreviations in it (``spelt_out``: "HMOs" → "house in multiple
occupation", "interim EDMOs" → "empty dwelling management order"), which the model does not
know. A judgment paragraph is one vector. Each row keeps
the vector space (the embedder's ``model_id`` and :data:`RECIPE`) and the md5 of the provision
or paragraph it came from, so an import embeds only what is new or changed, and vectors made
another way are never compared with these. A text embedded before, by this process or any
other sharing the model's cache directory, is not embedded again (shared/embedding_cache.py):
a second import into a fresh database, a restart, a test process, reads its vectors from
there. Without pgvector (or without the model) nothing is
embedded and search is full text only, which :meth:`CorpusVectors.ready` logs once.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Callable, Sequence

import asyncpg
import numpy as np

from shared.embedding_cache import text_digest
from shared.embeddings import Embedder, EmbeddingError, default_embedder
from shared.hybrid import vector_literal, vector_search_available
from shared.text.vocabulary import spelt_out

from .paragraphs import schedule_paragraphs

__all__ = ["RECIPE", "SECTION_CHUNKS", "CorpusVectors", "section_chunks"]

log = logging.getLogger("yourai.retrieval")

SECTION_CHUNKS = 3
"""Vectors per provision at most: the title with the start, then later windows of the text."""
RECIPE = "title+terms/3x160w+schedule-paragraphs"
"""How texts are cut and prefixed: part of the stored vector space, so changing it re-embeds."""
_WINDOW_WORDS = 160
"""Words of text per later chunk: with the title, within the model's 256 tokens."""
_STRIDE_WORDS = 140
_EMBED_BATCH = 64
"""Texts handed to the embedder at a time (it batches them further by tokens)."""
_CACHE_SIZE = 50_000
"""Vectors kept in memory by (model, text): a second import of the same text in one process
(the tests import the same corpus into many databases) costs nothing."""

Progress = Callable[[int, int], None]

_cache: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()


def section_chunks(title: str, text: str, chunks: int = SECTION_CHUNKS, *,
                   schedule: bool = False) -> list[str]:
    """The texts embedded for one provision: title and start, then later windows of text
    (a Schedule: then each of its paragraphs under its cross-heading)."""
    words = text.split()
    heading = spelt_out(title, lay=False)  # abbreviations, the Act's own too: "terms"
    first = f"{heading}\n{text}"
    if schedule:
        return [first, *(f"{heading}\n{p.heading}\n{_NUMBER.sub('', p.text)}"
                         for p in schedule_paragraphs(text))]
    rest = [f"{heading}\n{' '.join(words[start:start + _WINDOW_WORDS])}"
            for start in range(_STRIDE_WORDS, len(words), _STRIDE_WORDS)]
    return [first, *rest][:max(chunks, 1)]


_NUMBER = re.compile(r"^\*\*[0-9A-Z]+\*\*\s*")
"""A paragraph's bold number: nothing for the model to read."""

_md5 = text_digest


class CorpusVectors:
    """The corpus's embeddings in PostgreSQL and the model that makes them."""

    def __init__(self, pool: asyncpg.Pool, embedder: Embedder | None = None, *,
                 enabled: bool = True, section_chunks: int = SECTION_CHUNKS) -> None:
        self.pool = pool
        self._embedder = embedder
        self._enabled = enabled
        self._chunks = section_chunks
        self._ready: bool | None = None
        self._lock = asyncio.Lock()
        self.embedded = 0
        """Texts this instance ran through the model (not found in either cache)."""

    async def ready(self) -> bool:
        """Whether dense search can run here: pgvector, the tables and the model (checked once,
        and a missing piece logged once)."""
        if self._ready is not None:
            return self._ready
        async with self._lock:
            if self._ready is None:
                self._ready = self._enabled and await self._check()
        return self._ready

    async def _check(self) -> bool:
        if not await vector_search_available(self.pool):
            return False
        if not await self.pool.fetchval(
                "SELECT to_regclass('legislation_section_vectors') IS NOT NULL"):
            log.warning("the corpus has no vector tables (migration 0010 ran before pgvector "
                        "was installed): legal search uses full text only")
            return False
        try:
            if self._embedder is None:
                self._embedder = await asyncio.to_thread(default_embedder)
        except EmbeddingError as e:
            log.warning("the embedding model cannot be loaded (%s): legal search uses full "
                        "text only", e)
            return False
        return True

    @property
    def space(self) -> str:
        """The vector space stored with each vector: the model and :data:`RECIPE`."""
        return f"{self.embedder.model_id}|{RECIPE}"

    @property
    def embedder(self) -> Embedder:
        assert self._embedder is not None, "call ready() first"
        return self._embedder

    async def query_vector(self, query: str) -> str:
        """The query's vector as a pgvector literal."""
        return vector_literal((await self.embedder.embed([query]))[0].tolist())

    async def _embed(self, texts: Sequence[str]) -> list[str]:
        model = self.embedder.model_id
        keys = [(model, _md5(t)) for t in texts]
        missing = sorted({i for i, k in enumerate(keys) if k not in _cache},
                         key=lambda i: texts[i])
        if missing:
            await self._compute([texts[i] for i in missing], [keys[i] for i in missing])
        out = [vector_literal(_cache[k].tolist()) for k in keys]
        for k in keys:
            _cache.move_to_end(k)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
        return out

    async def _compute(self, texts: Sequence[str], keys: Sequence[tuple[str, str]]) -> None:
        """Put the vectors of ``texts`` in the process's cache: the embedder reads those it
        kept on disk under :data:`RECIPE` and computes (and keeps) the rest."""
        vectors = await self.embedder.embed_kept(texts, RECIPE, report=self._count)
        for key, vector in zip(keys, vectors, strict=True):
            _cache[key] = vector

    def _count(self, computed: int) -> None:
        self.embedded += computed

    async def embed_pending(self, progress: Progress | None = None) -> int:
        """Embed every provision and paragraph with no vector of this model for its current
        text; returns how many texts were embedded (0 after an unchanged re-import)."""
        if not await self.ready():
            return 0
        model = self.space
        sections = await self.pool.fetch(
            "SELECT s.id, s.title, s.text, s.provision_type,"
            " md5(s.title || E'\\n' || s.text) AS md5"
            " FROM legislation_sections s"
            " LEFT JOIN legislation_section_vectors v ON v.section_id = s.id AND v.chunk = 0"
            " WHERE v.section_id IS NULL OR v.model_id <> $1"
            " OR v.text_md5 <> md5(s.title || E'\\n' || s.text) ORDER BY s.id", model)
        paragraphs = await self.pool.fetch(
            "SELECT p.caselaw_id, p.idx, p.text FROM caselaw_paragraphs p"
            " LEFT JOIN caselaw_paragraph_vectors v USING (caselaw_id, idx)"
            " WHERE v.caselaw_id IS NULL OR v.model_id <> $1 OR v.text_md5 <> md5(p.text)"
            " ORDER BY p.caselaw_id, p.idx", model)
        section_texts = [(r["id"], r["md5"], n, t) for r in sections
                         for n, t in enumerate(section_chunks(
                             r["title"], r["text"], self._chunks,
                             schedule=r["provision_type"] == "schedule"))]
        total, done = len(section_texts) + len(paragraphs), 0
        for start in range(0, len(section_texts), _EMBED_BATCH):
            batch = section_texts[start:start + _EMBED_BATCH]
            await self._put_sections(batch, model)
            done += len(batch)
            if progress is not None:
                progress(done, total)
        for start in range(0, len(paragraphs), _EMBED_BATCH):
            rows = paragraphs[start:start + _EMBED_BATCH]
            vectors = await self._embed([r["text"] for r in rows])
            await self.pool.executemany(_UPSERT_PARAGRAPH, [
                (r["caselaw_id"], r["idx"], model, _md5(r["text"]), v)
                for r, v in zip(rows, vectors, strict=True)])
            done += len(rows)
            if progress is not None:
                progress(done, total)
        return total

    async def _put_sections(self, batch: Sequence[tuple[str, str, int, str]], model: str
                            ) -> None:
        vectors = await self._embed([text for *_, text in batch])
        async with self.pool.acquire() as conn, conn.transaction():
            # A provision's chunks are replaced together: a shorter text has fewer chunks.
            starts = sorted({sid for sid, _, n, _ in batch if n == 0})
            await conn.execute(
                "DELETE FROM legislation_section_vectors WHERE section_id = ANY($1)", starts)
            await conn.executemany(_UPSERT_SECTION_VECTOR, [
                (sid, md5, n, model, v)
                for (sid, md5, n, _), v in zip(batch, vectors, strict=True)])


_UPSERT_SECTION_VECTOR = """
INSERT INTO legislation_section_vectors (section_id, text_md5, chunk, model_id, embedding)
VALUES ($1, $2, $3, $4, $5::vector)
ON CONFLICT (section_id, chunk) DO UPDATE SET model_id = EXCLUDED.model_id,
    text_md5 = EXCLUDED.text_md5, embedding = EXCLUDED.embedding
"""

_UPSERT_PARAGRAPH = """
INSERT INTO caselaw_paragraph_vectors (caselaw_id, idx, model_id, text_md5, embedding)
VALUES ($1, $2, $3, $4, $5::vector)
ON CONFLICT (caselaw_id, idx) DO UPDATE SET model_id = EXCLUDED.model_id,
    text_md5 = EXCLUDED.text_md5, embedding = EXCLUDED.embedding
"""
