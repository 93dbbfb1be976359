"""Model providers behind one interface: offline (deterministic), Anthropic, OpenAI-compatible,
scripted (tests), and several at once (``ProviderSet``).

``AnthropicProvider`` and ``OpenAIProvider`` are imported on first use: their SDKs cost about
50 MiB of memory, which a run on another provider need not pay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shared.llm.base import (
    ChatMessage,
    Completion,
    ModelError,
    ModelProvider,
    ModelRefused,
    ModelRequest,
    ModelUnavailable,
    Purpose,
    SourceDocument,
    StreamEnd,
    StreamItem,
    TextDelta,
    Tier,
    join_stream,
    offline_for,
)
from shared.llm.factory import build_provider, configured_providers
from shared.llm.offline import OFFLINE_MODEL, OfflineProvider
from shared.llm.providers import ProviderSet
from shared.llm.scripted import Script, ScriptedProvider

if TYPE_CHECKING:
    from shared.llm.anthropic import AnthropicProvider
    from shared.llm.openai import OpenAIProvider

__all__ = [
    "OFFLINE_MODEL",
    "AnthropicProvider",
    "ChatMessage",
    "Completion",
    "ModelError",
    "ModelProvider",
    "ModelRefused",
    "ModelRequest",
    "ModelUnavailable",
    "OfflineProvider",
    "OpenAIProvider",
    "ProviderSet",
    "Purpose",
    "Script",
    "ScriptedProvider",
    "SourceDocument",
    "StreamEnd",
    "StreamItem",
    "TextDelta",
    "Tier",
    "build_provider",
    "configured_providers",
    "join_stream",
    "offline_for",
]


def __getattr__(name: str) -> object:
    if name == "AnthropicProvider":
        from shared.llm.anthropic import AnthropicProvider

        return AnthropicProvider
    if name == "OpenAIProvider":
        from shared.llm.openai import OpenAIProvider

        return OpenAIProvider
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
