"""Reads of the projection tables for the services: the one owner of their SQL.

The projections are written in the appending transaction (``projections.py``); services
read them only through these functions, so a change of the tables changes this module alone.
Driver errors become ``StoreUnavailable`` here, once.
"""

from __future__ import annotations

import uuid
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import asyncpg
import msgspec

from shared.events import AnyEvent, decode_event
from shared.footnotes import Check, SourceTitles, render
from shared.store.errors import store_errors
from shared.store.postgres import Connection

__all__ = [
    "EarlierQuestion",
    "HistoryMessage",
    "StalledInvocation",
    "conversation",
    "conversation_detail",
    "conversation_owner",
    "conversation_persona",
    "conversation_title",
    "conversation_user",
    "conversations",
    "earlier_questions",
    "invocation",
    "invocation_events",
    "recent_messages",
    "stalled_invocations",
]


Payload = dict[str, object]
"""A recorded event's JSON, as the renderer reads it."""


@dataclass(frozen=True, kw_only=True)
class HistoryMessage:
    role: str
    content: str


@dataclass(frozen=True, kw_only=True)
class EarlierQuestion:
    question: str
    """What the user wrote."""
    standalone: str
    """What was searched for (``query.rewritten``); the question itself when none is recorded."""


@dataclass(frozen=True, kw_only=True)
class StalledInvocation:
    invocation_id: uuid.UUID
    conversation_id: uuid.UUID
    tenant_id: str



_BEFORE = ("seq < coalesce((SELECT min(seq) FROM messages WHERE conversation_id = $1"
           " AND invocation_id = $3 AND role = 'user'), 2147483647)")
"""SQL: a message of conversation ``$1`` that came before invocation ``$3``'s question."""

async def conversation_title(pool: asyncpg.Pool, tenant_id: str,
                             conversation_id: uuid.UUID) -> str:
    """The conversation's title, empty while it has none."""
    async with store_errors("conversation projection"):
        title = await pool.fetchval(
            "SELECT title FROM conversations WHERE id = $1 AND tenant_id = $2",
            conversation_id, tenant_id)
    return str(title or "")


async def recent_messages(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID, *,
                          before_invocation: uuid.UUID, limit: int) -> list[HistoryMessage]:
    """The last ``limit`` questions and finished answers of the conversation before
    ``before_invocation``'s question, oldest first.

    "Before" is by position in the log, as in ``earlier_questions``: an invocation redelivered
    after later turns were asked sees the history it had the first time.
    """
    async with store_errors("message projection"):
        rows = await pool.fetch(
            "SELECT role, content FROM messages WHERE conversation_id = $1 AND tenant_id = $2"
            f" AND invocation_id <> $3 AND status IN ('received', 'completed') AND {_BEFORE}"
            " ORDER BY seq DESC LIMIT $4",
            conversation_id, tenant_id, before_invocation, limit)
    return [HistoryMessage(role=r["role"], content=r["content"]) for r in reversed(rows)]


QUESTIONS_READ = 32
"""Earlier questions read at once, whatever fewer a caller asks for: the most any service
asks (the orchestrator's summary and history, 28), so one read serves them all."""
SNAPSHOTS = 256
"""Invocations whose earlier questions this process keeps; the least recently used go first."""
_earlier: OrderedDict[tuple[str, uuid.UUID, uuid.UUID], tuple[int, list[EarlierQuestion]]] = \
    OrderedDict()


async def earlier_questions(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID, *,
                            before_invocation: uuid.UUID, limit: int) -> list[EarlierQuestion]:
    """The last ``limit`` questions asked in the conversation before ``before_invocation``'s,
    oldest first, each with the standalone question its invocation searched for.

    "Before" is by position in the log, so a redelivered message sees the same turns even
    after later questions have been asked.

    Read once per invocation in this process (the router, the orchestrator and the
    verifier's cache each asked the same rows: three statements an invocation, each with a
    sub-query a row, docs/BENCHMARKS.md, round twenty), then kept as ``invocation_settings``
    keeps the tenant's settings: every step of the invocation here sees the turns its first
    step saw, once every one of them has its rewrite in the log. Another process reads its
    own, at its first step of the invocation.
    """
    key = (tenant_id, conversation_id, before_invocation)
    known = _earlier.get(key)
    if known is None or known[0] < limit:
        depth = max(limit, QUESTIONS_READ)
        async with store_errors("message projection"):
            rows = await pool.fetch(
                "SELECT m.content, (SELECT convert_from(e.payload, 'UTF8')::jsonb ->> 'standalone'"
                "   FROM events e WHERE e.invocation_id = m.invocation_id"
                "   AND e.type = 'query.rewritten' ORDER BY e.version LIMIT 1) AS standalone"
                " FROM messages m WHERE m.conversation_id = $1 AND m.tenant_id = $2"
                f" AND m.role = 'user' AND m.invocation_id <> $3 AND m.{_BEFORE}"
                " ORDER BY m.seq DESC LIMIT $4",
                conversation_id, tenant_id, before_invocation, depth)
        known = (depth, [
            EarlierQuestion(question=r["content"], standalone=r["standalone"] or r["content"])
            for r in reversed(rows)])
        # A turn whose rewrite is not yet in the log (its invocation still running) stands
        # as typed: kept, it would hide the rewrite from this invocation's later steps.
        if all(r["standalone"] is not None for r in rows):
            _earlier[key] = known
            while len(_earlier) > SNAPSHOTS:
                _earlier.popitem(last=False)
    else:
        _earlier.move_to_end(key)
    questions = known[1]
    return questions[max(0, len(questions) - limit):] if limit > 0 else []


async def invocation_events(pool: asyncpg.Pool, tenant_id: str, invocation_id: uuid.UUID,
                            types: Sequence[str]) -> list[AnyEvent]:
    """The invocation's events of ``types``, in log order.

    For a reader that needs a few kinds of event: the log of an answered invocation is mostly
    findings and deltas, and decoding them all costs more CPU than the query.
    """
    async with store_errors("event log"):
        rows = await pool.fetch(
            "SELECT payload FROM events WHERE invocation_id = $1 AND tenant_id = $2"
            " AND type = ANY($3::text[]) ORDER BY version",
            invocation_id, tenant_id, list(types))
    return [decode_event(r["payload"]) for r in rows]


async def stalled_invocations(pool: asyncpg.Pool, *, quiet_since: datetime,
                              limit: int = 500) -> list[StalledInvocation]:
    """Running invocations with no event since ``quiet_since``."""
    async with store_errors("invocation projection"):
        rows = await pool.fetch(
            "SELECT id, conversation_id, tenant_id FROM invocations"
            " WHERE status = 'running' AND last_event_at < $1 LIMIT $2",
            quiet_since, limit)
    return [StalledInvocation(invocation_id=r["id"], conversation_id=r["conversation_id"],
                              tenant_id=r["tenant_id"]) for r in rows]


async def conversation_owner(pool: asyncpg.Pool, conversation_id: uuid.UUID) -> str | None:
    """The tenant whose log holds the conversation, if any does."""
    async with store_errors("event store"):
        owner = await pool.fetchval(
            "SELECT tenant_id FROM streams WHERE conversation_id = $1", conversation_id)
    return None if owner is None else str(owner)


# -- the gateway's reads: conversations, their messages and invocations, scoped by tenant --


class ConversationSummary(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    title: str
    created_at: datetime
    updated_at: datetime


class CitationOut(msgspec.Struct, frozen=True, kw_only=True):
    """One footnote of an answer: its source by name, what it quotes, how it was verified."""

    number: int | None
    """The ``[n]`` marker in the message's ``text``; ``None`` for a source named in prose
    (no marker) or a citation withheld from the answer (its sentence was replaced)."""
    title: str
    """The policy's title, the Act and section (``Housing Act 2004, s. 55``) or the case."""
    ref: str
    """The reference as the answer cites it (``doc:<id>#<chunk>``, a legislation.gov.uk path,
    a neutral citation): for machines, not for display."""
    kind: str = ""
    quote: str | None = None
    status: str
    """``verified``, ``unverified``, ``removed``, ``pre_1963_digitised``, or ``pending`` while
    verification has not reached it."""
    badge: str
    """The status as the reader sees it, e.g. ``✔ verified · repealed (1 May 2026)``."""
    detail: str = ""
    """Why, in words, when the citation is not verified."""
    uri: str | None = None
    law_status: str | None = None
    """The cited law's status when it is not simply in force (``repealed`` …), if known."""
    status_date: str | None = None


class MessageOut(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    invocation_id: uuid.UUID
    role: str
    content: str
    """The message as recorded, citation markup included (the audited form)."""
    status: str
    created_at: datetime
    text: str = ""
    """The message as a reader sees it: each citation tag replaced by its ``[n]`` marker."""
    citations: list[CitationOut] = []
    """The footnotes of ``text``, numbered ones first in the order of their markers."""


class InvocationOut(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    user_id: str
    status: str
    started_at: datetime
    ended_at: datetime | None = None
    confidence: str | None = None
    reason: str | None = None


class ConversationDetail(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    user_id: str
    title: str
    created_at: datetime
    updated_at: datetime
    messages: list[MessageOut]
    invocations: list[InvocationOut]


_SUMMARY = "id, title, created_at, updated_at"


class InvocationRef(msgspec.Struct, frozen=True, kw_only=True):
    id: uuid.UUID
    conversation_id: uuid.UUID
    status: str

    @property
    def running(self) -> bool:
        return self.status == "running"


def _summary(row: asyncpg.Record) -> ConversationSummary:
    return ConversationSummary(id=row["id"], title=row["title"], created_at=row["created_at"],
                               updated_at=row["updated_at"])


def _of_user(column: str, position: int, user_id: str | None) -> tuple[str, list[str]]:
    """SQL restricting ``column`` to ``user_id`` as parameter ``$position``, and its argument;
    nothing for ``None`` (an auditor reads every conversation of the tenant)."""
    if user_id is None:
        return "", []
    return f" AND {column} = ${position}", [user_id]


async def conversation(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID, *,
                       user_id: str | None) -> ConversationSummary | None:
    """A live conversation of the tenant, if ``user_id`` owns it (``None``: whoever does)."""
    mine, args = _of_user("user_id", 3, user_id)
    async with store_errors():
        row = await pool.fetchrow(
            f"SELECT {_SUMMARY} FROM conversations WHERE id = $1 AND tenant_id = $2"
            f" AND archived_at IS NULL{mine}",
            conversation_id, tenant_id, *args,
        )
    return _summary(row) if row is not None else None


async def conversation_persona(pool: asyncpg.Pool, tenant_id: str,
                               conversation_id: uuid.UUID) -> str | None:
    """The persona chosen when the conversation was started, if any."""
    async with store_errors():
        found = await pool.fetchval(
            "SELECT convert_from(payload, 'UTF8')::jsonb ->> 'persona_id' FROM events"
            " WHERE conversation_id = $1 AND tenant_id = $2 AND type = 'conversation.created'"
            " ORDER BY version LIMIT 1", conversation_id, tenant_id)
    return None if found is None else str(found)


async def conversation_user(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID
                            ) -> str | None:
    """Who owns a conversation of the tenant, archived or not; ``None`` if it has none such
    (another tenant's, or one of the tenant's own records)."""
    async with store_errors():
        owner = await pool.fetchval(
            "SELECT user_id FROM conversations WHERE id = $1 AND tenant_id = $2",
            conversation_id, tenant_id)
    return None if owner is None else str(owner)


async def conversations(pool: asyncpg.Pool, tenant_id: str, user_id: str | None
                        ) -> list[ConversationSummary]:
    """The user's own conversations (``None``: every user's), most recently active first."""
    mine, args = _of_user("user_id", 2, user_id)
    async with store_errors():
        rows = await pool.fetch(
            f"SELECT {_SUMMARY} FROM conversations WHERE tenant_id = $1{mine}"
            " AND archived_at IS NULL ORDER BY updated_at DESC, created_at DESC, id",
            tenant_id, *args,
        )
    return [_summary(r) for r in rows]


async def conversation_detail(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID,
                              *, user_id: str | None) -> ConversationDetail | None:
    """A live conversation with its messages and invocations, if ``user_id`` owns it
    (``None``: whoever does)."""
    mine, args = _of_user("user_id", 3, user_id)
    async with store_errors(), pool.acquire() as conn, conn.transaction(
        isolation="repeatable_read", readonly=True
    ):
        row = await conn.fetchrow(
            f"SELECT {_SUMMARY}, user_id FROM conversations WHERE id = $1 AND tenant_id = $2"
            f" AND archived_at IS NULL{mine}",
            conversation_id, tenant_id, *args,
        )
        if row is None:
            return None
        messages = await conn.fetch(
            "SELECT id, invocation_id, role, content, status, created_at FROM messages"
            " WHERE conversation_id = $1 AND tenant_id = $2 ORDER BY seq",
            conversation_id, tenant_id,
        )
        cited = await _citation_events(conn, tenant_id, [
            m["invocation_id"] for m in messages if m["role"] == "assistant"])
        invocations = await conn.fetch(
            "SELECT id, user_id, status, started_at, ended_at, confidence, reason"
            " FROM invocations WHERE conversation_id = $1 AND tenant_id = $2"
            " ORDER BY started_at, id",
            conversation_id, tenant_id,
        )
    return ConversationDetail(
        id=row["id"], user_id=row["user_id"], title=row["title"], created_at=row["created_at"],
        updated_at=row["updated_at"],
        messages=[_message(m, cited.get(m["invocation_id"], [])) if m["role"] == "assistant"
                  else MessageOut(**dict(m), text=m["content"]) for m in messages],
        invocations=[InvocationOut(**dict(i)) for i in invocations],
    )


_CITATION_EVENTS = ["citation.checked", "policy.source", "legal.source", "caselaw.source",
                    "worker.findings"]
"""What an answer's footnotes are made of: the checks, and the sources that name them."""


async def _citation_events(conn: Connection, tenant_id: str,
                           invocations: list[uuid.UUID]) -> dict[uuid.UUID, list[Payload]]:
    """The citation events of each invocation, in log order; a finding keeps only its ref and
    title (its text is not needed to name it)."""
    if not invocations:
        return {}
    rows = await conn.fetch(
        "SELECT invocation_id, CASE WHEN type = 'worker.findings' THEN jsonb_build_object("
        "  'type', type, 'findings', (SELECT coalesce(jsonb_agg(jsonb_build_object("
        "    'ref', f -> 'ref', 'title', f -> 'title')), '[]'::jsonb)"
        "    FROM jsonb_array_elements(p -> 'findings') f))"
        "  ELSE p END AS payload"
        " FROM events, LATERAL (SELECT convert_from(payload, 'UTF8')::jsonb AS p) j"
        " WHERE invocation_id = ANY($1::uuid[]) AND tenant_id = $2 AND type = ANY($3::text[])"
        " ORDER BY invocation_id, version",
        invocations, tenant_id, _CITATION_EVENTS)
    found: dict[uuid.UUID, list[Payload]] = {}
    for r in rows:
        found.setdefault(r["invocation_id"], []).append(msgspec.json.decode(r["payload"]))
    return found


def _message(row: asyncpg.Record, events: list[Payload]) -> MessageOut:
    """An answer with its footnotes rendered from its invocation's checks and sources."""
    titles = SourceTitles()
    checks = []
    for payload in events:
        kind = str(payload.get("type", ""))
        titles.observe(kind, payload)
        if kind == "citation.checked":
            checks.append(Check.from_event(payload))
    rendered = render(row["content"], checks, titles)
    return MessageOut(**dict(row), text=rendered.text, citations=[
        CitationOut(number=f.number, title=f.title, ref=f.ref, kind=f.kind, quote=f.quote,
                    status=f.status, badge=f.badge, detail=f.detail, uri=f.uri,
                    law_status=f.law_status, status_date=f.status_date)
        for f in rendered.footnotes])


async def invocation(pool: asyncpg.Pool, tenant_id: str, invocation_id: uuid.UUID, *,
                     user_id: str | None) -> InvocationRef | None:
    """An invocation of a live (not archived) conversation of this tenant that ``user_id``
    owns (``None``: whoever does)."""
    mine, args = _of_user("c.user_id", 3, user_id)
    async with store_errors():
        row = await pool.fetchrow(
            "SELECT i.id, i.conversation_id, i.status FROM invocations i JOIN conversations c"
            " ON c.id = i.conversation_id AND c.tenant_id = i.tenant_id"
            f" WHERE i.id = $1 AND i.tenant_id = $2 AND c.archived_at IS NULL{mine}",
            invocation_id, tenant_id, *args,
        )
    return InvocationRef(**dict(row)) if row is not None else None
