"""Ranking external items against a question by shared terms: simple and deterministic."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from services.workers.web.items import ExternalItem

__all__ = ["rank", "terms"]

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_STOP = frozenset("""
a about above after again all also am an and any are as at be been before being below between
both but by can could did do does doing down during each few for from further had has have
having he her here hers him his how i if in into is it its itself just me more most my no nor
not now of off on once only or other our ours out over own same she should so some such than
that the their them then there these they this those through to too under until up very was we
were what when where which while who whom why will with would you your yours us let get got
must may might shall need needs tell please know
""".split())
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _stem(word: str) -> str:
    """Plural and possessive endings only: enough to match 'complaints' with 'complaint'."""
    word = word.removesuffix("'s")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def terms(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1}


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
