"""The engine with the instant scripted model, as its own process (``python -m bench.server``).

The benchmark runs the engine apart from its load generator, so the client's HTTP and SSE
parsing does not share the engine's event loop. Settings come from ``YOURAI_*`` as for
``yourai serve``; one JSON line on stdout says when the gateway is listening.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
from dataclasses import replace

from bench.model import bench_provider
from services.engine import Engine
from shared.config import Settings


async def serve(delay_s: float = 0.0, chunk_size: int = 12) -> None:
    settings = replace(Settings.from_env(), llm_provider="scripted")
    engine = Engine(settings, provider=bench_provider(delay_s=delay_s, chunk_size=chunk_size))
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
    p = argparse.ArgumentParser(prog="python -m bench.server")
    p.add_argument("--delay", type=float, default=0.0,
                   help="seconds between the model's streamed chunks (default: instant)")
    p.add_argument("--chunk", type=int, default=12, help="characters per streamed chunk")
    args = p.parse_args()
    asyncio.run(serve(args.delay, args.chunk))
