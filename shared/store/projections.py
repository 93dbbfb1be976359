"""Projections (conversation list, messages, invocations) derived from the log.

Applied in the same transaction as each append, and rebuildable from the log alone.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

import asyncpg

from shared.events import (
    AnswerRevised,
    AnyEvent,
    ConfidenceUpdate,
    ConversationArchived,
    ConversationCreated,
    ConversationRenamed,
    DraftCompleted,
    Event,
    InvocationCancelled,
    InvocationCompleted,
    InvocationFailed,
    InvocationStarted,
    MessageReceived,
    TitleGenerated,
    UsageRecorded,
    derived_id,
    event_type,
    is_tenant_record,
)

__all__ = ["answer_message_id", "latest_activity", "project", "projected",
           "rebuild_projections", "touch_invocations"]

_PROJECTION_TABLES = ("conversations", "invocations", "messages", "model_usage")


def answer_message_id(invocation_id: uuid.UUID) -> uuid.UUID:
    """The assistant message of an invocation has an id derived from the invocation."""
    return derived_id(invocation_id, "answer")


def projected(event: AnyEvent) -> bool:
    """Whether ``event`` changes a projection: an append whose events none does needs no
    transaction around the log's single call (``shared.store.postgres``)."""
    match event:
        case ConversationCreated():
            return not is_tenant_record(event.tenant_id, event.conversation_id)
        case AnswerRevised():
            return event.draft_chars is None
        case (UsageRecorded() | ConversationRenamed() | ConversationArchived()
              | TitleGenerated() | InvocationStarted() | MessageReceived() | DraftCompleted()
              | ConfidenceUpdate() | InvocationCompleted() | InvocationCancelled()
              | InvocationFailed()):
            return True
    return False


async def project(conn: asyncpg.Connection, event: AnyEvent, version: int) -> None:
    """Apply one recorded event to the projections (nothing for one not :func:`projected`)."""
    if not projected(event):
        return
    if isinstance(event, UsageRecorded):
        await _usage(conn, event)
    else:
        await _project(conn, event, version)


async def _project(conn: asyncpg.Connection, event: AnyEvent, version: int) -> None:
    match event:
        case ConversationCreated() if not is_tenant_record(event.tenant_id, event.conversation_id):
            await conn.execute(
                "INSERT INTO conversations (id, tenant_id, user_id, title, created_at, updated_at)"
                " VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (id) DO NOTHING",
                event.conversation_id,
                event.tenant_id,
                event.user_id,
                event.title,
                event.occurred_at,
            )
        case ConversationRenamed():
            await _conversation(conn, event, "title = $3", event.title)
        case ConversationArchived():
            await _conversation(conn, event, "archived_at = $3", event.occurred_at)
        case TitleGenerated():
            await _conversation(conn, event, "title = CASE WHEN title = '' THEN $3 ELSE title END",
                                event.title)
        case InvocationStarted():
            await conn.execute(
                "INSERT INTO invocations (id, conversation_id, tenant_id, user_id, status,"
                " started_at, last_event_at) VALUES ($1, $2, $3, $4, 'running', $5, $5)"
                " ON CONFLICT (id) DO NOTHING",
                event.invocation_id,
                event.conversation_id,
                event.tenant_id,
                event.user_id,
                event.occurred_at,
            )
        case MessageReceived():
            await _message(conn, event, event.message_id, "user", event.content, "received",
                           version)
            await _conversation(conn, event, "updated_at = $3", event.occurred_at)
        case AnswerRevised() if event.draft_chars is not None:
            pass  # a revision while the answer streams: the whole answer's revision follows
        case DraftCompleted() | AnswerRevised():
            status = "draft" if isinstance(event, DraftCompleted) else "revised"
            await _message(conn, event, answer_message_id(event.invocation_id), "assistant",
                           event.text, status, version)
        case ConfidenceUpdate():
            await conn.execute(
                "UPDATE invocations SET confidence = $2 WHERE id = $1",
                event.invocation_id,
                event.level,
            )
        case InvocationCompleted():
            await _end(conn, event)
        case InvocationCancelled() | InvocationFailed():
            await _keep_partial_answer(conn, event, version)
            await _end(conn, event)
        case _:
            pass


async def _conversation(conn: asyncpg.Connection, event: AnyEvent, assignment: str,
                        value: object) -> None:
    await conn.execute(
        f"UPDATE conversations SET {assignment} WHERE id = $1 AND tenant_id = $2",
        event.conversation_id,
        event.tenant_id,
        value,
    )


async def _message(conn: asyncpg.Connection, event: AnyEvent, message_id: object, role: str,
                   content: str, status: str, version: int) -> None:
    await conn.execute(
        "INSERT INTO messages (id, conversation_id, tenant_id, invocation_id, role, content,"
        " status, created_at, seq) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)"
        " ON CONFLICT (id) DO UPDATE SET content = excluded.content, status = excluded.status",
        message_id,
        event.conversation_id,
        event.tenant_id,
        event.invocation_id,
        role,
        content,
        status,
        event.occurred_at,
        version,
    )


async def _usage(conn: asyncpg.Connection, event: UsageRecorded) -> None:
    """One model call, with the user who asked (GET /v1/usage sums them; budgets read them)."""
    u = event.usage
    await conn.execute(
        "INSERT INTO model_usage (event_id, tenant_id, invocation_id, user_id, agent, provider,"
        " model, input_tokens, output_tokens, cache_write_tokens, cache_read_tokens, cost,"
        " currency, priced, occurred_at) SELECT $1, $2, $3, COALESCE((SELECT user_id FROM"
        " invocations WHERE id = $3), ''), $4, $5, $6, $7, $8, $9, $10, $11::numeric, $12, $13,"
        " $14 ON CONFLICT (event_id) DO NOTHING",
        event.event_id, event.tenant_id, event.invocation_id, event.agent, event.provider,
        event.model, u.input_tokens, u.output_tokens, u.cache_creation_input_tokens,
        u.cache_read_input_tokens, Decimal(event.cost), event.currency, event.priced,
        event.occurred_at,
    )


async def _end(
    conn: asyncpg.Connection,
    event: InvocationCompleted | InvocationCancelled | InvocationFailed,
) -> None:
    status = event_type(event).split(".")[1]
    reason = getattr(event, "reason", None)
    await conn.execute(
        "UPDATE invocations SET status = $2, ended_at = $3, reason = $4 WHERE id = $1",
        event.invocation_id,
        status,
        event.occurred_at,
        reason,
    )
    await conn.execute(
        "UPDATE messages SET status = $2 WHERE id = $1",
        answer_message_id(event.invocation_id),
        status,
    )


async def _keep_partial_answer(conn: asyncpg.Connection,
                               event: InvocationCancelled | InvocationFailed, version: int) -> None:
    """An answer cut short keeps what was streamed: the deltas, joined once at the end, with
    the latest revision made while it streamed in place of the draft it covers.

    Deltas are not projected one by one, which would rewrite the growing message per delta.
    """
    await conn.execute(
        "WITH draft AS (SELECT string_agg(convert_from(payload, 'UTF8')::jsonb ->> 'text', ''"
        "   ORDER BY version) AS text, count(*) AS deltas"
        "   FROM events WHERE invocation_id = $4 AND type = 'content.delta'),"
        " revised AS (SELECT convert_from(payload, 'UTF8')::jsonb AS r FROM events"
        "   WHERE invocation_id = $4 AND type = 'answer.revised' ORDER BY version DESC LIMIT 1)"
        " INSERT INTO messages (id, conversation_id, tenant_id, invocation_id, role, content,"
        " status, created_at, seq)"
        " SELECT $1, $2, $3, $4, 'assistant', COALESCE((SELECT (r ->> 'text')"
        "   || substr(draft.text, (r ->> 'draft_chars')::int + 1) FROM revised"
        "   WHERE r ->> 'draft_chars' IS NOT NULL), draft.text), 'streaming', $5, $6"
        " FROM draft WHERE deltas > 0 ON CONFLICT (id) DO NOTHING",
        answer_message_id(event.invocation_id), event.conversation_id, event.tenant_id,
        event.invocation_id, event.occurred_at, version,
    )


def latest_activity(events: Sequence[Event]) -> dict[uuid.UUID, datetime]:
    """Each invocation's latest event time among ``events``."""
    latest: dict[uuid.UUID, datetime] = {}
    for e in events:
        if e.invocation_id is not None:
            latest[e.invocation_id] = max(latest.get(e.invocation_id, e.occurred_at),
                                          e.occurred_at)
    return latest


async def touch_invocations(conn: asyncpg.Connection, events: Sequence[Event]) -> None:
    """Record each invocation's latest activity once per append (the watchdog reads it)."""
    latest = latest_activity(events)
    if latest:
        await conn.executemany(
            "UPDATE invocations SET last_event_at = greatest(last_event_at, $2) WHERE id = $1",
            list(latest.items()))


async def rebuild_projections(conn: asyncpg.Connection) -> int:
    """Drop every projection row and replay the whole log; returns the events replayed."""
    from shared.events import decode_event

    count = 0
    async with conn.transaction():
        await conn.execute(f"TRUNCATE {', '.join(_PROJECTION_TABLES)}")
        async for row in conn.cursor("SELECT version, payload FROM events ORDER BY position"):
            await project(conn, decode_event(row["payload"]), row["version"])
            count += 1
        await conn.execute(
            "UPDATE invocations i SET last_event_at = e.latest FROM (SELECT invocation_id,"
            " max(occurred_at) AS latest FROM events GROUP BY invocation_id) e"
            " WHERE e.invocation_id = i.id")
    return count
