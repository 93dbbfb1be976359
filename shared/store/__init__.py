"""The event store: PostgreSQL is the source of truth (DESIGN §3)."""

from shared.store._chain import ChainBreak, ChainRow, link_hash, verify_chain
from shared.store.errors import (
    ConnectionBudgetExceeded,
    StoreError,
    StoreUnavailable,
    StreamNotFound,
    TenantMismatch,
    store_errors,
)
from shared.store.postgres import (
    Appended,
    Connection,
    PostgresEventStore,
    Recorded,
    connect_pool,
    migrate,
)
from shared.store.projections import answer_message_id, rebuild_projections

__all__ = [
    "Appended",
    "ChainBreak",
    "ChainRow",
    "Connection",
    "ConnectionBudgetExceeded",
    "PostgresEventStore",
    "Recorded",
    "StoreError",
    "StoreUnavailable",
    "StreamNotFound",
    "TenantMismatch",
    "answer_message_id",
    "connect_pool",
    "link_hash",
    "migrate",
    "rebuild_projections",
    "store_errors",
    "verify_chain",
]
