"""Reads of the projection tables for the services: the one owner of their SQL.

The projections are written in the recorder's transaction (``projections.py``); services
read them only through these functions, so a change of the tables changes this module alone.
Driver errors become ``StoreUnavailable`` here, once.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

import asyncpg

from shared.store.errors import store_errors

__all__ = [
    "EarlierQuestion",
    "HistoryMessage",
    "StalledInvocation",
    "conversation_owner",
    "conversation_title",
    "earlier_questions",
    "recent_messages",
    "stalled_invocations",
]


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
    """The last ``limit`` questions and finished answers of the conversation, oldest first,
    leaving out the invocation being answered."""
    async with store_errors("message projection"):
        rows = await pool.fetch(
            "SELECT role, content FROM messages WHERE conversation_id = $1 AND tenant_id = $2"
            " AND invocation_id <> $3 AND status IN ('received', 'completed')"
            " ORDER BY seq DESC LIMIT $4",
            conversation_id, tenant_id, before_invocation, limit)
    return [HistoryMessage(role=r["role"], content=r["content"]) for r in reversed(rows)]


async def earlier_questions(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID, *,
                            before_invocation: uuid.UUID, limit: int) -> list[EarlierQuestion]:
    """The last ``limit`` questions asked in the conversation before ``before_invocation``'s,
    oldest first, each with the standalone question its invocation searched for.

    "Before" is by position in the log, so a redelivered message sees the same turns even
    after later questions have been asked.
    """
    async with store_errors("message projection"):
        rows = await pool.fetch(
            "SELECT m.content, (SELECT convert_from(e.payload, 'UTF8')::jsonb ->> 'standalone'"
            "   FROM events e WHERE e.invocation_id = m.invocation_id"
            "   AND e.type = 'query.rewritten' ORDER BY e.version LIMIT 1) AS standalone"
            " FROM messages m WHERE m.conversation_id = $1 AND m.tenant_id = $2"
            " AND m.role = 'user' AND m.invocation_id <> $3 AND m.seq < coalesce("
            "   (SELECT min(seq) FROM messages WHERE conversation_id = $1 AND invocation_id = $3"
            "    AND role = 'user'), 2147483647)"
            " ORDER BY m.seq DESC LIMIT $4",
            conversation_id, tenant_id, before_invocation, limit)
    return [EarlierQuestion(question=r["content"], standalone=r["standalone"] or r["content"])
            for r in reversed(rows)]


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
