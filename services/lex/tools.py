"""The Lex tools (../shared/LEX.md): same names, parameters and defaults as the public Lex.

Each tool checks its input, asks the corpus and returns the records as JSON; a bad input or
an unknown id is a tool error with a message a model can act on, never a crash.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent

from services.lex.corpus.store import CorpusStore, LegislationNotFound

__all__ = ["TOOL_NAMES", "LexTools"]

Category = Literal["primary", "secondary", "european", "euretained"]
ReferenceType = Literal["caselaw", "legislation"]

MAX_SIZE = 100

TOOL_NAMES = (
    "search_for_legislation_sections",
    "search_for_legislation_acts",
    "lookup_legislation",
    "get_legislation_sections",
    "get_legislation_full_text",
    "search_for_caselaw",
    "search_for_caselaw_section",
    "search_for_caselaw_by_reference",
    "search_caselaw_summaries",
)


def _json(value: object) -> CallToolResult:
    """One JSON text block plus the same as structured content (lists wrapped as Lex does)."""
    data = msgspec.to_builtins(value)
    structured = data if isinstance(data, dict) else {"result": data}
    return CallToolResult(content=[TextContent(type="text", text=msgspec.json.encode(data)
                                               .decode())], structured_content=structured)


def _need_query(query: str | None) -> str:
    if query is None or not query.strip():
        raise ToolError("A search query is required: give some words to search for.")
    return query


def _page(size: int, offset: int = 0, name: str = "size") -> None:
    if not 1 <= size <= MAX_SIZE:
        raise ToolError(f"{name} must be between 1 and {MAX_SIZE} (got {size}).")
    if offset < 0:
        raise ToolError(f"offset cannot be negative (got {offset}).")


def _years(year_from: int | None, year_to: int | None) -> None:
    if year_from is not None and year_to is not None and year_from > year_to:
        raise ToolError(f"year_from ({year_from}) is after year_to ({year_to}).")


class LexTools:
    """The tool functions, bound to one corpus."""

    def __init__(self, store: CorpusStore) -> None:
        self.store = store

    async def search_for_legislation_sections(
        self,
        query: str,
        legislation_id: str | None = None,
        legislation_category: list[Category] | None = None,
        legislation_type: list[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        offset: int = 0,
        size: int = 10,
        include_text: bool = True,
    ) -> CallToolResult:
        """Search sections of UK legislation by words; an empty query lists by the filters only."""
        _page(size, offset)
        _years(year_from, year_to)
        if not query.strip() and not (legislation_id or legislation_category
                                      or legislation_type or year_from or year_to):
            raise ToolError("Give a search query or at least one filter.")
        return _json(await self.store.search_sections(
            query, legislation_id, legislation_category, legislation_type, year_from, year_to,
            offset, size, include_text))

    async def search_for_legislation_acts(
        self,
        query: str,
        year_from: int | None = None,
        year_to: int | None = None,
        legislation_type: list[str] | None = None,
        offset: int = 0,
        limit: int = 10,
        include_text: bool = True,
    ) -> CallToolResult:
        """Search Acts and instruments; each result lists its best-matching sections."""
        _need_query(query)
        _page(limit, offset, "limit")
        _years(year_from, year_to)
        return _json(await self.store.search_acts(query, year_from, year_to, legislation_type,
                                                  offset, limit, include_text))

    async def lookup_legislation(self, legislation_type: str, year: int, number: int
                                 ) -> CallToolResult:
        """One Act or instrument by type, year and number (e.g. ukpga, 2004, 34)."""
        act = await self.store.lookup(legislation_type, year, number)
        if act is None:
            raise ToolError(f"No legislation {legislation_type}/{year}/{number} in the corpus.")
        return _json(act)

    async def get_legislation_sections(self, legislation_id: str, limit: int = 10
                                       ) -> CallToolResult:
        """The sections of one Act, in order (sections, then schedules)."""
        if limit < 1:
            raise ToolError(f"limit must be at least 1 (got {limit}).")
        try:
            return _json(await self.store.sections(legislation_id, limit))
        except LegislationNotFound as e:
            raise ToolError(str(e)) from e

    async def get_legislation_full_text(self, legislation_id: str,
                                        include_schedules: bool = False) -> CallToolResult:
        """The whole text of one Act, section by section."""
        try:
            return _json(await self.store.full_text(legislation_id, include_schedules))
        except LegislationNotFound as e:
            raise ToolError(str(e)) from e

    async def search_for_caselaw(
        self,
        query: str | None = None,
        is_semantic_search: bool = True,
        court: list[str] | None = None,
        division: list[str] | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        offset: int = 0,
        size: int = 20,
    ) -> CallToolResult:
        """Search judgments (full-text here: ``is_semantic_search`` is accepted for Lex's sake)."""
        _page(size, offset)
        _years(year_from, year_to)
        return _json(await self.store.search_caselaw(query, court, division, year_from, year_to,
                                                     offset, size))

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
        _need_query(query)
        _page(limit, name="limit")
        _years(year_from, year_to)
        return _json(await self.store.search_caselaw_paragraphs(query, court, division,
                                                                year_from, year_to, limit))

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
            raise ToolError("reference_id is required (a neutral citation or a legislation id).")
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
        offset: int = 0,
        size: int = 20,
    ) -> CallToolResult:
        """As search_for_caselaw, each judgment cut to its header and first paragraphs."""
        _page(size, offset)
        _years(year_from, year_to)
        return _json(await self.store.caselaw_summaries(
            query, court=court, division=division, year_from=year_from, year_to=year_to,
            offset=offset, size=size))
