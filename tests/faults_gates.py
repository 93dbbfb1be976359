"""Gates that hold an invocation at one stage, so a test can cancel it there.

``GatedProvider`` is the scripted model with a gate: a call of the held purpose stops (before
its first piece, or after it for a streamed answer) until the test opens the gate.
``GatedLex`` is the public Lex stand-in (``tests/fakes/public_lex.py``) whose tool calls wait
at a gate, so the workers' gathering and the verifier's legal checks can be held. Only the
outside world is gated, never one of the engine's own services.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from shared.asgi_server import AsgiServer
from shared.llm import ModelRequest, Purpose, Script, ScriptedProvider, StreamItem
from tests.fakes.public_lex import LEGISLATION_DIR, PublicLex
from tests.fakes.public_lex_data import Corpus

__all__ = ["Gate", "GatedLex", "GatedProvider", "gated_lex"]


class Gate:
    """Closed until opened; ``reached`` is set when the first caller arrives at it."""

    def __init__(self) -> None:
        self.reached = asyncio.Event()
        self._open = asyncio.Event()

    async def wait(self) -> None:
        self.reached.set()
        await self._open.wait()

    def open(self) -> None:
        self._open.set()


class GatedProvider(ScriptedProvider):
    """The scripted model; calls of ``held`` wait at ``gate`` after ``pass_first`` pieces."""

    def __init__(self, *, responses: Mapping[Purpose, Sequence[Script]],
                 held: Purpose | None = None, pass_first: int = 0,
                 chunk_size: int = 24) -> None:
        super().__init__(responses=responses, chunk_size=chunk_size)
        self.held = held
        self.pass_first = pass_first
        self.gate = Gate()

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        inner = super().stream(request)
        return self._gated(inner) if request.purpose == self.held else inner

    async def _gated(self, inner: AsyncIterator[StreamItem]) -> AsyncIterator[StreamItem]:
        passed = 0
        async for item in inner:
            if passed == self.pass_first:
                await self.gate.wait()
            passed += 1
            yield item


class GatedLex:
    """The public Lex stand-in; every tool call (not the tool listing) waits at ``gate``."""

    def __init__(self, lex: PublicLex) -> None:
        self.lex = lex
        self.gate = Gate()
        self.url = ""

    def asgi_app(self, host: str) -> Any:
        inner = self.lex.asgi_app(host)

        async def app(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await inner(scope, receive, send)
                return
            messages = [await receive()]
            while messages[-1].get("more_body"):
                messages.append(await receive())
            if _calls_a_tool(b"".join(m.get("body", b"") for m in messages)):
                await self.gate.wait()
            replay = iter(messages)

            async def replayed() -> Any:
                return next(replay, None) or await receive()

            await inner(scope, replayed, send)

        return app


def _calls_a_tool(body: bytes) -> bool:
    with contextlib.suppress(ValueError):
        message = json.loads(body or b"null")
        return isinstance(message, dict) and message.get("method") == "tools/call"
    return False


@contextlib.asynccontextmanager
async def gated_lex(host: str = "127.0.0.1") -> AsyncIterator[GatedLex]:
    """The gated stand-in on a free port; ``.url`` is its MCP endpoint."""
    gated = GatedLex(PublicLex(Corpus.from_directory(LEGISLATION_DIR)))
    http = AsgiServer("gated Lex stand-in", host, 0)
    sock = http.bind()
    await http.serve(gated.asgi_app(host), sock)
    gated.url = f"http://{host}:{http.port}/mcp"
    try:
        yield gated
    finally:
        gated.gate.open()  # let held calls finish, so the server can stop
        await http.stop()
