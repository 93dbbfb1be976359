"""The Anthropic provider through the real SDK, against a local fake of the Messages API.

Remote calls are impossible here: name resolution of anything but the loopback address fails.
"""

from __future__ import annotations

import contextlib
import socket
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import anthropic
import pytest

from shared.config import ConfigError, Settings, TierModels
from shared.events import Usage
from shared.llm import (
    AnthropicProvider,
    ChatMessage,
    ModelRefused,
    ModelRequest,
    ModelUnavailable,
    OfflineProvider,
    SourceDocument,
    StreamEnd,
    TextDelta,
    build_provider,
)
from tests.fakes.messages_api import FakeMessagesAPI

_LOCAL = {"127.0.0.1", "localhost", "::1"}
MODELS = TierModels(fast="claude-haiku-4-5", balanced="claude-sonnet-4-6", deep="claude-opus-4-8")
DOCS = [
    SourceDocument(ref="doc:abc#0", title="Damp & mould", text="We inspect within 10 days."),
    SourceDocument(ref="ukpga/2004/34/section/5", title="Housing Act 2004, s. 5",
                   text="they must take the appropriate enforcement action"),
]


@pytest.fixture(autouse=True)
def no_remote_hosts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Refuse to resolve any host but loopback, so no test can reach a real model."""
    real = socket.getaddrinfo

    def local_only(host: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else str(host)
        if name not in _LOCAL:
            raise socket.gaierror(socket.EAI_NONAME, f"remote host {name} blocked in tests")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", local_only)
    yield


def _request(tier: str = "balanced", documents: list[SourceDocument] = DOCS) -> ModelRequest:
    return ModelRequest(
        tier=tier, purpose="synthesis", system="Answer from the documents; cite them.",  # type: ignore[arg-type]
        question="How fast must damp be inspected?",
        messages=[ChatMessage(role="user", content="How fast must damp be inspected?")],
        documents=documents, max_tokens=500,
    )


def _settings(api: FakeMessagesAPI, **kwargs: Any) -> Settings:
    return Settings(llm_provider="anthropic", anthropic_api_key="test-key",
                    anthropic_base_url=api.base_url, models=MODELS, **kwargs)


@contextlib.asynccontextmanager
async def _provider(api: FakeMessagesAPI) -> AsyncIterator[AnthropicProvider]:
    provider = build_provider(_settings(api))
    assert isinstance(provider, AnthropicProvider)
    try:
        yield provider
    finally:
        await provider.aclose()


async def test_streams_text_and_usage_including_cache_tokens() -> None:
    reply = "Damp reports are inspected within 10 days <cite ref=\"doc:abc#0\">1</cite>."
    usage = Usage(input_tokens=120, cache_creation_input_tokens=800, cache_read_input_tokens=64)
    async with FakeMessagesAPI(replies=[reply], usage=usage, chunk_size=7) as api:
        async with _provider(api) as provider:
            items = [item async for item in provider.stream(_request())]
    *deltas, end = items
    assert all(isinstance(d, TextDelta) for d in deltas) and len(deltas) > 3
    assert "".join(d.text for d in deltas) == reply  # type: ignore[union-attr]
    assert isinstance(end, StreamEnd)
    assert end.model == "claude-sonnet-4-6" and end.stop_reason == "end_turn"
    assert end.usage == Usage(input_tokens=120, output_tokens=len(reply.split()),
                              cache_creation_input_tokens=800, cache_read_input_tokens=64)


async def test_sends_cached_system_prompt_and_documents_before_the_question() -> None:
    async with FakeMessagesAPI(replies=["ok"]) as api:
        async with _provider(api) as provider:
            await provider.complete(_request(tier="fast"))
    (body,) = api.requests
    headers = api.headers[0]  # this SDK sends the key as a bearer token, older ones as x-api-key
    assert "test-key" in (headers.get("x-api-key"), headers.get("authorization", "")[7:])
    assert body["model"] == "claude-haiku-4-5" and body["stream"] is True
    assert body["max_tokens"] == 500
    assert body["system"] == [{"type": "text", "text": "Answer from the documents; cite them.",
                               "cache_control": {"type": "ephemeral"}}]
    (message,) = body["messages"]
    assert message["role"] == "user"
    documents, question = message["content"]
    assert question == {"type": "text",
                        "text": "<question>\nHow fast must damp be inspected?\n</question>"}
    assert documents["text"].startswith(
        '<documents>\n<document ref="doc:abc#0" title="Damp &amp; mould">\n'
        "We inspect within 10 days.\n</document>\n"
        '<document ref="ukpga/2004/34/section/5"')
    assert documents["text"].endswith("</document>\n</documents>")
    assert "cache_control" not in documents  # the evidence changes with every question


async def test_conversation_history_is_a_cached_prefix_and_documents_go_last() -> None:
    request = ModelRequest(
        tier="deep", purpose="synthesis", system="",
        messages=[ChatMessage(role="assistant", content="Cut off by the history window."),
                  ChatMessage(role="user", content="First?"),
                  ChatMessage(role="assistant", content="An answer."),
                  ChatMessage(role="user", content="And then?")],
        documents=DOCS[:1],
    )
    async with FakeMessagesAPI(replies=["ok"]) as api:
        async with _provider(api) as provider:
            assert (await provider.complete(request)).model == "claude-opus-4-8"
    body = api.requests[0]
    assert "system" not in body
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]
    assert body["messages"][0]["content"] == "First?"
    assert body["messages"][1]["content"] == [{"type": "text", "text": "An answer.",
                                               "cache_control": {"type": "ephemeral"}}]
    assert body["messages"][2]["content"][-1]["text"] == "<question>\nAnd then?\n</question>"


def _conversation_request(question: str, earlier: list[ChatMessage],
                          documents: list[SourceDocument]) -> ModelRequest:
    from services.orchestrator.synthesis import History, synthesis_request
    from shared.events import Finding, RoutingDecided

    routing = RoutingDecided(conversation_id=uuid.uuid4(), tenant_id="t",
                             invocation_id=uuid.uuid4(), query_type="policy", complexity=30,
                             workers=["policy"], model_tier="balanced")
    return synthesis_request(
        question=question, routing=routing, history=History(messages=earlier),
        documents=[Finding(ref=d.ref, title=d.title, text=d.text, uri=d.ref) for d in documents],
        tenant_name="Fenmoor Valley Homes", jurisdiction="England")


async def test_second_question_of_a_conversation_reads_the_cached_prefix() -> None:
    """Against the fake API's faithful cache accounting: the system prompt carries no
    question, so the second question reads it (and the first turn) from the cache."""
    first_q, second_q = "How fast must damp be inspected?", "And what if the tenant is ill?"
    async with FakeMessagesAPI(replies=["Within 10 days."], prompt_caching=True) as api:
        async with _provider(api) as provider:
            first = await provider.complete(_conversation_request(first_q, [], DOCS))
            earlier = [ChatMessage(role="user", content=first_q),
                       ChatMessage(role="assistant", content=first.text)]
            second = await provider.complete(_conversation_request(second_q, earlier, DOCS[:1]))
    assert api.requests[0]["system"] == api.requests[1]["system"]
    assert second_q not in api.requests[1]["system"][0]["text"]
    assert first.usage.cache_read_input_tokens == 0
    assert first.usage.cache_creation_input_tokens >= 1024  # the system prompt, written
    assert second.usage.cache_read_input_tokens == first.usage.cache_creation_input_tokens
    assert second.usage.cache_creation_input_tokens > 0  # the first turn, for the third
    sent = [u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens
            for u in api.usages]
    assert second.usage.input_tokens < sent[1] / 4  # most of the prompt came from the cache


async def test_a_question_in_the_system_prompt_would_defeat_the_cache() -> None:
    """The fake's accounting is faithful: a changed system prompt reads nothing."""
    async with FakeMessagesAPI(replies=["ok"], prompt_caching=True,
                               min_cacheable_tokens=10) as api:
        async with _provider(api) as provider:
            for question in ("First question?", "Second question?"):
                request = ModelRequest(tier="fast", purpose="synthesis",
                                       system=f"Long rules. {question}" * 5, question=question,
                                       messages=[ChatMessage(role="user", content=question)])
                await provider.complete(request)
    assert [u.cache_read_input_tokens for u in api.usages] == [0, 0]
    assert all(u.cache_creation_input_tokens > 0 for u in api.usages)


async def test_overloaded_is_unavailable_after_the_sdk_retries() -> None:
    async with FakeMessagesAPI(status=529) as api:
        async with _provider(api) as provider:
            with pytest.raises(ModelUnavailable, match="overloaded_error") as caught:
                await provider.complete(_request())
    assert isinstance(caught.value.__cause__, anthropic.APIStatusError)
    assert len(api.requests) == 3  # the first try and max_retries=2


async def test_a_transient_error_is_retried_by_the_sdk() -> None:
    async with FakeMessagesAPI(replies=["recovered"], errors=[529]) as api:
        async with _provider(api) as provider:
            assert (await provider.complete(_request())).text == "recovered"
    assert len(api.requests) == 2


async def test_bad_request_is_refused_without_retrying() -> None:
    async with FakeMessagesAPI(status=400) as api:
        async with _provider(api) as provider:
            with pytest.raises(ModelRefused, match="invalid_request_error"):
                await provider.complete(_request())
    assert len(api.requests) == 1


async def test_an_error_event_mid_stream_is_unavailable() -> None:
    async with FakeMessagesAPI(replies=["x" * 80], chunk_size=10, stream_error_after=3) as api:
        async with _provider(api) as provider:
            received: list[str] = []
            with pytest.raises(ModelUnavailable, match="mid-stream"):
                async for item in provider.stream(_request()):
                    if isinstance(item, TextDelta):
                        received.append(item.text)
    assert received == ["x" * 10] * 3


async def test_a_stalled_stream_times_out_as_unavailable() -> None:
    async with FakeMessagesAPI(replies=["y" * 40], chunk_size=10, delay_s=2.0) as api:
        provider = AnthropicProvider(api_key="k", base_url=api.base_url, models=MODELS,
                                     timeout_s=0.3, max_retries=0)
        with pytest.raises(ModelUnavailable, match="broke off"):
            await provider.complete(_request())
        await provider.aclose()


async def test_unreachable_api_is_unavailable() -> None:
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    provider = AnthropicProvider(api_key="k", base_url=f"http://127.0.0.1:{port}",
                                 models=MODELS, max_retries=0)
    with pytest.raises(ModelUnavailable, match="could not be reached"):
        await provider.complete(_request())
    await provider.aclose()


async def test_remote_hosts_are_blocked_in_tests() -> None:
    provider = AnthropicProvider(api_key="k", models=MODELS, max_retries=0)  # Anthropic's URL
    with pytest.raises(ModelUnavailable):
        await provider.complete(_request())
    await provider.aclose()


async def test_the_fake_also_answers_without_streaming() -> None:
    async with FakeMessagesAPI(replies=["plain reply"], usage=Usage(input_tokens=5)) as api:
        client = anthropic.AsyncAnthropic(api_key="k", base_url=api.base_url, max_retries=0)
        message = await client.messages.create(
            model="claude-haiku-4-5", max_tokens=10,
            messages=[{"role": "user", "content": "Hi"}],
        )
        await client.close()
    assert message.content[0].type == "text" and message.content[0].text == "plain reply"
    assert message.usage.input_tokens == 5 and message.usage.output_tokens == 2
    assert "stream" not in api.requests[0]


def test_build_provider_picks_the_configured_provider() -> None:
    assert isinstance(build_provider(Settings()), OfflineProvider)
    with pytest.raises(ConfigError, match="ScriptedProvider"):
        build_provider(Settings(llm_provider="scripted"))
    with pytest.raises(ConfigError, match="Unknown model provider 'gpt'"):
        build_provider(Settings(llm_provider="gpt"))


def test_build_provider_refuses_anthropic_without_a_key() -> None:
    settings = Settings.from_env({"YOURAI_LLM_PROVIDER": "anthropic"})
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        build_provider(settings)


async def test_build_provider_configures_anthropic_from_settings() -> None:
    settings = Settings.from_env({
        "ANTHROPIC_API_KEY": "sk-test", "YOURAI_ANTHROPIC_BASE_URL": "http://127.0.0.1:9",
    })
    provider = build_provider(settings)
    assert isinstance(provider, AnthropicProvider)
    assert provider.base_url == "http://127.0.0.1:9"
    assert provider.model_for("fast") == settings.models.fast
    assert not provider.offline and provider.name == "anthropic"
    await provider.aclose()
