"""Redis-backed request limits: a per-tenant rate limit and ``Idempotency-Key`` memory.

Both are checked before anything is recorded, so a refused request changes nothing. Redis
errors are left to the gateway's one exception handler (a 503 with ``Retry-After``).
"""

from __future__ import annotations

import hashlib
import math
import time
import uuid

import msgspec
import redis.asyncio as aioredis

from services.gateway.errors import BadInput, IdempotencyConflict, RateLimited

__all__ = ["Idempotency", "IdempotencyClaim", "RateLimiter"]

_WINDOW_S = 60
_MAX_KEY_CHARS = 255


class RateLimiter:
    """A fixed one-minute window per tenant: one counter key per tenant and minute."""

    def __init__(self, redis: aioredis.Redis, *, prefix: str, per_minute: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.per_minute = per_minute

    async def hit(self, tenant_id: str, per_minute: int | None = None) -> None:
        """Count one message; raises ``RateLimited`` (with the wait) once over the limit
        (``per_minute``, the tenant's own, else the engine's)."""
        now = time.time()
        window = int(now // _WINDOW_S)
        key = f"{self.prefix}:rate:{tenant_id}:{window}"
        pipe = self.redis.pipeline(transaction=True)
        pipe.incr(key)
        pipe.expire(key, _WINDOW_S * 2)
        count, _ = await pipe.execute()
        if int(count) > (per_minute or self.per_minute):
            raise RateLimited(max(1, math.ceil((window + 1) * _WINDOW_S - now)))


class _Entry(msgspec.Struct, frozen=True, kw_only=True):
    fingerprint: str
    invocation_id: uuid.UUID | None = None
    """Set once the request's events are recorded; ``None`` while it is in flight."""


class IdempotencyClaim(msgspec.Struct, frozen=True, kw_only=True):
    """What a key says about a request: already done (with its invocation) or ours to do."""

    key: str
    done: uuid.UUID | None = None


class Idempotency:
    """Remembers each ``Idempotency-Key`` of a tenant with the fingerprint of its request."""

    def __init__(self, redis: aioredis.Redis, *, prefix: str, ttl_s: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.ttl_s = ttl_s

    def _key(self, tenant_id: str, key: str) -> str:
        if not key or len(key) > _MAX_KEY_CHARS or not key.isprintable():
            raise BadInput(
                f"Idempotency-Key must be 1 to {_MAX_KEY_CHARS} printable characters."
            )
        digest = hashlib.sha256(key.encode()).hexdigest()
        return f"{self.prefix}:idem:{tenant_id}:{digest}"

    async def peek(self, tenant_id: str, key: str, fingerprint: str) -> IdempotencyClaim:
        """The state of ``key``; raises ``IdempotencyConflict`` if it named another request."""
        return await self._check(self._key(tenant_id, key), fingerprint)

    async def _check(self, redis_key: str, fingerprint: str) -> IdempotencyClaim:
        raw = await self.redis.get(redis_key)
        if raw is None:
            return IdempotencyClaim(key=redis_key)
        entry = msgspec.json.decode(raw, type=_Entry)
        if entry.fingerprint != fingerprint:
            raise IdempotencyConflict(
                "This Idempotency-Key was already used for a different request; "
                "use a new key for a new message."
            )
        return IdempotencyClaim(key=redis_key, done=entry.invocation_id)

    async def claim(self, claim: IdempotencyClaim, fingerprint: str) -> None:
        """Hold the key while the request is recorded (a concurrent retry may record too:
        its events have the same ids, so the log keeps one copy)."""
        won = await self.redis.set(
            claim.key, msgspec.json.encode(_Entry(fingerprint=fingerprint)),
            nx=True, ex=self.ttl_s,
        )
        if not won:
            await self._check(claim.key, fingerprint)  # raises if a different request won

    async def remember(self, claim: IdempotencyClaim, fingerprint: str,
                       invocation_id: uuid.UUID) -> None:
        entry = _Entry(fingerprint=fingerprint, invocation_id=invocation_id)
        await self.redis.set(claim.key, msgspec.json.encode(entry), ex=self.ttl_s)

    async def release(self, claim: IdempotencyClaim) -> None:
        """Forget a key whose request failed before anything was recorded."""
        await self.redis.delete(claim.key)
