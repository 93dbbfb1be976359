"""Choosing the model providers from configuration, so the provider is never code."""

from __future__ import annotations

from shared.config import ConfigError, Settings
from shared.llm.base import ModelProvider
from shared.llm.offline import OfflineProvider
from shared.llm.providers import ProviderSet

__all__ = ["build_provider", "configured_providers"]


def configured_providers(settings: Settings) -> frozenset[str]:
    """The providers a tenant's tiers may name on this engine: the default, Anthropic when it
    has a key, an OpenAI-compatible server when it has a URL or a key."""
    names = {settings.llm_provider}
    if settings.anthropic_api_key:
        names.add("anthropic")
    if settings.openai_base_url or settings.openai_api_key:
        names.add("openai")
    return frozenset(names)


def build_provider(settings: Settings) -> ModelProvider:
    """The provider ``settings.llm_provider`` names, configured from ``settings``; with the
    other configured providers beside it (a ``ProviderSet``) when there are any."""
    default = _build(settings.llm_provider, settings)
    others = configured_providers(settings) - {settings.llm_provider}
    if not others:
        return default
    providers = {name: _build(name, settings) for name in others}
    return ProviderSet({settings.llm_provider: default, **providers},
                       default=settings.llm_provider)


def _build(name: str, settings: Settings) -> ModelProvider:
    # The SDKs are imported only for the provider a run uses: together they are about 50 MiB
    # of a process's memory (docs/BENCHMARKS.md, "Memory of `yourai up`").
    match name:
        case "offline":
            return OfflineProvider()
        case "anthropic":
            if not settings.anthropic_api_key:
                raise ConfigError(
                    "The anthropic model provider needs an API key: set ANTHROPIC_API_KEY, "
                    "or set YOURAI_LLM_PROVIDER=offline to run without a language model."
                )
            from shared.llm.anthropic import AnthropicProvider

            return AnthropicProvider(
                api_key=settings.anthropic_api_key,
                base_url=settings.anthropic_base_url,
                models=settings.models,
                timeout_s=settings.model_deadline_s,
            )
        case "openai":
            if not (settings.openai_base_url or settings.openai_api_key):
                raise ConfigError(
                    "The openai model provider needs the server's URL "
                    "(YOURAI_OPENAI_BASE_URL, e.g. http://localhost:8000/v1 for vLLM) or, for "
                    "OpenAI itself, OPENAI_API_KEY."
                )
            from shared.llm.openai import OpenAIProvider

            return OpenAIProvider(
                api_key=settings.openai_api_key,
                base_url=settings.openai_base_url,
                models=settings.openai_models,
                timeout_s=settings.model_deadline_s,
            )
        case "scripted":
            raise ConfigError(
                "The scripted model provider is for tests: give the engine the ScriptedProvider "
                "to use."
            )
        case other:
            raise ConfigError(
                f"Unknown model provider {other!r}: use offline, anthropic, openai or scripted."
            )
