"""The handles every request handler needs, gathered once by ``create_app``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import redis.asyncio as aioredis
from nats.aio.client import Client

from services.gateway.config import GatewayConfig
from services.gateway.handoff import TurnHandoff
from services.gateway.limits import Idempotency, RateLimiter
from services.gateway.started_personas import StartedPersonas
from shared.bus import Bus
from shared.documents import DocumentStore
from shared.events import AnyEvent
from shared.recording import LogWriter
from shared.runtime import Infra
from shared.store import Appended

__all__ = ["Gateway"]

log = logging.getLogger("yourai.gateway")


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
    writer: LogWriter
    open_feeds: int = 0
    """Live SSE feeds currently subscribed to NATS."""
    handoff: TurnHandoff = field(default_factory=TurnHandoff)
    """The turns just posted here, for the streams their callers open next."""
    started_personas: StartedPersonas = field(default_factory=StartedPersonas)
    """The persona each conversation posted to here was started with."""
    _embedding: asyncio.Task[int] | None = field(default=None, repr=False)

    @classmethod
    def build(cls, infra: Infra, *, nats: Client, redis: aioredis.Redis,
              config: GatewayConfig) -> Gateway:
        prefix = f"{infra.settings.namespace}:gateway"
        bus = Bus(nats, infra.subjects)
        return cls(
            infra=infra,
            nats=nats,
            bus=bus,
            redis=redis,
            config=config,
            documents=DocumentStore(infra.pool),
            rate_limiter=RateLimiter(redis, prefix=prefix,
                                     per_minute=infra.settings.rate_limit_per_minute),
            idempotency=Idempotency(redis, prefix=prefix, ttl_s=config.idempotency_ttl_s),
            writer=LogWriter(infra.store, bus,
                             publish_timeout_s=infra.settings.publish_timeout_s,
                             sweep_every_s=infra.settings.outbox_sweep_s),
        )

    async def record(self, events: Sequence[AnyEvent], *,
                     publish_behind: bool = False) -> list[Appended]:
        """Append to the log, then publish committed if NATS takes them within
        ``publish_timeout_s``; otherwise the outbox sweep publishes them later. Once this
        returns the change is recorded, and the services will see it. ``publish_behind``:
        return once committed, publishing in the background (``LogWriter.record``)."""
        return await self.writer.record(events, publish_behind=publish_behind)

    def embed_in_background(self) -> None:
        """Embed chunks that have no vector yet (bounded, logged), unless already doing so."""
        if self._embedding is None or self._embedding.done():
            self._embedding = asyncio.create_task(self._backfill())

    async def _backfill(self) -> int:
        try:
            return await self.documents.backfill()
        except Exception:
            log.exception("embedding document chunks failed: they are found by full text "
                          "until the next start-up")
            return 0

    async def stop_background(self) -> None:
        if self._embedding is not None:
            self._embedding.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._embedding
