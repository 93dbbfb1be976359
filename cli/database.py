"""The database a command works on: the configured one, or an embedded one under the data dir."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import asyncpg

from services.engine import SCHEMA
from shared.config import Settings
from shared.embedded import start_postgres
from shared.store import connect_pool, migrate

__all__ = ["open_pool"]


@contextlib.asynccontextmanager
async def open_pool(settings: Settings, *, max_size: int = 2,
                    run_migrations: bool = False) -> AsyncIterator[asyncpg.Pool]:
    """A pool on ``settings.database_url``, or on PostgreSQL embedded under ``data_dir``."""
    with contextlib.ExitStack() as stack:
        dsn = settings.database_url or start_postgres(stack, settings.data_dir.resolve() / "pg")
        pool = await connect_pool(dsn, max_size=max_size)
        try:
            if run_migrations:
                await migrate(pool, SCHEMA)
            yield pool
        finally:
            await pool.close()
