"""A scripted provider for tests and benchmarks of the model-calling paths.

Replies come from scripts per purpose, stream in fixed-size pieces with an optional pause
between them (so a test can cancel mid-stream), and every request is kept for assertions,
like OpenAI Agents' ``ScriptedModel`` or pydantic-ai's ``TestModel``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping, Sequence

from shared.events import Usage
from shared.llm.base import (
    ModelError,
    ModelProvider,
    ModelRefused,
    ModelRequest,
    Purpose,
    StreamEnd,
    StreamItem,
    TextDelta,
    Tier,
    failed_stream,
)
from shared.llm.extractive import estimate_tokens

__all__ = ["Script", "ScriptedProvider"]

Script = str | Callable[[ModelRequest], str]
"""A fixed reply, or a function of the request for dynamic scripts."""


class ScriptedProvider(ModelProvider):
    """Replies from scripts: each call of a purpose takes the next one; the last repeats."""

    name = "scripted"
    offline = False

    def __init__(
        self,
        *,
        responses: Mapping[Purpose, Sequence[Script]],
        chunk_size: int = 12,
        delay_s: float = 0.0,
        usage: Usage | None = None,
        fail_with: Mapping[Purpose, Exception] | None = None,
    ) -> None:
        """Script the replies.

        Args:
            responses: Scripts per purpose, used in order.
            chunk_size: Characters per streamed ``TextDelta``.
            delay_s: Pause before each delta after the first.
            usage: Usage reported at the end; word-count estimates when ``None``.
            fail_with: Purposes whose calls raise this error instead of replying.
        """
        if chunk_size < 1:
            raise ValueError("chunk_size must be at least 1")
        self._responses = {purpose: list(scripts) for purpose, scripts in responses.items()}
        self._calls: dict[str, int] = {}
        self.chunk_size = chunk_size
        self.delay_s = delay_s
        self.usage = usage
        self.fail_with = dict(fail_with or {})
        self.requests: list[ModelRequest] = []
        """Every request received, in order."""

    def model_for(self, tier: Tier) -> str:
        return f"scripted-{tier}"

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        # Record and pick the script at call time, so the order is that of the calls.
        self.requests.append(request)
        if (error := self.fail_with.get(request.purpose)) is not None:
            return failed_stream(error)
        try:
            text = self._next_text(request)
        except ModelError as e:
            return failed_stream(e)
        return self._stream(request, text)

    def _next_text(self, request: ModelRequest) -> str:
        scripts = self._responses.get(request.purpose)
        if not scripts:
            raise ModelRefused(f"No scripted response for purpose {request.purpose!r}.")
        n = self._calls.get(request.purpose, 0)
        self._calls[request.purpose] = n + 1
        script = scripts[min(n, len(scripts) - 1)]
        return script if isinstance(script, str) else script(request)

    async def _stream(self, request: ModelRequest, text: str) -> AsyncIterator[StreamItem]:
        for i in range(0, len(text), self.chunk_size):
            if i and self.delay_s:
                await asyncio.sleep(self.delay_s)
            yield TextDelta(text[i : i + self.chunk_size])
        usage = self.usage or Usage(
            input_tokens=estimate_tokens(request.system, *(m.content for m in request.messages)),
            output_tokens=estimate_tokens(text),
        )
        yield StreamEnd(model=request.model or self.model_for(request.tier), usage=usage)
