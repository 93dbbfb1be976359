"""The PostgreSQL event store: append-only, idempotent, hash-chained, a stream per conversation."""

from __future__ import annotations

import asyncio
import logging
import types
import uuid
from collections.abc import AsyncIterator, Coroutine, Generator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from importlib import resources
from typing import Any, Literal, cast

import asyncpg
import msgspec
from asyncpg.pool import PoolConnectionProxy

from shared.events import (
    TERMINAL_TYPES,
    AnyEvent,
    InvocationStarted,
    decode_event,
    encode_event,
    event_type,
)
from shared.store._chain import ChainRow
from shared.store.errors import (
    UNAVAILABLE,
    ConnectionBudgetExceeded,
    StoreUnavailable,
    StreamNotFound,
    TenantMismatch,
    store_errors,
)
from shared.store.leases import Fence
from shared.store.projections import project, projected, touch_invocations

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

    status: Literal["new", "duplicate", "dropped", "fenced"]
    """``dropped``: its invocation had already ended, so the log refuses it; ``fenced``: its
    fencing token's holder no longer holds the work lease, so the log refuses it (DESIGN §4)."""
    event: AnyEvent
    record: Recorded | None = None


async def _keep_session(_conn: asyncpg.Connection) -> None:
    """No reset round trip on release: the engine never changes session state (no SET,
    LISTEN or session-level locks; advisory locks are transaction-scoped)."""


class _Pool(asyncpg.Pool):
    """asyncpg's pool, returning a connection without a task of its own where it can.

    ``asyncpg.Pool.release`` (0.32) runs the holder's release inside ``asyncio.shield``, so a
    caller cancelled mid-release cannot leave a connection half returned: a new task for every
    pooled query, about 28 an invocation, about 20 µs of CPU each (docs/BENCHMARKS.md, "Round
    seventeen"). With :func:`_keep_session` that release ordinarily finishes without waiting
    on anything (no reset statement, the inactivity timer re-armed), so it is first run in the
    caller's own task, where no cancellation can land in code that never suspends; only when
    it does wait on the server (a transaction left open is rolled back, a connection past its
    queries is closed) is the rest handed to a shielded task, as asyncpg does.
    """

    __slots__ = ()

    async def release(self, connection: PoolConnectionProxy, *,
                      timeout: float | None = None) -> None:  # noqa: ASYNC109 (asyncpg's)
        proxy: Any = connection  # what asyncpg's own release reads: private, so untyped
        if (type(connection) is not PoolConnectionProxy
                or proxy._holder._pool is not self or proxy._con is None):
            # Not this pool's, or released already: asyncpg's own answer.
            return await super().release(connection, timeout=timeout)
        cast(Any, self)._check_init()
        proxy._con._on_release()
        holder = proxy._holder
        step = holder.release(holder._timeout if timeout is None else timeout)
        try:
            waiting = step.send(None)
        except StopIteration:
            return None
        await asyncio.shield(_finished(step, waiting))
        return None


async def _finished(step: Coroutine[Any, Any, None], waiting: Any) -> None:
    """The rest of a release that began in its caller's task and now waits on ``waiting``."""
    await _resumed(step, waiting)


@types.coroutine
def _resumed(step: Coroutine[Any, Any, None], waiting: Any) -> Generator[Any, Any, None]:
    yield waiting  # what the release was waiting on when it was handed over
    yield from step.__await__()


async def connect_pool(dsn: str, *, min_size: int = 1, max_size: int = 10) -> asyncpg.Pool:
    """A pool of at most ``max_size`` connections, checked against the server's budget."""
    try:
        pool = await _Pool(dsn, min_size=min_size, max_size=max_size, reset=_keep_session,
                           max_queries=50_000, max_inactive_connection_lifetime=300.0,
                           loop=None, connection_class=asyncpg.Connection,
                           record_class=asyncpg.Record)
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


class PostgresEventStore:
    """Appends and reads events; every read is scoped by tenant."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def append(self, events: Sequence[AnyEvent], *, outbox: bool = False,
                     within: Connection | None = None,
                     fences: Sequence[Fence | None] | None = None) -> list[Appended]:
        """Append events in order, in one transaction; already-stored event ids are no-ops.

        With ``outbox``, each new record is also queued in ``publish_outbox`` in the same
        transaction, until its publication is confirmed (``shared.store.outbox``). ``within``
        is the caller's open transaction, for a change that must commit with its record (a
        tenant's configuration and its ``configuration.changed``).

        ``fences`` gives each event the work lease of the delivery that wrote it, or ``None``:
        the append takes a lease nobody holds (or whose holder's has lapsed), and refuses an
        event whose lease another delivery holds (``fenced``) in the same statement that would
        insert it, so a stalled holder cannot write after the take-over whatever it last knew
        (migrations ``0022``, ``0023``).
        """
        if not events:
            return []
        fenced = _fence_arrays(events, fences)
        if within is not None:  # a pool's connection proxy forwards every call
            return await _append(cast(asyncpg.Connection, within), events, outbox=outbox,
                                 fences=fenced)
        try:
            async with self.pool.acquire() as proxy:
                return await _append_in_one(cast(asyncpg.Connection, proxy), events,
                                            outbox=outbox, fences=fenced)
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


_APPEND = ("SELECT r_index, r_status, r_position, r_version, r_prev_hash, r_hash,"
           " r_recorded_at, r_payload FROM append_events($1::uuid[], $2::uuid[], $3::uuid[],"
           " $4::text[], $5::text[], $6::timestamptz[], $7::bytea[], $8, $9::text[],"
           " $10::text[], $11::uuid[], $12::uuid[], $13::float8[])")
"""The log's side of an append in one call (migration ``0017_append_function.sql``, set-based
since ``0018``, with a fast path for a few events of one conversation since ``0019``, fenced
by the writer's work lease since ``0022``, which the append takes since ``0023``): heads
locked in a fixed order, stored ids returned as duplicates, events of ended invocations
dropped, the chain extended, the rows inserted (and queued with ``outbox``), the heads and the
invocations' latest activity moved on."""
_TERMINAL = sorted(TERMINAL_TYPES)
_STREAM_NOT_FOUND, _TENANT_MISMATCH = "YA404", "YA403"
"""The SQLSTATEs ``append_events`` raises (a class of its own: no PostgreSQL code uses ``YA``)."""


@asynccontextmanager
async def _transaction(conn: asyncpg.Connection) -> AsyncIterator[None]:
    """A transaction, rolled back on any error; a connection that cannot be rolled back is
    closed, so the pool never hands out one inside a transaction."""
    await conn.execute("BEGIN")
    try:
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


_FenceArrays = tuple[list[str | None], list[uuid.UUID | None], list[uuid.UUID | None],
                     list[float | None]]
"""Per event: the consumer, message id, holder and duration of its work lease, ``None`` if
unfenced."""


def _fence_arrays(events: Sequence[AnyEvent], fences: Sequence[Fence | None] | None
                  ) -> _FenceArrays:
    if fences is None:
        return [None] * len(events), [None] * len(events), [None] * len(events), \
            [None] * len(events)
    if len(fences) != len(events):
        raise ValueError("one fence (or None) per event")
    return ([f.consumer if f else None for f in fences],
            [f.event_id if f else None for f in fences],
            [f.holder if f else None for f in fences], [f.ttl_s if f else None for f in fences])


async def _append_in_one(conn: asyncpg.Connection, events: Sequence[AnyEvent], *,
                         outbox: bool, fences: _FenceArrays) -> list[Appended]:
    """Append ``events`` and project the new ones, on ``conn``: one call to the log, in
    its own implicit transaction when nothing is to be projected (an agent's events, the
    answer's deltas), else in a transaction with the projections."""
    if not any(projected(e) for e in events):
        return await _record_all(conn, events, outbox=outbox, fences=fences)
    async with _transaction(conn):
        return await _append(conn, events, outbox=outbox, fences=fences)


async def _append(conn: asyncpg.Connection, events: Sequence[AnyEvent], *, outbox: bool,
                  fences: _FenceArrays) -> list[Appended]:
    """The log's call, then the projections of what it recorded (inside a transaction)."""
    out = await _record_all(conn, events, outbox=outbox, fences=fences)
    new = [a.record for a in out if a.record is not None and a.status == "new"]
    for record in new:
        await project(conn, record.event, record.version)
    if any(isinstance(r.event, InvocationStarted) for r in new):
        # Its row was inserted by the projection just now, after the log's own touch.
        await touch_invocations(conn, [r.event for r in new])
    return out


async def _record_all(conn: asyncpg.Connection, events: Sequence[AnyEvent], *, outbox: bool,
                      fences: _FenceArrays) -> list[Appended]:
    payloads = [encode_event(e) for e in events]
    try:
        rows = await conn.fetch(
            _APPEND, [e.conversation_id for e in events], [e.event_id for e in events],
            [e.invocation_id for e in events], [e.tenant_id for e in events],
            [event_type(e) for e in events], [e.occurred_at for e in events], payloads,
            outbox, _TERMINAL, *fences)
    except asyncpg.PostgresError as e:
        if e.sqlstate == _STREAM_NOT_FOUND:
            raise StreamNotFound(e.args[0] if e.args else str(e)) from e
        if e.sqlstate == _TENANT_MISMATCH:
            raise TenantMismatch(e.args[0] if e.args else str(e)) from e
        raise
    out: list[Appended] = []
    for row in rows:
        event, status = events[row["r_index"] - 1], row["r_status"]
        if status in ("dropped", "fenced"):
            out.append(Appended(status=status, event=event))
            continue
        payload = payloads[row["r_index"] - 1] if status == "new" else bytes(row["r_payload"])
        record = Recorded(
            position=row["r_position"], version=row["r_version"],
            event=event if status == "new" else decode_event(payload), payload=payload,
            prev_hash=bytes(row["r_prev_hash"]), hash=bytes(row["r_hash"]),
            recorded_at=row["r_recorded_at"])
        out.append(Appended(status=status, event=record.event, record=record))
    return out
