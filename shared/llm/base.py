"""The model provider port: one small interface that every backend (offline, Anthropic, scripted)
implements, so the provider is configuration and never code.
"""

from __future__ import annotations

import html
from collections.abc import AsyncIterator
from typing import Literal, Protocol, runtime_checkable

import msgspec

from shared.events import Tier, Usage

__all__ = [
    "ChatMessage",
    "ChoosesProvider",
    "Completion",
    "ModelError",
    "ModelProvider",
    "ModelRefused",
    "ModelRequest",
    "ModelUnavailable",
    "Purpose",
    "SourceDocument",
    "StreamEnd",
    "StreamItem",
    "TextDelta",
    "Tier",
    "documents_text",
    "failed_stream",
    "join_stream",
    "offline_for",
]

Purpose = Literal["synthesis", "routing", "rewrite", "title", "judge"]


class SourceDocument(msgspec.Struct, frozen=True, kw_only=True):
    """One piece of evidence the model may quote and cite."""

    ref: str
    """Citation ref, e.g. ``doc:<uuid>#3`` or ``ukpga/2004/34/section/5``."""
    title: str
    text: str
    """The source text, verbatim: quotes are checked against it."""


class ChatMessage(msgspec.Struct, frozen=True, kw_only=True):
    role: Literal["user", "assistant"]
    content: str


class ModelRequest(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one model call needs; the provider decides how to send it."""

    tier: Tier
    purpose: Purpose
    system: str
    messages: list[ChatMessage]
    question: str = ""
    """The user's question, for extractive modes that do not read the prompt."""
    documents: list[SourceDocument] = []
    """Evidence; real models receive it as document blocks in the first user message."""
    max_tokens: int = 2048
    model: str | None = None
    """The model id to use instead of the provider's for ``tier`` (the tenant's choice)."""
    provider: str | None = None
    """The provider to send it to, where several are configured; ``None``: the default."""
    temperature: float | None = None
    """Sampling temperature; ``None``: the model's default."""
    max_retries: int | None = None
    """Retries of transient failures before the stream starts; ``None``: the provider's."""
    timeout_s: float | None = None
    """Deadline of the whole call, set by the agent's configuration; callers apply it."""
    tenant: str | None = None
    """Whose question and documents these are: the offline answerer keeps their vectors
    under this tenant only (``None``: public texts, shared). Not sent to a model."""


class TextDelta(msgspec.Struct, frozen=True):
    text: str


class StreamEnd(msgspec.Struct, frozen=True, kw_only=True):
    """The last item of every stream: which model answered and what it cost."""

    model: str
    usage: Usage
    stop_reason: str = "end_turn"
    provider: str = ""
    """Which provider answered, where several are configured (``""``: the one called)."""


StreamItem = TextDelta | StreamEnd


class Completion(msgspec.Struct, frozen=True, kw_only=True):
    text: str
    model: str
    usage: Usage
    provider: str = ""
    """Which provider answered, where several are configured (``""``: the one called)."""


class ModelError(Exception):
    """A model call failed; the subclass says whether trying again may help."""

    usage: Usage | None = None
    """What the call consumed before it failed, where the provider reported it (a stream
    that broke part-way); ``None``: not reported."""


class ModelUnavailable(ModelError):
    """Transient: network failure, timeout, rate limit, overload or a server error."""


class ModelRefused(ModelError):
    """The request itself was rejected (bad request, auth, unsupported purpose)."""


async def join_stream(stream: AsyncIterator[StreamItem]) -> Completion:
    """Collect a stream into one ``Completion`` (the text is the deltas joined)."""
    parts: list[str] = []
    async for item in stream:
        if isinstance(item, TextDelta):
            parts.append(item.text)
        else:
            return Completion(text="".join(parts), model=item.model, usage=item.usage,
                              provider=item.provider)
    raise ModelUnavailable("The model stream ended without a final message.")


def documents_text(documents: list[SourceDocument]) -> str:
    """The evidence as every real model receives it: ``<documents>`` of ``<document>``s, each
    with its citation ref and title (escaped), its text verbatim."""
    def one(doc: SourceDocument) -> str:
        ref, title = html.escape(doc.ref, quote=True), html.escape(doc.title, quote=True)
        return f'<document ref="{ref}" title="{title}">\n{doc.text}\n</document>'

    body = "\n".join(one(d) for d in documents)
    return f"<documents>\n{body}\n</documents>"


async def failed_stream(error: Exception) -> AsyncIterator[StreamItem]:
    """A stream that raises ``error`` when iterated, as a real model's stream would."""
    raise error
    yield  # unreachable: makes this an async generator


@runtime_checkable
class ChoosesProvider(Protocol):
    """A provider that passes each request on to one of several (or wraps one that does)."""

    def offline_for(self, request: ModelRequest) -> bool:
        """Whether the provider ``request`` names would answer it offline."""
        ...


def offline_for(provider: ModelProvider, request: ModelRequest) -> bool:
    """Whether ``request`` (as configured: its ``provider``) would be answered offline, so a
    caller with an offline rule of its own uses that instead: the tenant's provider decides,
    not the engine's default."""
    if isinstance(provider, ChoosesProvider):
        return provider.offline_for(request)
    return provider.offline


class ModelProvider(Protocol):
    """A source of model completions; subclass it to inherit ``complete``."""

    name: str
    """``offline``, ``anthropic``, ``openai`` or ``scripted``."""
    offline: bool
    """True only for the offline provider, so answers can be labelled as such."""

    def model_for(self, tier: Tier) -> str:
        """The model id this provider uses for ``tier``."""
        ...

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        """Text deltas, then exactly one ``StreamEnd`` as the last item."""
        ...

    async def complete(self, request: ModelRequest) -> Completion:
        """The whole reply at once (the stream, joined)."""
        return await join_stream(self.stream(request))
