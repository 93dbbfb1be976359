"""One behaviour suite for every ``ModelProvider``: offline, scripted and Anthropic.

Written once and subclassed per provider, as eventsourcing's persistence suites are: whatever
the engine relies on from a provider (the shape of a stream, ``complete`` agreeing with it,
model ids per tier, usage, prompt cancellation, refusals as ``ModelError``) is proved for each.
The Anthropic provider runs through the real SDK against the local Messages API server.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import ClassVar, get_args

import pytest

from shared.config import TierModels
from shared.events import Tier, Usage
from shared.llm import (
    AnthropicProvider,
    ChatMessage,
    ModelError,
    ModelProvider,
    ModelRequest,
    OfflineProvider,
    ScriptedProvider,
    SourceDocument,
    StreamEnd,
    TextDelta,
)
from tests.fakes.messages_api import FakeMessagesAPI

QUESTION = "How quickly must we inspect a report of damp and mould?"
DOCUMENTS = [
    SourceDocument(ref="doc:7d1c2f0e-0000-4000-8000-000000000001#0", title="Damp and mould",
                   text="We will inspect every report of damp and mould within 10 working "
                        "days. Where a household is vulnerable we will inspect within 5 "
                        "working days and make the home safe within 24 hours."),
]
REPLY = ("We inspect reports of damp and mould within 10 working days "
         '<cite ref="doc:7d1c2f0e-0000-4000-8000-000000000001#0" quote="We will inspect every '
         'report of damp and mould within 10 working days.">1</cite>.')
MODELS = TierModels(fast="claude-haiku-4-5", balanced="claude-sonnet-4-6", deep="claude-opus-4-8")


def synthesis(tier: Tier = "balanced") -> ModelRequest:
    return ModelRequest(tier=tier, purpose="synthesis", system="Answer from the documents.",
                        question=QUESTION, messages=[ChatMessage(role="user", content=QUESTION)],
                        documents=DOCUMENTS, max_tokens=500)


def title() -> ModelRequest:
    return ModelRequest(tier="fast", purpose="title", system="Title the conversation.",
                        question=QUESTION, messages=[ChatMessage(role="user", content=QUESTION)],
                        max_tokens=30)


class ProviderContract:
    """What every provider must do; a subclass says how to make one."""

    refused_purpose: ClassVar[str | None] = None
    """A purpose this provider refuses (with ``ModelError``), if any."""

    def provider(self) -> contextlib.AbstractAsyncContextManager[ModelProvider]:
        raise NotImplementedError

    def slow_provider(self) -> contextlib.AbstractAsyncContextManager[ModelProvider]:
        """One whose synthesis streams slowly enough to be cancelled mid-way."""
        raise NotImplementedError

    async def test_a_stream_is_text_deltas_then_exactly_one_end(self) -> None:
        async with self.provider() as provider:
            items = [item async for item in provider.stream(synthesis())]
        *deltas, end = items
        assert deltas and all(isinstance(d, TextDelta) for d in deltas)
        assert isinstance(end, StreamEnd)
        assert "".join(d.text for d in deltas if isinstance(d, TextDelta)).strip()

    async def test_complete_agrees_with_the_stream(self) -> None:
        async with self.provider() as provider:
            items = [item async for item in provider.stream(synthesis())]
        async with self.provider() as provider:
            completion = await provider.complete(synthesis())
        text = "".join(i.text for i in items if isinstance(i, TextDelta))
        end = items[-1]
        assert isinstance(end, StreamEnd)
        assert (completion.text, completion.model, completion.usage) == (text, end.model,
                                                                         end.usage)

    async def test_the_model_named_is_the_one_for_the_tier(self) -> None:
        async with self.provider() as provider:
            for tier in get_args(Tier):
                assert provider.model_for(tier)
                items = [item async for item in provider.stream(synthesis(tier))]
                end = items[-1]
                assert isinstance(end, StreamEnd) and end.model == provider.model_for(tier)

    async def test_usage_is_counted(self) -> None:
        async with self.provider() as provider:
            completion = await provider.complete(synthesis())
        usage = completion.usage
        assert usage.output_tokens > 0 and usage.input_tokens > 0
        assert min(usage.cache_creation_input_tokens, usage.cache_read_input_tokens) >= 0

    async def test_a_title_request_is_answered(self) -> None:
        async with self.provider() as provider:
            completion = await provider.complete(title())
        assert completion.text.strip() and completion.model == provider.model_for("fast")

    async def test_cancelling_the_consumer_stops_the_stream_promptly(self) -> None:
        async with self.slow_provider() as provider:
            first = asyncio.Event()

            async def consume() -> None:
                async for item in provider.stream(synthesis()):
                    if isinstance(item, TextDelta):
                        first.set()

            task = asyncio.create_task(consume())
            await asyncio.wait_for(first.wait(), 10)
            loop = asyncio.get_running_loop()
            started = loop.time()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert loop.time() - started < 0.5
        self.check_abandoned()

    def check_abandoned(self) -> None:
        """After a cancel: whatever the provider's far side must show (nothing by default)."""

    async def test_a_refused_purpose_is_a_model_error_on_iteration(self) -> None:
        if self.refused_purpose is None:
            pytest.skip("this provider answers every purpose")
        request = ModelRequest(tier="fast", purpose=self.refused_purpose,  # type: ignore[arg-type]
                               system="s", question=QUESTION,
                               messages=[ChatMessage(role="user", content=QUESTION)])
        async with self.provider() as provider:
            stream = provider.stream(request)  # creating the stream never raises
            with pytest.raises(ModelError):
                async for _ in stream:
                    pass

    async def test_name_and_offline_flag_agree(self) -> None:
        async with self.provider() as provider:
            assert provider.name in {"offline", "scripted", "anthropic"}
            assert provider.offline is (provider.name == "offline")


class TestOfflineProvider(ProviderContract):
    refused_purpose = "judge"

    @contextlib.asynccontextmanager
    async def provider(self) -> AsyncIterator[ModelProvider]:
        yield OfflineProvider()

    def slow_provider(self) -> contextlib.AbstractAsyncContextManager[ModelProvider]:
        return self._slow()

    @contextlib.asynccontextmanager
    async def _slow(self) -> AsyncIterator[ModelProvider]:
        # The offline answer streams in small pieces with a yield between them; a long
        # document makes the stream long enough to cancel mid-way.
        long = [SourceDocument(ref=d.ref, title=d.title, text=" ".join([d.text] * 200))
                for d in DOCUMENTS]
        provider = OfflineProvider()
        original = provider.stream

        def stream(request: ModelRequest) -> AsyncIterator[object]:
            return original(ModelRequest(**{**_fields(request), "documents": long}))

        provider.stream = stream  # type: ignore[method-assign,assignment]
        yield provider


class TestScriptedProvider(ProviderContract):
    refused_purpose = "judge"

    @contextlib.asynccontextmanager
    async def provider(self) -> AsyncIterator[ModelProvider]:
        yield ScriptedProvider(responses={"synthesis": [REPLY], "title": ["Damp inspections"]})

    @contextlib.asynccontextmanager
    async def slow_provider(self) -> AsyncIterator[ModelProvider]:
        yield ScriptedProvider(responses={"synthesis": [REPLY * 20]}, chunk_size=4,
                               delay_s=0.05)


class TestAnthropicProvider(ProviderContract):
    def provider(self) -> contextlib.AbstractAsyncContextManager[ModelProvider]:
        return self._through(FakeMessagesAPI(
            replies=[REPLY], usage=Usage(input_tokens=120, cache_read_input_tokens=30)))

    def slow_provider(self) -> contextlib.AbstractAsyncContextManager[ModelProvider]:
        return self._through(FakeMessagesAPI(replies=["z" * 400], chunk_size=1, delay_s=0.05))

    @contextlib.asynccontextmanager
    async def _through(self, server: FakeMessagesAPI) -> AsyncIterator[ModelProvider]:
        """The real SDK against ``server``, the local Messages API."""
        async with server as api:
            self.api = api
            provider = AnthropicProvider(api_key="test-key", base_url=api.base_url,
                                         models=MODELS, max_retries=0)
            try:
                yield provider
            finally:
                await provider.aclose()

    def check_abandoned(self) -> None:
        assert self.api.finished_streams == 0  # the server saw the client go

    async def test_title_replies_come_from_the_fast_tier(self) -> None:
        async with self.provider() as provider:
            completion = await provider.complete(title())
        assert completion.model == MODELS.fast


def _fields(request: ModelRequest) -> dict[str, object]:
    return {f: getattr(request, f) for f in request.__struct_fields__}
