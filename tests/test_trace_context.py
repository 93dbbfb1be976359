"""While nothing exports spans, a request's events carry its caller's trace, or a fresh one."""

from __future__ import annotations

import re

import pytest
from litestar.types import Receive, Scope, Send

from services.gateway.trace_context import trace_context
from shared import tracing
from shared.tracing import current_meta

CALLER = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
FRESH = re.compile(r"00-[0-9a-f]{32}-[0-9a-f]{16}-01")


async def _meta_of(headers: list[tuple[bytes, bytes]]) -> tuple[str | None, str | None]:
    """The trace context an event made inside a request with ``headers`` carries."""
    seen: list[tuple[str | None, str | None]] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        meta = current_meta("gateway")
        seen.append((meta.traceparent, meta.tracestate))

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": b""}

    async def send(_message: object) -> None:
        return None

    scope = {"type": "http", "headers": headers}
    await trace_context(app)(scope, receive, send)  # type: ignore[arg-type]
    return seen[0]


@pytest.fixture(autouse=True)
def _not_exporting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tracing, "_exporting", False)


async def test_the_callers_trace_is_carried() -> None:
    assert await _meta_of([(b"traceparent", CALLER.encode()),
                           (b"tracestate", b"vendor=1")]) == (CALLER, "vendor=1")


async def test_a_request_sending_no_valid_trace_starts_a_fresh_one_each() -> None:
    first, _ = await _meta_of([])
    second, _ = await _meta_of([(b"authorization", b"Bearer x")])
    zeros = f"00-{'0' * 32}-00f067aa0ba902b7-01"
    third, state = await _meta_of([(b"traceparent", zeros.encode()),
                                   (b"tracestate", b"vendor=1")])
    garbled, _ = await _meta_of([(b"traceparent", b"not a trace")])
    fresh = [first, second, third, garbled]
    assert all(t is not None and FRESH.fullmatch(t) for t in fresh)
    assert len(set(fresh)) == 4 and state is None
    # and outside a request nothing is carried over from one
    assert tracing._carried.get() is None
