"""What the corpus store's lookups and searches give back, in Lex's shapes: an Act found
with the sections that matched, a page of Acts or judgments, an Act's full text.

Apart from ``store.py`` because the Lex tools and the MCP server build and read these
without needing the store's SQL (``store.py`` re-exports them, its callers unchanged).
"""

from __future__ import annotations

import msgspec

from services.lex.corpus.records import Caselaw, Legislation

__all__ = ["ActResult", "ActSearch", "CaselawPage", "FullText", "SectionScore"]

class SectionScore(msgspec.Struct, kw_only=True):
    number: str
    provision_type: str
    score: float


class ActResult(Legislation, kw_only=True):
    """An Act found by search, with the sections that matched (Lex's act search result)."""

    sections: list[SectionScore] = msgspec.field(default_factory=list)
    score: float | None = None


class ActSearch(msgspec.Struct, kw_only=True):
    results: list[ActResult]
    total: int
    offset: int
    limit: int


class CaselawPage(msgspec.Struct, kw_only=True):
    results: list[Caselaw]
    total: int
    offset: int
    size: int


class FullText(msgspec.Struct, kw_only=True):
    legislation: Legislation
    full_text: str
