"""A fake Anthropic Messages API on 127.0.0.1, so tests use the real SDK over real HTTP.

``POST /v1/messages`` answers from scripted replies, streamed as server-sent events exactly as
the real API sends them (``message_start``, ``content_block_start``, ``ping``,
``content_block_delta``…, ``content_block_stop``, ``message_delta``, ``message_stop``) or as
one JSON message without ``stream``. It can reply with an HTTP error status, fail mid-stream
with an ``error`` event, and pause between deltas; it records every request it received.

With ``prompt_caching`` it reports usage as the real API does for prompt caching: the prompt
is read as a prefix (system blocks, then each message's content blocks, in order); a block
with ``cache_control`` is a breakpoint; the longest breakpoint prefix seen before (within the
process's cache) is read (``cache_read_input_tokens``), the part up to the last breakpoint
beyond it is written (``cache_creation_input_tokens``) when that prefix is at least the
minimum cacheable length, and the rest is ``input_tokens``. Tokens are counted by a stand-in
tokenizer (four characters a token), so the figures are proportions, not Anthropic's counts.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import uuid
from collections.abc import AsyncIterator, Sequence
from types import TracebackType
from typing import Any

from litestar import Litestar, Request, Response, post
from litestar.response import Stream

from shared.asgi_server import AsgiServer
from shared.events import Usage

__all__ = ["ERROR_TYPES", "FakeMessagesAPI"]

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
_MESSAGES = {
    "overloaded_error": "Overloaded",
    "invalid_request_error": "messages: at least one message is required",
}


class FakeMessagesAPI:
    """The fake server; ``async with FakeMessagesAPI(replies=[...]) as api: api.base_url``."""

    def __init__(
        self,
        *,
        replies: Sequence[str] = ("Hello from the fake Messages API.",),
        usage: Usage | None = None,
        status: int | None = None,
        errors: Sequence[int] = (),
        delay_s: float = 0.0,
        chunk_size: int = 8,
        stream_error_after: int | None = None,
        retry_after_ms: int = 1,
        prompt_caching: bool = False,
        min_cacheable_tokens: int = 1024,
    ) -> None:
        """Script the server.

        Args:
            replies: Reply texts; each successful request takes the next, the last repeats.
            usage: Input and cache token counts to report; ``output_tokens`` of 0 means a
                word count of the reply.
            status: Reply to every request with this HTTP error status.
            errors: Error statuses for the first requests, in order, before any reply.
            delay_s: Pause between content deltas.
            chunk_size: Characters per ``text_delta``.
            stream_error_after: Send an ``overloaded_error`` event after this many deltas.
            retry_after_ms: ``retry-after-ms`` on errors, so the SDK's retries are quick.
            prompt_caching: Count input, cache-write and cache-read tokens from each request
                as the real API does (``usage`` then gives only output tokens).
            min_cacheable_tokens: The shortest prefix the cache stores (1024 for Sonnet and
                Opus models, 2048 for Haiku, in the real API).
        """
        self.replies = list(replies)
        self.usage = usage or Usage(input_tokens=42)
        self.status = status
        self.errors = list(errors)
        self.delay_s = delay_s
        self.chunk_size = chunk_size
        self.stream_error_after = stream_error_after
        self.retry_after_ms = retry_after_ms
        self.prompt_caching = prompt_caching
        self.min_cacheable_tokens = min_cacheable_tokens
        self._cached: set[str] = set()
        """Hashes of the prefixes written to the cache."""
        self.usages: list[Usage] = []
        """The usage reported for each successful request, in order."""
        self.requests: list[dict[str, Any]] = []
        """Bodies of every request received, in order."""
        self.headers: list[dict[str, str]] = []
        self.finished_streams = 0
        """Streams sent to the end (a cancelled client leaves this behind ``requests``)."""
        self._served = 0
        self._server = AsgiServer("fake Messages API", "127.0.0.1", 0, shutdown_grace_s=1)
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def __aenter__(self) -> FakeMessagesAPI:
        sock = self._server.bind()
        self.port = self._server.port
        await self._server.serve(Litestar([self._handler()], debug=False), sock, timeout_s=10)
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._server.stop()

    def _handler(self) -> Any:
        @post("/v1/messages", status_code=200)
        async def messages(request: Request[Any, Any, Any]) -> Response[Any]:
            body = await request.json()
            self.requests.append(body)
            self.headers.append(dict(request.headers))
            if (status := self._error_status()) is not None:
                return self._error(status)
            text = self.replies[min(self._served, len(self.replies) - 1)]
            self._served += 1
            usage = self._caching(body) if self.prompt_caching else self.usage
            self.usages.append(usage)
            if body.get("stream"):
                return Stream(
                    self._events(body["model"], text, usage), media_type="text/event-stream",
                    headers=self._ids(),
                )
            return Response(self._message(body["model"], text, usage), headers=self._ids())

        return messages

    def _error_status(self) -> int | None:
        if self.errors:
            return self.errors.pop(0)
        return self.status

    def _error(self, status: int) -> Response[Any]:
        kind = ERROR_TYPES.get(status, "api_error")
        content = {"type": "error", "error": {"type": kind, "message": _MESSAGES.get(kind, kind)},
                   "request_id": self._ids()["request-id"]}
        headers = {**self._ids(), "retry-after-ms": str(self.retry_after_ms)}
        return Response(content, status_code=status, headers=headers)

    @staticmethod
    def _ids() -> dict[str, str]:
        return {"request-id": f"req_{uuid.uuid4().hex[:24]}"}

    def _caching(self, body: dict[str, Any]) -> Usage:
        """Input, cache-write and cache-read tokens of a request, as the real API counts."""
        blocks = _prompt_blocks(body)
        prefix, total, breakpoints = hashlib.sha256(), 0, []
        for serialised, breakpoint in blocks:
            prefix.update(serialised.encode())
            total += _tokens(serialised)
            if breakpoint:
                breakpoints.append((prefix.hexdigest(), total))
        cacheable = [(h, n) for h, n in breakpoints if n >= self.min_cacheable_tokens]
        read = max((n for h, n in cacheable if h in self._cached), default=0)
        written = max((n for _, n in cacheable), default=0)
        self._cached.update(h for h, _ in cacheable)
        creation = max(0, written - read)
        return Usage(input_tokens=total - read - creation, cache_creation_input_tokens=creation,
                     cache_read_input_tokens=read, output_tokens=self.usage.output_tokens)

    @staticmethod
    def _usage(text: str, usage: Usage) -> dict[str, int]:
        return {
            "input_tokens": usage.input_tokens,
            "cache_creation_input_tokens": usage.cache_creation_input_tokens,
            "cache_read_input_tokens": usage.cache_read_input_tokens,
            "output_tokens": usage.output_tokens or len(text.split()),
        }

    def _message(self, model: str, text: str, usage: Usage, *,
                 content: bool = True) -> dict[str, Any]:
        return {
            "id": f"msg_{uuid.uuid4().hex[:24]}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [{"type": "text", "text": text}] if content else [],
            "stop_reason": "end_turn" if content else None,
            "stop_sequence": None,
            "usage": self._usage(text, usage),
        }

    async def _events(self, model: str, text: str, usage: Usage) -> AsyncIterator[bytes]:
        start = self._message(model, text, usage, content=False)
        start["usage"] = {**start["usage"], "output_tokens": 1}
        yield _sse("message_start", {"type": "message_start", "message": start})
        yield _sse("content_block_start", {"type": "content_block_start", "index": 0,
                                           "content_block": {"type": "text", "text": ""}})
        yield _sse("ping", {"type": "ping"})
        for n, i in enumerate(range(0, len(text), self.chunk_size)):
            if n == self.stream_error_after:
                error = {"type": "overloaded_error", "message": "Overloaded"}
                yield _sse("error", {"type": "error", "error": error})
                return
            if n and self.delay_s:
                await asyncio.sleep(self.delay_s)
            delta = {"type": "text_delta", "text": text[i : i + self.chunk_size]}
            yield _sse("content_block_delta",
                       {"type": "content_block_delta", "index": 0, "delta": delta})
        yield _sse("content_block_stop", {"type": "content_block_stop", "index": 0})
        yield _sse("message_delta", {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {"output_tokens": self._usage(text, usage)["output_tokens"]},
        })
        yield _sse("message_stop", {"type": "message_stop"})
        self.finished_streams += 1


def _tokens(text: str) -> int:
    """A stand-in tokenizer: about four characters a token."""
    return math.ceil(len(text) / 4)


def _prompt_blocks(body: dict[str, Any]) -> list[tuple[str, bool]]:
    """The prompt in the order the cache reads it: each block serialised without its
    ``cache_control``, and whether it is a breakpoint."""
    out: list[tuple[str, bool]] = []

    def add(prefix: str, content: Any) -> None:
        if isinstance(content, str):
            out.append((f"{prefix}:{content}", False))
            return
        for block in content:
            plain = {k: v for k, v in block.items() if k != "cache_control"}
            out.append((f"{prefix}:{json.dumps(plain, sort_keys=True)}",
                        "cache_control" in block))

    if "system" in body:
        add("system", body["system"])
    for message in body.get("messages", []):
        add(message["role"], message["content"])
    return out


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()
