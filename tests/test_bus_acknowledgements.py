"""A publication waits for JetStream to store every message of its batch, read from the replies
by the bus itself (``shared.bus._Acknowledgements``), not through nats-py's per-message
``publish_async``: stored, duplicates, no stream and a stream's refusal each give the answer
nats-py gave."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import cast

import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.errors import APIError, NoStreamResponseError

from shared.bus import MSG_ID_HEADER, Bus, _Acknowledgements, connect_nats
from shared.runtime import Infra


@pytest.fixture
async def bus(infra: Infra) -> AsyncIterator[Bus]:
    assert infra.settings.nats_url
    nc = await connect_nats(infra.settings.nats_url, name="test-acks")
    try:
        b = Bus(nc, infra.subjects)
        await b.ensure_streams()
        yield b
    finally:
        await nc.close()


def _messages(bus: Bus, n: int) -> list[tuple[str, bytes, dict[str, str]]]:
    conversation = uuid.uuid4()
    return [(f"{bus.subjects.namespace}.log.{conversation}.-.test.event", b"{}",
             {MSG_ID_HEADER: str(uuid.uuid4())}) for _ in range(n)]


async def test_a_batch_is_stored_in_order_without_nats_pys_futures(
        bus: Bus, monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused(*_: object, **__: object) -> None:
        raise AssertionError("nats-py's publish path used")

    monkeypatch.setattr(bus.js, "publish_async", refused)
    monkeypatch.setattr(bus.js, "publish", refused)
    before = (await bus.js.stream_info(bus.subjects.log_stream)).state.last_seq
    messages = _messages(bus, 5)
    await bus._publish_all(messages)
    await bus._publish_all(messages[:1])
    info = await bus.js.stream_info(bus.subjects.log_stream)
    assert info.state.last_seq == before + 5
    stored = [await bus.js.get_msg(bus.subjects.log_stream, before + i + 1) for i in range(5)]
    assert [m.headers[MSG_ID_HEADER] for m in stored if m.headers] == [
        h[MSG_ID_HEADER] for _, _, h in messages]


async def test_a_duplicate_counts_as_stored(bus: Bus) -> None:
    messages = _messages(bus, 3)
    await bus._publish_all(messages)
    before = (await bus.js.stream_info(bus.subjects.log_stream)).state.last_seq
    await bus._publish_all(messages)  # JetStream drops them by Nats-Msg-Id, and says so
    assert (await bus.js.stream_info(bus.subjects.log_stream)).state.last_seq == before


async def test_no_stream_and_a_refusal_raise_as_nats_py_did(bus: Bus) -> None:
    with pytest.raises(NoStreamResponseError):
        await bus._publish_all([("no-stream-here.subject", b"{}", {})], timeout_s=5)
    subject, payload, headers = _messages(bus, 1)[0]
    refused = {**headers, "Nats-Expected-Stream": "NOT_THIS_ONE"}
    with pytest.raises(APIError):
        await bus._publish_all([(subject, payload, refused)], timeout_s=5)


@pytest.mark.parametrize("reply", [b'{"error": "garbled"}', b'{"error": {"no_code": 1}}',
                                   b'{"error": not json'])
async def test_an_unreadable_acknowledgement_fails_its_batch_at_once(reply: bytes) -> None:
    """A reply the bus cannot read fails the publication with why, instead of leaving it to
    wait out its timeout (the callback's exception would be lost in nats-py's loop)."""
    acks = _Acknowledgements(cast(Client, None))
    acks._prefix = "_INBOX.test."
    stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    acks._batches["1"] = (stored, {0})
    await acks._acknowledged(Msg(cast(Client, None), subject="_INBOX.test.1.0", data=reply))
    assert stored.done()
    with pytest.raises(APIError):
        stored.result()
