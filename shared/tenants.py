"""Per-tenant configuration, with the engine's defaults for a tenant not configured yet.

The services read it from PostgreSQL on every invocation, so a change an administrator makes
(``/v1/tenant``) applies to the next question without a restart. ``TenantChanges`` is what an
administrator may change, checked here so that a bad value is refused before anything is
written.
"""

from __future__ import annotations

import uuid
from collections import OrderedDict
from typing import get_args

import asyncpg
import msgspec

from shared.store import Connection, store_errors
from shared.tenant_models import TenantModels, stored_models
from shared.text.validation import InvalidText, checked_text
from shared.verification.context import Jurisdiction

__all__ = [
    "ConfigurationConflict",
    "ConfigurationError",
    "InvalidConfiguration",
    "InvocationSettings",
    "TenantChanges",
    "TenantConfig",
    "TenantStore",
    "UnknownItem",
    "checked_field",
    "invocation_settings",
]

NAME_MAX = 200
DISCLAIMER_MAX = 2_000
RATE_LIMIT_MAX = 100_000
CACHE_TTL_MAX_DAYS = 366
"""A year and a day: a cached answer older than that should be asked afresh."""


class ConfigurationError(Exception):
    """Root of the errors of a tenant's configuration; each message is a sentence."""


class InvalidConfiguration(ConfigurationError):
    """A value cannot be used (too long, unknown, blank, naming something missing)."""


class ConfigurationConflict(ConfigurationError):
    """The change contradicts what is configured (a duplicate, or an item still in use)."""


class UnknownItem(ConfigurationError):
    """No such persona, skill or source in this tenant."""


class TenantConfig(msgspec.Struct, frozen=True, kw_only=True):
    tenant_id: str
    name: str
    jurisdiction: str = "england"
    disclaimer: str | None = None
    """The tenant's mandatory disclaimer; ``None`` means the engine's default."""
    testing_mode: bool = False
    rate_limit_per_minute: int | None = None
    """Messages the tenant may post per minute; ``None`` means the engine's setting."""
    default_persona: str | None = None
    """The persona of a message that names none; ``None``: no persona."""
    cache_ttl_days: int = 30
    """How long a verified answer may be reused from the semantic cache (DESIGN §5d); 0
    turns the cache off."""
    monthly_budget: str | None = None
    """The most the tenant's model calls may cost in a calendar month (UTC), a decimal string
    in its price table's currency; ``None``: no budget. Set with ``set_budget``."""


class TenantChanges(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A partial update of a tenant by its administrator; an absent field is unchanged,
    ``null`` returns a field to the engine's default."""

    name: str | msgspec.UnsetType = msgspec.UNSET
    jurisdiction: str | msgspec.UnsetType = msgspec.UNSET
    disclaimer: str | msgspec.UnsetType | None = msgspec.UNSET
    testing_mode: bool | msgspec.UnsetType = msgspec.UNSET
    rate_limit_per_minute: int | msgspec.UnsetType | None = msgspec.UNSET
    default_persona: str | msgspec.UnsetType | None = msgspec.UNSET
    cache_ttl_days: int | msgspec.UnsetType = msgspec.UNSET

    def applied_to(self, config: TenantConfig) -> TenantConfig:
        """``config`` with these changes, each checked; raises ``InvalidConfiguration``."""
        changes = {f: getattr(self, f) for f in self.__struct_fields__
                   if getattr(self, f) is not msgspec.UNSET}
        if "name" in changes:
            changes["name"] = checked_field(self.name, "The name", NAME_MAX)
        if isinstance(self.disclaimer, str):
            changes["disclaimer"] = checked_field(self.disclaimer, "The disclaimer",
                                                  DISCLAIMER_MAX)
        if "jurisdiction" in changes and self.jurisdiction not in get_args(Jurisdiction):
            raise InvalidConfiguration(
                f"{self.jurisdiction!r} is not a jurisdiction; choose one of "
                f"{', '.join(get_args(Jurisdiction))}.")
        limit = self.rate_limit_per_minute
        if isinstance(limit, int) and not 1 <= limit <= RATE_LIMIT_MAX:
            raise InvalidConfiguration(f"The rate limit must be from 1 to {RATE_LIMIT_MAX} "
                                       f"messages a minute, not {limit}.")
        ttl = self.cache_ttl_days
        if isinstance(ttl, int) and not 0 <= ttl <= CACHE_TTL_MAX_DAYS:
            raise InvalidConfiguration(f"The cache lifetime must be from 0 (no cache) to "
                                       f"{CACHE_TTL_MAX_DAYS} days, not {ttl}.")
        return msgspec.structs.replace(config, **changes)


def checked_field(value: object, field: str, most: int, *, blank_ok: bool = False) -> str:
    """A text field, stripped, checked for control characters and at most ``most``
    characters; raises ``InvalidConfiguration`` naming ``field``."""
    if not isinstance(value, str):
        raise InvalidConfiguration(f"{field} must be text.")
    try:
        text = checked_text(value, field=field, blank_ok=blank_ok).strip()
    except InvalidText as e:
        raise InvalidConfiguration(str(e)) from e
    if len(text) > most:
        raise InvalidConfiguration(f"{field} is {len(text)} characters; the limit is {most}.")
    return text


_COLUMNS = ("tenant_id, name, jurisdiction, disclaimer, testing_mode, rate_limit_per_minute,"
            " default_persona, cache_ttl_days, monthly_budget")


class TenantStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def get(self, tenant_id: str) -> TenantConfig:
        async with store_errors("tenant configuration"):
            row = await self.pool.fetchrow(
                f"SELECT {_COLUMNS} FROM tenants WHERE tenant_id = $1", tenant_id)
        if row is None:
            return TenantConfig(tenant_id=tenant_id, name=tenant_id)
        return TenantConfig(**dict(row))

    async def put(self, config: TenantConfig) -> None:
        """Set the tenant's name, jurisdiction, disclaimer and testing mode (the sample
        loader's fields); what an administrator set through the API is kept."""
        await self.pool.execute(
            "INSERT INTO tenants (tenant_id, name, jurisdiction, disclaimer, testing_mode)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id) DO UPDATE"
            " SET name = excluded.name, jurisdiction = excluded.jurisdiction,"
            " disclaimer = excluded.disclaimer, testing_mode = excluded.testing_mode,"
            " updated_at = now()",
            config.tenant_id, config.name, config.jurisdiction, config.disclaimer,
            config.testing_mode,
        )

    @staticmethod
    async def locked(conn: Connection, tenant_id: str) -> TenantConfig:
        """The tenant's configuration, its row locked until ``conn``'s transaction ends (a
        row is made for a tenant not configured yet, so that there is one to lock)."""
        await conn.execute(
            "INSERT INTO tenants (tenant_id, name) VALUES ($1, $1) ON CONFLICT DO NOTHING",
            tenant_id)
        row = await conn.fetchrow(
            f"SELECT {_COLUMNS} FROM tenants WHERE tenant_id = $1 FOR UPDATE", tenant_id)
        assert row is not None, "inserted above"
        return TenantConfig(**dict(row))

    @staticmethod
    async def write(conn: Connection, config: TenantConfig) -> None:
        """Store every field of ``config`` in ``conn``'s transaction."""
        await conn.execute(
            "UPDATE tenants SET name = $2, jurisdiction = $3, disclaimer = $4,"
            " testing_mode = $5, rate_limit_per_minute = $6, default_persona = $7,"
            " cache_ttl_days = $8, updated_at = now() WHERE tenant_id = $1",
            config.tenant_id, config.name, config.jurisdiction, config.disclaimer,
            config.testing_mode, config.rate_limit_per_minute, config.default_persona,
            config.cache_ttl_days)

    async def set_budget(self, tenant_id: str, monthly_budget: str | None) -> None:
        """Set (or, with ``None``, remove) the monthly budget; the rest is left alone."""
        await self.pool.execute(
            "INSERT INTO tenants (tenant_id, name, monthly_budget) VALUES ($1, $1, $2)"
            " ON CONFLICT (tenant_id) DO UPDATE SET monthly_budget = excluded.monthly_budget,"
            " updated_at = now()", tenant_id, monthly_budget)


class InvocationSettings(msgspec.Struct, frozen=True, kw_only=True):
    """A tenant's configuration and models as one invocation uses them throughout."""

    tenant: TenantConfig
    models: TenantModels


SNAPSHOTS = 256
"""Invocations whose settings this process keeps; the least recently used go first."""
_snapshots: OrderedDict[uuid.UUID, InvocationSettings] = OrderedDict()


async def invocation_settings(pool: asyncpg.Pool, tenant_id: str, invocation_id: uuid.UUID
                              ) -> InvocationSettings:
    """The tenant's settings for ``invocation_id``: read (configuration and models in one
    query) the first time a service of this process asks, then the same snapshot for the
    invocation's other steps and services here.

    Why a snapshot per invocation and not per process: a change made through the API applies
    to the next question, and a process-wide cache would need an invalidation as prompt as
    that promise; an invocation started before the change keeps what it began with, in every
    step (before, each step read afresh, so one invocation could mix the two). Another
    process reads its own snapshot, at its first step of the invocation.
    """
    known = _snapshots.get(invocation_id)
    if known is not None and known.tenant.tenant_id == tenant_id:
        _snapshots.move_to_end(invocation_id)
        return known
    async with store_errors("tenant configuration"):
        row = await pool.fetchrow(
            f"SELECT {', '.join(f't.{c.strip()}' for c in _COLUMNS.split(','))},"
            " m.models::text AS models, m.prices::text AS prices"
            " FROM (SELECT $1::text AS id) k LEFT JOIN tenants t ON t.tenant_id = k.id"
            " LEFT JOIN tenant_models m ON m.tenant_id = k.id", tenant_id)
    assert row is not None  # one row, always
    fields = dict(row)
    models = stored_models(fields.pop("models"), fields.pop("prices"))
    tenant = (TenantConfig(**fields) if fields["tenant_id"] is not None
              else TenantConfig(tenant_id=tenant_id, name=tenant_id))
    settings = _snapshots[invocation_id] = InvocationSettings(tenant=tenant, models=models)
    while len(_snapshots) > SNAPSHOTS:
        _snapshots.popitem(last=False)
    return settings
