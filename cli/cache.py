"""``yourai cache``: a tenant's semantic cache, straight in PostgreSQL (an operator's tool; a
tenant administrator uses ``DELETE /v1/cache``). A clearing is recorded in the tenant's
configuration log as the operator's, in the clearing's own transaction, as the API does."""

from __future__ import annotations

import argparse

from cli.operator import change_as_operator, operator_pool
from services.gateway.app import CacheClearing
from shared.cache.savings import savings
from shared.cache.store import CacheStore
from shared.config import Settings

__all__ = ["cache_command"]


async def cache_command(settings: Settings, args: argparse.Namespace) -> int:
    async with operator_pool(settings) as pool:
        store = CacheStore(pool)
        if args.cache_command == "clear":
            clearing = CacheClearing(store)
            await change_as_operator(pool, args.tenant, "cache", clearing)
            removed = clearing.removed
            print(f"Removed {removed} cached answer{'' if removed == 1 else 's'} "
                  f"of {args.tenant}.")
            return 0
        s = await savings(pool, args.tenant)
        print(f"{args.tenant}: {await store.count(args.tenant)} cached answers; "
              f"{s.hits} of {s.answered} answers from the cache ({s.hit_rate:.0%}); "
              f"saved {s.input_tokens_saved + s.output_tokens_saved:,} model tokens and "
              f"{s.milliseconds_saved / 1000:,.1f} s")
        return 0
