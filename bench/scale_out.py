"""Scale-out: ``python -m bench.scale_out [--quick] [--json FILE]``.

The same load against three layouts of the engine on one machine, in one run: all services in
one process (as ``yourai up``), each service its own process (as ``yourai serve NAME`` in
Kubernetes), and two replicas of each service (two gateways behind a client-side round robin).
Every layout has its own namespace and tenant on the same embedded NATS, PostgreSQL and Redis,
and the instant scripted model, so only the engine is measured. Reports latency at one
conversation, throughput at 32, and CPU per invocation, for each layout.

There is no single writer: every process appends its own events (DESIGN §3), so the replicas
share the work with the invariants intact; ``tests/test_faults_replicas.py`` checks those
under load. On this 2-core machine a process per service can use both cores, where one process
uses at most one; a second replica of each cannot add cores, so what it shows is that
replicas share work without losing throughput, not a gain from hardware.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from bench.first_event import (
    embedded_servers,
    engine_env,
    engine_process,
    ready,
    samples_without_cache,
)
from bench.footprint import SECRET
from bench.load import Target, run_load
from bench.procs import cpu_probe
from bench.report import machine
from services.engine import SERVICES
from shared.config import Settings

__all__ = ["LAYOUTS", "main", "run"]


@dataclass(frozen=True)
class Layout:
    """Which processes run which services."""

    name: str
    processes: tuple[tuple[str, ...], ...]


LAYOUTS = (
    Layout("one process", (SERVICES,)),
    Layout("a process per service", tuple((s,) for s in SERVICES)),
    Layout("two replicas of each service", tuple((s,) for s in SERVICES for _ in range(2))),
)


@dataclass(frozen=True)
class Counts:
    sequential: int = 30
    clients: int = 32
    turns: int = 8
    warmup: int = 2


QUICK = Counts(sequential=6, clients=8, turns=2, warmup=1)


async def _layout(layout: Layout, index: int, settings: Settings, work: Path,
                  counts: Counts) -> dict[str, object]:
    namespace, tenant = f"scale{index}", f"scale-{index}"
    async with contextlib.AsyncExitStack() as stack:
        children: list[subprocess.Popen[bytes]] = []
        logs: list[Path] = []
        for n, services in enumerate(layout.processes):
            log = work / f"{namespace}-{n}-{'-'.join(services)}.log"
            children.append(await stack.enter_async_context(engine_process(
                [sys.executable, "-m", "bench.server", "--services", ",".join(services)],
                {**engine_env(settings, namespace=namespace), "YOURAI_DB_POOL_SIZE": "6"},
                log)))
            logs.append(log)
        gateways: list[str] = []
        for child, log in zip(children, logs, strict=True):
            if "gateway" in (started := await ready(child, log)):
                gateways.append(started["gateway"])
        target = Target(url=gateways[0], secret=SECRET, tenant=tenant,
                        replicas=tuple(gateways[1:]))
        await samples_without_cache(target.url, tenant)
        _say(f"{layout.name}: {len(children)} process(es), sequential")
        seq = await run_load(target, clients=1, turns=counts.sequential, warmup=counts.warmup,
                             name=f"{namespace}-seq")
        _say(f"{layout.name}: {counts.clients} conversations × {counts.turns}")
        conc = await run_load(target, clients=counts.clients, turns=counts.turns, warmup=1,
                              name=f"{namespace}-conc",
                              cpu=cpu_probe([c.pid for c in children], settings.data_dir))
        return {"processes": len(children), "gateways": len(gateways),
                "sequential": seq.summary(), "concurrent": conc.summary()}


async def run(counts: Counts, *, quick: bool) -> dict[str, object]:
    results: dict[str, object] = {"quick": quick, "counts": counts.__dict__,
                                  "machine": machine(), "layouts": {}}
    layouts: dict[str, object] = {}
    _say("starting embedded NATS, PostgreSQL and Redis")
    async with embedded_servers("yourai-scale-") as (work, settings):
        for i, layout in enumerate(LAYOUTS):
            layouts[layout.name] = await _layout(layout, i, settings, work, counts)
    results["layouts"] = layouts
    return results


def render(results: dict[str, object]) -> str:
    layouts = results["layouts"]
    assert isinstance(layouts, dict)
    lines = ["Scale-out: the same load, three layouts, one run",
             f"{'layout':32} {'procs':>5} {'seq p50':>8} {'conc p50':>9} {'inv/s':>7} "
             f"{'engine CPU':>10} {'servers CPU':>11}  (ms, ms/invocation)"]
    for name, r in layouts.items():
        seq, conc = r["sequential"], r["concurrent"]
        lines.append(f"{name:32} {r['processes']:>5} {seq['completed_p50_ms']:>8.1f} "
                     f"{conc['completed_p50_ms']:>9.1f} {conc['invocations_per_s']:>7.1f} "
                     f"{conc.get('engine_cpu_ms_per_invocation', 0):>10.1f} "
                     f"{conc.get('servers_cpu_ms_per_invocation', 0):>11.1f}")
    return "\n".join(lines)


def _say(text: str) -> None:
    print(f"· {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.scale_out",
                                description="The engine in one process, a process per "
                                            "service, and two replicas of each.")
    p.add_argument("--quick", action="store_true", help="small counts, a smoke run")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")
    args = p.parse_args(argv)
    results = asyncio.run(run(QUICK if args.quick else Counts(), quick=args.quick))
    print(render(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
