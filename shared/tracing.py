"""OpenTelemetry set-up and W3C trace context carried in NATS headers and event metadata."""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExporter

from shared.events import EventMeta

__all__ = ["configure_tracing", "current_meta", "span_from_meta", "tracer"]

_configured = False


def configure_tracing(*, otlp_endpoint: str | None, exporter: SpanExporter | None = None,
                      service_name: str = "yourai") -> None:
    """Install the SDK tracer provider once; export over OTLP only when an endpoint is set."""
    global _configured
    if _configured:
        provider = trace.get_tracer_provider()
        if exporter is not None and isinstance(provider, TracerProvider):
            provider.add_span_processor(SimpleSpanProcessor(exporter))
        return
    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    if otlp_endpoint:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=otlp_endpoint)))
    if exporter is not None:
        provider.add_span_processor(SimpleSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    _configured = True


def tracer(name: str) -> trace.Tracer:
    return trace.get_tracer(f"yourai.{name}")


def current_meta(producer: str, causation_id: uuid.UUID | None = None) -> EventMeta:
    """Event metadata naming the producer, the cause and the active span's trace context."""
    carrier: dict[str, str] = {}
    propagate.inject(carrier)
    return EventMeta(
        producer=producer,
        causation_id=causation_id,
        traceparent=carrier.get("traceparent"),
        tracestate=carrier.get("tracestate"),
    )


@contextmanager
def span_from_meta(
    name: str,
    meta: EventMeta | Mapping[str, str] | None,
    *,
    service: str,
    attributes: Mapping[str, str] | None = None,
) -> Iterator[trace.Span]:
    """A span whose parent is the trace context carried by an event or message headers."""
    carrier: dict[str, str] = {}
    if isinstance(meta, EventMeta):
        if meta.traceparent:
            carrier["traceparent"] = meta.traceparent
        if meta.tracestate:
            carrier["tracestate"] = meta.tracestate
    elif meta:
        carrier = {k: v for k, v in meta.items() if k in ("traceparent", "tracestate")}
    parent = propagate.extract(carrier)
    token = otel_context.attach(parent)
    try:
        with tracer(service).start_as_current_span(name, attributes=dict(attributes or {})) as span:
            yield span
    finally:
        otel_context.detach(token)
