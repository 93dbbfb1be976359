"""The handles every request handler needs, gathered once by ``create_app``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import redis.asyncio as aioredis
from nats.aio.client import Client

from services.gateway.config import GatewayConfig
from services.gateway.limits import Idempotency, RateLimiter
from shared.bus import Bus
from shared.documents import DocumentStore
from shared.events import Event
from shared.recording import record
from shared.runtime import Infra
from shared.store import Appended

__all__ = ["Gateway"]


@dataclass(kw_only=True)
class Gateway:
    """Infrastructure plus the gateway's own limits; one per app."""

    infra: Infra
    nats: Client
    bus: Bus
    redis: aioredis.Redis
    config: GatewayConfig
    documents: DocumentStore
    rate_limiter: RateLimiter
    idempotency: Idempotency
    open_feeds: int = 0
    """Live SSE feeds currently subscribed to NATS."""

    @classmethod
    def build(cls, infra: Infra, *, nats: Client, redis: aioredis.Redis,
              config: GatewayConfig) -> Gateway:
        prefix = f"{infra.settings.namespace}:gateway"
        return cls(
            infra=infra,
            nats=nats,
            bus=Bus(nats, infra.subjects),
            redis=redis,
            config=config,
            documents=DocumentStore(infra.pool),
            rate_limiter=RateLimiter(redis, prefix=prefix,
                                     per_minute=infra.settings.rate_limit_per_minute),
            idempotency=Idempotency(redis, prefix=prefix, ttl_s=config.idempotency_ttl_s),
        )

    async def record(self, events: Sequence[Event]) -> list[Appended]:
        """Append to the log and publish committed: once this returns, services can see them."""
        return await record(self.infra.store, self.bus, events)
