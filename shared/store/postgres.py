"""The PostgreSQL event store: append-only, idempotent, hash-chained, a stream per conversation."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from importlib import resources
from typing import Literal

import asyncpg
import msgspec

from shared.events import (
    TERMINAL_TYPES,
    AnyEvent,
    ConversationCreated,
    Event,
    InvocationStarted,
    decode_event,
    encode_event,
    event_type,
)
from shared.store._chain import GENESIS, ChainRow, link_hash
from shared.store.errors import StoreUnavailable, StreamNotFound, TenantMismatch
from shared.store.projections import project, touch_invocations

__all__ = ["Appended", "PostgresEventStore", "Recorded", "connect_pool", "migrate"]

_TRANSIENT = (
    OSError,
    asyncpg.exceptions.InterfaceError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.CannotConnectNowError,
    asyncpg.exceptions.SerializationError,
    asyncpg.exceptions.DeadlockDetectedError,
    asyncpg.exceptions.UniqueViolationError,
)
_COLUMNS = "position, conversation_id, version, payload, prev_hash, hash, recorded_at"


class Recorded(msgspec.Struct, frozen=True, kw_only=True):
    """An event as the log holds it: its stream version, global position and chain link."""

    position: int
    version: int
    event: AnyEvent
    payload: bytes
    prev_hash: bytes
    hash: bytes
    recorded_at: datetime

    @property
    def type(self) -> str:
        return event_type(self.event)


class Appended(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of appending one event."""

    status: Literal["new", "duplicate", "dropped"]
    """``dropped``: its invocation had already ended, so the log refuses it."""
    event: AnyEvent
    record: Recorded | None = None


async def _keep_session(_conn: asyncpg.Connection) -> None:
    """No reset round trip on release: the engine never changes session state (no SET,
    LISTEN or session-level locks; advisory locks are transaction-scoped)."""


async def connect_pool(dsn: str, *, min_size: int = 1, max_size: int = 10) -> asyncpg.Pool:
    try:
        return await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size,
                                         reset=_keep_session)
    except _TRANSIENT as e:
        raise StoreUnavailable(f"cannot connect to PostgreSQL: {e}") from e


async def migrate(pool: asyncpg.Pool) -> list[str]:
    """Apply pending schema migrations under an advisory lock; returns those applied."""
    folder = resources.files("shared.store.migrations")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".sql")), key=lambda f: f.name)
    applied: list[str] = []
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(7310)")
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations"
            " (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")}
        for f in files:
            if f.name in done:
                continue
            await conn.execute(f.read_text())
            await conn.execute("INSERT INTO schema_migrations (name) VALUES ($1)", f.name)
            applied.append(f.name)
    return applied


def _record(row: asyncpg.Record) -> Recorded:
    return Recorded(
        position=row["position"],
        version=row["version"],
        event=decode_event(row["payload"]),
        payload=bytes(row["payload"]),
        prev_hash=bytes(row["prev_hash"]),
        hash=bytes(row["hash"]),
        recorded_at=row["recorded_at"],
    )


class _Head(msgspec.Struct):
    tenant_id: str
    version: int
    hash: bytes
    created: bool = False


class PostgresEventStore:
    """Appends and reads events; every read is scoped by tenant."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[asyncpg.Connection]:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                yield conn
        except _TRANSIENT as e:
            raise StoreUnavailable(f"event store unavailable: {e}") from e

    async def append(self, events: Sequence[Event]) -> list[Appended]:
        """Append events in order, in one transaction; already-stored event ids are no-ops."""
        if not events:
            return []
        async with self._tx() as conn:
            return await _append(conn, events)

    async def read_conversation(
        self, tenant_id: str, conversation_id: uuid.UUID, *, after_version: int = 0
    ) -> list[Recorded]:
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM events WHERE conversation_id = $1 AND tenant_id = $2"
            " AND version > $3 ORDER BY version",
            conversation_id,
            tenant_id,
            after_version,
        )
        return [_record(r) for r in rows]

    async def read_invocation(
        self,
        tenant_id: str,
        invocation_id: uuid.UUID,
        *,
        after_version: int = 0,
        before_version: int | None = None,
    ) -> list[Recorded]:
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM events WHERE invocation_id = $1 AND tenant_id = $2"
            " AND version > $3 AND ($4::int IS NULL OR version < $4) ORDER BY version",
            invocation_id,
            tenant_id,
            after_version,
            before_version,
        )
        return [_record(r) for r in rows]

    async def chain(self, conversation_id: uuid.UUID) -> list[ChainRow]:
        """The raw chain of one conversation, for offline verification."""
        rows = await self._fetch(
            "SELECT position, version, payload, prev_hash, hash FROM events"
            " WHERE conversation_id = $1 ORDER BY version",
            conversation_id,
        )
        return [
            ChainRow(
                position=r["position"],
                version=r["version"],
                payload=bytes(r["payload"]),
                prev_hash=bytes(r["prev_hash"]),
                hash=bytes(r["hash"]),
            )
            for r in rows
        ]

    async def _fetch(self, query: str, *args: object) -> list[asyncpg.Record]:
        try:
            return await self.pool.fetch(query, *args)
        except _TRANSIENT as e:
            raise StoreUnavailable(f"event store unavailable: {e}") from e


async def _lock_heads(conn: asyncpg.Connection, events: Sequence[Event]) -> dict[uuid.UUID, _Head]:
    """Lock every touched stream head in a fixed order, so concurrent appends cannot deadlock."""
    heads: dict[uuid.UUID, _Head] = {}
    for cid in sorted({e.conversation_id for e in events}):
        row = await conn.fetchrow(
            "SELECT tenant_id, version, head_hash FROM streams WHERE conversation_id = $1"
            " FOR UPDATE",
            cid,
        )
        if row is not None:
            heads[cid] = _Head(row["tenant_id"], row["version"], bytes(row["head_hash"]))
    return heads


async def _append(conn: asyncpg.Connection, events: Sequence[Event]) -> list[Appended]:
    heads = await _lock_heads(conn, events)
    seen: dict[uuid.UUID, Recorded] = {
        r["event_id"]: _record(r)
        for r in await conn.fetch(
            f"SELECT event_id, {_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[])",
            [e.event_id for e in events],
        )
    }
    invocation_ids = list({e.invocation_id for e in events if e.invocation_id is not None})
    status: dict[uuid.UUID, str] = {
        r["id"]: r["status"]
        for r in await conn.fetch(
            "SELECT id, status FROM invocations WHERE id = ANY($1::uuid[])", invocation_ids
        )
    }
    out: list[Appended] = []
    for event in events:
        if (known := seen.get(event.event_id)) is not None:
            out.append(Appended(status="duplicate", event=known.event, record=known))
            continue
        if event.invocation_id is not None and status.get(event.invocation_id) not in (
            None, "running"
        ):
            out.append(Appended(status="dropped", event=event))  # type: ignore[arg-type]
            continue
        record = await _insert(conn, _head_for(heads, event), event)
        seen[event.event_id] = record
        await project(conn, record.event, record.version)
        kind = event_type(event)
        if event.invocation_id is not None and (
            isinstance(event, InvocationStarted) or kind in TERMINAL_TYPES
        ):
            status[event.invocation_id] = "running" if kind == "invocation.started" else kind
        out.append(Appended(status="new", event=record.event, record=record))
    await touch_invocations(conn, [a.event for a in out if a.status == "new"])
    await conn.executemany(
        "UPDATE streams SET version = $2, head_hash = $3 WHERE conversation_id = $1",
        [(cid, h.version, h.hash) for cid, h in heads.items()],
    )
    return out


def _head_for(heads: dict[uuid.UUID, _Head], event: Event) -> _Head:
    head = heads.get(event.conversation_id)
    if head is None:
        if not isinstance(event, ConversationCreated):
            raise StreamNotFound(f"conversation {event.conversation_id} does not exist")
        head = heads[event.conversation_id] = _Head(event.tenant_id, 0, GENESIS, created=True)
    if head.tenant_id != event.tenant_id:
        raise TenantMismatch(f"conversation {event.conversation_id} belongs to another tenant")
    return head


async def _insert(conn: asyncpg.Connection, head: _Head, event: Event) -> Recorded:
    payload = encode_event(event)
    version = head.version + 1
    digest = link_hash(head.hash, version, payload)
    if head.created:
        # The stream row must exist before its first event (foreign key).
        await conn.execute(
            "INSERT INTO streams (conversation_id, tenant_id, version, head_hash)"
            " VALUES ($1, $2, 0, $3)",
            event.conversation_id, head.tenant_id, GENESIS,
        )
        head.created = False
    row = await conn.fetchrow(
        "INSERT INTO events (conversation_id, version, event_id, invocation_id, tenant_id, type,"
        " occurred_at, payload, prev_hash, hash) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)"
        " RETURNING position, recorded_at",
        event.conversation_id, version, event.event_id, event.invocation_id, event.tenant_id,
        event_type(event), event.occurred_at, payload, head.hash, digest,
    )
    record = Recorded(
        position=row["position"], version=version, event=decode_event(payload), payload=payload,
        prev_hash=head.hash, hash=digest, recorded_at=row["recorded_at"],
    )
    head.version, head.hash = version, digest
    return record
