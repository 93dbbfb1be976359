"""What one JetStream delivery costs at each layer: ``python -m bench.delivery_layers``.

Issue 13 asks where the engine's CPU per message goes. This measures the client side of one
delivered message (this process's CPU time, the servers apart) through three layers, each on
its own durable push consumer over the same committed events, already in the stream:

1. ``nats``: nats-py's push subscription, the callback decoding the record and acknowledging;
2. ``faststream``: FastStream's subscriber as the runtime used to configure it until round
   thirteen (a borrowed connection, no serializer, no types applied, manual acknowledgement,
   16 workers), the handler decoding and acknowledging;
3. ``runtime``: ``Service.consume`` with a handler that does nothing: the runtime's whole
   delivery path (decode, the type check, the keep-alive, the work lease — since round
   thirteen no statement for a first delivery whose handler writes nothing, as here — the
   span, the ack).

Layers run alternately for ``--rounds`` rounds; the report is the median per layer of the
CPU microseconds per message (and the wall time), so a busy shared machine moves all layers
alike. Embedded NATS and PostgreSQL are started fresh.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from faststream import AckPolicy
from faststream.nats import JStream, NatsBroker, NatsMessage
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import ConsumerConfig, DeliverPolicy

from bench.first_event import embedded_servers
from services.engine import SCHEMA
from shared.bus import Bus, Committed
from shared.events import MessageReceived
from shared.runtime import Infra, Service, open_infra

__all__ = ["main"]

Layer = Callable[[Infra, str, int], Awaitable[None]]


def _message(i: int) -> MessageReceived:
    return MessageReceived(conversation_id=uuid.uuid4(), tenant_id="bench",
                           invocation_id=uuid.uuid4(), user_id="u", message_id=uuid.uuid4(),
                           content=f"message {i}")


class _Count:
    """Counts handled messages and says when ``n`` have been."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.seen = 0
        self.done = asyncio.Event()

    def one(self) -> None:
        self.seen += 1
        if self.seen >= self.n:
            self.done.set()


def _config(durable: str) -> ConsumerConfig:
    return ConsumerConfig(deliver_subject=f"_yourai_deliver.{durable}", ack_wait=30.0,
                          max_deliver=6, deliver_policy=DeliverPolicy.ALL, max_ack_pending=64)


async def _nats(infra: Infra, durable: str, n: int) -> None:
    nc = await infra.nats()
    count = _Count(n)

    async def cb(msg: Msg) -> None:
        Committed.from_msg(msg)
        await msg.ack()
        count.one()

    sub = await nc.jetstream().subscribe(
        infra.subjects.committed_of_type("message.received"), queue=durable, cb=cb,
        config=_config(durable), manual_ack=True, stream=infra.subjects.log_stream)
    await count.done.wait()
    await sub.unsubscribe()


async def _undecoded(msg: NatsMessage) -> NatsMessage:
    return msg


class _BorrowingBroker(NatsBroker):
    """A FastStream broker over the process's connection (``Infra.nats``): it starts and stops
    its own subscribers but neither opens nor closes the connection, which others share."""

    def __init__(self, connection: Client, **options: Any) -> None:
        super().__init__(**options)
        self._borrowed = connection

    async def _connect(self) -> Client:
        self.config.connect(self._borrowed)
        return self._borrowed

    async def stop(self, exc_type: type[BaseException] | None = None,
                   exc_val: BaseException | None = None, exc_tb: Any = None) -> None:
        # FastStream's own ``stop`` drains (closes) the connection after the subscribers;
        # skip to its base, which stops the subscribers only.
        await super(NatsBroker, self).stop(exc_type, exc_val, exc_tb)
        self._connection = None
        self.config.disconnect()


async def _faststream(infra: Infra, durable: str, n: int) -> None:
    broker = _BorrowingBroker(await infra.nats(), logger=None, serializer=None, apply_types=False)
    count = _Count(n)

    async def handle(msg):  # unannotated, as the runtime declares it
        Committed.from_msg(msg.raw_message)
        await msg.raw_message.ack()
        count.one()

    broker.subscriber(infra.subjects.committed_of_type("message.received"),
                      stream=JStream(infra.subjects.log_stream, declare=False), queue=durable,
                      config=_config(durable), ack_policy=AckPolicy.MANUAL, max_workers=16,
                      decoder=_undecoded)(handle)
    await broker.connect()
    await broker.start()
    await count.done.wait()
    await broker.stop()  # its subscribers only: the connection is the infra's


async def _runtime(infra: Infra, durable: str, n: int) -> None:
    count = _Count(n)

    async def handler(_event: MessageReceived) -> None:
        count.one()

    service = Service(name=durable, infra=infra)
    service.consume(MessageReceived, handler)
    await service.start()
    await count.done.wait()
    # The last acknowledgement follows the handler's return.
    await asyncio.sleep(0.2)
    await service.stop()


LAYERS: dict[str, Layer] = {"nats": _nats, "faststream": _faststream, "runtime": _runtime}


async def _measure(infra: Infra, layer: Layer, n: int) -> tuple[float, float]:
    """CPU and wall microseconds per message of one pass of ``layer`` over ``n`` messages."""
    durable = f"layer_{uuid.uuid4().hex[:10]}"
    wall, cpu = time.perf_counter(), time.process_time()
    await layer(infra, durable, n)
    return ((time.process_time() - cpu) / n * 1e6, (time.perf_counter() - wall) / n * 1e6)


async def _run(n: int, rounds: int) -> dict[str, list[tuple[float, float]]]:
    async with embedded_servers("yourai-layers-") as (_work, settings):
        infra = await open_infra(settings, schema=SCHEMA)
        try:
            bus = Bus(await infra.nats(), infra.subjects)
            await bus.ensure_streams()
            records = [(i + 1, i, event, payload)
                       for i, (event, payload) in enumerate(bus.fit(
                           [_message(i) for i in range(n)]))]
            for start in range(0, n, 256):
                await bus.publish_committed(records[start:start + 256])
            results: dict[str, list[tuple[float, float]]] = {name: [] for name in LAYERS}
            for _ in range(rounds):
                for name, layer in LAYERS.items():
                    results[name].append(await _measure(infra, layer, n))
            return results
        finally:
            await infra.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="messages per pass")
    parser.add_argument("--rounds", type=int, default=5, help="passes of each layer")
    args = parser.parse_args()
    results = asyncio.run(_run(args.n, args.rounds))
    print(f"{args.n} messages a pass, {args.rounds} passes a layer, alternately; "
          "µs per message, median (each pass)")
    for name, passes in results.items():
        cpu = [c for c, _ in passes]
        wall = [w for _, w in passes]
        print(f"{name:>10}: CPU {statistics.median(cpu):7.1f} "
              f"({', '.join(f'{c:.0f}' for c in cpu)}); wall {statistics.median(wall):7.1f}")


if __name__ == "__main__":
    main()
