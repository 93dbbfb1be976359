"""The live feed of one invocation: committed events only, exactly once, in version order.

Subscribe to the invocation's committed subject first, then replay from PostgreSQL what
follows ``Last-Event-ID``, then go live. A live event whose version is not the next one is
preceded by a read of the gap from PostgreSQL (other invocations of the conversation may hold
the versions in between, which that read skips). Every message's ``id:`` is its version, so a
browser that reconnects resumes exactly where it stopped.

The feed is written in the SSE wire format here (``message``), and what is at hand at once —
a replay, or live events that arrived together — goes out as one chunk: one write to the
socket rather than one per event. The route serves it as a plain stream, without a thread
hop per feed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import uuid
from collections.abc import AsyncGenerator, Iterable, Sequence

import anyio
from nats.aio.msg import Msg

from services.gateway.state import Gateway
from shared.bus import Committed
from shared.events import TERMINAL_TYPES
from shared.store import PostgresEventStore, Recorded, StoreUnavailable, read_models
from shared.store.read_models import InvocationRef

__all__ = ["HEADERS", "invocation_feed", "keep_alive", "message"]

log = logging.getLogger("yourai.gateway.sse")

HEADERS = {"Cache-Control": "no-cache", "Connection": "keep-alive", "X-Accel-Buffering": "no"}
"""What a feed's response says: not to be cached, nor buffered by a proxy on the way."""
_SEP = "\r\n"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def message(version: int, type_: str, data: str) -> bytes:
    """One event in the SSE wire format: its version as ``id``, its type, its JSON."""
    lines = _LINE_BREAK.split(data) if "\n" in data or "\r" in data else [data]
    body = "".join(f"data: {line}{_SEP}" for line in lines)
    return f"id: {version}{_SEP}event: {type_}{_SEP}{body}{_SEP}".encode()


def keep_alive() -> bytes:
    """A comment line: ignored by browsers, but it keeps idle proxies from closing the feed."""
    return f": keep-alive{_SEP}{_SEP}".encode()


class _Cursor:
    """The last version sent, and whether the invocation's terminal event has gone out."""

    def __init__(self, last: int) -> None:
        self.last = last
        self.done = False

    def send(self, version: int, type_: str, payload: bytes) -> bytes:
        self.last = version
        self.done = type_ in TERMINAL_TYPES
        return message(version, type_, payload.decode())

    def replay(self, records: Iterable[Recorded]) -> bytes:
        """The records not sent yet, up to the terminal one, as one chunk."""
        return b"".join(self.send(r.version, r.type, r.payload) for r in records
                        if r.version > self.last and not self.done)

    async def live(self, msgs: list[Msg], store: PostgresEventStore, tenant_id: str,
                   invocation_id: uuid.UUID) -> bytes:
        """Live messages that arrived together, as one chunk; a gap before one is read from
        the log first."""
        chunk = b""
        for msg in msgs:
            live = _decode(msg, tenant_id)
            if self.done or live is None or live.version <= self.last:
                continue
            if live.version > self.last + 1:
                chunk += self.replay(await store.read_invocation(
                    tenant_id, invocation_id, after_version=self.last,
                    before_version=live.version))
            if not self.done:
                chunk += self.send(live.version, live.type, msg.data)
        return chunk


async def invocation_feed(gw: Gateway, tenant_id: str, invocation_id: uuid.UUID,
                          last_event_id: int, ref: InvocationRef | None = None, *,
                          handed: Sequence[Recorded] = ()) -> AsyncGenerator[bytes, None]:
    """Stream the invocation's committed events after ``last_event_id``; end after the last.

    ``ref``: the invocation as read by the caller's access check, if it was; any status read
    before the log serves (see below), so it is not read again.
    ``handed``: the invocation's first records as this gateway committed them moments ago
    (``services.gateway.handoff``): those after ``last_event_id`` go out before the first
    read of the log, which then brings what follows them.
    """
    queue: asyncio.Queue[Msg] = asyncio.Queue()

    async def on_message(msg: Msg) -> None:
        queue.put_nowait(msg)

    sub = await gw.nats.subscribe(gw.infra.subjects.committed_of_invocation(invocation_id),
                                  cb=on_message)
    gw.open_feeds += 1
    try:
        # The caller's access was checked before the feed opened.
        cursor = _Cursor(last_event_id)
        # Handed records still to send mean a running invocation whose later records, its
        # end among them, are all in the log read below; otherwise (a resume past them) read
        # the status before the log: if it had ended then, the replay holds its end.
        if chunk := cursor.replay(handed):
            yield chunk
        running = bool(chunk) or await _running(gw, tenant_id, invocation_id, ref)
        store = gw.infra.store
        replay = await _first_read(store, tenant_id, invocation_id, cursor.last,
                                   handed_sent=bool(chunk))
        if replay is None:
            return
        if chunk := cursor.replay(replay):
            yield chunk
        if cursor.done or not running:
            return
        loop = asyncio.get_running_loop()
        quiet_since = loop.time()
        while not cursor.done:
            try:
                msg = await _next(queue, min(gw.config.catch_up_s, gw.config.keepalive_s))
            except TimeoutError:
                # Quiet for a while: the log may hold what NATS did not bring (a partition
                # between this gateway and NATS), so look there before keeping the feed alive.
                if chunk := cursor.replay(await store.read_invocation(
                        tenant_id, invocation_id, after_version=cursor.last)):
                    quiet_since = loop.time()
                    yield chunk
                if not cursor.done and loop.time() - quiet_since >= gw.config.keepalive_s:
                    quiet_since = loop.time()
                    yield keep_alive()
                continue
            quiet_since = loop.time()
            arrived = [msg]
            while not queue.empty():
                arrived.append(queue.get_nowait())
            if chunk := await cursor.live(arrived, store, tenant_id, invocation_id):
                yield chunk
    finally:
        with anyio.CancelScope(shield=True), contextlib.suppress(Exception):
            await sub.unsubscribe()
        gw.open_feeds -= 1


async def _next(queue: asyncio.Queue[Msg], timeout_s: float) -> Msg:
    """The next message, waiting at most ``timeout_s``. Not ``asyncio.wait_for``: on Python
    3.11 it wraps the wait in a task of its own, a task and a timer for every event a feed
    sends (about thirty an invocation); a message already queued is taken without either."""
    if not queue.empty():
        return queue.get_nowait()
    async with asyncio.timeout(timeout_s):
        return await queue.get()


async def _first_read(store: PostgresEventStore, tenant_id: str, invocation_id: uuid.UUID,
                      after: int, *, handed_sent: bool) -> list[Recorded] | None:
    """The log after ``after``; ``None`` when PostgreSQL is away once handed records went
    out. The response has begun then, so it cannot be a 503: the feed ends after what it
    sent, and the browser's reconnection (from its ``Last-Event-ID``) gets the 503."""
    try:
        return await store.read_invocation(tenant_id, invocation_id, after_version=after)
    except StoreUnavailable as e:
        if not handed_sent:
            raise
        log.warning("feed of %s ended after its handed records: %s", invocation_id, e)
        return None


async def _running(gw: Gateway, tenant_id: str, invocation_id: uuid.UUID,
                   ref: InvocationRef | None) -> bool:
    """Whether the invocation is running, as ``ref`` says or else as read now."""
    if ref is None:
        ref = await read_models.invocation(gw.infra.pool, tenant_id, invocation_id,
                                           user_id=None)
    return ref is not None and ref.running


def _decode(msg: Msg, tenant_id: str) -> Committed | None:
    try:
        committed = Committed.from_msg(msg)
    except Exception:
        log.exception("undecodable committed message on %s skipped", msg.subject)
        return None
    if committed.event.tenant_id != tenant_id:
        return None
    return committed
