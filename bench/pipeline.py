"""The pipeline benchmark: ``python -m bench.pipeline [--quick] [--json FILE]``.

Starts embedded NATS, PostgreSQL and Redis in a temporary directory, runs the engine with an
instant scripted model in its own process, uploads the sample policies through the API, and
measures latency, throughput, storage growth, ``yourai up``'s memory and a LangGraph baseline
of the same shape, all in one run on this machine. Numbers go to docs/BENCHMARKS.md by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench import langgraph_baseline
from bench.client import ApiClient
from bench.footprint import SECRET, run_footprint
from bench.growth import run_growth
from bench.load import Target, run_load
from bench.procs import cpu_probe, read_ready_line, spawn, stop
from bench.report import machine, render
from shared.config import Settings
from shared.embedded import free_port, start_embedded


@dataclass(frozen=True)
class Counts:
    """How much of each measurement to do."""

    warmup: int = 5
    sequential: int = 50
    clients: int = 32
    turns: int = 8
    growth_turns: int = 100
    growth_every: int = 10
    baseline_runs: int = 50


QUICK = Counts(warmup=2, sequential=10, clients=8, turns=2, growth_turns=20,
               baseline_runs=10)


async def _engine_phase(work: Path, settings: Settings, counts: Counts,
                        results: dict[str, object]) -> None:
    """Latency, throughput and growth against the engine with the scripted model."""
    port = free_port()
    log = work / "engine.log"
    child = spawn(["-m", "bench.server"], {
        "YOURAI_NATS_URL": str(settings.nats_url),
        "YOURAI_DATABASE_URL": str(settings.database_url),
        "YOURAI_REDIS_URL": str(settings.redis_url),
        "YOURAI_PORT": str(port), "YOURAI_JWT_SECRET": SECRET,
        "YOURAI_NAMESPACE": "bench", "YOURAI_RATE_LIMIT_PER_MINUTE": "1000000",
    }, log)
    try:
        ready = await asyncio.to_thread(read_ready_line, child, log, 90)
        target = Target(url=ready["gateway"], secret=SECRET, tenant="bench-a")
        uploader = ApiClient(target.url, SECRET, tenant=target.tenant, user="uploader")
        results["documents"] = len(await uploader.upload_samples())
        await uploader.without_cache()
        await uploader.close()
        _say(f"sequential: {counts.warmup} warm-up + {counts.sequential} invocations")
        seq = await run_load(target, clients=1, turns=counts.sequential, warmup=counts.warmup,
                             name="seq")
        results["sequential"] = seq.summary()
        _say(f"sequential, the answer read in the POST's response: {counts.sequential}")
        in_post = await run_load(target, clients=1, turns=counts.sequential, warmup=1,
                                 name="seq-post", in_post=True)
        results["sequential_in_post"] = in_post.summary()
        _say(f"concurrent: {counts.clients} conversations × {counts.turns} invocations")
        conc = await run_load(target, clients=counts.clients, turns=counts.turns, warmup=1,
                              name="conc", cpu=cpu_probe(child.pid, settings.data_dir))
        results["concurrent"] = conc.summary()
        _say(f"growth: one conversation of {counts.growth_turns} turns")
        growth = await run_growth(target, str(settings.database_url),
                                  turns=counts.growth_turns, every=counts.growth_every)
        results["growth"] = growth.summary()
    finally:
        await asyncio.to_thread(stop, child)


async def _baseline_phase(settings: Settings, counts: Counts,
                          results: dict[str, object]) -> None:
    if not langgraph_baseline.available():
        results["langgraph"] = {"skipped": "LangGraph is not installed; install the bench "
                                           "extra: .venv/bin/pip install -e '.[bench]'"}
        return
    _say("LangGraph baseline (durability sync and async)")
    baselines = await langgraph_baseline.run_baseline(
        str(settings.database_url), "bench-a", runs=counts.baseline_runs, warmup=counts.warmup,
        clients=counts.clients, turns=counts.turns)
    results["langgraph"] = {b.durability: b.summary() for b in baselines}


async def run(counts: Counts, *, quick: bool) -> dict[str, object]:
    results: dict[str, object] = {"quick": quick, "counts": counts.__dict__,
                                  "machine": machine()}
    with tempfile.TemporaryDirectory(prefix="yourai-bench-") as tmp:
        work = Path(tmp)
        with contextlib.ExitStack() as stack:
            _say("starting embedded NATS, PostgreSQL and Redis")
            settings = await asyncio.to_thread(
                start_embedded, Settings(data_dir=work / "data"), stack)
            await _engine_phase(work, settings, counts, results)
            await _baseline_phase(settings, counts, results)
        _say(f"yourai up: {counts.clients} conversations × {counts.turns} invocations")
        fp = await run_footprint(work, clients=counts.clients, turns=counts.turns)
        results["footprint"] = {
            "engine_peak_rss": fp.engine_peak_rss, "engine_rss_idle": fp.engine_rss_idle,
            "servers_peak_rss": fp.servers_peak.rss, "servers_peak_pss": fp.servers_peak.pss,
            "server_processes": fp.servers_peak.processes,
            "servers_rss_by_name": fp.servers_by_name, "load": fp.load.summary(),
            "stopped_cleanly": fp.stopped_cleanly,
        }
    return results


def _say(text: str) -> None:
    print(f"· {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.pipeline",
                                description="Benchmark the engine's pipeline end to end.")
    p.add_argument("--quick", action="store_true", help="small counts, a smoke run (< 1 min)")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")
    args = p.parse_args(argv)
    results = asyncio.run(run(QUICK if args.quick else Counts(), quick=args.quick))
    print(render(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")
        print(f"\nResults written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
