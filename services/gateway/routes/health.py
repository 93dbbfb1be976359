"""Liveness and readiness: ``/ready`` checks PostgreSQL, NATS and Redis, naming any that fail."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from litestar import Controller, Response, get

from services.gateway.schemas import Health
from services.gateway.state import Gateway

__all__ = ["HealthController"]

log = logging.getLogger("yourai.gateway")


async def _postgres(gw: Gateway) -> None:
    await gw.infra.pool.fetchval("SELECT 1")


async def _nats(gw: Gateway) -> None:
    if not gw.nats.is_connected:
        raise ConnectionError("not connected")
    await gw.nats.flush()


async def _redis(gw: Gateway) -> None:
    await gw.redis.ping()


_CHECKS: dict[str, Callable[[Gateway], Awaitable[None]]] = {
    "postgresql": _postgres, "nats": _nats, "redis": _redis,
}


async def _check(gw: Gateway, name: str) -> str:
    try:
        async with asyncio.timeout(gw.config.ready_timeout_s):
            await _CHECKS[name](gw)
    except Exception as e:
        log.warning("readiness: %s unavailable: %r", name, e)
        return "unavailable"
    return "ok"


class HealthController(Controller):
    tags = ("health",)

    @get("/health", summary="Liveness: the process serves requests")
    async def health(self) -> Health:
        return Health(status="ok")

    @get("/ready", summary="Readiness: PostgreSQL, NATS and Redis all answer (else 503)")
    async def ready(self, gw: Gateway) -> Response[dict[str, object]]:
        results = await asyncio.gather(*(_check(gw, name) for name in _CHECKS))
        checks = dict(zip(_CHECKS, results, strict=True))
        failed = [name for name, status in checks.items() if status != "ok"]
        if failed:
            return Response({"status_code": 503, "detail": f"Not ready: {', '.join(failed)} "
                             f"{'is' if len(failed) == 1 else 'are'} unavailable.",
                             "checks": checks}, status_code=503)
        return Response({"status": "ready", "checks": checks})
