"""Legislation and judgments as the verifier sees them, fetched through the Lex MCP tools.

Works against the local Lex and the public one alike: a field only our server adds (status,
start date, sub-section extents, pre-1963) is ``None`` when the record lacks it, so a check
can tell "not in force" from "not said" and skip rather than invent. Only a "not found"
answer means the source does not hold something; a source that cannot be reached, is rate
limited or fails raises :class:`~shared.lex.client.LexUnavailable`, which leaves the
citation unverified (``check_failed``), never removed. Records are cached for
a few minutes: one answer cites the same Act many times.
"""

from __future__ import annotations

import asyncio
import functools
import re
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from shared.lex.client import LexClient, LexNotFound
from shared.lex.paths import citation_key, legislation_path, provision_number
from shared.verification.refs import neutral_citation

__all__ = ["Act", "Case", "LegalRecords", "Provision"]

T = TypeVar("T")

_CACHE_TTL_S = 300.0
_SECTION_LIMIT = 2000
"""Provisions fetched per Act: more than any Act has, so a missing section is really missing."""


@dataclass(frozen=True, kw_only=True)
class Provision:
    """One section, schedule, article or regulation."""

    path: str
    """``ukpga/2004/34/section/5`` (a trailing full stop of old ids dropped)."""
    kind: str
    """The id's provision word: ``section``, ``schedule``, ``article``, ``regulation`` …"""
    number: str
    title: str
    text: str
    extent: tuple[str, ...]
    status: str | None
    """``in_force``, ``repealed`` or ``prospective``; ``None`` when the source does not say."""
    restrict_start_date: str | None = None
    repealed_from: str | None = None
    status_note: str | None = None
    retains_text: bool = False
    subsection_extents: Mapping[str, Sequence[str]] = field(default_factory=dict)
    pre_1963: bool | None = None
    year: int | None = None


@dataclass(frozen=True, kw_only=True)
class Act:
    path: str
    title: str
    year: int | None
    extent: tuple[str, ...]
    repealed: bool | None
    """Whether the whole Act is repealed; ``None`` when the source does not say."""
    pre_1963: bool | None
    provisions: tuple[Provision, ...]
    complete: bool
    """Whether the source seems to hold the whole Act (numbering without large gaps)."""

    def provision(self, kind: str, number: str) -> Provision | None:
        key = f"{kind}/{number}".lower()
        return next((p for p in self.provisions if f"{p.kind}/{p.number}".lower() == key), None)


@dataclass(frozen=True, kw_only=True)
class Case:
    uri: str
    name: str
    court: str
    division: str | None
    cite_as: str
    date: str | None
    text: str


class LegalRecords:
    """The Lex tools the checks need, with a short-lived cache per Act and per case."""

    def __init__(self, client: LexClient) -> None:
        self.client = client
        self._cache: dict[tuple[str, str], tuple[float, asyncio.Future[Any]]] = {}

    async def has_tool(self, name: str) -> bool:
        return name in await self.client.tools()

    async def act(self, act_path: str, year: int | None) -> Act | None:
        """An Act with its provisions, or ``None`` when the source does not hold it."""
        return await self._cached("act", act_path, lambda: self._fetch_act(act_path, year))

    async def resolve_title(self, title: str, year: int | None) -> str | None:
        """The id path of an Act named by its title ("Housing Act 1988" → ``ukpga/1988/50``)."""
        return await self._cached("title", f"{title}|{year}",
                                  lambda: self._fetch_title(title, year))

    async def case(self, neutral: str) -> Case | None:
        return await self._cached("case", citation_key(neutral), lambda: self._fetch_case(neutral))

    async def _cached(self, kind: str, key: str, fetch: Callable[[], Awaitable[T]]) -> T:
        """One fetch per key at a time: concurrent checks of one Act share it."""
        hit = self._cache.get((kind, key))
        if hit is None or time.monotonic() - hit[0] >= _CACHE_TTL_S:
            hit = (time.monotonic(), asyncio.ensure_future(fetch()))
            self._cache[(kind, key)] = hit
            hit[1].add_done_callback(functools.partial(self._settled, (kind, key)))
        try:
            return await asyncio.shield(hit[1])
        except Exception:
            if self._cache.get((kind, key)) is hit:
                del self._cache[(kind, key)]  # a failure is not remembered
            raise

    def _settled(self, key: tuple[str, str], fetched: asyncio.Future[Any]) -> None:
        """A fetch outliving the check that started it (the check ran out of time) may fail
        with no one awaiting it: take its error, so it is neither logged as lost nor
        remembered."""
        if fetched.cancelled() or fetched.exception() is None:
            return
        hit = self._cache.get(key)
        if hit is not None and hit[1] is fetched:
            del self._cache[key]

    async def _fetch_act(self, act_path: str, year: int | None) -> Act | None:
        record: dict[str, Any] | None = None
        parts = act_path.split("/")
        if year is not None and len(parts) == 3 and parts[2].isdigit():
            try:
                record = await self.client.call("lookup_legislation", {
                    "legislation_type": parts[0], "year": year, "number": int(parts[2])})
            except LexNotFound:
                return None
        try:
            raw = await self.client.call("get_legislation_sections",
                                         {"legislation_id": act_path, "limit": _SECTION_LIMIT})
        except LexNotFound:
            if record is None:
                return None
            raw = []
        provisions = tuple(_provision(r) for r in (raw or []) if isinstance(r, dict))
        if record is None and not provisions:
            return None
        record = record or {}
        first = provisions[0] if provisions else None
        return Act(
            path=act_path,
            title=str(record.get("title") or ""),
            year=_int(record.get("year")) or (first.year if first else year),
            extent=tuple(e for e in record.get("extent") or () if e),
            repealed=_repealed(record, provisions),
            pre_1963=_bool(record.get("pre_1963")) if "pre_1963" in record else (
                first.pre_1963 if first else None),
            provisions=provisions,
            complete=_complete(provisions),
        )

    async def _fetch_title(self, title: str, year: int | None) -> str | None:
        args: dict[str, Any] = {"query": title, "limit": 10, "include_text": False}
        if year is not None:
            args |= {"year_from": year, "year_to": year}
        try:
            found = await self.client.call("search_for_legislation_acts", args)
        except LexNotFound:
            return None
        results = found.get("results", []) if isinstance(found, dict) else found or []
        want = _title_key(title)
        found_ids = [(legislation_path(str(r.get("id") or r.get("uri") or "")),
                      _title_key(str(r.get("title") or ""))) for r in results
                     if isinstance(r, dict)]
        for path, key in found_ids:
            if key == want:
                return path
        for path, key in found_ids:
            # A record without its title (a fragment): its short-title section names it.
            if not key and (act := await self.act(path, year)) is not None and any(
                    f"cited as the {want}" in _title_key(p.text) for p in act.provisions):
                return path
        return None

    async def _fetch_case(self, neutral: str) -> Case | None:
        try:
            found = await self.client.call("search_for_caselaw_by_reference", {
                "reference_id": neutral, "reference_type": "caselaw", "size": 5})
        except LexNotFound:
            return None
        want = citation_key(neutral)
        for r in found or []:
            if isinstance(r, dict) and citation_key(neutral_citation(str(r.get("cite_as", "")))
                                                    or str(r.get("cite_as", ""))) == want:
                return Case(uri=str(r.get("id", "")), name=str(r.get("name", "")),
                            court=str(r.get("court", "")), division=r.get("division"),
                            cite_as=str(r.get("cite_as", "")), date=r.get("date"),
                            text="\n".join(str(r.get(k) or "") for k in ("header", "text")))
        return None


def _provision(r: Mapping[str, Any]) -> Provision:
    path = legislation_path(str(r.get("id") or r.get("uri") or "")).rstrip(".")
    kind, number = provision_number(r)
    status = r.get("status")
    return Provision(
        path=path, kind=kind, number=number.rstrip("."), title=str(r.get("title") or ""),
        text=str(r.get("text") or ""), extent=tuple(e for e in r.get("extent") or () if e),
        status=status if status in _STATUSES else None,
        restrict_start_date=r.get("restrict_start_date"),
        repealed_from=r.get("repealed_from"), status_note=r.get("status_note"),
        retains_text=bool(r.get("retains_text")),
        subsection_extents=dict(r.get("subsection_extents") or {}),
        pre_1963=_bool(r.get("pre_1963")) if "pre_1963" in r else None,
        year=_int(r.get("legislation_year")),
    )


_STATUSES = frozenset({"in_force", "repealed", "prospective"})
"""A provision's status as our server gives it; anything else (the public Lex gives none, and
an Act's ``status`` is CLML's document status) is not a status."""


def _repealed(record: Mapping[str, Any], provisions: Sequence[Provision]) -> bool | None:
    if "repealed" in record:
        return bool(record["repealed"])
    statuses = [p.status for p in provisions]
    if statuses and all(s is not None for s in statuses):
        return all(s == "repealed" for s in statuses)
    return None


def _complete(provisions: Sequence[Provision]) -> bool:
    """Whether numbered sections run from 1 without large gaps (fragments do not)."""
    numbers = {int(m.group()) for p in provisions if p.kind != "schedule"
               and (m := re.match(r"\d+", p.number))}
    if not numbers or len(provisions) >= _SECTION_LIMIT:
        return False
    return len(numbers) >= 0.8 * max(numbers)


def _title_key(title: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", "", title.replace("’", "'").lower()).split())


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _bool(value: object) -> bool | None:
    return value if isinstance(value, bool) else None
