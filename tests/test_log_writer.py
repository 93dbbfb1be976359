"""Every producer writes its own events (DESIGN §3): commit, then publish, never lost.

On real PostgreSQL and NATS JetStream: a producer SIGKILLed between its commit and its publish
still has its events delivered, once, by another process's outbox sweep; writers racing on one
conversation keep its versions gapless and its hash chain whole; what NATS did not take is
published when it can be.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest

from shared.bus import Bus, Subjects, connect_nats
from shared.events import (
    AnyEvent,
    ContentDelta,
    ConversationCreated,
    InvocationStarted,
    MessageReceived,
)
from shared.recording import LogWriter, WriteBehind
from shared.runtime import Infra
from shared.store import Appended, PostgresEventStore, StoreError, connect_pool
from shared.store._chain import verify_chain
from shared.store.outbox import PublishOutbox
from tests.log_writes import connected_bus, outbox_emptied, published_for

ROOT = Path(__file__).resolve().parents[1]
TENANT = "tenant-w"


@pytest.fixture
async def bus(infra: Infra) -> AsyncIterator[Bus]:
    async with connected_bus(infra, "test-log-writer") as bus:
        yield bus


def _turn(conversation: uuid.UUID) -> tuple[list[AnyEvent], dict[str, object]]:
    invocation, message = uuid.uuid4(), uuid.uuid4()
    ids: dict[str, object] = {"conversation_id": conversation, "tenant_id": TENANT,
                              "invocation_id": invocation}
    return [InvocationStarted(**ids, user_id="u", message_id=message),  # type: ignore[arg-type]
            MessageReceived(**ids, user_id="u", message_id=message,  # type: ignore[arg-type]
                            content="Damp?")], ids






async def test_a_producer_killed_between_commit_and_publish_is_delivered_once(
        infra: Infra, bus: Bus) -> None:
    conversation = uuid.uuid4()
    created = ConversationCreated(conversation_id=conversation, tenant_id=TENANT, user_id="u")
    turn, _ = _turn(conversation)
    events = [created, *turn]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.producer_dies", str(infra.settings.nats_url),
        str(infra.settings.database_url), infra.settings.namespace, cwd=ROOT,
        stdin=asyncio.subprocess.PIPE)
    await proc.communicate(msgspec.json.encode(events))
    assert proc.returncode == -signal.SIGKILL
    # Committed, queued, not published.
    logged = await infra.store.read_conversation(TENANT, conversation)
    assert [r.event.event_id for r in logged] == [e.event_id for e in events]
    assert await infra.pool.fetchval("SELECT count(*) FROM publish_outbox") == len(events)
    assert await published_for(bus, conversation, settle_s=0.5) == []

    # Another process's writer sweeps: once the grace has passed, it publishes them.
    writer = LogWriter(infra.store, bus, publish_timeout_s=0.5, sweep_every_s=0.2)
    writer.start()
    try:
        await outbox_emptied(infra, within=20)
        # The dying producer's work is redone (its input redelivered): the same ids.
        again = await writer.record(events)
        assert {a.status for a in again} == {"duplicate"}
    finally:
        await writer.stop()
    delivered = await published_for(bus, conversation, settle_s=1.0)
    assert [c.event.event_id for c in delivered] == [e.event_id for e in events]
    assert [c.version for c in delivered] == [1, 2, 3]


async def test_writers_racing_on_one_conversation_keep_it_gapless_and_chained(
        infra: Infra, bus: Bus) -> None:
    """Replicas of several services writing one conversation at once: each event once, the
    versions 1..n without a gap, the hash chain intact, and every record published."""
    conversation = uuid.uuid4()
    pools = [await connect_pool(str(infra.settings.database_url), max_size=4) for _ in range(3)]
    writers = [LogWriter(PostgresEventStore(p), bus, publish_timeout_s=5.0, sweep_every_s=0.5)
               for p in pools]
    for w in writers:
        w.start()
    try:
        await writers[0].record([ConversationCreated(conversation_id=conversation,
                                                     tenant_id=TENANT, user_id="u")])
        turn, ids = _turn(conversation)
        await writers[1].record(turn)
        deltas = [ContentDelta(**ids, text=f"part {i}. ", index=i)  # type: ignore[arg-type]
                  for i in range(60)]
        # Each writer records its share, several at a time, and some twice (a redelivery).
        jobs = [writers[i % 3].record([d]) for i, d in enumerate(deltas)]
        jobs += [writers[(i + 1) % 3].record([d]) for i, d in enumerate(deltas[::7])]
        await asyncio.gather(*jobs)
        await outbox_emptied(infra, within=20)
    finally:
        for w in writers:
            await w.stop()
        for p in pools:
            await p.close()
    logged = await infra.store.read_conversation(TENANT, conversation)
    assert [r.version for r in logged] == list(range(1, 64))
    assert Counter(r.event.event_id for r in logged).most_common(1)[0][1] == 1
    assert {d.event_id for d in deltas} <= {r.event.event_id for r in logged}
    assert verify_chain(await infra.store.chain(conversation)) == []
    delivered = await published_for(bus, conversation, settle_s=1.0)
    assert sorted(c.version for c in delivered) == list(range(1, 64))


async def test_what_nats_did_not_take_is_published_when_it_can_be(infra: Infra) -> None:
    """A writer whose NATS connection is gone records all the same (the change is durable);
    its events reach the log stream through a sweep once a connection is back."""
    assert infra.settings.nats_url
    conversation = uuid.uuid4()
    created = ConversationCreated(conversation_id=conversation, tenant_id=TENANT, user_id="u")
    closed = await connect_nats(infra.settings.nats_url, name="test-closed")
    await closed.close()
    offline = LogWriter(infra.store, Bus(closed, Subjects(infra.settings.namespace)),
                        publish_timeout_s=0.3, sweep_every_s=60.0)
    [appended] = await offline.record([created])
    assert appended.status == "new"
    assert await infra.pool.fetchval(
        "SELECT count(*) FROM publish_outbox WHERE position = $1",
        appended.record.position if appended.record else None) == 1

    nc = await connect_nats(infra.settings.nats_url, name="test-back")
    bus = Bus(nc, infra.subjects)
    await bus.ensure_streams()
    online = LogWriter(infra.store, bus, publish_timeout_s=0.3, sweep_every_s=0.2)
    online.start()
    try:
        await outbox_emptied(infra, within=20)
        delivered = await published_for(bus, conversation, settle_s=0.5)
        assert [c.event.event_id for c in delivered] == [created.event_id]
    finally:
        await online.stop()
        await nc.close()


async def test_published_records_leave_the_outbox_without_a_sweep(infra: Infra,
                                                                   bus: Bus) -> None:
    conversation = uuid.uuid4()
    writer = LogWriter(infra.store, bus, publish_timeout_s=5.0, sweep_every_s=3600.0)
    writer.start()
    try:
        await writer.record([ConversationCreated(conversation_id=conversation,
                                                 tenant_id=TENANT, user_id="u")])
        await outbox_emptied(infra, within=5)
    finally:
        await writer.stop()


class _CountedStore(PostgresEventStore):
    """The real store, counting its transactions of appends."""

    appends = 0

    async def append(self, *args: Any, **kwargs: Any) -> list[Appended]:
        self.appends += 1
        return await super().append(*args, **kwargs)


async def _running_turn(infra: Infra, bus: Bus
                        ) -> tuple[uuid.UUID, _CountedStore, LogWriter, dict[str, object]]:
    """A conversation with a running invocation, recorded by a writer over a counted store."""
    conversation = uuid.uuid4()
    store = _CountedStore(infra.pool)
    writer = LogWriter(store, bus, publish_timeout_s=5.0, sweep_every_s=60.0)
    await writer.record([ConversationCreated(conversation_id=conversation, tenant_id=TENANT,
                                             user_id="u")])
    turn, ids = _turn(conversation)
    await writer.record(turn)
    return conversation, store, writer, ids


async def test_calls_that_meet_share_a_commit_and_keep_their_own_outcomes(
        infra: Infra, bus: Bus) -> None:
    """Concurrent ``record`` calls are appended together, each call's events contiguous and
    in order; a call whose event the log refuses fails alone."""
    conversation, store, writer, ids = await _running_turn(infra, bus)
    calls = [[ContentDelta(**ids, text=f"{c}.{i} ", index=c * 10 + i)  # type: ignore[arg-type]
              for i in range(3)] for c in range(8)]
    store.appends = 0
    outcomes = await asyncio.gather(*(writer.record(c) for c in calls))
    assert store.appends <= 2  # not one commit per call: those that meet share one
    for call, outcome in zip(calls, outcomes, strict=True):
        assert [a.event.event_id for a in outcome] == [e.event_id for e in call]
        assert {a.status for a in outcome} == {"new"}
    logged = await infra.store.read_conversation(TENANT, conversation)
    deltas = [r for r in logged if isinstance(r.event, ContentDelta)]
    assert len(deltas) == 24 and verify_chain(await infra.store.chain(conversation)) == []
    for call in calls:  # each call's events are contiguous and in order
        versions = [r.version for r in deltas if r.event.event_id in {e.event_id for e in call}]
        assert versions == list(range(versions[0], versions[0] + 3))

    stranger = ConversationCreated(conversation_id=conversation, tenant_id="tenant-other",
                                   user_id="x")
    more = [ContentDelta(**ids, text="more ", index=100 + i)  # type: ignore[arg-type]
            for i in range(3)]
    mixed = await asyncio.gather(*(writer.record([m]) for m in more),
                                 writer.record([stranger]), return_exceptions=True)
    assert isinstance(mixed[-1], StoreError)  # another tenant's conversation: refused
    assert all(isinstance(o, list) and o[0].status == "new" for o in mixed[:-1]), mixed


async def test_write_behind_keeps_the_order_and_merges_what_waits(infra: Infra,
                                                                  bus: Bus) -> None:
    """A stream added without waiting is recorded in the order added, in fewer commits than
    additions; a failure stops what follows and is raised by ``drain``."""
    conversation, store, writer, ids = await _running_turn(infra, bus)
    store.appends = 0
    behind = WriteBehind(writer)
    deltas = [ContentDelta(**ids, text=f"{i} ", index=i)  # type: ignore[arg-type]
              for i in range(30)]
    for d in deltas:
        behind.add([d])
        await asyncio.sleep(0)  # the model's next token
    await behind.drain()
    assert store.appends < len(deltas)
    logged = [r.event.event_id for r in await infra.store.read_conversation(TENANT, conversation)
              if isinstance(r.event, ContentDelta)]
    assert logged == [d.event_id for d in deltas]

    failing = WriteBehind(writer)
    failing.add([ConversationCreated(conversation_id=conversation, tenant_id="tenant-other",
                                     user_id="x")])
    late = ContentDelta(**ids, text="late", index=99)  # type: ignore[arg-type]
    await asyncio.sleep(0.5)  # the first flush has failed by now
    failing.add([late])
    with pytest.raises(StoreError):
        await failing.drain()
    assert late.event_id not in {r.event.event_id
                                 for r in await infra.store.read_conversation(TENANT,
                                                                              conversation)}


async def test_publishing_behind_returns_committed_and_keeps_the_order(infra: Infra,
                                                                        bus: Bus) -> None:
    """``publish_behind`` returns once committed; the publications follow in commit order,
    and a publication that waits for NATS is not sent ahead of those still behind."""
    conversation, _, writer, ids = await _running_turn(infra, bus)
    writer.start()
    try:
        behind = [[ContentDelta(**ids, text=f"{c} ", index=c)]  # type: ignore[arg-type]
                  for c in range(5)]
        for call in behind:
            appended = await writer.record(call, publish_behind=True)
            assert appended[0].status == "new"
            logged = await infra.store.read_conversation(TENANT, conversation)
            assert call[0].event_id in {r.event.event_id for r in logged}
        # Calls that meet share a commit; the one that waits resumes after those behind.
        met = [[ContentDelta(**ids, text=f"{c} ", index=10 + c)]  # type: ignore[arg-type]
               for c in range(4)]
        last = [ContentDelta(**ids, text="last", index=99)]  # type: ignore[arg-type]
        await asyncio.gather(*(writer.record(c, publish_behind=True) for c in met),
                             writer.record(last))
        delivered = await published_for(bus, conversation, settle_s=1.0)
        versions = [c.version for c in delivered]
        assert versions == sorted(versions) and len(set(versions)) == len(versions)
        assert [c.event.event_id for c in delivered[-10:]] == [
            e.event_id for e in [*(c[0] for c in behind + met), last[0]]]
        await outbox_emptied(infra, within=5)
    finally:
        await writer.stop()


async def test_the_writers_of_one_process_share_one_clear_and_one_sweep(
        infra: Infra, bus: Bus, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six services' writers in ``yourai up`` each swept the outbox and cleared it on a timer
    of their own: one timer does it for all of a store's writers, with one ``DELETE`` for
    every writer's published positions, and stops when the last writer stops."""
    sweeps: list[float] = []
    clears: list[list[int]] = []
    due, done = PublishOutbox.publish_due, PublishOutbox.done

    async def counted_due(self: PublishOutbox, *args: Any, **kwargs: Any) -> int:
        sweeps.append(kwargs["older_than_s"])
        return await due(self, *args, **kwargs)

    async def counted_done(self: PublishOutbox, positions: Sequence[int]) -> None:
        if positions:
            clears.append(list(positions))
        await done(self, positions)

    monkeypatch.setattr(PublishOutbox, "publish_due", counted_due)
    monkeypatch.setattr(PublishOutbox, "done", counted_done)
    writers = [LogWriter(infra.store, bus, publish_timeout_s=t, sweep_every_s=s)
               for t, s in ((5.0, 3600.0), (0.5, 0.2), (2.0, 0.5))]
    for w in writers:
        w.start()
    try:
        for w in writers:
            await w.record([ConversationCreated(conversation_id=uuid.uuid4(), tenant_id=TENANT,
                                                user_id="u")])
        await outbox_emptied(infra, within=5)
        await asyncio.sleep(1.0)
    finally:
        for w in writers:
            await w.stop()
    assert len(clears) == 1 and len(clears[0]) == 3  # one statement for the three
    # The shortest period (0.2 s) for all, not each writer's own: about 6 in 1.3 s, not 11.
    assert 3 <= len(sweeps) <= 8
    assert set(sweeps) == {6.0}  # the longest grace: no writer's publication is taken over
    swept = len(sweeps)
    await asyncio.sleep(0.5)
    assert len(sweeps) == swept  # stopped with the last writer
