"""The local Lex server: the corpus in PostgreSQL behind the Lex MCP tools.

Served over streamable HTTP at ``/mcp``, stateless with JSON responses like the public Lex,
so ``YOURAI_LEX_MCP_URL`` can point at either.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Iterator

import uvicorn
from mcp.server.mcpserver import MCPServer

from services.lex.tools import TOOL_NAMES, LexTools
from shared.legal.corpus import CorpusStore
from shared.runtime import Infra

__all__ = ["LexServer", "LexStartError", "create_server"]

log = logging.getLogger(__name__)

INSTRUCTIONS = ("UK legislation (sections, Acts, full text) and case law from a local corpus, "
                "with the same tools as the public Lex server.")


class LexStartError(RuntimeError):
    """The Lex server could not start listening."""


def create_server(store: CorpusStore) -> MCPServer:
    """An MCP server exposing the Lex tools over ``store``."""
    server: MCPServer = MCPServer(name="lex", instructions=INSTRUCTIONS, log_level="WARNING")
    tools = LexTools(store)
    for name in TOOL_NAMES:
        server.add_tool(getattr(tools, name), name=name)
    return server


class _EmbeddedUvicorn(uvicorn.Server):
    """Leaves signal handling to the process that embeds the server."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise LexStartError(f"The Lex server cannot listen on {host}:{port}: {e}") from e
    return sock


class LexServer:
    """The Lex MCP server on ``host:port`` (port 0 picks a free one)."""

    name = "lex"

    def __init__(self, infra: Infra, *, host: str | None = None, port: int = 0) -> None:
        self.infra = infra
        self.host = host or infra.settings.host
        self._port = port
        self._server: _EmbeddedUvicorn | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        """The MCP endpoint, e.g. ``http://127.0.0.1:8765/mcp``."""
        return f"http://{self.host}:{self._port}/mcp"

    async def start(self, *, timeout_s: float = 15.0) -> None:
        sock = _bind(self.host, self._port)
        self._port = int(sock.getsockname()[1])
        app = create_server(CorpusStore(self.infra.pool)).streamable_http_app(
            stateless_http=True, json_response=True, host=self.host)
        self._server = _EmbeddedUvicorn(uvicorn.Config(
            app, host=self.host, port=self._port, log_level="warning", lifespan="on"))
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]), name="lex")
        try:
            async with asyncio.timeout(timeout_s):
                while not self._server.started:
                    if self._task.done():
                        raise LexStartError("The Lex server stopped while starting.")
                    await asyncio.sleep(0.02)
        except BaseException:
            await self.stop()
            sock.close()
            raise
        log.info("lex listening on %s", self.url)

    async def stop(self) -> None:
        if self._server is not None and self._task is not None:
            self._server.should_exit = True
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self._task
        self._server = self._task = None
