"""The local Lex server: the corpus in PostgreSQL behind the Lex MCP tools.

Served over streamable HTTP at ``/mcp``, stateless with JSON responses like the public Lex,
so ``YOURAI_LEX_MCP_URL`` can point at either.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, InputRequiredResult, TextContent
from mcp.types import Tool as MCPTool
from pydantic import ValidationError

from services.lex.contract import DESCRIPTIONS, OUTPUT_SCHEMAS, http_error_text
from services.lex.corpus.importer import (
    ImportFailed,
    ImportProgress,
    ImportReport,
    import_ids,
    import_paths,
)
from services.lex.corpus.store import CorpusStore, SearchMethod
from services.lex.corpus.vectors import CorpusVectors
from services.lex.tools import TOOL_NAMES, HttpError, LexTools
from shared.asgi_server import AsgiServer, ServerStartError
from shared.runtime import Infra

__all__ = [
    "CorpusStore",
    "CorpusVectors",
    "ImportFailed",
    "ImportProgress",
    "ImportReport",
    "LexServer",
    "LexStartError",
    "SearchMethod",
    "create_server",
    "import_ids",
    "import_paths",
    "load_corpus",
]

log = logging.getLogger(__name__)

INSTRUCTIONS = ("UK legislation (sections, Acts, full text, amendments) and case law from a "
                "local corpus, with the same tools, parameters and records as the public Lex "
                "server, plus case law and per-provision status.")


LexStartError = ServerStartError
"""The Lex server could not start listening."""


class LexMCPServer(MCPServer):
    """An MCP server that lists and answers tools as the public Lex does: Lex's descriptions
    and output schemas in the listing, Lex's 404/422/500 texts in tool errors."""

    async def list_tools(self) -> list[MCPTool]:
        return [t.model_copy(update={
            "output_schema": OUTPUT_SCHEMAS.get(t.name, t.output_schema),
            "description": DESCRIPTIONS.get(t.name, t.description)})
            for t in await super().list_tools()]

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[Any, Any] | None = None
                        ) -> CallToolResult | InputRequiredResult:
        tool = self._tool_manager.get_tool(name)
        if tool is None:
            return _error(f"Unknown tool: {name!r}")
        try:
            tool.fn_metadata.arg_model.model_validate(arguments)
        except ValidationError as e:  # FastAPI's 422, as FastMCP reports it
            errors = [{**err, "loc": ["body", *err["loc"]]} for err in e.errors(include_url=False)]
            return _error(http_error_text(name, 422, str({"detail": errors})))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as e:
            cause = e.__cause__
            if isinstance(cause, HttpError):
                return _error(http_error_text(name, cause.status, str({"detail": cause.detail})))
            log.exception("Lex tool %s failed", name)
            detail = {"error": "Internal server error", "error_id": uuid.uuid4().hex[:8]}
            return _error(http_error_text(name, 500, str({"detail": detail})))


def _error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


def create_server(store: CorpusStore) -> MCPServer:
    """An MCP server exposing the Lex tools over ``store``."""
    server: MCPServer = LexMCPServer(name="Lex API", instructions=INSTRUCTIONS,
                                     log_level="WARNING")
    tools = LexTools(store)
    for name in TOOL_NAMES:
        server.add_tool(getattr(tools, name), name=name)
    return server


async def load_corpus(pool: asyncpg.Pool, corpus: str | Path, *,
                      progress: Callable[[ImportProgress], None] | None = None) -> ImportReport:
    """Import a directory of CLML and Akoma Ntoso, leaving alone files imported before with the
    same content (so ``yourai up`` restarts quickly)."""
    if not await asyncio.to_thread(Path(corpus).is_dir):
        raise ImportFailed(f"{corpus}: not a directory of legislation or judgment XML")
    return await import_paths(CorpusStore(pool), [corpus], progress=progress,
                              skip_unchanged=True)


class LexServer:
    """The Lex MCP server on ``host:port`` (port 0 picks a free one)."""

    name = "lex"

    def __init__(self, infra: Infra, *, host: str | None = None, port: int = 0) -> None:
        self.infra = infra
        self._http = AsgiServer("Lex server", host or infra.settings.host, port)

    @property
    def url(self) -> str:
        """The MCP endpoint, e.g. ``http://127.0.0.1:8765/mcp``."""
        return f"http://{self._http.host}:{self._http.port}/mcp"

    async def start(self, *, timeout_s: float = 15.0) -> None:
        sock = self._http.bind()
        store = CorpusStore(self.infra.pool)
        # Loads the model and says, once and at start-up, when search is full text only.
        dense = await store.vectors.ready()
        log.info("lex search: %s", "hybrid (full text and dense)" if dense else "full text only")
        app = create_server(store).streamable_http_app(
            stateless_http=True, json_response=True, host=self._http.host)
        await self._http.serve(app, sock, timeout_s=timeout_s)
        log.info("lex listening on %s", self.url)

    async def stop(self) -> None:
        await self._http.stop()
