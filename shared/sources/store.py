"""Which external sources a tenant has configured, and which hosts it allows them to use."""

from __future__ import annotations

import builtins
import ipaddress
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Literal, get_args

import asyncpg
import httpx
import msgspec

from shared.sources.addresses import Address, refusal
from shared.sources.errors import DisallowedHost, InvalidHost, InvalidSource
from shared.store import Connection

__all__ = [
    "ExternalSource",
    "ExternalSourceStore",
    "SourceKind",
    "check_url",
    "host_of",
    "normalise_host",
    "public_host",
]

SourceKind = Literal["json", "feed", "html"]
_KINDS: tuple[str, ...] = get_args(SourceKind)
_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_COLUMNS = ("tenant_id, source_id, name, kind, url, enabled, items_path, id_field, title_field,"
            " text_field, url_field, date_field")


class ExternalSource(msgspec.Struct, frozen=True, kw_only=True):
    """One configured source; its items are cited as ``ext:<source_id>/<item id>``."""

    tenant_id: str
    source_id: str
    """A short slug such as ``rsh`` or ``ombudsman``."""
    name: str
    kind: SourceKind
    url: str
    enabled: bool = True
    items_path: str = ""
    """JSON APIs: dotted path to the list of items; empty when the document is the list."""
    id_field: str = "id"
    title_field: str = "title"
    text_field: str = "text"
    url_field: str = "url"
    date_field: str = "published"


def normalise_host(host: str) -> str:
    """A host name as the allowlist holds it: lower case, no trailing dot (as ``host_of``
    gives it).

    A full URL is accepted too (``https://www.gov.uk/x`` gives ``www.gov.uk``), since that is
    what an administrator tends to paste; without a scheme a bare host is expected, so a port,
    a path or a user name in it is refused rather than guessed at.
    """
    text = host.strip()
    if "://" in text:
        return host_of(text)
    if "@" in text:
        raise InvalidHost("A host name cannot carry a user name or password: sources are "
                          "fetched without credentials, so give the bare name, such as "
                          "'www.gov.uk'.")
    if not text or any(c in text for c in "/?#\\") or any(
            c.isspace() or not c.isprintable() for c in text):
        raise InvalidHost(f"{host!r} is not a host name: give a bare name such as "
                          "'www.gov.uk', or the full address of a page.")
    try:  # an IPv6 address may come without its brackets
        text = f"[{ipaddress.IPv6Address(text)}]"
    except ValueError:
        if ":" in text.removeprefix("[").split("]", 1)[-1]:
            raise InvalidHost(f"{host!r} is not a host name: give it without a port, such as "
                              "'www.gov.uk'.") from None
    return host_of(f"http://{text}/")


def host_of(url: str) -> str:
    """The normalised host of an http or https URL; anything else is refused."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError) as e:
        raise InvalidSource(f"{url!r} is not a valid web address.") from e
    if parsed.scheme not in ("http", "https"):
        raise InvalidSource(f"{url!r} is not an http or https address; only those are fetched.")
    if parsed.userinfo:
        raise InvalidHost(f"{_redacted(parsed)!r} carries a user name or password: sources are "
                          "fetched without credentials, so give the address without them.")
    host = parsed.host.lower().removesuffix(".")
    if not host:
        raise InvalidSource(f"{url!r} has no host.")
    return _checked_name(host)


def _redacted(url: httpx.URL) -> str:
    """``url`` without its credentials, fit to quote back in an error."""
    return str(url.copy_with(username=None, password=None))


_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")


def _checked_name(host: str) -> str:
    """``host`` if it is an IP address or a well-formed DNS name: labels of 1 to 63 letters,
    digits or hyphens (not at either end), 253 characters at most; international names are
    judged in their ASCII (punycode) form. Wildcards, empty labels and stray characters are
    refused: the allowlist names exact hosts."""
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    try:
        ascii_name = host.encode("idna").decode("ascii")
    except UnicodeError:
        ascii_name = ""
    labels = ascii_name.split(".")
    if not ascii_name or len(ascii_name) > 253 or not all(_LABEL.fullmatch(x) for x in labels):
        raise InvalidHost(f"{host!r} is not a valid host name: each part between dots must be "
                          "1 to 63 letters, digits or hyphens, such as 'www.gov.uk'.")
    return host


_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".home.arpa", ".lan")


def public_host(host: str) -> str:
    """``host`` (normalised), if an organisation's administrator may allow it: a name on the
    public internet or a globally routable address. The engine fetches from inside its own
    network, so a loopback, private or link-local address (a cloud's metadata service at
    169.254.169.254), a one-label or local name, or a number written as a name (``127.1``)
    would let a tenant read what only the engine can reach; the operator alone may allow
    those (``yourai sources``)."""
    bare = host.strip("[]")
    try:
        address: Address | None = ipaddress.ip_address(bare)
    except ValueError:
        address = None
    last = bare.rsplit(".", 1)[-1]
    local = (bare == "localhost" or bare.endswith(_LOCAL_SUFFIXES) or "." not in bare
             or last.isdigit() or last.startswith("0x"))
    if (address is not None and refusal(address)) or (address is None and local):
        raise InvalidSource(f"{host!r} is not a public host: the engine does not fetch from "
                            "local or private addresses for an organisation.")
    return host


def check_url(url: str, allowed: frozenset[str]) -> str:
    """The URL's host when it is on the allowlist; otherwise ``DisallowedHost``."""
    host = host_of(url)
    if host not in allowed:
        raise DisallowedHost(host)
    return host


def _validate(source: ExternalSource) -> None:
    if not _SLUG.fullmatch(source.source_id):
        raise InvalidSource(f"{source.source_id!r} is not a usable source id: use up to 40 "
                            "lower-case letters, digits, hyphens or underscores, such as 'rsh'.")
    if source.kind not in _KINDS:
        raise InvalidSource(f"{source.kind!r} is not a kind of source; choose one of "
                            f"{', '.join(_KINDS)}.")
    if not source.name.strip():
        raise InvalidSource("A source needs a name, such as 'Regulator of Social Housing'.")
    host_of(source.url)


class ExternalSourceStore:
    """Sources and allowed hosts per tenant, in PostgreSQL; one tenant never sees another's.

    A change takes ``conn``, an open transaction, when it must commit with something else
    (the administration API's ``configuration.changed`` record)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    @asynccontextmanager
    async def _tx(self, conn: Connection | None) -> AsyncIterator[Connection]:
        if conn is not None:
            yield conn
            return
        async with self.pool.acquire() as own, own.transaction():
            yield own

    async def allow_host(self, tenant_id: str, host: str, *,
                         conn: Connection | None = None) -> str:
        name = normalise_host(host)
        await (conn or self.pool).execute(
            "INSERT INTO tenant_allowed_hosts (tenant_id, host) VALUES ($1, $2)"
            " ON CONFLICT DO NOTHING", tenant_id, name)
        return name

    async def disallow_host(self, tenant_id: str, host: str, *,
                            conn: Connection | None = None) -> bool:
        status = await (conn or self.pool).execute(
            "DELETE FROM tenant_allowed_hosts WHERE tenant_id = $1 AND host = $2",
            tenant_id, normalise_host(host))
        return bool(status.endswith(" 1"))

    async def allowed_hosts(self, tenant_id: str) -> frozenset[str]:
        rows = await self.pool.fetch(
            "SELECT host FROM tenant_allowed_hosts WHERE tenant_id = $1", tenant_id)
        return frozenset(r["host"] for r in rows)

    async def put(self, source: ExternalSource, *, conn: Connection | None = None) -> None:
        """Add or replace a source; its host must already be on the tenant's allowlist."""
        _validate(source)
        async with self._tx(conn) as conn:
            allowed = await conn.fetchval(
                "SELECT true FROM tenant_allowed_hosts WHERE tenant_id = $1 AND host = $2",
                source.tenant_id, host_of(source.url))
            if not allowed:
                raise DisallowedHost(host_of(source.url))
            await conn.execute(
                f"INSERT INTO external_sources ({_COLUMNS}) VALUES"
                " ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
                " ON CONFLICT (tenant_id, source_id) DO UPDATE SET name = excluded.name,"
                " kind = excluded.kind, url = excluded.url, enabled = excluded.enabled,"
                " items_path = excluded.items_path, id_field = excluded.id_field,"
                " title_field = excluded.title_field, text_field = excluded.text_field,"
                " url_field = excluded.url_field, date_field = excluded.date_field,"
                " updated_at = now()",
                *(getattr(source, c.strip()) for c in _COLUMNS.split(",")),
            )

    async def get(self, tenant_id: str, source_id: str, *,
                  conn: Connection | None = None) -> ExternalSource | None:
        row = await (conn or self.pool).fetchrow(
            f"SELECT {_COLUMNS} FROM external_sources WHERE tenant_id = $1 AND source_id = $2",
            tenant_id, source_id)
        return None if row is None else ExternalSource(**dict(row))

    async def remove(self, tenant_id: str, source_id: str, *,
                     conn: Connection | None = None) -> bool:
        status = await (conn or self.pool).execute(
            "DELETE FROM external_sources WHERE tenant_id = $1 AND source_id = $2",
            tenant_id, source_id)
        return bool(status.endswith(" 1"))

    async def list(self, tenant_id: str, *, enabled_only: bool = False
                   ) -> builtins.list[ExternalSource]:
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM external_sources WHERE tenant_id = $1"
            " AND (enabled OR NOT $2) ORDER BY source_id", tenant_id, enabled_only)
        return [ExternalSource(**dict(r)) for r in rows]
