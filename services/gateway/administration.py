"""One administrator's change, applied and recorded in one transaction.

Every change to a tenant's configuration locks the tenant's row (so two administrators'
changes are serialised and checks such as "no persona names this skill" hold), applies the
change, and appends its ``configuration.changed`` record in the same transaction: either both
are committed or neither is. The outbox sweep publishes the record. The services read the
configuration from PostgreSQL on every invocation, so the next question sees the change.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg
import msgspec

from services.gateway.auth import Caller
from services.gateway.configuration import configuration_change
from services.gateway.errors import BadInput, Forbidden
from services.gateway.state import Gateway
from shared.cache.store import CacheStore
from shared.events import ConfigurationSection
from shared.store import Appended, Connection, PostgresEventStore, store_errors
from shared.tenants import TenantConfig, TenantStore, UnknownItem

__all__ = ["Change", "apply_change", "configuration_reader", "decoded", "known_id",
           "recorded_change", "snapshot"]

_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_ANSWER_SETTINGS = ("name", "disclaimer")
"""The tenant's settings written into every answer (its prompt and its closing lines)."""
B = TypeVar("B", bound="msgspec.Struct | None")
A = TypeVar("A", bound="msgspec.Struct | None")
S = TypeVar("S", bound=msgspec.Struct)

Change = Callable[[Connection, TenantConfig], Awaitable[tuple[B, A]]]
"""Applies a change in the open transaction, given the tenant's locked configuration, and
returns the item before and after (``None`` before a creation, after a removal)."""


def snapshot(item: msgspec.Struct | None) -> dict[str, Any] | None:
    """An item as the configuration stream records it."""
    return None if item is None else msgspec.to_builtins(item)


def known_id(value: str, what: str) -> str:
    """A path's id, if it could name a ``what``; anything else (NUL, spaces, capitals) names
    nothing, so it is the same 404 without a query."""
    if not _ID.fullmatch(value):
        raise UnknownItem(f"There is no {what} {value!r}.")
    return value


def decoded(body: dict[str, Any], kind: type[S]) -> S:
    """A request body as ``kind``; unknown fields and wrong types are a 400 naming them."""
    try:
        return msgspec.convert(body, kind)
    except msgspec.ValidationError as e:
        raise BadInput(f"Invalid request: {e}.") from e


def configuration_reader(caller: Caller) -> Caller:
    """``caller``, if they may read the tenant's configuration: an administrator or an
    auditor; otherwise a 403."""
    if not (caller.has("admin") or caller.has("auditor")):
        raise Forbidden("This needs the role of an administrator or an auditor of the "
                        "organisation.")
    return caller


async def apply_change(gw: Gateway, caller: Caller, section: ConfigurationSection,
                       change: Change[B, A], *, key: str = "") -> A:
    """Run ``change`` as ``caller`` (who must be an administrator) and record it; returns
    the item after the change."""
    caller.require("admin")
    return await recorded_change(gw.infra.pool, gw.infra.store, caller, section, change,
                                 key=key, published=gw.writer.publish)


async def recorded_change(pool: asyncpg.Pool, store: PostgresEventStore, caller: Caller,
                          section: ConfigurationSection, change: Change[B, A], *,
                          key: str = "",
                          published: Callable[[list[Appended]], Awaitable[None]] | None = None
                          ) -> A:
    """Run ``change`` and append its record in one transaction, evicting the cached answers
    it makes stale; the API (``apply_change``) and the operator's CLI (as ``cli:<user>``)
    both change a configuration through here, so each change is recorded the same way.

    ``published``: publishes the record once committed (the gateway's log writer); without
    it, or if NATS is away, the outbox sweep of any running process publishes it."""
    appended: list[Appended] = []
    async with store_errors("tenant configuration"), pool.acquire() as conn, \
            conn.transaction():
        tenant = await TenantStore.locked(conn, caller.tenant_id)
        before, after = await change(conn, tenant)
        if before != after:
            appended = await store.append(configuration_change(
                caller, section, key=key, before=snapshot(before), after=snapshot(after)),
                outbox=True, within=conn)
            await _stale_answers_evicted(pool, conn, caller.tenant_id, section, key, before,
                                         after)
    if appended and published is not None:
        await published(appended)
    return after


async def _stale_answers_evicted(pool: asyncpg.Pool, conn: Connection, tenant_id: str,
                                 section: ConfigurationSection, key: str,
                                 before: msgspec.Struct | None,
                                 after: msgspec.Struct | None) -> None:
    """A cached answer carries the configuration that wrote it (the disclaimer, the
    persona's style, the skills' instructions): when that changes, the answers it shaped
    leave the cache in the same transaction, so the next question shows the change
    (DESIGN §5d)."""
    cache = CacheStore(pool)
    if section == "persona":
        await cache.evict_persona(tenant_id, key, conn=conn)
    elif section == "skill" or (section == "tenant" and any(
            getattr(before, f, None) != getattr(after, f, None) for f in _ANSWER_SETTINGS)):
        await cache.clear(tenant_id, conn=conn)
