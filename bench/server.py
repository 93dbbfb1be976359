"""The engine with the instant scripted model, as its own process (``python -m bench.server``).

The benchmark runs the engine apart from its load generator, so the client's HTTP and SSE
parsing does not share the engine's event loop. Settings come from ``YOURAI_*`` as for
``yourai serve``; one JSON line on stdout says when it is ready (with the gateway's URL when
it runs one). ``--services router,workers`` runs only those, as ``yourai serve`` would, so
the scale-out benchmark can run each service as its own process, in replicas.

``--profile FILE``: SIGUSR1 starts cProfile on the event loop's thread, SIGUSR2 stops it and
writes the statistics to FILE (``bench.cpu_profile`` drives it), so only the timed part of a
run is profiled, not start-up or warm-up.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import signal
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from bench.model import bench_provider
from services.engine import SERVICES, Engine
from shared.config import Settings
from shared.memory import limit_malloc_arenas


def _profiling(loop: asyncio.AbstractEventLoop, out: Path) -> None:
    # CPU time of the loop's thread, not wall time: waiting is not work.
    profiler = cProfile.Profile(time.thread_time)

    def stop() -> None:
        profiler.disable()
        profiler.dump_stats(out)

    loop.add_signal_handler(signal.SIGUSR1, profiler.enable)
    loop.add_signal_handler(signal.SIGUSR2, stop)


async def serve(services: Sequence[str] = SERVICES, profile: Path | None = None, *,
                delay_s: float = 0.0, chunk_size: int = 12) -> None:
    settings = replace(Settings.from_env(), llm_provider="scripted")
    engine = Engine(settings, services=services,
                    provider=bench_provider(delay_s=delay_s, chunk_size=chunk_size))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    if profile is not None:
        _profiling(loop, profile)
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
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="profile between SIGUSR1 and SIGUSR2, statistics to FILE")
    parser.add_argument("--delay", type=float, default=0.0,
                        help="seconds between the model's streamed chunks (default: instant)")
    parser.add_argument("--chunk", type=int, default=12, help="characters per streamed chunk")
    args = parser.parse_args()
    names = [n for n in args.services.split(",") if n]
    unknown = sorted(set(names) - set(SERVICES))
    if unknown or not names:
        parser.error(f"unknown service(s): {', '.join(unknown) or '(none given)'}")
    limit_malloc_arenas()  # as ``yourai up`` and ``yourai serve`` do
    asyncio.run(serve(names, args.profile, delay_s=args.delay, chunk_size=args.chunk))
