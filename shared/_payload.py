"""Events that fit the bus: NATS refuses a message over the server's ``max_payload``.

The rule, applied by ``shared.bus.Bus`` before anything is published or recorded: an event
whose JSON exceeds the budget is made to fit by its type's shrinker, which truncates its bulk
with a visible note; an event of a type without a shrinker is refused with ``EventTooLarge``.

- ``worker.findings``: each finding's text is cut to an equal share of the room left, ending
  in "… (truncated: N of M characters shown)". The finding's ``ref`` still names the whole
  source, so the answer can cite it and the verifier reads the source itself.
- Everything else (a user's message, an answer, a citation check…) is refused: those are
  bounded where they are made (the gateway's 32 KB message limit, the model's token limit), so
  an oversized one is a defect to surface, not text to cut silently.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar, cast

import msgspec

from shared.events import Event, WorkerFindings, encode_event, event_type

__all__ = ["HEADER_ALLOWANCE", "EventTooLarge", "fit_event"]

log = logging.getLogger("yourai.bus")

HEADER_ALLOWANCE = 4096
"""Bytes kept for headers (message id, version, position, W3C trace context): the server
counts them against ``max_payload`` too."""

_json = msgspec.json.Encoder()


class EventTooLarge(ValueError):
    """An event that cannot be made to fit the bus's payload limit."""


E = TypeVar("E", bound=Event)


def fit_event(event: E, budget: int) -> tuple[E, bytes]:
    """``event`` and its JSON, shrunk by its type's rule if over ``budget`` bytes.

    Raises ``EventTooLarge`` for a type that cannot shrink, or that cannot shrink enough.
    """
    payload = encode_event(event)
    if len(payload) <= budget:
        return event, payload
    shrink = _SHRINKERS.get(type(event))
    if shrink is None:
        raise EventTooLarge(_too_large(event, len(payload), budget))
    # A shrinker returns an event of the class it was given (``msgspec.structs.replace``).
    smaller = cast(E, shrink(event, budget))
    fitted = encode_event(smaller)
    if len(fitted) > budget:
        raise EventTooLarge(_too_large(event, len(payload), budget))
    log.warning("%s %s of %d bytes truncated to %d to fit the bus", event_type(event),
                event.event_id, len(payload), len(fitted))
    return smaller, fitted


def _too_large(event: Event, size: int, budget: int) -> str:
    return (f"A {event_type(event)} event of {size:,} bytes is too large to publish: the "
            f"message bus takes at most {budget:,} bytes per event.")


def _shrink_findings(event: Event, budget: int) -> Event:
    assert isinstance(event, WorkerFindings)
    findings = event.findings
    bare = msgspec.structs.replace(
        event, findings=[msgspec.structs.replace(f, text="") for f in findings])
    share = (budget - len(encode_event(bare))) // max(1, len(findings))
    return msgspec.structs.replace(
        event, findings=[msgspec.structs.replace(f, text=clip(f.text, share)) for f in findings])


def clip(text: str, max_bytes: int) -> str:
    """``text`` cut so that its JSON string takes at most ``max_bytes``, with a note saying so."""
    size = len(_json.encode(text))
    if size <= max_bytes:
        return text
    keep = int(len(text) * max(0, max_bytes - 120) / size)
    while True:
        clipped = (f"{text[:keep].rstrip()} … (truncated: {keep:,} of {len(text):,} "
                   "characters shown)")
        if keep == 0 or len(_json.encode(clipped)) <= max_bytes:
            return clipped
        keep = int(keep * 0.9)


_SHRINKERS: dict[type[Event], Callable[[Event, int], Event]] = {
    WorkerFindings: _shrink_findings,
}
