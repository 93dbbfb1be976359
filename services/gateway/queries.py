"""Reads from the projection tables, each scoped by tenant; archived conversations are hidden.

An adapter over the pool like the event store: an unavailable database is ``StoreUnavailable``.
"""

from __future__ import annotations

import uuid

import asyncpg
import msgspec

from services.gateway.schemas import (
    ConversationDetail,
    ConversationSummary,
    InvocationOut,
    MessageOut,
)
from shared.store import store_errors

__all__ = ["InvocationRef", "conversation", "conversation_detail", "conversations", "invocation"]

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


async def conversation(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID
                       ) -> ConversationSummary | None:
    async with store_errors():
        row = await pool.fetchrow(
            f"SELECT {_SUMMARY} FROM conversations WHERE id = $1 AND tenant_id = $2"
            " AND archived_at IS NULL",
            conversation_id, tenant_id,
        )
    return _summary(row) if row is not None else None


async def conversations(pool: asyncpg.Pool, tenant_id: str, user_id: str
                        ) -> list[ConversationSummary]:
    """The user's own conversations, most recently active first."""
    async with store_errors():
        rows = await pool.fetch(
            f"SELECT {_SUMMARY} FROM conversations WHERE tenant_id = $1 AND user_id = $2"
            " AND archived_at IS NULL ORDER BY updated_at DESC, created_at DESC, id",
            tenant_id, user_id,
        )
    return [_summary(r) for r in rows]


async def conversation_detail(pool: asyncpg.Pool, tenant_id: str, conversation_id: uuid.UUID
                              ) -> ConversationDetail | None:
    async with store_errors(), pool.acquire() as conn, conn.transaction(
        isolation="repeatable_read", readonly=True
    ):
        row = await conn.fetchrow(
            f"SELECT {_SUMMARY}, user_id FROM conversations WHERE id = $1 AND tenant_id = $2"
            " AND archived_at IS NULL",
            conversation_id, tenant_id,
        )
        if row is None:
            return None
        messages = await conn.fetch(
            "SELECT id, invocation_id, role, content, status, created_at FROM messages"
            " WHERE conversation_id = $1 AND tenant_id = $2 ORDER BY seq",
            conversation_id, tenant_id,
        )
        invocations = await conn.fetch(
            "SELECT id, user_id, status, started_at, ended_at, confidence, reason"
            " FROM invocations WHERE conversation_id = $1 AND tenant_id = $2"
            " ORDER BY started_at, id",
            conversation_id, tenant_id,
        )
    return ConversationDetail(
        id=row["id"], user_id=row["user_id"], title=row["title"], created_at=row["created_at"],
        updated_at=row["updated_at"],
        messages=[MessageOut(**dict(m)) for m in messages],
        invocations=[InvocationOut(**dict(i)) for i in invocations],
    )


async def invocation(pool: asyncpg.Pool, tenant_id: str, invocation_id: uuid.UUID
                     ) -> InvocationRef | None:
    """An invocation of a live (not archived) conversation of this tenant."""
    async with store_errors():
        row = await pool.fetchrow(
            "SELECT i.id, i.conversation_id, i.status FROM invocations i JOIN conversations c"
            " ON c.id = i.conversation_id AND c.tenant_id = i.tenant_id"
            " WHERE i.id = $1 AND i.tenant_id = $2 AND c.archived_at IS NULL",
            invocation_id, tenant_id,
        )
    return InvocationRef(**dict(row)) if row is not None else None
