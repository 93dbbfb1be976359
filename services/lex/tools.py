"""The Lex tools (docs/LEX.md): the public Lex's names, parameters, defaults and record shapes.

Every public Lex tool is here with Lex's signature (enums as enums), and answers in Lex's
record shapes, our additions (provision status, dates, extents, pre-1963, scores, judges) being
extra fields only. Case-law tools, which the public Lex has switched off, are ours. A failure
is raised as :class:`HttpError` and reported the way the public Lex reports it (a 404 for an
unknown id, a 422 for a bad argument), so one client reads both servers.
"""

from __future__ import annotations

import html
from typing import Annotated, Any, Literal

import msgspec
from mcp.types import CallToolResult, TextContent
from pydantic import Field

from services.lex.contract import (
    LegislationCategory,
    LegislationType,
    NoteSectionType,
    NoteType,
)
from services.lex.corpus.records import Legislation, LegislationSection
from services.lex.corpus.store import CorpusStore, LegislationNotFound, SearchMethod
from shared.lex.paths import legislation_path

__all__ = ["CASELAW_TOOL_NAMES", "LEX_TOOL_NAMES", "TOOL_NAMES", "HttpError", "LexTools"]

ReferenceType = Literal["caselaw", "legislation"]
Offset = Annotated[int, Field(ge=0)]

MAX_PAGE = 1000
"""The most results one search returns (the public Lex has no cap; a page this size is
already more than any client here asks for)."""

LEX_TOOL_NAMES = (
    "search_for_legislation_sections",
    "search_for_legislation_acts",
    "lookup_legislation",
    "get_legislation_sections",
    "get_legislation_full_text",
    "proxy_legislation_data",
    "search_explanatory_note",
    "get_explanatory_note_by_legislation",
    "get_explanatory_note_by_section",
    "search_amendments",
    "search_amendment_sections",
    "get_live_stats_api_stats_get",
    "health_check_healthcheck_get",
)
"""Every tool of the public Lex."""

CASELAW_TOOL_NAMES = (
    "search_for_caselaw",
    "search_for_caselaw_section",
    "search_for_caselaw_by_reference",
    "search_caselaw_summaries",
    "get_caselaw_paragraphs",
)
"""Ours: the public Lex has its case-law router unmounted."""

TOOL_NAMES = LEX_TOOL_NAMES + CASELAW_TOOL_NAMES


class HttpError(Exception):
    """A tool's failure as the HTTP status and ``detail`` the public Lex would answer."""

    def __init__(self, status: int, detail: object) -> None:
        super().__init__(f"HTTP {status}: {detail}")
        self.status = status
        self.detail = detail


def _json(value: object) -> CallToolResult:
    """The same JSON as structured content and as the text block, a list wrapped as
    ``{"result": [...]}`` in both, as the public Lex answers."""
    data = msgspec.to_builtins(value)
    structured = data if isinstance(data, dict) else {"result": data}
    text = msgspec.json.encode(structured).decode()
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=structured)


def _bad(detail: str) -> HttpError:
    return HttpError(422, detail)


def _page(size: int, name: str = "size") -> None:
    if size < 0 or size > MAX_PAGE:
        raise _bad(f"{name} must be between 0 and {MAX_PAGE} (got {size}).")


def _years(year_from: int | None, year_to: int | None) -> None:
    if year_from is not None and year_to is not None and year_from > year_to:
        raise _bad(f"year_from ({year_from}) is after year_to ({year_to}).")


def _int_or_none(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _method(is_semantic_search: bool) -> SearchMethod:
    """Lex's flag: semantic search is our hybrid (full text and dense, fused); without it,
    full text alone."""
    return "hybrid" if is_semantic_search else "fulltext"


def lex_section(section: LegislationSection) -> dict[str, Any]:
    """A section record in Lex's shape: ``number`` is the integer of the id's last segment,
    null when lettered (``section/70A``), as Lex computes it; ours are extra fields."""
    record: dict[str, Any] = msgspec.to_builtins(section)
    record["number"] = _int_or_none(section.id.rsplit("/", 1)[-1])
    record["legislation_type"] = section.legislation_type or None
    record["legislation_year"] = section.legislation_year or None
    record["legislation_number"] = section.legislation_number or None
    return record


def _lex_act(act: Legislation) -> dict[str, Any]:
    record: dict[str, Any] = msgspec.to_builtins(act)
    return record


class LexTools:
    """The tool functions, bound to one corpus."""

    def __init__(self, store: CorpusStore) -> None:
        self.store = store

    # -- legislation (the public Lex's) ------------------------------------------------------

    async def search_for_legislation_sections(
        self,
        query: str,
        legislation_id: str | None = None,
        legislation_category: list[LegislationCategory] | None = None,
        legislation_type: list[LegislationType] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        offset: Offset = 0,
        size: int = 10,
        include_text: bool = True,
    ) -> CallToolResult:
        """Find text within sections of Acts, SIs, or other legislation types."""
        _page(size)
        _years(year_from, year_to)
        if legislation_id:  # as Lex: an Act's id overrides every other filter
            legislation_category = legislation_type = None
            year_from = year_to = None
        found = await self.store.search_sections(
            query, legislation_id, legislation_category, legislation_type, year_from, year_to,
            offset, size, include_text)
        return _json([lex_section(s) for s in found])

    async def search_for_legislation_acts(
        self,
        query: str,
        year_from: int | None = None,
        year_to: int | None = None,
        legislation_type: list[LegislationType] | None = None,
        offset: Offset = 0,
        limit: int = 10,
        include_text: bool = True,
    ) -> CallToolResult:
        """Find legislation by title, content, or metadata, each with its best sections."""
        _page(limit, "limit")
        _years(year_from, year_to)
        return _json(await self.store.search_acts(query, year_from, year_to, legislation_type,
                                                  offset, limit, include_text))

    async def lookup_legislation(self, legislation_type: LegislationType, year: int,
                                 number: int) -> CallToolResult:
        """Retrieve a single Act or SI by type, year and number (e.g. ukpga, 2004, 34)."""
        act = await self.store.lookup(legislation_type, year, number)
        if act is None:
            raise HttpError(404, f"Legislation not found: {legislation_type} {year} No. {number}")
        return _json(_lex_act(act))

    async def get_legislation_sections(self, legislation_id: str, limit: int = 10
                                       ) -> CallToolResult:
        """The sections of one Act, in order (sections, then schedules)."""
        found = await self.store.sections(legislation_id, max(limit, 0)) \
            if await self.store.legislation(legislation_id) else []
        if not found:
            raise HttpError(404, f"No sections found for legislation ID: {legislation_id}")
        return _json([lex_section(s) for s in found])

    async def get_legislation_full_text(self, legislation_id: str,
                                        include_schedules: bool = False) -> CallToolResult:
        """The whole text of one Act, section by section."""
        try:
            full = await self.store.full_text(legislation_id, include_schedules)
        except LegislationNotFound as e:
            raise HttpError(404, f"Legislation not found: {legislation_id}") from e
        return _json({"legislation": _lex_act(full.legislation), "full_text": full.full_text})

    async def proxy_legislation_data(self, legislation_id: str) -> CallToolResult:
        """The Act's page. The public Lex fetches it from legislation.gov.uk; this server works
        offline, so it answers a small HTML page from the record it holds."""
        act = await self.store.legislation(legislation_id)
        if act is None:
            raise HttpError(404, f"Legislation not found: {legislation_id}")
        page = (f"<html><head><title>{html.escape(act.title)}</title></head><body>"
                f"<h1>{html.escape(act.title)}</h1><p>{html.escape(act.description)}</p>"
                f'<p><a href="{html.escape(act.uri)}">{html.escape(act.uri)}</a></p>'
                "</body></html>")
        return CallToolResult(content=[TextContent(type="text", text=page)])

    # -- explanatory notes and amendments (the public Lex's) ---------------------------------

    async def search_explanatory_note(
        self,
        query: str = "",
        legislation_id: str | None = None,
        note_type: list[NoteType] | None = None,
        section_type: list[NoteSectionType] | None = None,
        size: int = 20,
    ) -> CallToolResult:
        """Find explanatory notes by text (the corpus holds none yet: always empty)."""
        _page(size)
        return _json([])

    async def get_explanatory_note_by_legislation(self, legislation_id: str,
                                                  limit: int = 1000) -> CallToolResult:
        """All explanatory notes of one Act (the corpus holds none yet: always empty)."""
        return _json([])

    async def get_explanatory_note_by_section(self, legislation_id: str,
                                              section_number: int) -> CallToolResult:
        """The explanatory note on one section (the corpus holds none yet: a 404)."""
        raise HttpError(404, f"No explanatory note found for legislation ID: {legislation_id} "
                             f"and section number: {section_number}")

    async def search_amendments(self, legislation_id: str, search_amended: bool = True,
                                size: int = 100) -> CallToolResult:
        """Amendments made to (``search_amended``) or by an Act, from the effects its CLML
        lists."""
        _page(size)
        return _json(await self.store.amendments(legislation_path(legislation_id),
                                                 search_amended, size, provision=False))

    async def search_amendment_sections(self, provision_id: str, search_amended: bool = True,
                                        size: int = 100) -> CallToolResult:
        """Amendments made to (``search_amended``) or by one provision."""
        _page(size)
        return _json(await self.store.amendments(legislation_path(provision_id),
                                                 search_amended, size, provision=True))

    async def get_live_stats_api_stats_get(self) -> CallToolResult:
        """Get live dataset statistics."""
        counts = await self.store.counts()
        return _json({"acts_and_sis": f"{counts['legislation']:,}",
                      "provisions": f"{counts['legislation_sections']:,}",
                      "explanatory_sections": "0",
                      "amendments": f"{counts.get('amendments', 0):,}",
                      "pdf_legislation": "0", "pdf_provisions": "0",
                      "caselaw": f"{counts['caselaw']:,}"})

    async def health_check_healthcheck_get(self) -> CallToolResult:
        """Health check with a database connection check."""
        counts = await self.store.counts()
        return _json({"status": "healthy", "database": "postgresql", "collections": 2,
                      "collection_details": {
                          "legislation": {"points": counts["legislation"], "status": "green"},
                          "legislation_section": {"points": counts["legislation_sections"],
                                                  "status": "green"}}})

    # -- case law (ours) ---------------------------------------------------------------------

    async def search_for_caselaw(
        self,
        query: str | None = None,
        is_semantic_search: bool = True,
        court: list[str] | None = None,
        division: list[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        offset: Offset = 0,
        size: int = 20,
    ) -> CallToolResult:
        """Search judgments. As Lex, results carry no ``text`` or ``header``: read the text with
        search_for_caselaw_section or get_caselaw_paragraphs."""
        _page(size)
        _years(year_from, year_to)
        page = await self.store.search_caselaw(query, court, division, year_from, year_to,
                                               offset, size, method=_method(is_semantic_search))
        return _json(msgspec.structs.replace(page, results=[
            msgspec.structs.replace(c, text="", header="") for c in page.results]))

    async def search_for_caselaw_section(
        self,
        query: str,
        is_semantic_search: bool = True,
        court: list[str] | None = None,
        division: list[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        limit: int = 10,
    ) -> CallToolResult:
        """Search numbered paragraphs of judgments."""
        if not query.strip():
            raise _bad("A search query is required: give some words to search for.")
        _page(limit, "limit")
        _years(year_from, year_to)
        return _json(await self.store.search_caselaw_paragraphs(
            query, court, division, year_from, year_to, limit,
            method=_method(is_semantic_search)))

    async def search_for_caselaw_by_reference(
        self,
        reference_id: str,
        reference_type: ReferenceType,
        court: list[str] | None = None,
        division: list[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        size: int = 20,
    ) -> CallToolResult:
        """A neutral citation → that judgment and those citing it; a legislation id → the
        judgments referring to it."""
        if not reference_id.strip():
            raise _bad("reference_id is required (a neutral citation or a legislation id).")
        _page(size)
        _years(year_from, year_to)
        return _json(await self.store.caselaw_by_reference(
            reference_id, reference_type, court, division, year_from, year_to, size))

    async def search_caselaw_summaries(
        self,
        query: str | None = None,
        is_semantic_search: bool = True,
        court: list[str] | None = None,
        division: list[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        offset: Offset = 0,
        size: int = 20,
    ) -> CallToolResult:
        """As search_for_caselaw, each judgment cut to its header and first paragraphs."""
        _page(size)
        _years(year_from, year_to)
        return _json(await self.store.caselaw_summaries(
            query, court=court, division=division, year_from=year_from, year_to=year_to,
            offset=offset, size=size, method=_method(is_semantic_search)))

    async def get_caselaw_paragraphs(self, caselaw_id: str, offset: Offset = 0,
                                     limit: int = 50) -> CallToolResult:
        """A judgment's numbered paragraphs in order, by its id or neutral citation."""
        _page(limit, "limit")
        found = await self.store.caselaw_paragraphs(caselaw_id, offset, limit)
        if found is None:
            raise HttpError(404, f"Case not found: {caselaw_id}")
        return _json(found)
