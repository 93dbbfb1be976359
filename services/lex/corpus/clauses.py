"""The SQL clauses the corpus store's queries are built from: WHERE filters with numbered
parameters added one optional filter at a time (on sections and their Acts, on judgments),
the order sections are listed in, and one page of a query's rows with its total.

Apart from ``store.py`` because they build text, not queries: each is read without a
database.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from services.lex.corpus.records import legislation_uri
from shared.lex.paths import legislation_path

__all__ = ["_ORDER_SECTIONS", "_CaselawFilters", "_SectionFilters", "_Where", "_as_list",
           "_caselaw_filters", "_page"]

class _Where:
    """WHERE clauses with numbered parameters, built one optional filter at a time."""

    def __init__(self, *params: object) -> None:
        self.params: list[object] = list(params)
        self.clauses: list[str] = []

    def param(self, value: object) -> str:
        self.params.append(value)
        return f"${len(self.params)}"

    def add(self, clause: str, value: object) -> None:
        """``clause`` has one ``{}`` for the parameter; ``None`` values add nothing."""
        if value is None or (isinstance(value, list | tuple) and not value):
            return
        self.clauses.append(clause.format(self.param(value)))

    def sql(self) -> str:
        return " AND ".join(self.clauses) if self.clauses else "TRUE"


def _as_list(value: str | Sequence[str] | None) -> list[str] | None:
    if value is None:
        return None
    return [value] if isinstance(value, str) else list(value)


_ORDER_SECTIONS = "s.provision_type = 'schedule', s.number_major, s.number_minor"


_CaselawFilters = tuple[Sequence[str] | None, Sequence[str] | None, int | None, int | None]


class _SectionFilters(msgspec.Struct, frozen=True):
    legislation_id: str | None
    category: list[str] | None
    type: list[str] | None
    year_from: int | None
    year_to: int | None

    def where(self, first: object) -> _Where:
        """The filters, numbered after ``first`` (the query or its vector)."""
        w = _Where(first)
        if self.legislation_id:
            w.add("s.legislation_id = {}",
                  legislation_uri(legislation_path(self.legislation_id)))
        w.add("l.category = ANY({})", self.category)
        w.add("l.type = ANY({})", self.type)
        w.add("l.year >= {}", self.year_from)
        w.add("l.year <= {}", self.year_to)
        return w


def _caselaw_filters(court: Sequence[str] | None, division: Sequence[str] | None,
                     year_from: int | None, year_to: int | None, *leading: object) -> _Where:
    """Filters on judgments, numbered after the ``leading`` parameters (the query, if any)."""
    w = _Where(*leading)
    w.add("c.court = ANY({})", _as_list(court))
    w.add("c.division = ANY({})", _as_list(division))
    w.add("c.year >= {}", year_from)
    w.add("c.year <= {}", year_to)
    return w


def _page(cte: str, order: str, offset: str, limit: str) -> str:
    """One page of a CTE's rows plus its total: one row of NULLs and the total when empty."""
    outer = ", ".join(f"page.{term}" for term in order.split(", "))
    return (f"SELECT t.total, page.* FROM (SELECT count(*) AS total FROM {cte}) t"
            f" LEFT JOIN LATERAL (SELECT * FROM {cte} ORDER BY {order}"
            f" OFFSET {offset} LIMIT {limit}) page ON TRUE ORDER BY {outer}")
