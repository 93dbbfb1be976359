"""A model call that fails is metered too: the attempt is noted with its failure, and with
what it had consumed (a stream that broke part-way was paid for; a refused call was not).

The real ``anthropic`` and ``openai`` SDKs against the local protocol servers.
"""

from __future__ import annotations

import asyncio
import uuid
from decimal import Decimal

import pytest

from shared.config import TierModels
from shared.events import Usage, UsageRecorded
from shared.llm import ChatMessage, ModelError, ModelRequest
from shared.llm.anthropic import AnthropicProvider
from shared.llm.openai import OpenAIProvider
from shared.metering import MeteredProvider, metered_calls
from shared.pricing import PriceTable
from tests.fakes.chat_completions import FakeChatCompletionsAPI
from tests.fakes.messages_api import FakeMessagesAPI

MODELS = TierModels(fast="claude-haiku-4-5", balanced="claude-sonnet-4-6",
                    deep="claude-opus-4-1")
LONG = "Repairs to a leaking roof must be made within the published timescale. " * 8
REQUEST = ModelRequest(tier="balanced", purpose="judge", system="You check claims. " * 20,
                       messages=[ChatMessage(role="user", content="Is this supported?")])


async def _fail(provider: MeteredProvider) -> list[UsageRecorded]:
    with metered_calls() as calls:
        with pytest.raises(ModelError):
            await provider.complete(REQUEST)
    # As a service records them: one usage.recorded per call.
    return [UsageRecorded(invocation_id=uuid.uuid4(), tenant_id="t",
                          conversation_id=uuid.uuid4(), **fields)
            for fields in calls.priced(PriceTable.default())]


async def test_an_anthropic_stream_broken_part_way_is_paid_for() -> None:
    async with FakeMessagesAPI(replies=[LONG], usage=Usage(input_tokens=420),
                               stream_error_after=3) as api:
        provider = AnthropicProvider(api_key="k", base_url=api.base_url, models=MODELS,
                                     max_retries=0)
        [call] = await _fail(MeteredProvider(provider))
        await provider.aclose()
    assert call.failure and "overloaded" in call.failure
    assert call.usage.input_tokens == 420  # as the API reported it when the message began
    assert call.usage.output_tokens >= 3 * 8 // 4  # the text sent before the break
    assert call.model == "claude-sonnet-4-6" and call.agent == "judge"
    assert call.priced and float(call.cost) > 0


async def test_a_refused_call_is_noted_at_no_cost() -> None:
    async with FakeMessagesAPI(status=500) as api:
        provider = AnthropicProvider(api_key="k", base_url=api.base_url, models=MODELS,
                                     max_retries=0)
        [call] = await _fail(MeteredProvider(provider))
        await provider.aclose()
    assert "500" in call.failure
    assert call.usage == Usage() and Decimal(call.cost) == 0


async def test_an_openai_stream_broken_part_way_is_estimated() -> None:
    async with FakeChatCompletionsAPI(replies=[LONG], stream_error_after=3) as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0)
        [call] = await _fail(MeteredProvider(provider))
        await provider.aclose()
    assert "mid-stream" in call.failure
    prompt = len(REQUEST.system) + len(REQUEST.messages[0].content)
    assert call.usage.input_tokens == prompt // 4 and call.usage.output_tokens > 0


async def test_a_call_past_its_deadline_is_noted() -> None:
    async with FakeMessagesAPI(replies=[LONG], delay_s=0.2) as api:
        provider = AnthropicProvider(api_key="k", base_url=api.base_url, models=MODELS,
                                     max_retries=0)
        with metered_calls() as calls:
            with pytest.raises(TimeoutError):
                async with asyncio.timeout(0.5):
                    await MeteredProvider(provider).complete(REQUEST)
        await provider.aclose()
    [call] = calls.calls
    assert "deadline" in call.failure and call.usage.output_tokens > 0
