"""Event store errors, named by cause; driver errors are translated here, once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

__all__ = ["UNAVAILABLE", "ConnectionBudgetExceeded", "StoreError", "StoreUnavailable",
           "StreamNotFound", "TenantMismatch", "store_errors"]

UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, unreachable; TimeoutError too
    asyncpg.exceptions.InterfaceError,  # the pool or connection is closed or closing
    asyncpg.exceptions.PostgresConnectionError,  # class 08: the connection failed or was lost
    asyncpg.exceptions.OperatorInterventionError,  # class 57: shutting down, starting up
    asyncpg.exceptions.InsufficientResourcesError,  # class 53: too many connections, disk full
)
"""Driver errors that mean "PostgreSQL cannot serve this now", not "this request is wrong"."""


class StoreError(Exception):
    """Root of every event store error."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or refused the operation transiently; retry later."""


class ConnectionBudgetExceeded(StoreError):
    """A pool larger than the connections the server allows at all: it could never fill."""


class StreamNotFound(StoreError):
    """An event was appended to a conversation that was never created."""


class TenantMismatch(StoreError):
    """An event names a tenant other than the one that owns its conversation."""


@asynccontextmanager
async def store_errors(what: str = "PostgreSQL") -> AsyncIterator[None]:
    """Inside a store adapter: driver errors of an unavailable database become
    ``StoreUnavailable``, so callers (the gateway's 503, the runtime's retry) see one cause."""
    try:
        yield
    except UNAVAILABLE as e:
        raise StoreUnavailable(f"{what} unavailable: {e or type(e).__name__}") from e
