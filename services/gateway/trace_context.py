"""The request's trace context while nothing exports spans: an ASGI middleware.

OpenTelemetry's ASGI middleware makes a span for every request, exported or not: about 2 % of
the engine's event loop under the benchmark's load for spans nobody reads (docs/BENCHMARKS.md,
rounds ten and twelve). While nothing exports, this carries the caller's ``traceparent`` (or a
fresh trace) into the events the request records instead (``shared.tracing.carried_trace``);
once something exports, the gateway uses OpenTelemetry's middleware (``create_app``).
"""

from __future__ import annotations

from litestar.types import ASGIApp, Receive, Scope, Send

from shared.tracing import carried_trace

__all__ = ["trace_context"]


def trace_context(app: ASGIApp) -> ASGIApp:
    """``app`` with each HTTP request run inside its caller's trace context."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        traceparent = tracestate = None
        for name, value in scope["headers"]:
            if name == b"traceparent":
                traceparent = value.decode("latin-1")
            elif name == b"tracestate":
                tracestate = value.decode("latin-1")
        with carried_trace(traceparent, tracestate):
            await app(scope, receive, send)

    return middleware
