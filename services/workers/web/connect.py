"""Connecting to a source's host: to public addresses only, checked when the connection opens.

The allowlist names hosts, but a host can resolve to a private address at any moment (DNS
rebinding) and a public page can redirect to one. So every connection, the first request's and
each redirect hop's, resolves the host itself, refuses it if any of its addresses is loopback,
private, link-local, multicast, reserved or unspecified (``shared.sources.addresses``), and
connects to an address it checked, never to a name resolved again later. TLS still verifies
the certificate against the host name.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import Iterable

import httpcore
import httpx

from shared.sources.addresses import Address, refusal
from shared.sources.errors import RefusedAddress

__all__ = ["EVERY_NETWORK", "Network", "PublicOnlyBackend", "transport"]

log = logging.getLogger("yourai.workers.web")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
EVERY_NETWORK: tuple[Network, ...] = (ipaddress.IPv4Network("0.0.0.0/0"),
                                      ipaddress.IPv6Network("::/0"))
"""Every address allowed: what ``YOURAI_ALLOW_PRIVATE_SOURCES`` sets."""

SocketOption = (tuple[int, int, int] | tuple[int, int, bytes | bytearray]
                | tuple[int, int, None, int])


class PublicOnlyBackend(httpcore.AsyncNetworkBackend):
    """httpcore's network backend, connecting to a checked address of the host; an address
    in one of ``private_networks`` is allowed although it is not public."""

    def __init__(self, *, private_networks: tuple[Network, ...] = ()) -> None:
        self.private_networks = private_networks
        self._inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int,
                          timeout: float | None = None,  # noqa: ASYNC109 (httpcore's signature)
                          local_address: str | None = None,
                          socket_options: Iterable[SocketOption] | None = None
                          ) -> httpcore.AsyncNetworkStream:
        addresses = await _resolved(host, port)
        for address in addresses:
            if (kind := refusal(address)) and not self._allowed(address):
                log.warning("refused to fetch from %s: it resolves to %s, a %s address",
                            host, address, kind)
                raise RefusedAddress(host, str(address), kind)
        failure: httpcore.ConnectError | httpcore.ConnectTimeout | None = None
        for address in addresses:
            try:
                return await self._inner.connect_tcp(
                    str(address), port, timeout=timeout, local_address=local_address,
                    socket_options=socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as e:
                failure = e
        assert failure is not None  # _resolved returns at least one address
        raise failure

    def _allowed(self, address: Address) -> bool:
        return any(address.version == n.version and address in n
                   for n in self.private_networks)

    async def connect_unix_socket(self, path: str,
                                  timeout: float | None = None,  # noqa: ASYNC109
                                  socket_options: Iterable[SocketOption] | None = None
                                  ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("Sources are fetched over TCP only.")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


async def _resolved(host: str, port: int) -> list[Address]:
    """Every address ``host`` has now, each once, in the resolver's order."""
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(
            host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as e:
        raise httpcore.ConnectError(f"{host} could not be resolved ({e}).") from e
    found: dict[Address, None] = {}
    for *_, sockaddr in infos:
        found[ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])] = None
    if not found:
        raise httpcore.ConnectError(f"{host} has no address.")
    return list(found)


def transport(*, private_networks: tuple[Network, ...]) -> httpx.AsyncHTTPTransport:
    """An httpx transport whose connections go through ``PublicOnlyBackend``."""
    made = httpx.AsyncHTTPTransport(trust_env=False)
    # httpx takes no network backend, so its connection pool is replaced by the same pool
    # with ours (the one private attribute touched; pinned by the fetch tests).
    made._pool = httpcore.AsyncConnectionPool(
        ssl_context=httpx.create_ssl_context(trust_env=False), max_connections=100,
        max_keepalive_connections=20, keepalive_expiry=5.0,
        network_backend=PublicOnlyBackend(private_networks=private_networks))
    return made
