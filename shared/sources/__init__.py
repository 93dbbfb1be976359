"""External knowledge sources a tenant configures (the CLI writes them, the workers read them)."""

from shared.sources.errors import (
    DisallowedHost,
    ExternalError,
    FetchFailed,
    FetchTimeout,
    InvalidHost,
    InvalidSource,
    MalformedContent,
    RefusedAddress,
    ResponseTooLarge,
)
from shared.sources.store import (
    ExternalSource,
    ExternalSourceStore,
    SourceKind,
    check_url,
    host_of,
    normalise_host,
    public_host,
)

__all__ = [
    "DisallowedHost",
    "ExternalError",
    "ExternalSource",
    "ExternalSourceStore",
    "FetchFailed",
    "FetchTimeout",
    "InvalidHost",
    "InvalidSource",
    "MalformedContent",
    "RefusedAddress",
    "ResponseTooLarge",
    "SourceKind",
    "check_url",
    "host_of",
    "normalise_host",
    "public_host",
]
