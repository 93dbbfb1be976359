"""The composition root: the whole engine in one process, or one service alone.

``yourai up``, ``yourai serve``, the benchmarks and the end-to-end tests all build services here
and nowhere else; each service is still a separate unit talking only through NATS, so running
them together shares the process, not state.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

# The corpus import's progress and failure, for the CLI, without the Lex server's MCP SDK.
from services.lex.corpus.importer import ImportFailed, ImportProgress
from shared.config import Settings
from shared.llm import ModelProvider, build_provider
from shared.runtime import Infra, open_infra

__all__ = ["SCHEMA", "SERVABLE", "SERVICES", "Engine", "ImportFailed", "ImportProgress",
           "build_service"]

log = logging.getLogger("yourai.engine")

SCHEMA = ("shared.store.migrations", "services.lex.corpus.migrations",
          "services.workers.web.migrations")
"""Every package of schema migrations: the event store's, the legal corpus's, the workers'."""

SERVICES = ("router", "workers", "orchestrator", "verifier", "gateway")
SERVABLE = (*SERVICES, "lex")


class Runnable(Protocol):
    async def start(self) -> None: ...
    async def stop(self) -> None: ...


def build_service(name: str, infra: Infra, provider: ModelProvider) -> Runnable:
    """One service by name; the only place that knows every service."""
    if name == "router":
        from services.router.app import create as create_router

        return create_router(infra, provider)
    if name == "workers":
        from services.workers.app import create as create_workers

        return create_workers(infra)
    if name == "orchestrator":
        from services.orchestrator.app import create as create_orchestrator

        return create_orchestrator(infra, provider)
    if name == "verifier":
        from services.verifier.app import create as create_verifier

        return create_verifier(infra, provider)
    if name == "gateway":
        from services.gateway.app import GatewayServer

        return GatewayServer(infra)
    if name == "lex":
        from services.lex.app import LexServer

        return LexServer(infra, port=infra.settings.lex_port)
    raise ValueError(f"unknown service {name!r}; choose one of {', '.join(SERVABLE)}")


class Engine:
    """Starts the named services (all by default) against already-resolved settings."""

    def __init__(self, settings: Settings, *, services: Sequence[str] = SERVICES,
                 provider: ModelProvider | None = None,
                 progress: Callable[[ImportProgress], None] | None = None) -> None:
        """``provider`` overrides the one ``settings`` name (a scripted model in tests, say);
        ``progress`` hears how the corpus import goes when ``corpus_dir`` is set."""
        self.settings = settings
        self.names = list(services)
        self.provider = provider
        self.progress = progress
        self.infra: Infra | None = None
        self.running: dict[str, Runnable] = {}

    @property
    def gateway_url(self) -> str:
        return f"http://{self.settings.host}:{self.settings.port}"

    async def start(self) -> None:
        self.infra = await open_infra(self.settings, schema=SCHEMA,
                                      pool_size=self.settings.db_pool_size)
        provider = self._provider()
        try:
            if self.settings.corpus_dir and not self.settings.lex_mcp_url:
                await self._local_lex()
            for name in self.names:
                service = build_service(name, self.infra, provider)
                await service.start()
                self.running[name] = service
        except BaseException:
            await self.stop()
            raise

    async def _local_lex(self) -> None:
        """Import the configured corpus (unchanged files are skipped) and serve it over MCP.

        The workers then use it exactly as they would use the public Lex.
        """
        from services.lex.app import LexServer, load_corpus

        assert self.infra is not None and self.settings.corpus_dir is not None
        await load_corpus(self.infra.pool, self.settings.corpus_dir, progress=self.progress)
        lex = LexServer(self.infra, port=self.infra.settings.lex_port)
        await lex.start()
        self.running["lex"] = lex
        self.settings = replace(self.settings, lex_mcp_url=lex.url)
        self.infra.settings = self.settings

    async def stop(self) -> None:
        for name in reversed(list(self.running)):
            with contextlib.suppress(Exception):
                await self.running.pop(name).stop()
        if self.infra is not None:
            await self.infra.close()
            self.infra = None

    async def restart(self, name: str) -> None:
        """Stop one service and start a fresh instance of it."""
        assert self.infra is not None
        old = self.running.pop(name, None)
        if old is not None:
            await old.stop()
        service = build_service(name, self.infra, self._provider())
        await service.start()
        self.running[name] = service

    def _provider(self) -> ModelProvider:
        return self.provider if self.provider is not None else build_provider(self.settings)
