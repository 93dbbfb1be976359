"""Choosing the model provider from configuration, so the provider is never code."""

from __future__ import annotations

from shared.config import ConfigError, Settings
from shared.llm.anthropic import AnthropicProvider
from shared.llm.base import ModelProvider
from shared.llm.offline import OfflineProvider

__all__ = ["build_provider"]


def build_provider(settings: Settings) -> ModelProvider:
    """The provider ``settings.llm_provider`` names, configured from ``settings``."""
    match settings.llm_provider:
        case "offline":
            return OfflineProvider()
        case "anthropic":
            if not settings.anthropic_api_key:
                raise ConfigError(
                    "The anthropic model provider needs an API key: set ANTHROPIC_API_KEY, "
                    "or set YOURAI_LLM_PROVIDER=offline to run without a language model."
                )
            return AnthropicProvider(
                api_key=settings.anthropic_api_key,
                base_url=settings.anthropic_base_url,
                models=settings.models,
                timeout_s=settings.model_deadline_s,
            )
        case "scripted":
            raise ConfigError(
                "The scripted model provider is for tests: give the engine the ScriptedProvider "
                "to use."
            )
        case other:
            raise ConfigError(
                f"Unknown model provider {other!r}: use offline, anthropic or scripted."
            )
