"""The OpenAI-compatible provider through the real ``openai`` SDK, against a local server that
speaks the Chat Completions stream (as vLLM, Ollama or Azure OpenAI would).

Remote calls are impossible here: name resolution of anything but the loopback address fails.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from shared.config import ConfigError, Settings, TierModels
from shared.events import Usage
from shared.llm import (
    ChatMessage,
    ModelRefused,
    ModelRequest,
    ModelUnavailable,
    OfflineProvider,
    OpenAIProvider,
    ProviderSet,
    ScriptedProvider,
    SourceDocument,
    StreamEnd,
    TextDelta,
    build_provider,
    configured_providers,
)
from tests.fakes.chat_completions import FakeChatCompletionsAPI

_LOCAL = {"127.0.0.1", "localhost", "::1"}
MODELS = TierModels(fast="llama-3.1-8b", balanced="llama-3.1-70b", deep="llama-3.1-405b")
DOCS = [SourceDocument(ref="doc:abc#0", title="Damp & mould", text="We inspect within 10 days.")]


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


def _request(**fields: Any) -> ModelRequest:
    base: dict[str, Any] = dict(
        tier="balanced", purpose="synthesis", system="Answer from the documents; cite them.",
        question="How fast must damp be inspected?", documents=DOCS,
        messages=[ChatMessage(role="user", content="How fast must damp be inspected?")])
    return ModelRequest(**{**base, **fields})


async def test_streams_text_and_reports_the_servers_usage() -> None:
    reply = "We inspect reported damp within 10 days [doc:abc#0]."
    async with FakeChatCompletionsAPI(replies=[reply], chunk_size=5) as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0)
        items = [item async for item in provider.stream(_request(temperature=0.2,
                                                                 max_tokens=321))]
        await provider.aclose()
    deltas = [i.text for i in items if isinstance(i, TextDelta)]
    assert len(deltas) > 3 and "".join(deltas) == reply
    end = items[-1]
    assert isinstance(end, StreamEnd)
    reported = api.usages[0]
    assert end.usage == Usage(input_tokens=reported.prompt_tokens,
                              output_tokens=reported.completion_tokens)
    assert (end.model, end.provider, end.stop_reason) == ("llama-3.1-70b", "openai", "end_turn")
    body = api.requests[0]
    assert body["model"] == "llama-3.1-70b" and body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}
    assert (body["temperature"], body["max_tokens"]) == (0.2, 321)
    system, user = body["messages"]
    assert system == {"role": "system", "content": "Answer from the documents; cite them."}
    assert user["role"] == "user" and user["content"].startswith("<documents>\n<document ")
    assert 'title="Damp &amp; mould"' in user["content"]
    assert user["content"].endswith("<question>\nHow fast must damp be inspected?\n</question>")


async def test_a_cached_prompt_prefix_is_recorded_as_cache_reads() -> None:
    long_system = "You answer questions about housing compliance. " * 120
    async with FakeChatCompletionsAPI(replies=["One.", "Two."], min_cacheable_tokens=256) as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0)
        first = await provider.complete(_request(system=long_system))
        second = await provider.complete(_request(system=long_system, question="And mould?",
                                                  messages=[ChatMessage(role="user",
                                                                        content="And mould?")]))
        await provider.aclose()
    assert first.usage.cache_read_input_tokens == 0
    cached = api.usages[1].cached_tokens
    assert cached > 256
    assert second.usage == Usage(input_tokens=api.usages[1].prompt_tokens - cached,
                                 output_tokens=1, cache_read_input_tokens=cached)


async def test_a_model_chosen_for_the_request_overrides_the_tiers() -> None:
    async with FakeChatCompletionsAPI() as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0)
        done = await provider.complete(_request(model="mistral-small", documents=[]))
        await provider.aclose()
    assert api.requests[0]["model"] == "mistral-small" == done.model
    assert api.requests[0]["messages"][-1] == {"role": "user",
                                               "content": "How fast must damp be inspected?"}


@pytest.mark.parametrize(("status", "error"), [(400, ModelRefused), (401, ModelRefused),
                                               (429, ModelUnavailable), (503, ModelUnavailable)])
async def test_http_errors_are_translated(status: int, error: type[Exception]) -> None:
    async with FakeChatCompletionsAPI(status=status) as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0)
        with pytest.raises(error, match=f"HTTP {status}"):
            await provider.complete(_request())
        await provider.aclose()


async def test_transient_errors_are_retried_before_the_stream_starts() -> None:
    async with FakeChatCompletionsAPI(errors=[503, 429], replies=["Fine."]) as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=2)
        done = await provider.complete(_request())
        await provider.aclose()
    assert done.text == "Fine." and len(api.requests) == 3


async def test_an_error_mid_stream_is_unavailable() -> None:
    async with FakeChatCompletionsAPI(replies=["A long answer that breaks off."],
                                      stream_error_after=2) as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0)
        with pytest.raises(ModelUnavailable, match="mid-stream"):
            await provider.complete(_request())
        await provider.aclose()


async def test_a_slow_server_times_out_as_unavailable() -> None:
    async with FakeChatCompletionsAPI(replies=["Slow " * 10], delay_s=1.0, chunk_size=5) as api:
        provider = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0,
                                  timeout_s=0.3)
        with pytest.raises(ModelUnavailable):
            await provider.complete(_request())
        await provider.aclose()


async def test_a_provider_set_sends_each_request_to_the_provider_it_names() -> None:
    scripted = ScriptedProvider(responses={"synthesis": ["From the default."]})
    async with FakeChatCompletionsAPI(replies=["From the OpenAI-compatible server."]) as api:
        openai = OpenAIProvider(models=MODELS, base_url=api.base_url, max_retries=0)
        both = ProviderSet({"scripted": scripted, "openai": openai}, default="scripted")
        default = await both.complete(_request())
        chosen = await both.complete(_request(provider="openai", model="qwen-2.5"))
        with pytest.raises(ModelRefused, match="'vertex' is not configured"):
            await both.complete(_request(provider="vertex"))
        await openai.aclose()
    assert (default.text, default.provider) == ("From the default.", "scripted")
    assert (chosen.text, chosen.provider, chosen.model) == (
        "From the OpenAI-compatible server.", "openai", "qwen-2.5")
    assert both.name == "scripted" and not both.offline


def test_settings_and_the_factory_configure_the_openai_provider() -> None:
    settings = Settings.from_env({"YOURAI_OPENAI_BASE_URL": "http://localhost:8000/v1",
                                  "YOURAI_OPENAI_MODEL": "llama-3.1-70b",
                                  "YOURAI_OPENAI_MODEL_FAST": "llama-3.1-8b"})
    assert settings.llm_provider == "offline"
    assert settings.openai_models == TierModels(fast="llama-3.1-8b", balanced="llama-3.1-70b",
                                                deep="llama-3.1-70b")
    assert configured_providers(settings) == {"offline", "openai"}
    both = build_provider(settings)
    assert isinstance(both, ProviderSet) and isinstance(both.default, OfflineProvider)
    assert isinstance(both.providers["openai"], OpenAIProvider)
    alone = build_provider(Settings.from_env({"YOURAI_LLM_PROVIDER": "openai",
                                              "YOURAI_OPENAI_BASE_URL": "http://localhost/v1"}))
    assert isinstance(alone, OpenAIProvider) and alone.model_for("deep") == "gpt-4.1"
    with pytest.raises(ConfigError, match="YOURAI_OPENAI_BASE_URL"):
        build_provider(Settings.from_env({"YOURAI_LLM_PROVIDER": "openai"}))
