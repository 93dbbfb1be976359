"""An OpenAI-compatible provider: the official ``openai`` SDK's streaming Chat Completions, for
on-premises or UK-hosted models (vLLM, Ollama, Azure OpenAI) as well as OpenAI's own.

The request is the same as Claude's in substance: the system prompt, the conversation, then the
latest user turn holding the evidence in ``<documents>`` and the ``<question>``. Usage comes in
the stream's last chunk (``stream_options={"include_usage": True}``); the prompt's cached part
(``prompt_tokens_details.cached_tokens``) is recorded as cache reads and the rest as input, as
for Claude, so one price table covers both. The SDK's errors are translated here, once, into
``ModelUnavailable`` (worth retrying later) or ``ModelRefused``, like the Anthropic provider's.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2
import openai
from openai.types import CompletionUsage
from openai.types.chat import ChatCompletionMessageParam

from shared.config import TierModels
from shared.events import Usage
from shared.llm.base import (
    ModelError,
    ModelProvider,
    ModelRefused,
    ModelRequest,
    ModelUnavailable,
    StreamEnd,
    StreamItem,
    TextDelta,
    Tier,
    documents_text,
)

__all__ = ["OpenAIProvider", "build_chat", "translate_error"]

_TRANSIENT_STATUS = frozenset({408, 409, 429})
_STOP_REASONS = {"stop": "end_turn", "length": "max_tokens", "content_filter": "refusal"}


class OpenAIProvider(ModelProvider):
    """Any server speaking OpenAI's Chat Completions API."""

    name = "openai"
    offline = False

    def __init__(self, *, models: TierModels, api_key: str | None = None,
                 base_url: str | None = None, timeout_s: float = 120.0,
                 max_retries: int = 2) -> None:
        """Create the SDK client.

        Args:
            models: Model id per tier.
            api_key: The server's key; local servers (vLLM, Ollama) often need none.
            base_url: The API's base URL (ending in ``/v1``); ``None`` means OpenAI's.
            timeout_s: Timeout of each network operation; the deadline of a whole call is
                the caller's, around the stream.
            max_retries: Retries of transient failures before a stream starts.
        """
        self.models = models
        self.base_url = base_url
        # The SDK insists on a key; a local server without authentication ignores it.
        self._client = openai.AsyncOpenAI(api_key=api_key or "not-needed", base_url=base_url,
                                          max_retries=max_retries, timeout=timeout_s)

    def model_for(self, tier: Tier) -> str:
        return self.models.for_tier(tier)

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        return self._stream(request)

    async def _stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        client = (self._client if request.max_retries is None
                  else self._client.with_options(max_retries=request.max_retries))
        model, usage, finish = request.model or self.model_for(request.tier), None, None
        try:
            chunks = await client.chat.completions.create(
                model=model, messages=build_chat(request), stream=True,
                stream_options={"include_usage": True}, max_tokens=request.max_tokens,
                temperature=openai.omit if request.temperature is None else request.temperature,
            )
            async with chunks:
                async for chunk in chunks:
                    model = chunk.model or model
                    if chunk.usage is not None:
                        usage = chunk.usage
                    for choice in chunk.choices:
                        if choice.delta.content:
                            yield TextDelta(choice.delta.content)
                        finish = choice.finish_reason or finish
        except openai.APIError as e:
            raise translate_error(e) from e
        except httpx2.TransportError as e:
            raise ModelUnavailable(f"The OpenAI-compatible API stream broke off: {e!r}") from e
        if finish is None:
            raise ModelUnavailable("The OpenAI-compatible API stream ended before the answer "
                                   "was finished.")
        yield StreamEnd(model=model, usage=_usage(usage),
                        stop_reason=_STOP_REASONS.get(finish, finish), provider=self.name)

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        await self._client.close()


def build_chat(request: ModelRequest) -> list[ChatCompletionMessageParam]:
    """The system prompt, the conversation (from its first user turn), then the latest user
    turn with the documents before its question."""
    history = list(request.messages)
    while history and history[0].role != "user":
        history.pop(0)
    chat: list[ChatCompletionMessageParam] = (
        [{"role": "system", "content": request.system}] if request.system else [])
    for m in history:
        chat.append({"role": "user", "content": m.content} if m.role == "user"
                    else {"role": "assistant", "content": m.content})
    if not history or history[-1].role != "user":
        chat.append({"role": "user", "content": request.question or "(no question)"})
    if request.documents:
        last = chat[-1]["content"]
        assert isinstance(last, str)
        chat[-1] = {"role": "user", "content": (f"{documents_text(list(request.documents))}"
                                                f"\n<question>\n{last}\n</question>")}
    return chat


def _usage(usage: CompletionUsage | None) -> Usage:
    """Tokens as recorded for every provider: input excludes the cached part, read apart."""
    if usage is None:
        return Usage()
    details = usage.prompt_tokens_details
    cached = (details.cached_tokens or 0) if details is not None else 0
    return Usage(input_tokens=max(0, usage.prompt_tokens - cached),
                 output_tokens=usage.completion_tokens, cache_read_input_tokens=cached)


def translate_error(e: openai.APIError) -> ModelError:
    """The SDK's error as ours: transient failures are unavailable, the rest refused."""
    if isinstance(e, openai.APIConnectionError):  # timeouts included
        return ModelUnavailable(f"The OpenAI-compatible API could not be reached: {e.message}")
    if isinstance(e, openai.APIStatusError):
        detail = f"HTTP {e.status_code}: {e.message}"
        if e.status_code >= 500 or e.status_code in _TRANSIENT_STATUS:
            return ModelUnavailable(f"The OpenAI-compatible API is unavailable: {detail}")
        return ModelRefused(f"The OpenAI-compatible API refused the request: {detail}")
    # An error object inside the stream (the server failed mid-answer) has no status.
    return ModelUnavailable(f"The OpenAI-compatible API failed mid-stream: {e.message}")
