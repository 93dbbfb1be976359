"""Test support: a real gateway on a free port, tokens for any caller, and an SSE reader.

Used by the gateway's tests and by end-to-end tests; it never replaces a part of the gateway.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace

import httpx

from services.gateway.app import GatewayServer
from services.gateway.auth import Role, issue_token
from services.gateway.config import GatewayConfig
from services.gateway.state import Gateway
from shared.runtime import Infra

__all__ = ["Api", "Harness", "SseMessage", "read_sse"]


@dataclass
class Api:
    """An HTTP client on a running gateway, with tokens for any tenant and user."""

    server: GatewayServer
    infra: Infra
    http: httpx.AsyncClient

    @property
    def gateway(self) -> Gateway:
        assert self.server.app is not None
        gw = self.server.app.state.gateway
        assert isinstance(gw, Gateway)
        return gw

    def auth(self, tenant: str = "tenant-a", user: str = "alice",
             roles: tuple[Role, ...] = ("member",)) -> dict[str, str]:
        token = issue_token(self.infra.settings.jwt_secret, tenant, user, roles=roles)
        return {"Authorization": f"Bearer {token}"}

    async def conversation(self, tenant: str = "tenant-a", user: str = "alice",
                           title: str = "Damp and mould") -> uuid.UUID:
        resp = await self.http.post("/v1/conversations", json={"title": title},
                                    headers=self.auth(tenant, user))
        assert resp.status_code == 201, resp.text
        return uuid.UUID(resp.json()["id"])

    async def ask(self, conversation_id: uuid.UUID, content: str = "What must we do?",
                  tenant: str = "tenant-a", user: str = "alice") -> uuid.UUID:
        resp = await self.http.post(f"/v1/conversations/{conversation_id}/messages",
                                    json={"content": content}, headers=self.auth(tenant, user))
        assert resp.status_code == 202, resp.text
        return uuid.UUID(resp.json()["invocation_id"])

    async def event_count(self) -> int:
        return int(await self.infra.pool.fetchval("SELECT count(*) FROM events"))


class Harness:
    """Starts gateways (settings overrides, a config) and stops them all on exit."""

    def __init__(self, infra: Infra) -> None:
        self.infra = infra
        self.started: list[Api] = []

    async def start(self, *, config: GatewayConfig | None = None, **overrides: object) -> Api:
        overrides = {"host": "127.0.0.1", "port": 0, **overrides}
        settings = replace(self.infra.settings, **overrides)  # type: ignore[arg-type]
        server = GatewayServer(replace(self.infra, settings=settings), config=config)
        await server.start()
        api = Api(server=server, infra=self.infra,
                  http=httpx.AsyncClient(base_url=server.url, timeout=10.0))
        self.started.append(api)
        return api

    async def __aenter__(self) -> Harness:
        return self

    async def __aexit__(self, *exc: object) -> None:
        for api in self.started:
            await api.http.aclose()
            await api.server.stop()
            # Each gateway here has its own copy of the infrastructure (its settings), and
            # with it its own NATS connection, which is the copy's to close, not the pool.
            await api.server.infra.close_nats()


@dataclass
class SseMessage:
    event: str | None = None
    id: str | None = None
    data: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


async def read_sse(response: httpx.Response) -> AsyncIterator[SseMessage]:
    """Parse a ``text/event-stream`` body into messages (comments included), as a browser would."""
    current = SseMessage()
    async for line in response.aiter_lines():
        if line == "":
            yield current
            current = SseMessage()
        elif line.startswith(":"):
            current.comments.append(line[1:].strip())
        else:
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                current.data.append(value)
            elif name in ("event", "id"):
                setattr(current, name, value)
