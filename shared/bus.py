"""NATS JetStream transport: subjects, the log stream, and publishing committed records.

Every producer appends what it produces to the log in PostgreSQL and then publishes the
committed record to the log stream (``shared.recording``), which is what services and browsers
consume. JetStream is the transport; PostgreSQL is the source of truth.

No event exceeds the server's ``max_payload`` (``shared._payload``): every emitted event and
every event the gateway records goes through ``Bus.fit`` first, so what is recorded is what
can be published; a committed record over the budget is refused before it is sent.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import msgspec
from nats.aio.client import NO_RESPONDERS_STATUS, Client
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import DiscardPolicy, RetentionPolicy, StorageType, StreamConfig
from nats.js.errors import APIError, BadRequestError, NoStreamResponseError

from shared._payload import HEADER_ALLOWANCE, EventTooLarge, fit_event
from shared.events import AnyEvent, Event, decode_event, event_type

__all__ = ["Bus", "Committed", "EventTooLarge", "Subjects", "connect_nats"]

PUBLISH_TIMEOUT_S = 10.0
VERSION_HEADER = "Yourai-Version"
log = logging.getLogger("yourai.bus")
POSITION_HEADER = "Yourai-Position"
MSG_ID_HEADER = "Nats-Msg-Id"
_NO_RESPONDERS = NO_RESPONDERS_STATUS
"""The status of the reply NATS sends when no stream listens on a subject."""


E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class Subjects:
    """Subject and stream names, prefixed by a namespace so deployments can share a server."""

    namespace: str = "yourai"

    @property
    def log_stream(self) -> str:
        return f"{self.namespace.upper()}_LOG"

    def committed(self, event: Event) -> str:
        return f"{self.namespace}.log.{_route(event)}"

    def committed_of_type(self, type_: str) -> str:
        """Filter for one committed event type across all conversations."""
        return f"{self.namespace}.log.*.*.{type_}"

    def committed_of_invocation(self, invocation_id: uuid.UUID, type_: str = ">") -> str:
        """Filter for one invocation's committed events, of every type or of ``type_`` (a
        type tag, whose tokens may be wildcards: ``"invocation.*"``)."""
        return f"{self.namespace}.log.*.{invocation_id}.{type_}"

    def durable(self, name: str) -> str:
        return f"{self.namespace}_{name}"


def _route(event: Event) -> str:
    inv = event.invocation_id or "-"
    return f"{event.conversation_id}.{inv}.{event_type(event)}"


class Committed(msgspec.Struct, frozen=True):
    """An event as delivered from the log stream: recorded, with its stream version."""

    version: int
    position: int
    event: AnyEvent

    @property
    def type(self) -> str:
        return event_type(self.event)

    @classmethod
    def from_msg(cls, msg: Msg) -> Committed:
        headers = msg.headers or {}
        return cls(
            version=int(headers[VERSION_HEADER]),
            position=int(headers.get(POSITION_HEADER, "0")),
            event=decode_event(msg.data),
        )


async def connect_nats(url: str, *, name: str) -> Client:
    """A connection that reconnects for ever, logging a line (not a traceback) per problem."""

    async def on_error(e: Exception) -> None:
        log.warning("%s: NATS connection problem: %s", name, e or type(e).__name__)

    async def on_reconnected() -> None:
        log.info("%s: reconnected to NATS", name)

    nc = _Client()
    # nats-py annotates the wait as ``int`` but sleeps for it, so half a second is kept.
    await nc.connect(url, name=name, max_reconnect_attempts=-1,
                     reconnect_time_wait=0.5,  # type: ignore[arg-type]
                     error_cb=on_error, reconnected_cb=on_reconnected)
    return nc


class _Client(Client):
    """nats-py's client with its header parser made cheaper, the same result.

    Every delivered record carries four or five headers (``Nats-Msg-Id``, the version and
    position, the trace context), and nats-py checks each header name for whitespace with a
    generator over its characters: about 6 % of the engine's CPU under the benchmark's load
    (cProfile, docs/BENCHMARKS.md, round six). One ``str.split`` tells the same (it splits on
    exactly the characters ``str.isspace`` accepts)."""

    @staticmethod
    def _parse_header_lines(raw: bytes) -> dict[str, str]:
        out: dict[str, str] = {}
        for line in raw.split(b"\r\n"):
            name, sep, value = line.partition(b":")
            if not sep:  # an empty line, or not a header
                continue
            try:
                key = name.strip().decode("ascii")
            except UnicodeDecodeError:  # not a token: skipped, as nats-py does
                continue
            if key and key.split() != [key]:  # whitespace inside the name
                continue
            out[key] = value.strip().decode("utf-8", "replace")
        return out


class Bus:
    """Publishing onto the log stream; consumers are declared by each service."""

    def __init__(self, nc: Client, subjects: Subjects) -> None:
        self.nc = nc
        self.js: JetStreamContext = nc.jetstream()
        self.subjects = subjects
        self._acks = _Acknowledgements(nc)

    async def ensure_streams(self) -> None:
        """Create (or update) the log stream; idempotent, safe from every service at start-up.

        Its duplicate window is how long a second publication of one event (a producer that
        published and then died before clearing its outbox) is dropped by JetStream; beyond
        it, consumers are idempotent by event id.
        """
        config = StreamConfig(
            name=self.subjects.log_stream,
            subjects=[f"{self.subjects.namespace}.log.>"],
            retention=RetentionPolicy.LIMITS,
            storage=StorageType.FILE,
            discard=DiscardPolicy.OLD,
            max_age=7 * 24 * 3600.0,
            duplicate_window=120.0,
        )
        try:
            await self.js.add_stream(config)
        except BadRequestError:
            await self.js.update_stream(config)

    @property
    def budget(self) -> int:
        """Largest event payload the bus takes: the server's ``max_payload`` less headers."""
        return self.nc.max_payload - HEADER_ALLOWANCE

    def fit(self, events: Sequence[E]) -> list[tuple[E, bytes]]:
        """Each event with its JSON, shrunk to the budget by its type's rule (``EventTooLarge``
        if it cannot be)."""
        budget = self.budget
        return [fit_event(e, budget) for e in events]

    async def publish_committed(self, records: Sequence[tuple[int, int, Event, bytes]], *,
                                timeout_s: float = PUBLISH_TIMEOUT_S) -> None:
        """Publish recorded events (version, position, event, payload) to the log stream."""
        budget = self.budget
        for _, _, event, payload in records:
            if len(payload) > budget:  # recorded without ``fit``: it can no longer shrink
                raise EventTooLarge(f"recorded {event_type(event)} {event.event_id} is "
                                    f"{len(payload):,} bytes; the bus takes {budget:,}")
        await self._publish_all([
            (self.subjects.committed(event), payload,
             _headers(event, {MSG_ID_HEADER: str(event.event_id), VERSION_HEADER: str(version),
                              POSITION_HEADER: str(position)}))
            for version, position, event, payload in records
        ], timeout_s=timeout_s)

    async def _publish_all(self, messages: list[tuple[str, bytes, dict[str, str]]], *,
                           timeout_s: float = PUBLISH_TIMEOUT_S) -> None:
        """Send in order without waiting for each acknowledgement, then wait for them all.

        One connection delivers in send order, so the stream keeps it; pipelining saves a
        round trip per message.
        """
        await self._acks.publish(messages, timeout_s=timeout_s)


class _Acknowledgements:
    """JetStream's acknowledgements of one bus's publications, awaited a batch at a time.

    Why not nats-py's ``publish_async`` (or ``publish``): per message it draws random bytes for
    the reply's token, makes a future with a done callback and takes a semaphore, and reads each
    acknowledgement into a dataclass through ``dataclasses.fields``: about 4 % of the engine's
    event loop under the benchmark's load, for some 35 publications an invocation
    (docs/BENCHMARKS.md, round eighteen). A publication needs to know only that every message
    of its batch is stored (a duplicate is: the stream has it) or why not, so a batch has one
    future and its messages' replies are counted; an acknowledgement is parsed only if it
    reports an error.
    """

    def __init__(self, nc: Client) -> None:
        self.nc = nc
        self._prefix = ""
        self._starting: asyncio.Lock | None = None
        self._batches: dict[str, tuple[asyncio.Future[None], set[int]]] = {}
        self._numbers = itertools.count(1)

    async def publish(self, messages: Sequence[tuple[str, bytes, dict[str, str]]], *,
                      timeout_s: float) -> None:
        """Publish ``messages`` in order; return once JetStream has stored them all (raises
        ``TimeoutError`` after ``timeout_s``, or the error JetStream answered)."""
        if not messages:
            return
        if not self._prefix:
            await self._start()
        batch = str(next(self._numbers))
        stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._batches[batch] = (stored, set(range(len(messages))))
        try:
            for i, (subject, payload, headers) in enumerate(messages):
                await self.nc.publish(subject, payload, reply=f"{self._prefix}{batch}.{i}",
                                      headers=headers)
            async with asyncio.timeout(timeout_s):
                await stored
        finally:
            self._batches.pop(batch, None)

    async def _start(self) -> None:
        """Subscribe to this bus's replies, once."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if not self._prefix:
                prefix = f"{self.nc.new_inbox()}."
                await self.nc.subscribe(f"{prefix}*.*", cb=self._acknowledged)
                self._prefix = prefix

    async def _acknowledged(self, msg: Msg) -> None:
        """One message's reply: count it stored, or fail its batch with the error it reports
        (an unreadable reply fails the batch too: waiting out the timeout would hide why)."""
        batch, _, index = msg.subject[len(self._prefix):].partition(".")
        waiting = self._batches.get(batch)
        if waiting is None or waiting[0].done():
            return  # timed out already, or failed by an earlier reply
        stored, remaining = waiting
        if msg.headers and msg.headers.get("Status") == _NO_RESPONDERS:
            stored.set_exception(NoStreamResponseError())
            return
        if b'"error"' in msg.data:
            try:
                answer = json.loads(msg.data)
                if "error" in answer:  # nats-py raises the error it reads
                    APIError.from_error(answer["error"])
            except APIError as e:
                stored.set_exception(e)
                return
            except (ValueError, TypeError, KeyError, AttributeError) as e:
                stored.set_exception(APIError(description=f"unreadable acknowledgement: {e}"))
                return
        remaining.discard(int(index))
        if not remaining:
            stored.set_result(None)


def _headers(event: Event, base: dict[str, str]) -> dict[str, str]:
    if event.meta.traceparent:
        base["traceparent"] = event.meta.traceparent
        if event.meta.tracestate:
            base["tracestate"] = event.meta.tracestate
    return base
