"""The live feed of one invocation: committed events only, exactly once, in version order.

Subscribe to the invocation's committed subject first, then replay from PostgreSQL what
follows ``Last-Event-ID``, then go live. A live event whose version is not the next one is
preceded by a read of the gap from PostgreSQL (other invocations of the conversation may hold
the versions in between, which that read skips). Every message's ``id:`` is its version, so a
browser that reconnects resumes exactly where it stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator, Iterable

import anyio
from litestar.response import ServerSentEventMessage
from nats.aio.msg import Msg

from services.gateway.state import Gateway
from shared.bus import Committed
from shared.events import TERMINAL_TYPES
from shared.store import Recorded, read_models

__all__ = ["invocation_feed", "keep_alive"]

log = logging.getLogger("yourai.gateway.sse")


def keep_alive() -> ServerSentEventMessage:
    """A comment line: ignored by browsers, but it keeps idle proxies from closing the feed."""
    return ServerSentEventMessage(data=None, comment="keep-alive")


class _Cursor:
    """The last version sent, and whether the invocation's terminal event has gone out."""

    def __init__(self, last: int) -> None:
        self.last = last
        self.done = False

    def send(self, version: int, type_: str, payload: bytes) -> ServerSentEventMessage:
        self.last = version
        self.done = type_ in TERMINAL_TYPES
        return ServerSentEventMessage(data=payload.decode(), event=type_, id=version)

    def replay(self, records: Iterable[Recorded]) -> Iterable[ServerSentEventMessage]:
        for r in records:
            if r.version > self.last and not self.done:
                yield self.send(r.version, r.type, r.payload)


async def invocation_feed(gw: Gateway, tenant_id: str, invocation_id: uuid.UUID,
                          last_event_id: int) -> AsyncIterator[ServerSentEventMessage]:
    """Stream the invocation's committed events after ``last_event_id``; end after the last."""
    queue: asyncio.Queue[Msg] = asyncio.Queue()

    async def on_message(msg: Msg) -> None:
        queue.put_nowait(msg)

    sub = await gw.nats.subscribe(gw.infra.subjects.committed_of_invocation(invocation_id),
                                  cb=on_message)
    gw.open_feeds += 1
    try:
        # Read the status before the log: if it had ended then, the replay holds its end.
        # the caller's access was checked before the feed opened
        ref = await read_models.invocation(gw.infra.pool, tenant_id, invocation_id,
                                           user_id=None)
        cursor = _Cursor(last_event_id)
        store = gw.infra.store
        for message in cursor.replay(
            await store.read_invocation(tenant_id, invocation_id, after_version=last_event_id)
        ):
            yield message
        if cursor.done or ref is None or not ref.running:
            return
        loop = asyncio.get_running_loop()
        quiet_since = loop.time()
        while not cursor.done:
            try:
                msg = await asyncio.wait_for(queue.get(), min(gw.config.catch_up_s,
                                                              gw.config.keepalive_s))
            except TimeoutError:
                # Quiet for a while: the log may hold what NATS did not bring (a partition
                # between this gateway and NATS), so look there before keeping the feed alive.
                for message in cursor.replay(await store.read_invocation(
                        tenant_id, invocation_id, after_version=cursor.last)):
                    quiet_since = loop.time()
                    yield message
                if not cursor.done and loop.time() - quiet_since >= gw.config.keepalive_s:
                    quiet_since = loop.time()
                    yield keep_alive()
                continue
            quiet_since = loop.time()
            live = _decode(msg, tenant_id)
            if live is None or live.version <= cursor.last:
                continue
            if live.version > cursor.last + 1:
                for message in cursor.replay(await store.read_invocation(
                    tenant_id, invocation_id, after_version=cursor.last,
                    before_version=live.version,
                )):
                    yield message
            if not cursor.done:
                yield cursor.send(live.version, live.type, msg.data)
    finally:
        with anyio.CancelScope(shield=True), contextlib.suppress(Exception):
            await sub.unsubscribe()
        gw.open_feeds -= 1


def _decode(msg: Msg, tenant_id: str) -> Committed | None:
    try:
        committed = Committed.from_msg(msg)
    except Exception:
        log.exception("undecodable committed message on %s skipped", msg.subject)
        return None
    if committed.event.tenant_id != tenant_id:
        return None
    return committed
