"""Reading the tenant's external sources: safe fetching, feeds, pages, JSON items, ranking."""

from services.workers.web.connect import EVERY_NETWORK
from services.workers.web.fetch import CachedResponse, FetchConfig, Fetched, Fetcher, HttpCache
from services.workers.web.items import ExternalItem
from services.workers.web.ranking import rank
from services.workers.web.reader import read_items

__all__ = [
    "EVERY_NETWORK",
    "CachedResponse",
    "ExternalItem",
    "FetchConfig",
    "Fetched",
    "Fetcher",
    "HttpCache",
    "rank",
    "read_items",
]
