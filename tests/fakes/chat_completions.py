"""A fake OpenAI-compatible Chat Completions API on 127.0.0.1, so tests use the real ``openai``
SDK over real HTTP, as vLLM, Ollama or Azure OpenAI would serve it.

``POST /v1/chat/completions`` answers from scripted replies, streamed as server-sent events as
the real API sends them (``data: {chunk}`` with ``choices[0].delta``…, a final chunk with
``finish_reason``, then, when ``stream_options.include_usage`` is set, a chunk with empty
``choices`` and the ``usage``, then ``data: [DONE]``), or as one JSON completion without
``stream``. It can reply with an HTTP error status, fail mid-stream with an ``error`` chunk,
and pause between deltas; it records every request and the usage it reported.

Usage is counted as OpenAI's automatic prompt caching does: the prompt is read as a prefix of
whole messages; the longest prefix seen in an earlier request, when at least
``min_cacheable_tokens`` long, is reported as ``prompt_tokens_details.cached_tokens`` (and is
part of ``prompt_tokens``). Tokens are counted by a stand-in tokenizer (four characters a
token); ``completion_tokens`` is the reply's word count.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from types import TracebackType
from typing import Any

from litestar import Litestar, Request, Response, post
from litestar.response import Stream

from shared.asgi_server import AsgiServer

__all__ = ["FakeChatCompletionsAPI", "ReportedUsage"]


class ReportedUsage:
    """What the server reported for one request."""

    def __init__(self, prompt: int, completion: int, cached: int) -> None:
        self.prompt_tokens, self.completion_tokens, self.cached_tokens = prompt, completion, cached

    def as_json(self) -> dict[str, Any]:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "total_tokens": self.prompt_tokens + self.completion_tokens,
                "prompt_tokens_details": {"cached_tokens": self.cached_tokens}}



class FakeChatCompletionsAPI:
    """``async with FakeChatCompletionsAPI(replies=[...]) as api: api.base_url``."""

    def __init__(self, *, replies: Sequence[str] = ("Hello from the fake Chat Completions API.",),
                 status: int | None = None, errors: Sequence[int] = (), delay_s: float = 0.0,
                 chunk_size: int = 8, stream_error_after: int | None = None,
                 min_cacheable_tokens: int = 1024) -> None:
        self.replies = list(replies)
        self.status = status
        self.errors = list(errors)
        self.delay_s = delay_s
        self.chunk_size = chunk_size
        self.stream_error_after = stream_error_after
        self.min_cacheable_tokens = min_cacheable_tokens
        self._seen: set[str] = set()
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.usages: list[ReportedUsage] = []
        """The usage reported for each successful request, in order."""
        self._served = 0
        self._server = AsgiServer("fake Chat Completions API", "127.0.0.1", 0, shutdown_grace_s=1)
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def __aenter__(self) -> FakeChatCompletionsAPI:
        sock = self._server.bind()
        self.port = self._server.port
        await self._server.serve(Litestar([self._handler()], debug=False), sock, timeout_s=10)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self._server.stop()

    def _handler(self) -> Any:
        @post("/v1/chat/completions", status_code=200)
        async def completions(request: Request[Any, Any, Any]) -> Response[Any]:
            body = await request.json()
            self.requests.append(body)
            self.headers.append(dict(request.headers))
            status = self.errors.pop(0) if self.errors else self.status
            if status is not None:
                return Response({"error": {"message": f"scripted error {status}",
                                           "type": "server_error" if status >= 500
                                           else "invalid_request_error", "code": None}},
                                status_code=status, headers={"retry-after-ms": "1"})
            text = self.replies[min(self._served, len(self.replies) - 1)]
            self._served += 1
            usage = self._usage(body, text)
            self.usages.append(usage)
            if body.get("stream"):
                with_usage = bool((body.get("stream_options") or {}).get("include_usage"))
                return Stream(self._chunks(body["model"], text, usage if with_usage else None),
                              media_type="text/event-stream")
            return Response(self._completion(body["model"], text, usage))

        return completions

    def _usage(self, body: dict[str, Any], text: str) -> ReportedUsage:
        prefix, total, cached = hashlib.sha256(), 0, 0
        for message in body.get("messages", []):
            serialised = json.dumps(message, sort_keys=True)
            prefix.update(serialised.encode())
            total += math.ceil(len(serialised) / 4)
            key = prefix.hexdigest()
            if key in self._seen and total >= self.min_cacheable_tokens:
                cached = total
            if total >= self.min_cacheable_tokens:
                self._seen.add(key)
        return ReportedUsage(total, len(text.split()), cached)

    @staticmethod
    def _base(model: str) -> dict[str, Any]:
        return {"id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "created": int(time.time()),
                "model": model, "system_fingerprint": "fp_fake"}

    def _completion(self, model: str, text: str, usage: ReportedUsage) -> dict[str, Any]:
        return {**self._base(model), "object": "chat.completion", "choices": [{
            "index": 0, "message": {"role": "assistant", "content": text},
            "finish_reason": "stop", "logprobs": None}], "usage": usage.as_json()}

    async def _chunks(self, model: str, text: str, usage: ReportedUsage | None
                      ) -> AsyncIterator[bytes]:
        base = {**self._base(model), "object": "chat.completion.chunk"}

        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            choice = {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
            return _sse({**base, "choices": [choice], "usage": None})

        yield chunk({"role": "assistant", "content": ""})
        for n, i in enumerate(range(0, len(text), self.chunk_size)):
            if n == self.stream_error_after:
                yield _sse({"error": {"message": "The server had an error while processing "
                                                 "your request.", "type": "server_error"}})
                return
            if n and self.delay_s:
                await asyncio.sleep(self.delay_s)
            yield chunk({"content": text[i : i + self.chunk_size]})
        yield chunk({}, "stop")
        if usage is not None:
            yield _sse({**base, "choices": [], "usage": usage.as_json()})
        yield b"data: [DONE]\n\n"


def _sse(data: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(data, separators=(',', ':'))}\n\n".encode()
