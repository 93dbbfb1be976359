"""The operator running the CLI, as the configuration log records them, and a change made
in the tenant's configuration the way the API makes it (``recorded_change``)."""

from __future__ import annotations

import contextlib
import os
import pwd
from collections.abc import AsyncIterator
from typing import TypeVar

import asyncpg
import msgspec

from cli.database import open_pool
from cli.errors import CliError
from services.gateway.app import Caller, Change, recorded_change
from shared.config import Settings
from shared.events import ConfigurationSection
from shared.store import PostgresEventStore, StoreUnavailable
from shared.tenants import ConfigurationError

__all__ = ["change_as_operator", "operator", "operator_pool"]

B = TypeVar("B", bound="msgspec.Struct | None")
A = TypeVar("A", bound="msgspec.Struct | None")


def operator(tenant_id: str) -> Caller:
    """Who a CLI change is recorded as: ``cli:`` and the operating-system account that ran
    it, an administrator of ``tenant_id``."""
    try:
        login = pwd.getpwuid(os.getuid()).pw_name
    except KeyError:  # an account with no name (a container's bare uid)
        login = f"uid-{os.getuid()}"
    return Caller(tenant_id=tenant_id, user_id=f"cli:{login}", roles=frozenset({"admin"}))


@contextlib.asynccontextmanager
async def operator_pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    """The database, migrated; an unreachable one is a CLI error, not a traceback."""
    try:
        async with open_pool(settings, run_migrations=True) as pool:
            yield pool
    except StoreUnavailable as e:
        raise CliError(f"cannot reach the database: {e}") from e


async def change_as_operator(pool: asyncpg.Pool, tenant_id: str,
                             section: ConfigurationSection, change: Change[B, A], *,
                             key: str = "") -> A:
    """``change``, applied and recorded in one transaction as ``operator(tenant_id)``; a
    change the domain refuses is a CLI error saying why."""
    try:
        return await recorded_change(pool, PostgresEventStore(pool), operator(tenant_id),
                                     section, change, key=key)
    except ConfigurationError as e:
        raise CliError(str(e)) from e
