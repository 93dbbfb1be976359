"""The legal corpus in PostgreSQL: legislation, sections, judgments and their paragraphs.

Each row holds its record's msgspec JSON, so what is read back is exactly what was imported;
the other columns exist to filter, order and search. Searches are hybrid where pgvector
is installed: any-term full-text matching (ranked by the rarity of the terms covered and cover
density, with a boost when the query's terms are in a title) and nearest sentence embeddings
(``vectors.py``), merged by reciprocal rank fusion; without pgvector, full text alone. Methods
mirror the Lex tools (../shared/LEX.md) so the MCP server stays a thin layer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal

import asyncpg
import msgspec

from services.lex.corpus.citations import ProvisionCitation, cited_provision
from services.lex.corpus.clauses import (
    _ORDER_SECTIONS,
    _as_list,
    _caselaw_filters,
    _CaselawFilters,
    _page,
    _SectionFilters,
    _Where,
)
from services.lex.corpus.compound import asks, is_comparison, question_parts
from services.lex.corpus.fusion import _RRF_K, _cited_first, _fuse
from services.lex.corpus.headings import _aspects_up, _Headings, _named_up
from services.lex.corpus.ranking import (
    acts_first,
    agreed_first,
    fulltext_first_kept,
    named_second,
    twins_together,
    with_each_parts_best,
)
from services.lex.corpus.records import (
    Amendment,
    Caselaw,
    CaselawParagraph,
    Legislation,
    LegislationSection,
)
from services.lex.corpus.results import ActResult, ActSearch, CaselawPage, FullText, SectionScore
from services.lex.corpus.rows import (
    Row,
    _act_result,
    _caselaw,
    _encode,
    _paragraph,
    _section,
    _section_row,
)
from services.lex.corpus.scoring import TITLE_TSQUERY as _TITLE_TSQUERY
from services.lex.corpus.scoring import TSQUERY as _TSQUERY
from services.lex.corpus.scoring import own_words
from services.lex.corpus.scoring import score as _score
from services.lex.corpus.scoring import section_score as _section_score
from services.lex.corpus.scoring import weights as _weights
from services.lex.corpus.vectors import CorpusVectors
from services.lex.corpus.versions import UPSERT_SECTION, newer_stored
from services.lex.corpus.writes import Source, _record_source, _replace_amendments
from shared.embeddings import Embedder
from shared.lex.paths import caselaw_path, citation_key, legislation_path
from shared.store import Connection
from shared.text.vocabulary import (
    expand_statutory,
    spelt_out,
    unexpanded,
)

__all__ = [
    "ActResult",
    "ActSearch",
    "CaselawPage",
    "CorpusError",
    "CorpusStore",
    "FullText",
    "LegislationNotFound",
    "SearchMethod",
    "SectionScore",
    "Source",
]

_SECTION_BATCH = 200
_SUMMARY_PARAGRAPHS = 3
_ACT_SECTIONS = 10
_CANDIDATES = 50
"""Depth of each ranking fused (at least the page asked for)."""
_PART_WEIGHT = 0.5
"""Each part of a compound question against 1 for the whole (``compound.py``)."""

_NAMES_ACT = re.compile(r"\bAct\s+\d{4}\b")
"""What a question naming an Act by its title says: "… Act 1809"."""

_DENSE_FLOOR = 0.25
"""Cosine similarity below which a passage is not a dense match: nearest neighbours always
exist, and a query about nothing in the corpus ("zzzq") must still find nothing."""

SearchMethod = Literal["hybrid", "fulltext", "dense"]
"""``hybrid`` fuses full text and dense; either alone is for the benchmark. Without pgvector
every method is full text."""


class CorpusError(Exception):
    """Root of corpus errors."""


class LegislationNotFound(CorpusError):
    """No legislation with that id is in the corpus."""


class CorpusStore:
    """Reads and writes the corpus; one transaction per imported document."""

    def __init__(self, pool: asyncpg.Pool, *, embedder: Embedder | None = None,
                 dense: bool = True, vectors: CorpusVectors | None = None) -> None:
        """``dense=False`` neither embeds nor searches by vector (the default model is loaded
        on first use otherwise)."""
        self.pool = pool
        self.vectors = vectors or CorpusVectors(pool, embedder, enabled=dense)

    async def _dense(self, method: SearchMethod) -> bool:
        return method != "fulltext" and await self.vectors.ready()

    # -- writing -----------------------------------------------------------------------------

    async def put_legislation(
        self,
        legislation: Legislation,
        sections: Sequence[LegislationSection],
        *,
        merge: bool = False,
        source: Source | None = None,
        progress: Callable[[int, int], None] | None = None,
        amendments: Sequence[Amendment] = (),
    ) -> None:
        """Store an Act: replacing it whole, or (``merge``, for fragments) adding its sections.

        A document that claims the whole Act but holds fewer provisions than are stored (an
        excerpt, such as ``housing_act_sample.xml``) is merged, never allowed to replace the
        fuller import. Either way a provision keeps its current version (``versions.py``): a
        stored newer one is not overwritten by an older one imported after it.
        """
        async with self.pool.acquire() as conn, conn.transaction():
            if not merge:
                stored = await conn.fetchval(
                    "SELECT count(*) FROM legislation_sections WHERE legislation_id = $1",
                    legislation.id)
                merge = stored > len(sections)
            kept: list[LegislationSection] = []
            if merge:
                await self._merge_act(conn, legislation)
            else:
                kept = await newer_stored(conn, legislation.id, sections)
                await conn.execute("DELETE FROM legislation WHERE id = $1", legislation.id)
                await self._insert_act(conn, legislation)
            rows = [_section_row(legislation.id, s) for s in (*sections, *kept)]
            for start in range(0, len(rows), _SECTION_BATCH):
                await conn.executemany(UPSERT_SECTION, rows[start:start + _SECTION_BATCH])
                if progress is not None:
                    progress(min(start + _SECTION_BATCH, len(rows)), len(rows))
            if amendments or not merge:
                await _replace_amendments(conn, legislation.id, amendments)
            if source is not None:
                await _record_source(conn, source, "legislation", legislation.id)

    async def _insert_act(self, conn: Connection, act: Legislation) -> None:
        await conn.execute(
            "INSERT INTO legislation (id, path, type, year, number, category, title, record)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            act.id, legislation_path(act.id), act.type, act.year, act.number, act.category,
            act.title, _encode(act),
        )

    async def _merge_act(self, conn: Connection, act: Legislation) -> None:
        """A fragment names its Act; keep what is known of the Act, fill in what is not."""
        row = await conn.fetchrow("SELECT record FROM legislation WHERE id = $1 FOR UPDATE",
                                  act.id)
        if row is None:
            await self._insert_act(conn, act)
            return
        known = msgspec.json.decode(row["record"], type=Legislation)
        if not known.title and act.title:
            known = msgspec.structs.replace(known, title=act.title)
            await conn.execute("UPDATE legislation SET title = $2, record = $3 WHERE id = $1",
                               act.id, known.title, _encode(known))

    async def put_caselaw(self, caselaw: Caselaw, paragraphs: Sequence[CaselawParagraph], *,
                          source: Source | None = None) -> None:
        """Store a judgment, replacing any earlier import of it whole."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM caselaw WHERE id = $1", caselaw.id)
            await conn.execute(
                "INSERT INTO caselaw (id, court, division, year, cite_as, name, date,"
                " legislation_references, caselaw_references, record)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                caselaw.id, caselaw.court, caselaw.division, caselaw.year, caselaw.cite_as,
                caselaw.name, caselaw.date, caselaw.legislation_references,
                caselaw.caselaw_references, _encode(caselaw),
            )
            await conn.executemany(
                "INSERT INTO caselaw_paragraphs (caselaw_id, idx, number, text, record)"
                " VALUES ($1, $2, $3, $4, $5)",
                [(caselaw.id, i, p.number, p.text, _encode(p)) for i, p in enumerate(paragraphs)],
            )
            if source is not None:
                await _record_source(conn, source, "caselaw", caselaw.id)

    async def source_hash(self, name: str) -> str | None:
        """The hash a source had when it was last imported (``None``: never imported)."""
        return await self.pool.fetchval("SELECT sha256 FROM corpus_sources WHERE source = $1",
                                        name)

    async def counts(self) -> dict[str, int]:
        """Rows per corpus table (for progress reports and idempotency checks)."""
        row = await self.pool.fetchrow(
            "SELECT (SELECT count(*) FROM legislation) AS legislation,"
            " (SELECT count(*) FROM legislation_sections) AS legislation_sections,"
            " (SELECT count(*) FROM caselaw) AS caselaw,"
            " (SELECT count(*) FROM caselaw_paragraphs) AS caselaw_paragraphs,"
            " (SELECT count(*) FROM legislation_amendments) AS amendments"
        )
        assert row is not None  # counts are one row, always
        return dict(row)

    # -- legislation -------------------------------------------------------------------------

    async def search_sections(
        self,
        query: str,
        legislation_id: str | None = None,
        legislation_category: str | Sequence[str] | None = None,
        legislation_type: str | Sequence[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        offset: int = 0,
        size: int = 10,
        include_text: bool = True,
        *,
        method: SearchMethod = "hybrid",
    ) -> list[LegislationSection]:
        """Sections for ``query``, best first (``""``: filters only, in Act order)."""
        filters = _SectionFilters(legislation_id, _as_list(legislation_category),
                                  _as_list(legislation_type), year_from, year_to)
        searching = bool(query.strip())
        # A citation is the asker's: "s.21 notice" names no Act, whatever its expansion adds.
        question = unexpanded(query)
        cited = (await self._cited_sections(cited_provision(question), filters)
                 if searching else [])
        # A provision known by its popular name ("a section 21 notice") is named by the
        # expansion, not the asker: near the top, not above what the question asks about.
        named = (await self._cited_sections(cited_provision(query), filters)
                 if searching and not cited and query != question else [])
        acts = await self._named_acts(question) if searching and not cited else set()
        dense = searching and await self._dense(method)
        if not dense and not cited and not named and not acts:
            rows = await self._fulltext_sections(query, filters, offset, size)
            return [_section(r, include_text=include_text) for r in rows]
        depth = max(_CANDIDATES, offset + size)
        # The question spelt out once: for the model, the aspects and the lexicon's move.
        plain = spelt_out(question, plain=True) if dense else ""
        ranked, agreed = await self._ranked_sections(query, question, filters, depth, method,
                                                     dense, plain)
        if dense and method == "hybrid":
            sides = len(question_parts(question)) if is_comparison(question) else 1
            spelt, headings = spelt_out(question), _Headings()
            ranked = fulltext_first_kept(twins_together(_named_up(_aspects_up(
                await self._with_parts(ranked, query, question, filters, depth, headings),
                question, spelt, headings, plain), spelt, plain, headings), headings.title,
                kept=sides), agreed)
        ranked = acts_first(ranked, acts)
        ranked = named_second([dict(r.items()) for r in named], _cited_first(cited, ranked))
        return [_section(r, include_text=include_text) for r in ranked[offset:offset + size]]

    async def _with_parts(self, ranked: list[dict[str, Any]], query: str, question: str,
                          filters: _SectionFilters, depth: int,
                          headings: _Headings) -> list[dict[str, Any]]:
        """``ranked`` for the whole question fused with the rankings of its parts, if it asks
        more than one thing (``compound.py``); each part's words expanded as ``query`` was."""
        parts = question_parts(question)
        if len(parts) < 2:
            return ranked
        if not is_comparison(question) and any(asks(p) for p in parts):
            # The circumstances a long question tells first are not searched on their own:
            # their best match is about the story, not what is asked of it.
            parts = [p for p in parts if asks(p)]
        rankings = [ranked] + [(await self._ranked_sections(
            expand_statutory(p) if query != question else p, p, filters, depth, "hybrid", True,
            spelt_out(p, plain=True)))[0] for p in parts]
        if is_comparison(question):  # each side asks its own aspect of its own thing
            rankings[1:] = [_aspects_up(r, p, spelt_out(p), headings)
                            for r, p in zip(rankings[1:], parts, strict=True)]
        fused = _fuse(rankings, lambda r: r["id"], 0, depth,
                      weights=(1.0, *[_PART_WEIGHT] * len(parts)))
        return with_each_parts_best(fused, rankings[1:], depth, k=_RRF_K)

    async def _ranked_sections(self, query: str, question: str, filters: _SectionFilters,
                               depth: int, method: SearchMethod, dense: bool, plain: str
                               ) -> tuple[list[dict[str, Any]], str | None]:
        """Full text for ``query`` and dense for ``question`` (as the model reads it: ``plain``,
        ``spelt_out(question, plain=True)``), fused (``method`` as asked), and full text's
        first provision if dense agrees on it (``ranking.agreed_first``)."""
        text = [] if method == "dense" else await self._fulltext_sections(query, filters, 0, depth)
        if not dense:
            return [dict(r.items()) for r in text], None
        # The words for full text, the question for the model: "TEN" spelt out, but not
        # the statute book's keywords (measured on bench/retrieval.py: docs/BENCHMARKS.md).
        vector = await self.vectors.query_vector(plain)
        nearest = await self._dense_sections(vector, filters, depth)
        return _fuse([text, nearest], lambda r: r["id"], 0, depth), agreed_first(
            [r["id"] for r in text], [r["id"] for r in nearest])

    async def _named_acts(self, question: str) -> set[str]:
        """The ids of the Acts in the corpus whose titles ``question`` names ("… the Sale of
        Offices Act 1809 …"); an Act imported without its title is named by citation only."""
        if not _NAMES_ACT.search(question):
            return set()
        rows = await self.pool.fetch(
            "SELECT id FROM legislation WHERE title <> ''"
            " AND position(lower(title) in lower($1)) > 0", question)
        return {r["id"] for r in rows}

    async def _cited_sections(self, citation: ProvisionCitation | None,
                              filters: _SectionFilters) -> list[asyncpg.Record]:
        """The provision a query cites with its Act (``services/lex/corpus/citations.py``)."""
        if citation is None:
            return []
        w = filters.where(citation.provision_type)
        w.clauses.append("s.provision_type = $1")
        w.add("upper(s.number) = {}", citation.number)
        if citation.act_number is not None:  # cited by year and number: no title needed
            w.add("l.year = {}", citation.year)
            w.add("l.number = {}", citation.act_number)
        elif citation.act_title:  # an Act imported without its title is known by its year
            title, year = w.param(citation.act_title), w.param(citation.year)
            w.clauses.append(f"(lower(l.title) = lower({title})"
                             f" OR (l.title = '' AND l.type = 'ukpga' AND l.year = {year}))")
        else:
            w.add("l.year = {}", citation.year)
        return await self.pool.fetch(
            f"SELECT s.id, s.record FROM legislation_sections s"
            f" JOIN legislation l ON l.id = s.legislation_id WHERE {w.sql()}"
            f" ORDER BY l.year DESC, s.id LIMIT 3", *w.params)

    async def _fulltext_sections(self, query: str, filters: _SectionFilters, offset: int,
                                 size: int) -> list[asyncpg.Record]:
        w = filters.where(query)
        own = w.param(own_words(unexpanded(query)))
        searching = bool(query.strip())
        if searching:
            w.clauses.append("q.tsq IS NOT NULL AND s.tsv @@ q.tsq")
        score = _section_score() if searching else "NULL::float8"
        order = "score DESC, " if searching else ""
        return await self.pool.fetch(
            f"""
            WITH q AS (SELECT {_TSQUERY} AS tsq, {_TITLE_TSQUERY} AS title_tsq),
            {_weights("legislation_sections", own)}
            SELECT s.id, s.record, {score} AS score
            FROM legislation_sections s JOIN legislation l ON l.id = s.legislation_id, q
            WHERE {w.sql()}
            ORDER BY {order}l.year DESC, s.legislation_id, {_ORDER_SECTIONS}
            OFFSET {w.param(offset)} LIMIT {w.param(size)}
            """,
            *w.params,
        )

    async def _dense_sections(self, vector: str, filters: _SectionFilters, size: int
                              ) -> list[asyncpg.Record]:
        """Provisions by their best chunk's cosine similarity to the query. An exact scan: the
        corpus is small and filters apply before ranking (HNSW would filter after)."""
        w = filters.where(vector)
        model = w.param(self.vectors.space)
        return await self.pool.fetch(
            f"""
            SELECT s.id, s.record, max(1 - (v.embedding <=> $1::vector))::float8 AS score
            FROM legislation_section_vectors v
            JOIN legislation_sections s ON s.id = v.section_id
            JOIN legislation l ON l.id = s.legislation_id
            WHERE v.model_id = {model} AND {w.sql()}
            GROUP BY s.id HAVING max(1 - (v.embedding <=> $1::vector)) >= {_DENSE_FLOOR}
            ORDER BY score DESC, s.id LIMIT {w.param(size)}
            """,
            *w.params,
        )

    async def search_acts(
        self,
        query: str,
        year_from: int | None = None,
        year_to: int | None = None,
        legislation_type: str | Sequence[str] | None = None,
        offset: int = 0,
        limit: int = 10,
        include_text: bool = True,
    ) -> ActSearch:
        """Acts whose title, description or sections match, best first, with those sections."""
        w = _Where(query)
        w.add("l.type = ANY({})", _as_list(legislation_type))
        w.add("l.year >= {}", year_from)
        w.add("l.year <= {}", year_to)
        rows = await self.pool.fetch(
            f"""
            WITH q AS (SELECT {_TSQUERY} AS tsq, {_TITLE_TSQUERY} AS title_tsq),
            {_weights("legislation_sections")},
            hits AS (
              SELECT s.legislation_id, s.number, s.provision_type, {_section_score()} AS score
              FROM legislation_sections s, q WHERE q.tsq IS NOT NULL AND s.tsv @@ q.tsq
            ),
            ranked AS (
              SELECT *, row_number() OVER (PARTITION BY legislation_id ORDER BY score DESC) AS rn
              FROM hits
            ),
            acts AS (
              SELECT l.id, l.year, l.record,
                coalesce((SELECT max(r.score) FROM ranked r WHERE r.legislation_id = l.id), 0)
                  + ts_rank_cd(l.tsv, q.tsq, 32) AS score,
                (SELECT coalesce(jsonb_agg(jsonb_build_object('number', r.number,
                   'provision_type', r.provision_type, 'score', r.score) ORDER BY r.score DESC),
                   '[]'::jsonb)
                 FROM ranked r WHERE r.legislation_id = l.id AND r.rn <= {_ACT_SECTIONS})
                  AS sections
              FROM legislation l, q
              WHERE {w.sql()} AND q.tsq IS NOT NULL AND (l.tsv @@ q.tsq
                OR EXISTS (SELECT 1 FROM hits h WHERE h.legislation_id = l.id))
            )
            {_page("acts", "score DESC, year DESC, id", w.param(offset), w.param(limit))}
            """,
            *w.params,
        )
        return ActSearch(results=[_act_result(r, include_text) for r in rows if r["id"]],
                         total=rows[0]["total"], offset=offset, limit=limit)

    async def lookup(self, legislation_type: str, year: int, number: int) -> Legislation | None:
        row = await self.pool.fetchrow(
            "SELECT record FROM legislation WHERE type = $1 AND year = $2 AND number = $3"
            " ORDER BY id LIMIT 1",
            legislation_type, year, number,
        )
        return msgspec.json.decode(row["record"], type=Legislation) if row else None

    async def legislation(self, legislation_id: str) -> Legislation | None:
        row = await self.pool.fetchrow("SELECT record FROM legislation WHERE path = $1",
                                       legislation_path(legislation_id))
        return msgspec.json.decode(row["record"], type=Legislation) if row else None

    async def sections(self, legislation_id: str, limit: int | None = 10
                       ) -> list[LegislationSection]:
        """An Act's sections then schedules, in numeric-aware order."""
        act = await self._require(legislation_id)
        rows = await self.pool.fetch(
            f"SELECT s.record FROM legislation_sections s WHERE s.legislation_id = $1"
            f" ORDER BY {_ORDER_SECTIONS} LIMIT $2",
            act.id, limit,
        )
        return [_section(r) for r in rows]

    async def full_text(self, legislation_id: str, include_schedules: bool = False) -> FullText:
        act = await self._require(legislation_id)
        sections = await self.sections(legislation_id, limit=None)
        parts = [f"# {act.title}"]
        for s in sections:
            if s.provision_type == "schedule" and not include_schedules:
                continue
            label = "Schedule" if s.provision_type == "schedule" else "Section"
            parts.append(f"## {label} {s.number}: {s.title}".rstrip(": ") + f"\n\n{s.text}")
        return FullText(legislation=act, full_text="\n\n".join(parts))

    async def amendments(self, path: str, search_amended: bool = True, size: int = 100, *,
                         provision: bool = False) -> list[Amendment]:
        """Effects on (``search_amended``) or by the Act or provision at ``path``; for a
        provision, those on anything within it too."""
        side = "changed" if search_amended else "affecting"
        column = f"{side}_provision_path" if provision else f"{side}_path"
        match = f"({column} = $1 OR {column} LIKE $1 || '/%')" if provision else f"{column} = $1"
        rows = await self.pool.fetch(
            f"SELECT record FROM legislation_amendments WHERE {match} ORDER BY id LIMIT $2",
            path, max(size, 0))
        return [msgspec.json.decode(r["record"], type=Amendment) for r in rows]

    async def get_section(self, path: str) -> LegislationSection | None:
        """One provision by id or path (``ukpga/2004/34/section/5``)."""
        row = await self.pool.fetchrow(
            "SELECT record FROM legislation_sections WHERE path = $1", legislation_path(path))
        return _section(row) if row else None

    async def _require(self, legislation_id: str) -> Legislation:
        act = await self.legislation(legislation_id)
        if act is None:
            raise LegislationNotFound(f"No legislation {legislation_path(legislation_id)!r}"
                                      " in the corpus.")
        return act

    # -- case law ----------------------------------------------------------------------------

    async def search_caselaw(
        self,
        query: str | None = None,
        court: Sequence[str] | None = None,
        division: Sequence[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        offset: int = 0,
        size: int = 20,
        *,
        method: SearchMethod = "hybrid",
    ) -> CaselawPage:
        """Judgments for ``query``, best first (none: filters only, newest first)."""
        query = query or ""
        filters = (court, division, year_from, year_to)
        if not query.strip() or not await self._dense(method):
            rows = await self._fulltext_caselaw(query, filters, offset, size)
            return CaselawPage(results=[_caselaw(r) for r in rows if r["id"]],
                               total=rows[0]["total"], offset=offset, size=size)
        depth = max(_CANDIDATES, offset + size)
        text = [] if method == "dense" else [
            r for r in await self._fulltext_caselaw(query, filters, 0, depth) if r["id"]]
        w = _caselaw_filters(*filters, await self.vectors.query_vector(query))
        model = w.param(self.vectors.space)
        dense = await self.pool.fetch(
            f"""
            SELECT c.id, c.record, max(1 - (v.embedding <=> $1::vector))::float8 AS score
            FROM caselaw_paragraph_vectors v JOIN caselaw c ON c.id = v.caselaw_id
            WHERE v.model_id = {model} AND {w.sql()}
            GROUP BY c.id HAVING max(1 - (v.embedding <=> $1::vector)) >= {_DENSE_FLOOR}
            ORDER BY score DESC, c.id LIMIT {w.param(depth)}
            """,
            *w.params,
        )
        found = _fuse([text, dense], lambda r: r["id"], 0, depth)
        return CaselawPage(results=[_caselaw(r) for r in found[offset:offset + size]],
                           total=len(found), offset=offset, size=size)

    async def _fulltext_caselaw(self, query: str, filters: _CaselawFilters, offset: int,
                                size: int) -> list[asyncpg.Record]:
        w = _caselaw_filters(*filters, query)
        searching = bool(query.strip())
        if searching:
            w.clauses.append("q.tsq IS NOT NULL AND c.tsv @@ q.tsq")
        score = _score("c") if searching else "NULL::float8"
        return await self.pool.fetch(
            f"""
            WITH q AS (SELECT {_TSQUERY} AS tsq), {_weights("caselaw")},
            found AS (SELECT c.record, c.date, c.id, {score} AS score FROM caselaw c, q
                      WHERE {w.sql()})
            {_page("found", "score DESC NULLS LAST, date DESC NULLS LAST, id",
                   w.param(offset), w.param(size))}
            """,
            *w.params,
        )

    async def search_caselaw_paragraphs(
        self,
        query: str,
        court: Sequence[str] | None = None,
        division: Sequence[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        limit: int = 10,
        *,
        method: SearchMethod = "hybrid",
    ) -> list[CaselawParagraph]:
        """Numbered paragraphs of judgments for ``query``, best first."""
        filters = (court, division, year_from, year_to)
        if not await self._dense(method):
            return [_paragraph(r) for r in
                    await self._fulltext_paragraphs(query, filters, limit)]
        depth = max(_CANDIDATES, limit)
        text = [] if method == "dense" else await self._fulltext_paragraphs(query, filters, depth)
        w = _caselaw_filters(*filters, await self.vectors.query_vector(query))
        model = w.param(self.vectors.space)
        dense = await self.pool.fetch(
            f"""
            SELECT p.caselaw_id, p.idx, p.record,
                   (1 - (v.embedding <=> $1::vector))::float8 AS score
            FROM caselaw_paragraph_vectors v JOIN caselaw_paragraphs p USING (caselaw_id, idx)
            JOIN caselaw c ON c.id = p.caselaw_id
            WHERE v.model_id = {model} AND {w.sql()}
              AND v.embedding <=> $1::vector <= {1 - _DENSE_FLOOR}
            ORDER BY v.embedding <=> $1::vector, p.caselaw_id, p.idx LIMIT {w.param(depth)}
            """,
            *w.params,
        )
        key: Callable[[Row], tuple[str, int]] = \
            lambda r: (r["caselaw_id"], r["idx"])  # noqa: E731
        return [_paragraph(r) for r in _fuse([text, dense], key, 0, limit)]

    async def _fulltext_paragraphs(self, query: str, filters: _CaselawFilters, limit: int
                                   ) -> list[asyncpg.Record]:
        w = _caselaw_filters(*filters, query)
        return await self.pool.fetch(
            f"""
            WITH q AS (SELECT {_TSQUERY} AS tsq), {_weights("caselaw_paragraphs")}
            SELECT p.caselaw_id, p.idx, p.record, {_score("p")} AS score
            FROM caselaw_paragraphs p JOIN caselaw c ON c.id = p.caselaw_id, q
            WHERE {w.sql()} AND q.tsq IS NOT NULL AND p.tsv @@ q.tsq
            ORDER BY score DESC, p.caselaw_id, p.idx
            LIMIT {w.param(limit)}
            """,
            *w.params,
        )

    async def caselaw_paragraphs(self, caselaw_id: str, offset: int = 0, limit: int = 50
                                 ) -> list[CaselawParagraph] | None:
        """A judgment's paragraphs in order, by id, path or neutral citation (``None``: no
        such judgment)."""
        case_id = await self.pool.fetchval(
            "SELECT id FROM caselaw WHERE lower(cite_as) = $1 OR id LIKE '%/' || $2"
            " ORDER BY id LIMIT 1", citation_key(caselaw_id), caselaw_path(caselaw_id))
        if case_id is None:
            return None
        rows = await self.pool.fetch(
            "SELECT record FROM caselaw_paragraphs WHERE caselaw_id = $1 ORDER BY idx"
            " OFFSET $2 LIMIT $3", case_id, offset, limit)
        return [msgspec.json.decode(r["record"], type=CaselawParagraph) for r in rows]

    async def caselaw_summaries(self, query: str | None = None, **filters: Any) -> CaselawPage:
        """As :meth:`search_caselaw`, each text cut to the header and first paragraphs."""
        page = await self.search_caselaw(query, **filters)
        results = []
        for case in page.results:
            rows = await self.pool.fetch(
                "SELECT record FROM caselaw_paragraphs WHERE caselaw_id = $1 ORDER BY idx"
                " LIMIT $2", case.id, _SUMMARY_PARAGRAPHS)
            paragraphs = [msgspec.json.decode(r["record"], type=CaselawParagraph) for r in rows]
            summary = "\n\n".join([case.header, *(f"{p.number}. {p.text}" for p in paragraphs)])
            results.append(msgspec.structs.replace(case, text=summary.strip()))
        return msgspec.structs.replace(page, results=results)

    async def caselaw_by_reference(
        self,
        reference_id: str,
        reference_type: Literal["caselaw", "legislation"],
        court: Sequence[str] | None = None,
        division: Sequence[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        size: int = 20,
    ) -> list[Caselaw]:
        """A neutral citation → that judgment, then judgments citing it; an Act or provision
        id → judgments referring to it (or to any provision within it)."""
        w = _caselaw_filters(court, division, year_from, year_to)
        if reference_type == "caselaw":
            key = w.param(citation_key(reference_id))
            path = w.param(caselaw_path(reference_id))
            itself = f"(lower(c.cite_as) = {key} OR c.id LIKE '%/' || {path})"
            refers = (f"EXISTS (SELECT 1 FROM unnest(c.caselaw_references) r"
                      f" WHERE lower(regexp_replace(r, '\\s+', ' ', 'g')) = {key})")
        else:
            path = w.param(legislation_path(reference_id))
            itself = "c.id IS NULL"  # never: a judgment is not a legislation id
            refers = (f"EXISTS (SELECT 1 FROM unnest(c.legislation_references) r,"
                      f" regexp_replace(r, '^https?://(www\\.)?legislation\\.gov\\.uk/(id/)?',"
                      f" '') AS p WHERE p = {path} OR p LIKE {path} || '/%')")
        rows = await self.pool.fetch(
            f"SELECT c.record FROM caselaw c WHERE {w.sql()} AND ({itself} OR {refers})"
            f" ORDER BY {itself} DESC, c.date DESC NULLS LAST, c.id LIMIT {w.param(size)}",
            *w.params,
        )
        return [_caselaw(r) for r in rows]


