"""Bearer tokens already verified, with the caller each names, until each expires.

Every request of a signed-in user carries the same token, and verifying it again (its
signature, its claims) was about 2 % of the engine's event loop under the benchmark's load
(docs/BENCHMARKS.md, round ten). A token verified once names the same caller until its
``exp``; what can change before then is the key it was verified with (the identity provider
rotated its keys), so an entry remembers that key and is used only while the key set still
gives the same key for the token's ``kid``. Bounded: the least recently used entry goes first.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jwt import PyJWK

if TYPE_CHECKING:
    from services.gateway.auth import Caller

__all__ = ["Verified", "VerifiedTokens"]


@dataclass(frozen=True, slots=True)
class Verified:
    """What verifying a token established: its caller, until when, and with which key (``None``
    for the engine's own secret, which cannot change while the gateway runs)."""

    caller: Caller
    expires_at: float
    kid: str | None = None
    key: PyJWK | None = None


class VerifiedTokens:
    """At most ``size`` verified tokens, by the token's text."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._entries: OrderedDict[str, Verified] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, token: str, now: float) -> Verified | None:
        """The token's verification if it is still within its expiry (an expired one is
        forgotten: verifying it again says why it is refused)."""
        found = self._entries.get(token)
        if found is None:
            return None
        if now >= found.expires_at:  # PyJWT refuses a token once ``exp <= now``
            del self._entries[token]
            return None
        self._entries.move_to_end(token)
        return found

    def put(self, token: str, verified: Verified) -> None:
        self._entries[token] = verified
        self._entries.move_to_end(token)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, token: str) -> None:
        self._entries.pop(token, None)
