"""Wiring: the Litestar app over the event log, and a server that runs it in-process.

``create_app`` takes connections it does not own; ``GatewayServer`` opens them, serves the
app with uvicorn in a background task, and closes everything on ``stop``.
"""

from __future__ import annotations

import contextlib
import logging

import redis.asyncio as aioredis
from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme
from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from nats.aio.client import Client

from services.gateway.administration import Change, recorded_change
from services.gateway.auth import Caller, TokenVerifier, authenticate, issue_token
from services.gateway.bodies import check_body
from services.gateway.catalogue import (
    CacheClearing,
    persona_created,
    persona_removed,
    persona_updated,
    skill_created,
    skill_removed,
    skill_updated,
)
from services.gateway.config import GatewayConfig
from services.gateway.errors import exception_handlers
from services.gateway.routes import ROUTES
from services.gateway.state import Gateway
from services.gateway.trace_context import trace_context
from shared.asgi_server import AsgiServer, ServerStartError
from shared.runtime import Infra
from shared.tracing import configure_tracing, exporting

__all__ = [
    "CacheClearing",
    "Caller",
    "Change",
    "GatewayServer",
    "GatewayStartError",
    "create_app",
    "issue_token",
    "persona_created",
    "persona_removed",
    "persona_updated",
    "recorded_change",
    "skill_created",
    "skill_removed",
    "skill_updated",
]
"""Besides the server: the configuration changes the operator's CLI makes as the API does."""

log = logging.getLogger("yourai.gateway")


def create_app(infra: Infra, *, nats: Client, redis: aioredis.Redis,
               config: GatewayConfig | None = None) -> Litestar:
    """The HTTP API over ``infra``; the caller owns (and closes) ``nats`` and ``redis``."""
    config = config or GatewayConfig()
    gw = Gateway.build(infra, nats=nats, redis=redis, config=config)

    def provide_gateway() -> Gateway:
        return gw

    async def on_startup() -> None:
        await gw.bus.ensure_streams()
        gw.writer.start()
        gw.embed_in_background()  # documents stored before embeddings, or by another model

    async def on_shutdown() -> None:
        await gw.writer.stop()
        await gw.stop_background()

    return Litestar(
        route_handlers=ROUTES,
        dependencies={
            "gw": Provide(provide_gateway, sync_to_thread=False),
            "caller": Provide(authenticate),
        },
        signature_namespace={"Gateway": Gateway, "Caller": Caller},
        exception_handlers=exception_handlers,
        before_request=check_body,
        on_startup=[on_startup],
        on_shutdown=[on_shutdown],
        state=State({"tokens": TokenVerifier.from_settings(infra.settings), "gateway": gw}),
        # While something exports spans, one for the request, not one more for each chunk it
        # sends or receives: a stream sends an event at a time, and a span each is CPU per
        # event for no insight. While nothing does, no span: the caller's trace context alone
        # (``trace_context``). Settled here: ``GatewayServer.start`` configures tracing first.
        plugins=[OpenTelemetryPlugin(OpenTelemetryConfig(exclude=["/health", "/ready"],
                                                         exclude_spans=["receive", "send"]))]
        if exporting() else [],
        middleware=[] if exporting() else [trace_context],
        openapi_config=OpenAPIConfig(
            title="YourAI Engine",
            version="0.1.0",
            description="Compliance information assistant: conversations, live answers over "
                        "server-sent events, and the auditable event log.",
            components=Components(security_schemes={
                "BearerToken": SecurityScheme(type="http", scheme="bearer", bearer_format="JWT"),
            }),
            security=[{"BearerToken": []}],
        ),
        request_max_body_size=config.max_body_bytes,
        logging_config=None,
        debug=False,
    )


GatewayStartError = ServerStartError
"""The gateway could not start listening."""


class GatewayServer:
    """The gateway served on ``settings.host:settings.port`` (port 0 picks a free one)."""

    name = "gateway"

    def __init__(self, infra: Infra, *, config: GatewayConfig | None = None) -> None:
        self.infra = infra
        self.config = config or GatewayConfig()
        self.app: Litestar | None = None
        self._nats: Client | None = None
        self._redis: aioredis.Redis | None = None
        self._http = AsgiServer("gateway", infra.settings.host, infra.settings.port,
                                shutdown_grace_s=self.config.shutdown_grace_s)

    @property
    def url(self) -> str:
        return f"http://{self._http.host}:{self._http.port}"

    async def start(self, *, timeout_s: float = 15.0) -> None:
        settings = self.infra.settings
        assert settings.nats_url and settings.redis_url, "server URLs must be resolved first"
        configure_tracing(otlp_endpoint=settings.otlp_endpoint)
        sock = self._http.bind()
        try:
            # The process's one connection (DESIGN §4): the gateway's core subscriptions and
            # publishes share its writes with the services started beside it.
            self._nats = await self.infra.nats()
            self._redis = aioredis.from_url(settings.redis_url)
            self.app = create_app(self.infra, nats=self._nats, redis=self._redis,
                                  config=self.config)
            await self._http.serve(self.app, sock, timeout_s=timeout_s)
        except BaseException:
            await self.stop()
            sock.close()
            raise
        log.info("gateway listening on %s", self.url)

    async def stop(self) -> None:
        await self._http.stop()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
            self._redis = None
        # The NATS connection is the infrastructure's: it closes with it, not with the gateway.
        self._nats = None
