"""The engine with the instant scripted model, as its own process (``python -m bench.server``).

The benchmark runs the engine apart from its load generator, so the client's HTTP and SSE
parsing does not share the engine's event loop. Settings come from ``YOURAI_*`` as for
``yourai serve``; one JSON line on stdout says when the gateway is listening.
"""

from __future__ import annotations

import asyncio
import json
import signal
from dataclasses import replace

from bench.model import bench_provider
from services.engine import Engine
from shared.config import Settings


async def serve() -> None:
    settings = replace(Settings.from_env(), llm_provider="scripted")
    engine = Engine(settings, provider=bench_provider())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await engine.start()
    try:
        print(json.dumps({"gateway": engine.gateway_url}), flush=True)
        await stop.wait()
    finally:
        await engine.stop()


if __name__ == "__main__":
    asyncio.run(serve())
