"""A client of the Lex MCP interface (../shared/LEX.md): our local server or the public Lex.

Tools are discovered with ``list_tools`` (never assumed), and every call opens its own
streamable-HTTP session: the servers are stateless, and a fresh connection is also the
reconnect after a failure.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import mcp

__all__ = ["LexClient", "LexError", "LexToolError", "LexUnavailable"]

_TOOLS_TTL_S = 300.0


class LexError(Exception):
    """Root of Lex client errors."""


class LexUnavailable(LexError):
    """The Lex server could not be reached or did not answer in time."""


class LexToolError(LexError):
    """The server answered, but the tool reported an error (bad input, unknown id)."""


class LexClient:
    def __init__(self, url: str, *, timeout_s: float = 20.0) -> None:
        self.url = url
        self.timeout_s = timeout_s
        self._tools: set[str] | None = None
        self._tools_at = 0.0

    async def tools(self) -> set[str]:
        """The server's tool names, cached for a few minutes."""
        if self._tools is None or time.monotonic() - self._tools_at > _TOOLS_TTL_S:
            async def fetch() -> set[str]:
                async with mcp.Client(self.url, read_timeout_seconds=self.timeout_s) as client:
                    listed = await client.list_tools()
                    return {t.name for t in listed.tools}

            self._tools = await self._attempt(fetch)
            self._tools_at = time.monotonic()
        return self._tools

    async def call(self, tool: str, arguments: dict[str, Any]) -> Any:
        """Call one tool; returns its JSON result. One retry on a connection failure."""

        async def once() -> Any:
            async with mcp.Client(self.url, read_timeout_seconds=self.timeout_s) as client:
                result = await client.call_tool(tool, arguments)
            text = "".join(getattr(c, "text", "") for c in result.content)
            if result.is_error:
                raise LexToolError(f"Lex tool {tool} failed: {text[:300] or 'no detail'}")
            structured = getattr(result, "structured_content", None)
            if structured is not None:
                # Servers wrap non-object results as {"result": …}.
                if isinstance(structured, dict) and set(structured) == {"result"}:
                    return structured["result"]
                return structured
            try:
                return json.loads(text) if text else None
            except json.JSONDecodeError as e:
                raise LexToolError(f"Lex tool {tool} returned something other than JSON") from e

        return await self._attempt(once)

    async def _attempt(self, make: Any) -> Any:
        last: Exception | None = None
        for attempt in range(2):
            try:
                async with asyncio.timeout(self.timeout_s):
                    return await make()
            except LexToolError:
                raise
            except (TimeoutError, OSError, Exception) as e:  # transport errors vary by layer
                last = e
                self._tools = None if attempt else self._tools
                await asyncio.sleep(0.2)
        raise LexUnavailable(f"the Lex server at {self.url} is unavailable ({last})") from last
