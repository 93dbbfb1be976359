"""The scripted provider: replies in order, the last repeating, streamed so tests can cancel."""

from __future__ import annotations

import asyncio

import pytest

from shared.events import Usage
from shared.llm import (
    ChatMessage,
    ModelRefused,
    ModelRequest,
    ModelUnavailable,
    ScriptedProvider,
    StreamEnd,
    TextDelta,
)


def _request(purpose: str = "synthesis", question: str = "Q?") -> ModelRequest:
    return ModelRequest(
        tier="fast", purpose=purpose, system="Be brief.", question=question,  # type: ignore[arg-type]
        messages=[ChatMessage(role="user", content=question)],
    )


async def test_replies_in_order_per_purpose_and_the_last_repeats() -> None:
    provider = ScriptedProvider(
        responses={"synthesis": ["first", "second"], "title": ["A title"]}
    )
    texts = [(await provider.complete(_request())).text for _ in range(4)]
    assert texts == ["first", "second", "second", "second"]
    assert (await provider.complete(_request("title"))).text == "A title"
    assert (await provider.complete(_request("title"))).text == "A title"
    assert [r.purpose for r in provider.requests] == ["synthesis"] * 4 + ["title"] * 2


async def test_streams_fixed_size_pieces_and_reports_usage() -> None:
    usage = Usage(input_tokens=11, output_tokens=7, cache_read_input_tokens=3)
    text = "The landlord must investigate within 14 days."
    provider = ScriptedProvider(responses={"synthesis": [text]}, chunk_size=5, usage=usage)
    items = [item async for item in provider.stream(_request())]
    *deltas, end = items
    assert [d.text for d in deltas] == [text[i : i + 5] for i in range(0, len(text), 5)]  # type: ignore[union-attr]
    assert all(isinstance(d, TextDelta) for d in deltas)
    assert end == StreamEnd(model="scripted-fast", usage=usage)
    assert not provider.offline and provider.name == "scripted"


async def test_callable_scripts_see_the_request() -> None:
    provider = ScriptedProvider(
        responses={"routing": [lambda r: f'{{"query_type": "policy", "q": "{r.question}"}}']}
    )
    completion = await provider.complete(_request("routing", "damp?"))
    assert completion.text == '{"query_type": "policy", "q": "damp?"}'
    assert completion.usage.output_tokens == 4  # estimated from words when not given


async def test_failures_are_raised_when_the_stream_is_read() -> None:
    provider = ScriptedProvider(
        responses={"synthesis": ["never"]},
        fail_with={"synthesis": ModelUnavailable("overloaded")},
    )
    stream = provider.stream(_request())
    assert len(provider.requests) == 1  # recorded even though it fails
    with pytest.raises(ModelUnavailable, match="overloaded"):
        await anext(stream)
    with pytest.raises(ModelRefused, match="judge"):
        await provider.complete(_request("judge"))


async def test_delay_paces_the_stream() -> None:
    provider = ScriptedProvider(responses={"synthesis": ["abcdef"]}, chunk_size=2, delay_s=0.05)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await provider.complete(_request())
    assert loop.time() - started >= 0.1  # two pauses between three pieces
