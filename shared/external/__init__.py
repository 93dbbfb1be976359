"""External knowledge sources: per-tenant configuration, safe fetching, reading and ranking."""

from shared.external.errors import (
    DisallowedHost,
    ExternalError,
    FetchFailed,
    FetchTimeout,
    InvalidSource,
    MalformedContent,
    ResponseTooLarge,
)
from shared.external.fetch import CachedResponse, FetchConfig, Fetched, Fetcher, HttpCache
from shared.external.items import ExternalItem
from shared.external.ranking import rank
from shared.external.reader import read_items
from shared.external.sources import (
    ExternalSource,
    ExternalSourceStore,
    SourceKind,
    check_url,
    host_of,
    normalise_host,
)

__all__ = [
    "CachedResponse",
    "DisallowedHost",
    "ExternalError",
    "ExternalItem",
    "ExternalSource",
    "ExternalSourceStore",
    "FetchConfig",
    "FetchFailed",
    "FetchTimeout",
    "Fetched",
    "Fetcher",
    "HttpCache",
    "InvalidSource",
    "MalformedContent",
    "ResponseTooLarge",
    "SourceKind",
    "check_url",
    "host_of",
    "normalise_host",
    "rank",
    "read_items",
]
