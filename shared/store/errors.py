"""Event store errors, named by cause; driver errors are translated here, once."""


class StoreError(Exception):
    """Root of every event store error."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or refused the operation transiently; retry later."""


class StreamNotFound(StoreError):
    """An event was appended to a conversation that was never created."""


class TenantMismatch(StoreError):
    """An event names a tenant other than the one that owns its conversation."""
