"""The Anthropic provider: the official SDK, streaming, with prompt caching.

Prompt caching reads a request as a prefix: system, then messages in order, cached up to each
``cache_control`` breakpoint. What is the same for the next question comes first and carries
a breakpoint: the system prompt (the same for every question of a tenant: the question is not
in it) and the conversation so far. What changes with every question comes last, uncached: the
latest user turn, holding the evidence in ``<documents>`` and then the ``<question>``. The
SDK's errors are translated here, once, into ``ModelUnavailable`` (worth retrying later) or
``ModelRefused`` (the request was rejected).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import anthropic
import httpx2
from anthropic.types import MessageParam, TextBlockParam
from anthropic.types import Usage as SdkUsage

from shared.config import TierModels
from shared.events import Usage
from shared.llm.base import (
    ModelError,
    ModelProvider,
    ModelRefused,
    ModelRequest,
    ModelUnavailable,
    SourceDocument,
    StreamEnd,
    StreamItem,
    TextDelta,
    Tier,
    documents_text,
)

__all__ = ["AnthropicProvider", "build_messages", "build_system", "translate_error"]

_TRANSIENT_STATUS = frozenset({408, 409, 429})
_TRANSIENT_TYPES = frozenset({"overloaded_error", "api_error", "rate_limit_error", "timeout_error"})


class AnthropicProvider(ModelProvider):
    """Claude through the Messages API."""

    name = "anthropic"
    offline = False

    def __init__(
        self,
        *,
        api_key: str,
        models: TierModels,
        base_url: str | None = None,
        timeout_s: float = 120.0,
        max_retries: int = 2,
    ) -> None:
        """Create the SDK client.

        Args:
            api_key: The Anthropic API key.
            models: Model id per tier.
            base_url: Messages API base URL; ``None`` means Anthropic's.
            timeout_s: Timeout of each network operation (connecting, each read); the
                deadline of a whole call is the caller's, around the stream.
            max_retries: Retries of transient failures before a stream starts.
        """
        self.models = models
        self.base_url = base_url
        self._client = anthropic.AsyncAnthropic(
            api_key=api_key, base_url=base_url, max_retries=max_retries, timeout=timeout_s
        )

    def model_for(self, tier: Tier) -> str:
        return self.models.for_tier(tier)

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        return self._stream(request)

    async def _stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        system = build_system(request.system)
        client = (self._client if request.max_retries is None
                  else self._client.with_options(max_retries=request.max_retries))
        opened: anthropic.AsyncMessageStream | None = None
        try:
            async with client.messages.stream(
                model=request.model or self.model_for(request.tier),
                max_tokens=request.max_tokens,
                messages=build_messages(request),
                system=system or anthropic.omit,
                # This SDK no longer names temperature; the API still reads it where set.
                extra_body=(None if request.temperature is None
                            else {"temperature": request.temperature}),
            ) as stream:
                opened = stream
                async for text in stream.text_stream:
                    yield TextDelta(text)
                message = await stream.get_final_message()
        except anthropic.APIError as e:
            raise _spent(translate_error(e), opened) from e
        except httpx2.TransportError as e:
            # Once streaming has begun the SDK lets transport errors through untranslated.
            raise _spent(ModelUnavailable(f"The Anthropic API stream broke off: {e!r}"),
                         opened) from e
        yield StreamEnd(
            model=message.model,
            usage=_usage(message.usage),
            stop_reason=message.stop_reason or "end_turn",
        )

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        await self._client.close()


def build_system(system: str) -> list[TextBlockParam]:
    """The system prompt as text blocks, the last one a cache breakpoint."""
    if not system:
        return []
    return [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}]


def _documents_block(documents: list[SourceDocument]) -> TextBlockParam:
    return {"type": "text", "text": documents_text(documents)}


def build_messages(request: ModelRequest) -> list[MessageParam]:
    """The conversation, then the latest user turn with the documents before its question;
    the conversation's last turn is a cache breakpoint, so the next question reads it."""
    history = list(request.messages)
    while history and history[0].role != "user":
        history.pop(0)  # a history window cut mid-exchange; the API wants a user turn first
    messages: list[MessageParam] = [
        {"role": "user", "content": m.content} if m.role == "user"
        else {"role": "assistant", "content": m.content}
        for m in history
    ]
    if not messages or messages[-1]["role"] != "user":
        messages.append({"role": "user", "content": request.question or "(no question)"})
    if len(messages) > 1:
        earlier = messages[-2]
        text = earlier["content"]
        assert isinstance(text, str)
        cached: list[TextBlockParam] = [
            {"type": "text", "text": text, "cache_control": {"type": "ephemeral"}}]
        messages[-2] = ({"role": "user", "content": cached} if earlier["role"] == "user"
                        else {"role": "assistant", "content": cached})
    if request.documents:
        last = messages[-1]["content"]
        assert isinstance(last, str)
        messages[-1] = {"role": "user", "content": [
            _documents_block(list(request.documents)),
            {"type": "text", "text": f"<question>\n{last}\n</question>"}]}
    return messages


def _usage(usage: SdkUsage) -> Usage:
    return Usage(
        input_tokens=usage.input_tokens or 0,
        output_tokens=usage.output_tokens or 0,
        cache_creation_input_tokens=usage.cache_creation_input_tokens or 0,
        cache_read_input_tokens=usage.cache_read_input_tokens or 0,
    )


def _spent(error: ModelError, stream: anthropic.AsyncMessageStream | None) -> ModelError:
    """``error`` with the usage of the message begun before it (``message_start`` reports
    the input; output so far is counted by the deltas the API sent)."""
    if stream is not None:
        with contextlib.suppress(Exception):  # no message began: nothing was reported
            error.usage = _usage(stream.current_message_snapshot.usage)
    return error


def translate_error(e: anthropic.APIError) -> ModelError:
    """The SDK's error as ours: transient failures are unavailable, the rest refused."""
    if isinstance(e, anthropic.APIConnectionError):  # timeouts included
        return ModelUnavailable(f"The Anthropic API could not be reached: {e.message}")
    if isinstance(e, anthropic.APIStatusError):
        transient = (
            e.status_code >= 500
            or e.status_code in _TRANSIENT_STATUS
            or e.type in _TRANSIENT_TYPES  # an error event in the middle of a stream
        )
        where = f"HTTP {e.status_code}" if e.status_code >= 400 else "mid-stream"
        detail = f"{e.type or 'error'} ({where}): {e.api_message or e.message}"
        if transient:
            return ModelUnavailable(f"The Anthropic API is unavailable: {detail}")
        return ModelRefused(f"The Anthropic API refused the request: {detail}")
    return ModelUnavailable(f"The Anthropic API replied unexpectedly: {e.message}")
