"""Fetching an external source: allowlisted hosts only, bounded in time and size, cached.

Every hop of a redirect chain is checked against the tenant's allowlist before it is
requested, so a source cannot lead the engine to a host the tenant did not allow, and every
connection only to a public address of that host (``connect``), so neither a host that now
resolves to a private address nor a redirect to one reaches the engine's own network. Responses
with an ``ETag`` or ``Last-Modified`` are kept in PostgreSQL (shared by every workers replica);
the next fetch sends ``If-None-Match`` / ``If-Modified-Since`` and a 304 serves the kept body.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from types import TracebackType

import asyncpg
import httpx
import msgspec

from services.workers.web.connect import Network, transport
from shared.sources.errors import (
    DisallowedHost,
    FetchFailed,
    FetchTimeout,
    ResponseTooLarge,
)
from shared.sources.store import host_of

__all__ = ["CachedResponse", "FetchConfig", "Fetched", "Fetcher", "HttpCache"]

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_ACCEPT = ("application/json, application/rss+xml, application/atom+xml, application/xml;q=0.9,"
           " text/html;q=0.8, */*;q=0.5")


@dataclass(frozen=True, kw_only=True)
class FetchConfig:
    """Limits on what the engine will fetch from an external source."""

    timeout_s: float = 8.0
    """The whole fetch of one source, redirects and body included."""
    max_bytes: int = 2 * 1024 * 1024
    """Largest (decoded) body accepted; anything bigger is refused, not truncated."""
    max_redirects: int = 5
    user_agent: str = "YourAI-Engine/0.1 (compliance information assistant)"
    private_networks: tuple[Network, ...] = ()
    """Loopback, private or link-local networks sources may still be fetched from; none by
    default, since a tenant's host can resolve to such an address at any time. Only where
    the sources there are trusted: tests serving fake sources on 127.0.0.1, or an operator's
    internal sources (``YOURAI_ALLOW_PRIVATE_SOURCES`` allows ``EVERY_NETWORK``)."""


class Fetched(msgspec.Struct, frozen=True, kw_only=True):
    url: str
    """Where the body came from, after any redirects."""
    body: bytes
    content_type: str = ""
    revalidated: bool = False
    """The server answered 304 Not Modified and the cached body was used."""


class CachedResponse(msgspec.Struct, frozen=True, kw_only=True):
    body: bytes
    content_type: str = ""
    etag: str | None = None
    last_modified: str | None = None


class HttpCache:
    """The last good response per tenant and URL, in PostgreSQL."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def get(self, tenant_id: str, url: str) -> CachedResponse | None:
        row = await self.pool.fetchrow(
            "SELECT body, content_type, etag, last_modified FROM external_http_cache"
            " WHERE tenant_id = $1 AND url = $2", tenant_id, url)
        return None if row is None else CachedResponse(**dict(row))

    async def put(self, tenant_id: str, url: str, response: CachedResponse) -> None:
        await self.pool.execute(
            "INSERT INTO external_http_cache (tenant_id, url, body, content_type, etag,"
            " last_modified) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id, url) DO"
            " UPDATE SET body = excluded.body, content_type = excluded.content_type,"
            " etag = excluded.etag, last_modified = excluded.last_modified, fetched_at = now()",
            tenant_id, url, response.body, response.content_type, response.etag,
            response.last_modified)


class Fetcher:
    """Fetches source URLs for a tenant; ``aclose`` (or ``async with``) releases connections."""

    def __init__(self, cache: HttpCache, config: FetchConfig | None = None) -> None:
        self.cache = cache
        self.config = config or FetchConfig()
        self._client: httpx.AsyncClient | None = None

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            # Redirects are followed by hand so each hop is checked against the allowlist;
            # proxies and certificates come from configuration, not from the environment.
            self._client = httpx.AsyncClient(
                timeout=httpx.Timeout(self.config.timeout_s), follow_redirects=False,
                trust_env=False,
                transport=transport(private_networks=self.config.private_networks),
                headers={"User-Agent": self.config.user_agent, "Accept": _ACCEPT},
            )
        return self._client

    async def fetch(self, tenant_id: str, url: str, allowed: frozenset[str]) -> Fetched:
        """The body at ``url``; raises an ``ExternalError`` subclass saying what went wrong."""
        limit = self.config.timeout_s
        try:
            async with asyncio.timeout(limit):
                return await self._follow(tenant_id, url, allowed)
        except (TimeoutError, httpx.TimeoutException) as e:
            raise FetchTimeout(f"It did not answer within {limit:g} seconds.") from e
        except httpx.HTTPError as e:
            raise FetchFailed(f"It could not be reached ({type(e).__name__}).") from e

    async def _follow(self, tenant_id: str, url: str, allowed: frozenset[str]) -> Fetched:
        for hop in range(self.config.max_redirects + 1):
            host = host_of(url)
            if host not in allowed:
                raise DisallowedHost(host, redirect=hop > 0)
            outcome = await self._get(tenant_id, url)
            if isinstance(outcome, Fetched):
                return outcome
            url = outcome
        raise FetchFailed(f"It redirected more than {self.config.max_redirects} times.")

    async def _get(self, tenant_id: str, url: str) -> Fetched | str:
        """One request: the response, or the address it redirects to."""
        cached = await self.cache.get(tenant_id, url)
        headers = {}
        if cached is not None and cached.etag:
            headers["If-None-Match"] = cached.etag
        if cached is not None and cached.last_modified:
            headers["If-Modified-Since"] = cached.last_modified
        async with self._http().stream("GET", url, headers=headers) as r:
            if r.status_code in _REDIRECTS:
                location = r.headers.get("location")
                if not location:
                    raise FetchFailed("It answered with a redirect but no address.")
                return str(r.url.join(location))
            if r.status_code == 304 and cached is not None:
                return Fetched(url=url, body=cached.body, content_type=cached.content_type,
                               revalidated=True)
            if r.status_code != 200:
                reason = f" {r.reason_phrase}" if r.reason_phrase else ""
                raise FetchFailed(f"It answered HTTP {r.status_code}{reason}.")
            body = await self._read(r)
            etag, modified = r.headers.get("etag"), r.headers.get("last-modified")
            content_type = r.headers.get("content-type", "")
        if etag or modified:
            await self.cache.put(tenant_id, url, CachedResponse(
                body=body, content_type=content_type, etag=etag, last_modified=modified))
        return Fetched(url=url, body=body, content_type=content_type)

    async def _read(self, response: httpx.Response) -> bytes:
        cap = self.config.max_bytes
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > cap:
            raise ResponseTooLarge(f"Its response ({int(declared):,} bytes) is larger than the "
                                   f"{cap:,} bytes accepted from an external source.")
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > cap:
                raise ResponseTooLarge(f"Its response is larger than the {cap:,} bytes accepted "
                                       "from an external source.")
        return bytes(body)
