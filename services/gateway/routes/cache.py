"""The semantic cache of a tenant, for its administrators: what it saved, and clearing it
(DESIGN §5d). Clearing is recorded in the tenant's configuration stream."""

from __future__ import annotations

import msgspec
from litestar import Controller, delete, get

from services.gateway.administration import apply_change
from services.gateway.auth import Caller
from services.gateway.catalogue import CacheClearing
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
        clearing = CacheClearing(CacheStore(gw.infra.pool))
        # The clearing and its record commit together: never one without the other.
        await apply_change(gw, caller, "cache", clearing)
        return CacheCleared(removed=clearing.removed)
