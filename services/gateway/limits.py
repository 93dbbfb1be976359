"""Redis-backed request limits: a per-tenant rate limit and ``Idempotency-Key`` memory.

Both are checked before anything is recorded, so a refused request changes nothing. Redis
errors are left to the gateway's one exception handler (a 503 with ``Retry-After``).
"""

from __future__ import annotations

import hashlib
import math
import uuid

import msgspec
import redis.asyncio as aioredis

from services.gateway.errors import BadInput, IdempotencyConflict, RateLimited

__all__ = ["Admission", "Idempotency", "IdempotencyClaim", "RateLimiter"]

_WINDOW_S = 60
_MAX_KEY_CHARS = 255


_SLIDING_WINDOW = """
-- KEYS[1]: the tenant's log of accepted messages (a sorted set scored in microseconds).
-- ARGV[1]: the limit; ARGV[2]: the window in microseconds.
-- Returns 0 when the message is accepted (and logged), else the microseconds until the
-- oldest logged message leaves the window. Redis's own clock is used, so every gateway
-- replica counts the same window.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], math.ceil(window / 1000))
return 0
"""


class RateLimiter:
    """At most ``per_minute`` messages per tenant in any sixty seconds.

    A sliding log, not a fixed window: a fixed window lets twice the limit through
    either side of a minute's boundary, which is exactly what a burst would exploit.
    Only accepted messages are logged, so a refused client is not locked out for longer.
    """

    def __init__(self, redis: aioredis.Redis, *, prefix: str, per_minute: int,
                 window_s: float = _WINDOW_S) -> None:
        self.redis = redis
        self.prefix = prefix
        self.per_minute = per_minute
        self.window_us = int(window_s * 1_000_000)
        """Sixty seconds in production; shorter only where a test must watch it slide."""
        self._script = redis.register_script(_SLIDING_WINDOW)
        self._seen: dict[str, int] = {}
        """Each tenant's limit as last counted here (one small entry a tenant)."""

    async def hit(self, tenant_id: str, per_minute: int | None = None) -> None:
        """Count one message; raises ``RateLimited`` (with the wait) once over the limit
        (``per_minute``, the tenant's own, else the engine's)."""
        await self.admit(tenant_id, per_minute)

    async def admit(self, tenant_id: str, per_minute: int | None = None) -> Admission:
        """``hit``, giving back what it logged, so that a message refused afterwards for
        another reason can be taken out of the log again (``withdraw``)."""
        limit = self.limit(per_minute)
        admission = Admission(key=f"{self.prefix}:rate:{tenant_id}", member=uuid.uuid4().hex,
                              per_minute=limit)
        wait_us = await self._script(keys=[admission.key],
                                     args=[limit, self.window_us, admission.member])
        self._seen[tenant_id] = limit
        if int(wait_us) > 0:
            raise RateLimited(max(1, math.ceil(int(wait_us) / 1_000_000)))
        return admission

    async def withdraw(self, admission: Admission) -> None:
        """Take an admitted message out of the log: it was refused after all."""
        await self.redis.zrem(admission.key, admission.member)

    def limit(self, per_minute: int | None) -> int:
        """The limit in force: the tenant's own (``per_minute``), else the engine's."""
        return per_minute or self.per_minute

    def expected(self, tenant_id: str) -> int | None:
        """The limit this gateway last counted the tenant's messages against, if it has: a
        guess to check against the tenant's settings read with the message, never the
        limit itself (``services.gateway.routes.messages``)."""
        return self._seen.get(tenant_id)


class Admission(msgspec.Struct, frozen=True, kw_only=True):
    """One message logged in a tenant's window, against the limit it was counted under."""

    key: str
    member: str
    per_minute: int


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
