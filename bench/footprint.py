"""Memory of ``yourai up`` under load: ``python -m bench.footprint [--clients N] [--turns N]``.

Runs the real command (offline provider, embedded servers in a temporary data directory),
drives the concurrent load against it over HTTP, and reads the engine's peak resident set
(``VmHWM``) and, sampled throughout, the servers' summed resident and proportional sets.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.client import ApiClient
from bench.load import LoadResult, Target, run_load
from bench.procs import Usage, cpu_probe, peak_rss, server_pids, spawn, stop, usage
from shared.embedded import free_port

__all__ = ["Footprint", "run_footprint"]

SECRET = "bench-secret-not-for-production-use-0123456789"


@dataclass
class Footprint:
    engine_peak_rss: int
    engine_rss_idle: int
    engine_peak_before_load: int
    """``VmHWM`` after the samples' upload, before the load: their bulk embedding has a
    passing peak of its own, which the load's figure must not be mistaken for."""
    servers_peak: Usage
    servers_by_name: dict[str, int]
    servers_pss_by_name: dict[str, int]
    load: LoadResult
    stopped_cleanly: bool


async def _wait_healthy(url: str, within_s: float) -> None:
    deadline = time.monotonic() + within_s
    async with httpx.AsyncClient(base_url=url, timeout=2) as http:
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get("/ready")).status_code == 200:
                    return
            await asyncio.sleep(0.2)
    raise RuntimeError(f"yourai up did not become ready at {url} within {within_s:.0f}s")


def _by_name(pids: dict[int, str], *, pss: bool = False) -> dict[str, int]:
    """Summed resident (or proportional) set by process type: postgres, nats-server, redis."""
    out: dict[str, int] = {}
    for pid, comm in pids.items():
        name = comm.split()[0].removesuffix(":")
        with contextlib.suppress(OSError):
            one = usage({pid: comm})
            out[name] = out.get(name, 0) + (one.pss if pss else one.rss)
    return out


async def run_footprint(work: Path, *, clients: int, turns: int) -> Footprint:
    data_dir = work / "up-data"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = spawn(["-m", "cli.main", "up", "--no-sample"], {
        "YOURAI_DATA_DIR": str(data_dir), "YOURAI_PORT": str(port),
        "YOURAI_LLM_PROVIDER": "offline", "YOURAI_JWT_SECRET": SECRET,
        "YOURAI_RATE_LIMIT_PER_MINUTE": "1000000",
    }, work / "up.log")
    stopped = False
    try:
        await _wait_healthy(url, 90)
        idle = usage({proc.pid: "python"}).rss
        target = Target(url=url, secret=SECRET, tenant="bench-up")
        uploader = ApiClient(url, SECRET, tenant=target.tenant, user="uploader")
        await uploader.upload_samples()
        await uploader.without_cache()
        await uploader.close()
        before_load = peak_rss(proc.pid)
        pids = server_pids(data_dir)
        peak = usage(pids)
        by_name, pss_by_name = _by_name(pids), _by_name(pids, pss=True)
        load_task = asyncio.create_task(run_load(target, clients=clients, turns=turns,
                                                 warmup=1, name="up",
                                                 cpu=cpu_probe(proc.pid, data_dir)))
        while not load_task.done():
            await asyncio.wait({load_task}, timeout=0.5)
            pids = server_pids(data_dir)
            now = usage(pids)
            if now.pss > peak.pss:
                peak, by_name, pss_by_name = now, _by_name(pids), _by_name(pids, pss=True)
        load = load_task.result()
        engine_peak = peak_rss(proc.pid)
    finally:
        await asyncio.to_thread(stop, proc)
        stopped = proc.returncode == 0 and not server_pids(data_dir)
    return Footprint(engine_peak_rss=engine_peak, engine_rss_idle=idle,
                     engine_peak_before_load=before_load, servers_peak=peak,
                     servers_by_name=by_name, servers_pss_by_name=pss_by_name, load=load,
                     stopped_cleanly=stopped)


def _mib(n: int) -> str:
    return f"{n / 2**20:.0f} MiB"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.footprint",
                                description="Memory of `yourai up` under concurrent load.")
    p.add_argument("--clients", type=int, default=32, help="concurrent conversations")
    p.add_argument("--turns", type=int, default=8, help="invocations per conversation")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="yourai-footprint-") as tmp:
        fp = asyncio.run(run_footprint(Path(tmp), clients=args.clients, turns=args.turns))
    total = fp.engine_peak_rss + fp.servers_peak.pss
    print(f"engine RSS idle {_mib(fp.engine_rss_idle)}, peak (VmHWM) {_mib(fp.engine_peak_rss)}"
          f" (after the samples' upload, before the load: {_mib(fp.engine_peak_before_load)})")
    print(f"servers at their peak, {fp.servers_peak.processes} processes: "
          f"PSS {_mib(fp.servers_peak.pss)}, RSS {_mib(fp.servers_peak.rss)}")
    for name in sorted(fp.servers_pss_by_name):
        print(f"  {name}: PSS {_mib(fp.servers_pss_by_name[name])}, "
              f"RSS {_mib(fp.servers_by_name.get(name, 0))}")
    print(f"total, engine peak + servers PSS: {_mib(total)}")
    print(f"load: {fp.load.summary()}; stopped cleanly: {fp.stopped_cleanly}")
    if args.json:
        args.json.write_text(json.dumps({
            "engine_peak_rss": fp.engine_peak_rss, "engine_rss_idle": fp.engine_rss_idle,
            "engine_peak_before_load": fp.engine_peak_before_load,
            "servers_peak_pss": fp.servers_peak.pss, "servers_peak_rss": fp.servers_peak.rss,
            "servers_pss_by_name": fp.servers_pss_by_name,
            "servers_rss_by_name": fp.servers_by_name, "total": total,
        }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
