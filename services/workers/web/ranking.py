"""Ranking external items against a question by shared terms: simple and deterministic."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from services.workers.web.items import ExternalItem
from shared.text.terms import terms

__all__ = ["rank"]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _score(question: set[str], item: ExternalItem, source_name: str) -> float:
    """Share of the question's terms the item holds, those in its title counting half again.

    The source's name then counts as part of the title, so a question naming the Ombudsman
    favours the Ombudsman's material; alone it is not enough to make an item relevant.
    """
    title, body = terms(item.title), terms(item.text)
    if not question & (title | body):
        return 0.0
    title |= terms(source_name)
    return (len(question & (title | body)) + 0.5 * len(question & title)) / (1.5 * len(question))


def _published(item: ExternalItem) -> float:
    if item.published is None:
        return 0.0
    at = item.published if item.published.tzinfo else item.published.replace(tzinfo=UTC)
    return (at - _EPOCH).total_seconds()


def rank(items: Iterable[ExternalItem], question: str, limit: int, *,
         names: Mapping[str, str] | None = None) -> list[tuple[float, ExternalItem]]:
    """The items sharing terms with the question, best first (ties: newest, then by reference).

    Scores run from 0 to 1; an item sharing no term with the question is left out.
    ``names`` maps source ids to source names.
    """
    wanted = terms(question)
    if not wanted:
        return []
    names = names or {}
    scored = [(round(_score(wanted, item, names.get(item.source, "")), 4), item)
              for item in items]
    scored = [(s, item) for s, item in scored if s > 0]
    scored.sort(key=lambda x: (-x[0], -_published(x[1]), x[1].ref))
    return scored[:limit]
