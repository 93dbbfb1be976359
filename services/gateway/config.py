"""Gateway tunables that are not engine-wide settings."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GatewayConfig"]


@dataclass(frozen=True, kw_only=True)
class GatewayConfig:
    """How the gateway paces live feeds and remembers retried requests."""

    keepalive_s: float = 15.0
    """An idle live feed sends a ``: keep-alive`` comment this often, so proxies keep it open."""
    catch_up_s: float = 5.0
    """How long a live feed may be quiet before it looks in the log for events NATS did not
    bring it (a partition between the gateway and NATS); one indexed read per quiet feed."""
    idempotency_ttl_s: int = 24 * 3600
    """How long an ``Idempotency-Key`` is remembered."""
    shutdown_grace_s: float = 3.0
    """How long open streams may run on after the server is asked to stop."""
    ready_timeout_s: float = 2.0
    """Deadline of each dependency check behind ``/ready``."""
    max_document_bytes: int = 5 * 1024 * 1024
    """Largest policy document accepted, in bytes of UTF-8 text (else 413); the request body
    limit follows from it (room for JSON escaping and multipart framing)."""

    @property
    def max_body_bytes(self) -> int:
        """The request body limit: a document at the limit, fully JSON-escaped, plus framing."""
        return 2 * self.max_document_bytes + 64 * 1024
