"""OpenTelemetry set-up and W3C trace context carried in NATS headers and event metadata.

Spans cost CPU on every event a service handles, so they are made only when something exports
them (an OTLP endpoint or an exporter given to ``configure_tracing``). Without one, the trace
context an event carries is still passed on to the events its handler produces, unchanged: a
trace begun upstream (the gateway's request) continues through every service, at the cost of
a context variable rather than a span per event.
"""

from __future__ import annotations

import functools
import re
import secrets
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExporter

from shared.events import EventMeta

__all__ = ["carried_trace", "configure_tracing", "current_meta", "exporting", "span_from_meta",
           "tracer"]

_configured = False
_exporting = False
_NO_SPANS = trace.NoOpTracer()
_carried: ContextVar[tuple[str | None, str | None] | None] = ContextVar("yourai_trace",
                                                                       default=None)
"""The trace context of the event being handled, while nothing exports spans."""


def configure_tracing(*, otlp_endpoint: str | None, exporter: SpanExporter | None = None,
                      service_name: str = "yourai") -> None:
    """Install the SDK tracer provider once; export over OTLP only when an endpoint is set."""
    global _configured, _exporting
    if _configured:
        provider = trace.get_tracer_provider()
        if exporter is not None and isinstance(provider, TracerProvider):
            provider.add_span_processor(SimpleSpanProcessor(exporter))
            _exporting = True
        return
    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    if otlp_endpoint:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=otlp_endpoint)))
        _exporting = True
    if exporter is not None:
        provider.add_span_processor(SimpleSpanProcessor(exporter))
        _exporting = True
    trace.set_tracer_provider(provider)
    _configured = True


def exporting() -> bool:
    """Whether spans go anywhere (an OTLP endpoint or an exporter is configured)."""
    return _exporting


def tracer(name: str) -> trace.Tracer:
    """The tracer of a component; one that makes no spans while nothing exports them."""
    return _tracer(name) if _exporting else _NO_SPANS


@functools.cache
def _tracer(name: str) -> trace.Tracer:
    return trace.get_tracer(f"yourai.{name}")


def current_meta(producer: str, causation_id: uuid.UUID | None = None) -> EventMeta:
    """Event metadata naming the producer, the cause and the active span's trace context."""
    carried = None if _exporting else _carried.get()
    if carried is not None:
        traceparent, tracestate = carried
    else:
        carrier: dict[str, str] = {}
        propagate.inject(carrier)
        traceparent, tracestate = carrier.get("traceparent"), carrier.get("tracestate")
    return EventMeta(producer=producer, causation_id=causation_id, traceparent=traceparent,
                     tracestate=tracestate)


@contextmanager
def span_from_meta(
    name: str,
    meta: EventMeta | Mapping[str, str] | None,
    *,
    service: str,
    attributes: Mapping[str, str] | None = None,
) -> Iterator[trace.Span]:
    """A span whose parent is the trace context carried by an event or message headers.

    While nothing exports spans, none is made: the carried context is kept for
    ``current_meta`` to pass on, and the span yielded records nothing.
    """
    if isinstance(meta, EventMeta):
        traceparent, tracestate = meta.traceparent, meta.tracestate
    else:
        traceparent = meta.get("traceparent") if meta else None
        tracestate = meta.get("tracestate") if meta else None
    if not _exporting:
        carried = _carried.set((traceparent, tracestate))
        try:
            yield trace.INVALID_SPAN
        finally:
            _carried.reset(carried)
        return
    carrier = {k: v for k, v in (("traceparent", traceparent), ("tracestate", tracestate)) if v}
    parent = propagate.extract(carrier)
    token = otel_context.attach(parent)
    try:
        with _tracer(service).start_as_current_span(name,
                                                    attributes=dict(attributes or {})) as span:
            yield span
    finally:
        otel_context.detach(token)


_TRACEPARENT = re.compile(r"00-(?P<trace>[0-9a-f]{32})-(?P<parent>[0-9a-f]{16})-[0-9a-f]{2}")


@contextmanager
def carried_trace(traceparent: str | None, tracestate: str | None) -> Iterator[None]:
    """While nothing exports spans, the trace context a request's caller sent (W3C
    ``traceparent`` and ``tracestate``), or a fresh trace where none valid is sent, for
    ``current_meta`` to carry into what the request records: the same trace a span for the
    request would have given its events, without making the span."""
    found = _TRACEPARENT.fullmatch(traceparent) if traceparent else None
    if found is None or not found["trace"].strip("0") or not found["parent"].strip("0"):
        traceparent = f"00-{secrets.token_hex(16)}-{secrets.token_hex(8)}-01"
        tracestate = None  # a caller's vendor state belongs to its trace, not a fresh one
    carried = _carried.set((traceparent, tracestate or None))
    try:
        yield
    finally:
        _carried.reset(carried)
