"""The engine with the instant scripted model, as its own process (``python -m bench.server``).

The benchmark runs the engine apart from its load generator, so the client's HTTP and SSE
parsing does not share the engine's event loop. Settings come from ``YOURAI_*`` as for
``yourai serve``; one JSON line on stdout says when it is ready (with the gateway's URL when
it runs one). ``--services router,workers`` runs only those, as ``yourai serve`` would, so
the scale-out benchmark can run each service as its own process, in replicas.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
from collections.abc import Sequence
from dataclasses import replace

from bench.model import bench_provider
from services.engine import SERVICES, Engine
from shared.config import Settings
from shared.memory import limit_malloc_arenas


async def serve(services: Sequence[str] = SERVICES) -> None:
    settings = replace(Settings.from_env(), llm_provider="scripted")
    engine = Engine(settings, services=services, provider=bench_provider())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await engine.start()
    try:
        ready = {"services": ",".join(services)}
        if "gateway" in services:
            ready["gateway"] = engine.gateway_url
        print(json.dumps(ready), flush=True)
        await stop.wait()
    finally:
        await engine.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.server")
    parser.add_argument("--services", default=",".join(SERVICES),
                        help=f"comma-separated, of {', '.join(SERVICES)} (default: all)")
    names = [n for n in parser.parse_args().services.split(",") if n]
    unknown = sorted(set(names) - set(SERVICES))
    if unknown or not names:
        parser.error(f"unknown service(s): {', '.join(unknown) or '(none given)'}")
    limit_malloc_arenas()  # as ``yourai up`` and ``yourai serve`` do
    asyncio.run(serve(names))
