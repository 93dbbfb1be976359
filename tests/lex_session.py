"""Calling a Lex MCP server (the public one, its stand-in or ours) the way a client does."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx2
import mcp
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult, Tool

__all__ = ["Outcome", "call_tool", "list_tools"]


@dataclass(frozen=True)
class Outcome:
    """One tool call's result: the error flag, the text block, the structured content."""

    is_error: bool
    text: str
    structured: Any

    @classmethod
    def of(cls, result: CallToolResult) -> Outcome:
        text = "".join(getattr(block, "text", "") for block in result.content)
        return cls(result.is_error, text, result.structured_content)

    def data(self) -> Any:
        """The result as Lex's clients read it: the structured content, lists unwrapped."""
        assert not self.is_error, self.text
        data = self.structured if self.structured is not None else json.loads(self.text)
        return data["result"] if isinstance(data, dict) and set(data) == {"result"} else data


def _client(headers: dict[str, str] | None) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(headers=headers or {}, timeout=60.0)


async def list_tools(url: str) -> dict[str, Tool]:
    async with _client(None) as http, streamable_http_client(url, http_client=http) as (
            read, write), mcp.ClientSession(read, write) as session:
        await session.initialize()
        return {t.name: t for t in (await session.list_tools()).tools}


async def call_tool(url: str, tool: str, arguments: dict[str, Any], *,
                    headers: dict[str, str] | None = None) -> Outcome:
    """One call in a fresh session. The SDK checks structured content against the schema the
    server itself lists; the contract tests check it against Lex's."""
    async with _client(headers) as http, streamable_http_client(url, http_client=http) as (
            read, write), mcp.ClientSession(read, write) as session:
        await session.initialize()
        return Outcome.of(await session.call_tool(tool, arguments))
