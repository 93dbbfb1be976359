"""``yourai cache``: a tenant's semantic cache, straight in PostgreSQL (an operator's tool; a
tenant administrator uses ``DELETE /v1/cache``, which the configuration log records)."""

from __future__ import annotations

import argparse

from cli.database import open_pool
from cli.errors import CliError
from shared.cache.savings import savings
from shared.cache.store import CacheStore
from shared.config import Settings
from shared.store import StoreUnavailable

__all__ = ["cache_command"]


async def cache_command(settings: Settings, args: argparse.Namespace) -> int:
    try:
        async with open_pool(settings, run_migrations=True) as pool:
            store = CacheStore(pool)
            if args.cache_command == "clear":
                removed = await store.clear(args.tenant)
                print(f"Removed {removed} cached answer{'' if removed == 1 else 's'} "
                      f"of {args.tenant}.")
                return 0
            s = await savings(pool, args.tenant)
            print(f"{args.tenant}: {await store.count(args.tenant)} cached answers; "
                  f"{s.hits} of {s.answered} answers from the cache ({s.hit_rate:.0%}); "
                  f"saved {s.input_tokens_saved + s.output_tokens_saved:,} model tokens and "
                  f"{s.milliseconds_saved / 1000:,.1f} s")
            return 0
    except StoreUnavailable as e:
        raise CliError(f"cannot reach the database: {e}") from e
