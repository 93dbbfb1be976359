"""Several providers behind the one interface: each request goes to the provider it names (a
tenant's tier may be served by an OpenAI-compatible server while another is Claude), or to the
default. The answer says which provider served it, so its usage is recorded against it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping

import msgspec

from shared.llm.base import (
    ModelProvider,
    ModelRefused,
    ModelRequest,
    StreamEnd,
    StreamItem,
    Tier,
    failed_stream,
    offline_for,
)

__all__ = ["ProviderSet"]


class ProviderSet(ModelProvider):
    """Named providers, one of them the default; it behaves as the default for callers that
    ask nothing more (``name``, ``offline``, ``model_for``)."""

    def __init__(self, providers: Mapping[str, ModelProvider], *, default: str) -> None:
        if default not in providers:
            raise ValueError(f"the default provider {default!r} is not among the providers")
        self.providers = dict(providers)
        self.default = providers[default]
        self.name = self.default.name
        self.offline = self.default.offline

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self.providers)

    def model_for(self, tier: Tier) -> str:
        return self.default.model_for(tier)

    def offline_for(self, request: ModelRequest) -> bool:
        """The offline flag of the provider ``request`` names (the default's, if none)."""
        provider = self.providers.get(request.provider or self.name)
        return provider is not None and offline_for(provider, request)

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        name = request.provider or self.name
        provider = self.providers.get(name)
        if provider is None:
            return failed_stream(ModelRefused(
                f"The model provider {name!r} is not configured on this engine."))
        return _named(provider.stream(request), provider.name)


async def _named(stream: AsyncIterator[StreamItem], name: str) -> AsyncIterator[StreamItem]:
    async for item in stream:
        if isinstance(item, StreamEnd) and not item.provider:
            item = msgspec.structs.replace(item, provider=name)
        yield item
