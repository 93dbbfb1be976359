"""The PostgreSQL event store: append-only, idempotent, hash-chained, a stream per conversation."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from importlib import resources
from typing import Literal, cast

import asyncpg
import msgspec

from shared.events import (
    TERMINAL_TYPES,
    AnyEvent,
    ConversationCreated,
    Event,
    InvocationCancelRequested,
    InvocationCompleted,
    InvocationStarted,
    decode_event,
    encode_event,
    event_type,
)
from shared.store._chain import GENESIS, ChainRow, link_hash
from shared.store.errors import (
    UNAVAILABLE,
    ConnectionBudgetExceeded,
    StoreUnavailable,
    StreamNotFound,
    TenantMismatch,
    store_errors,
)
from shared.store.projections import latest_activity, project, touch_invocations

__all__ = ["Appended", "PostgresEventStore", "Recorded", "check_connection_budget",
           "connect_pool", "migrate"]

log = logging.getLogger("yourai.store")

Connection = asyncpg.Connection | asyncpg.pool.PoolConnectionProxy
"""A connection, or a pool's proxy for one (which forwards every call to its connection)."""

_TRANSIENT: tuple[type[BaseException], ...] = (
    *UNAVAILABLE,
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
    """A pool of at most ``max_size`` connections, checked against the server's budget."""
    try:
        pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size,
                                         reset=_keep_session)
    except _TRANSIENT as e:
        raise StoreUnavailable(f"cannot connect to PostgreSQL: {e}") from e
    try:
        await check_connection_budget(pool, max_size)
    except BaseException:
        await pool.close()
        raise
    return pool


async def check_connection_budget(pool: asyncpg.Pool, max_size: int) -> None:
    """Say at start-up how this pool fits the server's ``max_connections``.

    Refuses (``ConnectionBudgetExceeded``) a pool larger than the server allows at all; warns
    when this pool and the connections already open (other processes' pools) could exceed it,
    which is when requests would start failing with "too many connections" under load.
    """
    async with store_errors():
        row = await pool.fetchrow(
            "SELECT current_setting('max_connections')::int AS max,"
            " current_setting('superuser_reserved_connections')::int AS reserved,"
            " (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')"
            " AS in_use")
    assert row is not None  # one row, always
    available = row["max"] - row["reserved"]
    others = max(0, row["in_use"] - 1)  # this pool has one open already
    if max_size > available:
        raise ConnectionBudgetExceeded(
            f"a pool of {max_size} PostgreSQL connections (YOURAI_DB_POOL_SIZE) cannot fit: "
            f"the server allows {available} (max_connections {row['max']} less "
            f"{row['reserved']} reserved)")
    if others + max_size > available:
        log.warning("PostgreSQL connection budget exceeded: this process may open %d "
                    "connections, %d are open already and the server allows %d; lower "
                    "YOURAI_DB_POOL_SIZE or raise max_connections (see README, Connection "
                    "budget)", max_size, others, available)
    else:
        log.info("PostgreSQL connection budget: this process may open %d of %d connections "
                 "(%d open now)", max_size, available, others + 1)


async def migrate(pool: asyncpg.Pool, packages: Sequence[str] = ("shared.store.migrations",)
                  ) -> list[str]:
    """Apply pending schema migrations under an advisory lock; returns those applied.

    Each owner of tables keeps its migrations in its own package (the event store here, the
    legal corpus in the Lex service, the HTTP cache in the workers); the composition root names
    them all (``services.engine.SCHEMA``) and they are applied together in the order of their
    file names, which are unique across packages.
    """
    files = sorted((f for package in packages for f in resources.files(package).iterdir()
                    if f.name.endswith(".sql")), key=lambda f: f.name)
    names = [f.name for f in files]
    if len(set(names)) != len(names):
        raise ValueError(f"migration file names must be unique across packages: {names}")
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

    async def append(self, events: Sequence[AnyEvent], *, outbox: bool = False,
                     within: Connection | None = None) -> list[Appended]:
        """Append events in order, in one transaction; already-stored event ids are no-ops.

        With ``outbox``, each new record is also queued in ``publish_outbox`` in the same
        transaction, until its publication is confirmed (``shared.store.outbox``). ``within``
        is the caller's open transaction, for a change that must commit with its record (a
        tenant's configuration and its ``configuration.changed``).
        """
        if not events:
            return []
        if within is not None:  # a pool's connection proxy forwards every call
            conn = cast(asyncpg.Connection, within)
            await _lock_heads(conn, events)
            return await _append(conn, events, outbox=outbox)
        try:
            async with self.pool.acquire() as proxy:
                conn = cast(asyncpg.Connection, proxy)
                async with _locking_transaction(conn, events):
                    return await _append(conn, events, outbox=outbox)
        except _TRANSIENT as e:
            raise StoreUnavailable(f"event store unavailable: {e}") from e

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


def _lock_statement(events: Sequence[Event]) -> str:
    """Locks every touched stream head that exists, in a fixed order (``ORDER BY``: rows are
    locked as the sort returns them), so concurrent appends cannot deadlock. Conversation ids
    are ``uuid.UUID``s, so their text is only hex digits and dashes."""
    ids = ", ".join(f"'{uuid.UUID(str(cid))}'"
                    for cid in sorted({e.conversation_id for e in events}))
    return (f"SELECT 1 FROM streams WHERE conversation_id IN ({ids})"
            " ORDER BY conversation_id FOR UPDATE")


@asynccontextmanager
async def _locking_transaction(conn: asyncpg.Connection, events: Sequence[Event]
                               ) -> AsyncIterator[None]:
    """A transaction that begins with the heads of ``events`` locked: ``BEGIN`` and the lock
    go in one round trip (the simple query protocol takes both), as each round trip to
    PostgreSQL costs the engine a socket write and a wake-up. Rolled back on any error; a
    connection that cannot be rolled back is closed, so the pool never hands out one inside
    a transaction."""
    try:
        await conn.execute(f"BEGIN; {_lock_statement(events)}")
        yield
    except BaseException:
        try:
            await conn.execute("ROLLBACK")
        finally:
            if conn.is_in_transaction():
                conn.terminate()
        raise
    try:
        await conn.execute("COMMIT")
    finally:
        if conn.is_in_transaction():
            conn.terminate()


async def _lock_heads(conn: asyncpg.Connection, events: Sequence[Event]) -> None:
    """Lock every touched stream head in a fixed order, so concurrent appends cannot deadlock."""
    for cid in sorted({e.conversation_id for e in events}):
        await conn.execute(
            "SELECT 1 FROM streams WHERE conversation_id = $1 FOR UPDATE", cid)


async def _heads(conn: asyncpg.Connection, rows: Sequence[asyncpg.Record],
                 events: Sequence[Event]) -> dict[uuid.UUID, _Head]:
    """The touched heads (locked already); a stream not created yet is looked up again once
    its creators have waited for each other, so the later one finds the row."""
    heads = {r["id"]: _Head(r["status"], r["version"], bytes(r["hash"]))
             for r in rows if r["kind"] == "head"}
    for cid in sorted({e.conversation_id for e in events} - set(heads)):
        await conn.execute("SELECT pg_advisory_xact_lock(7312, hashtext($1))", str(cid))
        row = await conn.fetchrow(
            "SELECT tenant_id, version, head_hash FROM streams WHERE conversation_id = $1"
            " FOR UPDATE", cid)
        if row is not None:
            heads[cid] = _Head(row["tenant_id"], row["version"], bytes(row["head_hash"]))
    return heads


async def _append(conn: asyncpg.Connection, events: Sequence[AnyEvent], *, outbox: bool
                  ) -> list[Appended]:
    rows = await _known(conn, events)
    heads = await _heads(conn, rows, events)
    seen = {r["id"]: _record(r) for r in rows if r["kind"] == "event"}
    status: dict[uuid.UUID, str] = {r["id"]: r["status"] for r in rows
                                    if r["kind"] == "invocation"}
    cancelling = {r["id"] for r in rows if r["kind"] == "cancel"}
    out: list[Appended] = []
    pending: list[_Link] = []
    for event in events:
        if (known := seen.get(event.event_id)) is not None:
            out.append(Appended(status="duplicate", event=known.event, record=known))
            continue
        if isinstance(event, InvocationCancelRequested):
            cancelling.add(event.invocation_id)
        if event.invocation_id is not None and (
            status.get(event.invocation_id) not in (None, "running")
            # A committed cancel outranks an answer verified meanwhile: the orchestrator
            # records the cancel, and the invocation never completes.
            or (isinstance(event, InvocationCompleted) and event.invocation_id in cancelling)
        ):
            out.append(Appended(status="dropped", event=event))
            continue
        link = _link(_head_for(heads, event), event)
        pending.append(link)
        seen[event.event_id] = link.placeholder
        kind = event_type(event)
        if event.invocation_id is not None and (
            isinstance(event, InvocationStarted) or kind in TERMINAL_TYPES
        ):
            status[event.invocation_id] = "running" if kind == "invocation.started" else kind
        out.append(Appended(status="new", event=event))
    records = await _insert_all(conn, heads, pending, outbox=outbox)
    out = [Appended(status="new", event=a.event, record=records[a.event.event_id])
           if a.status == "new" else a for a in out]
    for link in pending:
        await project(conn, link.event, link.version)
    if any(isinstance(link.event, InvocationStarted) for link in pending):
        # Its row was inserted by the projection just now, after the insert's own touch.
        await touch_invocations(conn, [link.event for link in pending])
    return out


_KNOWN = (
    f"SELECT 'event' AS kind, event_id AS id, {_COLUMNS}, NULL::text AS status FROM events"
    " WHERE event_id = ANY($1::uuid[])"
    " UNION ALL SELECT 'invocation', id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, status"
    " FROM invocations WHERE id = ANY($2::uuid[])"
    " UNION ALL SELECT 'cancel', invocation_id, NULL, NULL, NULL, NULL, NULL, NULL,"
    " NULL, NULL::text FROM events WHERE invocation_id = ANY($3::uuid[])"
    " AND type = 'invocation.cancel_requested'"
    " UNION ALL SELECT 'head', conversation_id, NULL, NULL, version, NULL, NULL, head_hash,"
    " NULL, tenant_id FROM streams WHERE conversation_id = ANY($4::uuid[])")
"""In one round trip, under the heads' locks: which events are stored already, the status of
each invocation, which invocations that complete in this batch the log holds a cancel request
for, and each stream's head (its tenant in ``status``)."""


async def _known(conn: asyncpg.Connection, events: Sequence[AnyEvent]) -> list[asyncpg.Record]:
    """What the log already says about ``events`` (see ``_KNOWN``)."""
    return await conn.fetch(
        _KNOWN, [e.event_id for e in events],
        list({e.invocation_id for e in events if e.invocation_id is not None}),
        list({e.invocation_id for e in events if isinstance(e, InvocationCompleted)}),
        list({e.conversation_id for e in events}))


_INSERT = (
    "INSERT INTO events (conversation_id, version, event_id, invocation_id, tenant_id, type,"
    " occurred_at, payload, prev_hash, hash)"
    " SELECT c, v, e, i, t, y, o, p, h0, h1 FROM unnest($1::uuid[], $2::int[], $3::uuid[],"
    " $4::uuid[], $5::text[], $6::text[], $7::timestamptz[], $8::bytea[], $9::bytea[],"
    " $10::bytea[]) WITH ORDINALITY AS x(c, v, e, i, t, y, o, p, h0, h1, n) ORDER BY n"
    " RETURNING event_id, position, recorded_at")
_AFTER_INSERT = (
    " heads AS (UPDATE streams s SET version = h.v, head_hash = h.h FROM unnest($11::uuid[],"
    " $12::int[], $13::bytea[]) AS h(c, v, h) WHERE s.conversation_id = h.c),"
    " touched AS (UPDATE invocations i SET last_event_at = greatest(i.last_event_at, l.o)"
    " FROM unnest($14::uuid[], $15::timestamptz[]) AS l(i, o) WHERE i.id = l.i)")
"""The stream heads moved on, and each invocation's latest activity (the watchdog reads it)."""
_INSERT_PLAIN = (
    f"WITH inserted AS ({_INSERT}),{_AFTER_INSERT}"
    " SELECT event_id, position, recorded_at FROM inserted")
_INSERT_QUEUED = (
    f"WITH inserted AS ({_INSERT}),"
    " queued AS (INSERT INTO publish_outbox (position) SELECT position FROM inserted),"
    f"{_AFTER_INSERT} SELECT event_id, position, recorded_at FROM inserted")
"""The insert, each new record queued in the publish outbox, the heads and the invocations
touched: one statement, one round trip."""


class _Link(msgspec.Struct):
    """One new event's place in its stream, computed before the single insert."""

    event: AnyEvent
    version: int
    payload: bytes
    prev_hash: bytes
    hash: bytes

    @property
    def placeholder(self) -> Recorded:
        """Marks the id as taken within this batch (a repeated id is then a duplicate)."""
        return Recorded(position=0, version=self.version, event=self.event,
                        payload=self.payload, prev_hash=self.prev_hash, hash=self.hash,
                        recorded_at=self.event.occurred_at)


def _link(head: _Head, event: AnyEvent) -> _Link:
    payload = encode_event(event)
    version = head.version + 1
    link = _Link(event=event, version=version, payload=payload, prev_hash=head.hash,
                 hash=link_hash(head.hash, version, payload))
    head.version, head.hash = version, link.hash
    return link


async def _insert_all(conn: asyncpg.Connection, heads: dict[uuid.UUID, _Head],
                      links: list[_Link], *, outbox: bool) -> dict[uuid.UUID, Recorded]:
    """New stream rows, then every new event in one statement (one round trip per batch);
    with ``outbox``, the same statement queues each new record for publication."""
    created = [(cid, h.tenant_id) for cid, h in heads.items() if h.created]
    if created:
        # Stream rows must exist before their events (foreign key).
        await conn.executemany(
            "INSERT INTO streams (conversation_id, tenant_id, version, head_hash)"
            " VALUES ($1, $2, 0, $3)", [(cid, tenant, GENESIS) for cid, tenant in created])
        for cid, _ in created:
            heads[cid].created = False
    if not links:
        return {}
    latest = latest_activity([k.event for k in links])
    rows = await conn.fetch(
        (_INSERT_QUEUED if outbox else _INSERT_PLAIN),
        [k.event.conversation_id for k in links], [k.version for k in links],
        [k.event.event_id for k in links], [k.event.invocation_id for k in links],
        [k.event.tenant_id for k in links], [event_type(k.event) for k in links],
        [k.event.occurred_at for k in links], [k.payload for k in links],
        [k.prev_hash for k in links], [k.hash for k in links],
        list(heads), [h.version for h in heads.values()], [h.hash for h in heads.values()],
        list(latest), list(latest.values()),
    )
    by_id = {r["event_id"]: r for r in rows}
    return {
        k.event.event_id: Recorded(
            position=by_id[k.event.event_id]["position"], version=k.version,
            event=k.event, payload=k.payload, prev_hash=k.prev_hash,
            hash=k.hash, recorded_at=by_id[k.event.event_id]["recorded_at"])
        for k in links
    }


def _head_for(heads: dict[uuid.UUID, _Head], event: Event) -> _Head:
    head = heads.get(event.conversation_id)
    if head is None:
        if not isinstance(event, ConversationCreated):
            raise StreamNotFound(f"conversation {event.conversation_id} does not exist")
        head = heads[event.conversation_id] = _Head(event.tenant_id, 0, GENESIS, created=True)
    if head.tenant_id != event.tenant_id:
        raise TenantMismatch(f"conversation {event.conversation_id} belongs to another tenant")
    return head
