"""An identity provider's public keys (a JWKS), from a file or a URL, for RS256 tokens.

A real deployment signs users in with its own OIDC identity provider (Entra ID, Okta,
Keycloak …), which publishes its signing keys as a JSON Web Key Set. The keys are read once
and kept; a token signed with a key id (``kid``) not among them makes the set be read again
(the provider rotated its keys), at most once per ``refresh_s`` so that forged ids cannot make
the gateway hammer the provider.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import jwt
from jwt import PyJWK, PyJWKSet

from services.gateway.errors import ServiceUnavailable, Unauthorised

__all__ = ["KeySet"]


class KeySet:
    """The public keys at ``source`` (an ``http(s)://`` URL or a file path), by key id."""

    def __init__(self, source: str, *, refresh_s: float = 10.0, timeout_s: float = 5.0) -> None:
        self.source = source
        self.refresh_s = refresh_s
        self.timeout_s = timeout_s
        self._keys: dict[str, PyJWK] = {}
        self._read_at = float("-inf")
        self._lock = asyncio.Lock()

    @property
    def remote(self) -> bool:
        return self.source.startswith(("http://", "https://"))

    async def key(self, kid: str | None) -> PyJWK:
        """The key a token names; with no ``kid``, the set's only key."""
        found = self._pick(kid)
        if found is not None:
            return found
        async with self._lock:
            if time.monotonic() - self._read_at >= self.refresh_s or not self._keys:
                self._keys = await self._read()
                self._read_at = time.monotonic()
        found = self._pick(kid)
        if found is None:
            raise Unauthorised("The bearer token is signed with a key the identity provider "
                               "does not publish.")
        return found

    def _pick(self, kid: str | None) -> PyJWK | None:
        if kid is None:
            return next(iter(self._keys.values())) if len(self._keys) == 1 else None
        return self._keys.get(kid)

    async def _read(self) -> dict[str, PyJWK]:
        try:
            raw = await self._fetch() if self.remote else await asyncio.to_thread(
                Path(self.source).read_text, encoding="utf-8")
            keys = PyJWKSet.from_json(raw).keys
        except (OSError, httpx.HTTPError) as e:
            raise ServiceUnavailable("The identity provider's keys cannot be read just now; "
                                     "please try again shortly.") from e
        except (jwt.PyJWKSetError, jwt.InvalidKeyError, ValueError) as e:
            raise ServiceUnavailable("The identity provider's key set is not a valid JWKS.") from e
        return {k.key_id or f"#{i}": k for i, k in enumerate(keys)}

    async def _fetch(self) -> str:
        async with httpx.AsyncClient(timeout=self.timeout_s) as client:
            resp = await client.get(self.source)
            resp.raise_for_status()
            return resp.text
