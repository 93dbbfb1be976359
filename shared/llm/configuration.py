"""A tenant's model configuration: which model (and provider) serves each tier, and per-agent
settings that override what the caller asked for.

The router picks a tier from the question; the tier maps to the tenant's model; an agent's own
settings (tier, max tokens, temperature, timeout, retries) override both. ``apply`` turns a
request into the one the tenant configured, so every call site treats configuration alike.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Literal, get_args

import msgspec

from shared.llm.base import ModelRequest, Purpose, Tier

__all__ = [
    "AGENTS",
    "AgentName",
    "AgentSettings",
    "ConfigurationError",
    "ModelConfiguration",
    "TierChoice",
    "agent_of",
]

AgentName = Literal["router", "rewrite", "synthesis", "title", "judge"]
AGENTS: tuple[AgentName, ...] = get_args(AgentName)

MAX_TOKENS = 64_000
MAX_TIMEOUT_S = 600.0
MAX_RETRIES = 10


class ConfigurationError(ValueError):
    """A model configuration that cannot be applied; nothing of it is kept."""


def agent_of(purpose: Purpose) -> AgentName:
    """The agent that makes calls of ``purpose`` (the router's classification is ``routing``)."""
    return "router" if purpose == "routing" else purpose


class TierChoice(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True,
                 forbid_unknown_fields=True):
    """The model serving one tier, and the provider that serves it (``""``: the default)."""

    model: str
    provider: str = ""


class AgentSettings(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True,
                    forbid_unknown_fields=True):
    """One agent's overrides; ``None`` leaves the caller's value."""

    tier: Tier | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    timeout_s: float | None = None
    retries: int | None = None

    def check(self, agent: str) -> None:
        def bad(what: str) -> ConfigurationError:
            return ConfigurationError(f"The {agent} agent's {what}.")

        if self.max_tokens is not None and not 1 <= self.max_tokens <= MAX_TOKENS:
            raise bad(f"max_tokens must be from 1 to {MAX_TOKENS}, not {self.max_tokens}")
        if self.temperature is not None and not 0 <= self.temperature <= 2:
            raise bad(f"temperature must be from 0 to 2, not {self.temperature}")
        if self.timeout_s is not None and not 0 < self.timeout_s <= MAX_TIMEOUT_S:
            raise bad(f"timeout_s must be more than 0 and at most {MAX_TIMEOUT_S:g} seconds, "
                      f"not {self.timeout_s}")
        if self.retries is not None and not 0 <= self.retries <= MAX_RETRIES:
            raise bad(f"retries must be from 0 to {MAX_RETRIES}, not {self.retries}")


class ModelConfiguration(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True,
                         forbid_unknown_fields=True):
    """Tier → model (and provider); agent → settings. Empty: the engine's defaults."""

    tiers: dict[Tier, TierChoice] = {}
    agents: dict[AgentName, AgentSettings] = {}

    def apply(self, request: ModelRequest) -> ModelRequest:
        """``request`` as the tenant configured it: the agent's tier and settings, then the
        tier's model and provider. What is not configured is left as the caller set it."""
        settings = self.agents.get(agent_of(request.purpose), AgentSettings())
        tier = settings.tier or request.tier
        choice = self.tiers.get(tier)
        return msgspec.structs.replace(
            request,
            tier=tier,
            model=choice.model if choice else request.model,
            provider=(choice.provider or None) if choice else request.provider,
            max_tokens=settings.max_tokens or request.max_tokens,
            temperature=(settings.temperature if settings.temperature is not None
                         else request.temperature),
            timeout_s=settings.timeout_s or request.timeout_s,
            max_retries=settings.retries if settings.retries is not None
            else request.max_retries,
        )

    def checked(self, *, providers: Collection[str],
                known_model: Callable[[str], bool]) -> ModelConfiguration:
        """This configuration, validated; ``ConfigurationError`` saying what is wrong.

        Args:
            providers: The providers this engine can call.
            known_model: Whether a model id is known (has a price, so its calls are costed).
        """
        for tier, choice in self.tiers.items():
            if choice.provider and choice.provider not in providers:
                raise ConfigurationError(
                    f"The {tier} tier names the provider {choice.provider!r}, which this engine "
                    f"does not have: use one of {', '.join(sorted(providers))}.")
            if not known_model(choice.model):
                raise ConfigurationError(
                    f"The {tier} tier names the unknown model {choice.model!r}: it is not in the "
                    "price table, so its calls could not be costed. Add its price first "
                    "(PUT /v1/tenant/prices).")
        for agent, settings in self.agents.items():
            settings.check(agent)
        return self
