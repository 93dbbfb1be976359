"""Why an external source could not be used; each message is a sentence a user can read."""

from __future__ import annotations

__all__ = [
    "DisallowedHost",
    "ExternalError",
    "FetchFailed",
    "FetchTimeout",
    "InvalidHost",
    "InvalidSource",
    "MalformedContent",
    "RefusedAddress",
    "ResponseTooLarge",
]


class ExternalError(Exception):
    """Root of every external-source failure."""


class InvalidSource(ExternalError):
    """A source's configuration cannot be used (bad id, kind or URL)."""


class InvalidHost(InvalidSource):
    """A host name (or a URL's host) is malformed: a wildcard, an empty or overlong label, a
    port or path where a bare host is expected, credentials, stray characters."""


class RefusedAddress(ExternalError):
    """At fetch time, a host resolved to (or a redirect led to) an address the engine never
    fetches from for an organisation: loopback, private, link-local and the like."""

    def __init__(self, host: str, address: str, kind: str) -> None:
        self.host, self.address, self.kind = host, address, kind
        shown = host if host == address else f"{host} ({address})"
        super().__init__(f"It was refused: {shown} is a {kind} address, and the engine does "
                         "not fetch from local or private addresses, so nothing was fetched.")


class DisallowedHost(ExternalError):
    """A URL, or a redirect, points at a host that is not on the tenant's allowlist."""

    def __init__(self, host: str, *, redirect: bool = False) -> None:
        self.host = host
        how = "It redirected to" if redirect else "Its address is on"
        super().__init__(f"{how} the host {host or '(none)'}, which is not on this "
                         "organisation's list of allowed hosts, so nothing was fetched from it.")


class FetchFailed(ExternalError):
    """The source could not be reached or answered with an error."""


class FetchTimeout(FetchFailed):
    """The source did not answer in time."""


class ResponseTooLarge(FetchFailed):
    """The response is bigger than the engine accepts from an external source."""


class MalformedContent(ExternalError):
    """The response could not be read as the kind of source it is configured as."""
