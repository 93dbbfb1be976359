"""Which IP addresses the engine never fetches from for an organisation.

The engine fetches from inside its own network: a loopback, private, link-local (a cloud's
metadata service at 169.254.169.254), multicast, reserved or unspecified address would let a
tenant read what only the engine can reach. The same rule serves the configuration check of a
host (``public_host``) and the fetch-time check of every address a host resolves to.
"""

from __future__ import annotations

import ipaddress

__all__ = ["Address", "refusal"]

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def refusal(address: Address) -> str | None:
    """What kind of non-public address ``address`` is (``"loopback"``, ``"private"``…), or
    ``None`` for a globally routable unicast address. An IPv4 address written as IPv6
    (``::ffff:127.0.0.1``, or the 6to4 and Teredo forms) is judged as the IPv4 address it
    carries."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded = address.ipv4_mapped or address.sixtofour or (
            address.teredo[1] if address.teredo else None)
        if embedded is not None:
            return refusal(embedded)
    for kind, test in (("unspecified", address.is_unspecified), ("loopback", address.is_loopback),
                       ("link-local", address.is_link_local), ("multicast", address.is_multicast),
                       ("private", address.is_private), ("reserved", address.is_reserved)):
        if test:
            return kind
    return None if address.is_global else "non-public"
