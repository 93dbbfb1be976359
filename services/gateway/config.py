"""Gateway tunables that are not engine-wide settings."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GatewayConfig"]


@dataclass(frozen=True, kw_only=True)
class GatewayConfig:
    """How the gateway paces live feeds and remembers retried requests."""

    keepalive_s: float = 15.0
    """An idle live feed sends a ``: keep-alive`` comment this often, so proxies keep it open."""
    idempotency_ttl_s: int = 24 * 3600
    """How long an ``Idempotency-Key`` is remembered."""
    shutdown_grace_s: float = 3.0
    """How long open streams may run on after the server is asked to stop."""
    ready_timeout_s: float = 2.0
    """Deadline of each dependency check behind ``/ready``."""
