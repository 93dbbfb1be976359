"""The semantic cache of a tenant, for its administrators: what it saved, and clearing it
(DESIGN §5d). Clearing is recorded in the tenant's configuration stream."""

from __future__ import annotations

import msgspec
from litestar import Controller, delete, get

from services.gateway.auth import Caller
from services.gateway.configuration import configuration_change
from services.gateway.state import Gateway
from shared.cache.savings import Savings, savings
from shared.cache.store import CacheStore

__all__ = ["CacheController"]


class CacheStats(msgspec.Struct, frozen=True, kw_only=True):
    entries: int
    """Answers the cache holds now."""
    savings: Savings


class CacheCleared(msgspec.Struct, frozen=True, kw_only=True):
    removed: int


class CacheController(Controller):
    path = "/v1/cache"
    tags = ("cache",)

    @get("/stats", summary="The organisation's cache: entries, hit rate, tokens and time "
         "saved (administrators)")
    async def stats(self, gw: Gateway, caller: Caller) -> CacheStats:
        caller.require("admin")
        return CacheStats(entries=await CacheStore(gw.infra.pool).count(caller.tenant_id),
                          savings=await savings(gw.infra.pool, caller.tenant_id))

    @delete("/", status_code=200, summary="Clear the organisation's cache (administrators); "
            "recorded in its configuration log")
    async def clear(self, gw: Gateway, caller: Caller) -> CacheCleared:
        caller.require("admin")
        removed = await CacheStore(gw.infra.pool).clear(caller.tenant_id)
        await gw.record(configuration_change(caller, "cache", before={"entries": removed},
                                             after={"entries": 0}))
        return CacheCleared(removed=removed)
