"""Model providers behind one interface: offline (deterministic), Anthropic, OpenAI-compatible,
scripted (tests), and several at once (``ProviderSet``)."""

from shared.llm.anthropic import AnthropicProvider
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
from shared.llm.openai import OpenAIProvider
from shared.llm.providers import ProviderSet
from shared.llm.scripted import Script, ScriptedProvider

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
