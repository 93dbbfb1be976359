"""One service's replica in a process of its own, its model slow (``python -m tests.replica``).

The redelivery tests stop this process (SIGSTOP: a loaded machine's stall, at its extreme) or
kill it (SIGKILL: a crash) while it answers, and watch the replicas in the test's process. It
prints ``ready`` once its consumers are subscribed.
"""

from __future__ import annotations

import asyncio
import sys

from services.engine import Engine
from shared.config import Settings
from shared.llm import ScriptedProvider

ANSWER = "The policy sets inspections. " * 80
"""Streamed eight characters at a time, 50 ms apart: fourteen seconds of answer, or more."""


def slow_model() -> ScriptedProvider:
    """The model both sides of a redelivery test answer with (the same script, so a second
    run would stream the same words: only a duplicate, never a different text, shows)."""
    return ScriptedProvider(responses={"synthesis": [ANSWER], "title": ["Damp"]},
                            chunk_size=8, delay_s=0.05)


async def main(nats_url: str, dsn: str, namespace: str, service: str) -> None:
    settings = Settings(nats_url=nats_url, database_url=dsn, namespace=namespace,
                        llm_provider="scripted", ack_wait_s=3.0, worker_deadline_s=5.0,
                        collect_deadline_s=6.0, model_deadline_s=60.0)
    engine = Engine(settings, services=[service], provider=slow_model())
    await engine.start()
    print("ready", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
