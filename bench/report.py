"""The benchmark's readable table, and the facts about the machine it ran on."""

from __future__ import annotations

import os
import platform
import subprocess
from typing import Any

__all__ = ["machine", "render"]


def machine() -> dict[str, str]:
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    try:
        free = subprocess.run(["free", "-h"], capture_output=True, text=True,
                              check=False).stdout.strip()
    except OSError:
        free = ""
    return {"nproc": str(os.cpu_count()), "cpu": cpu, "free": free,
            "python": platform.python_version(), "kernel": platform.release()}


def _mib(n: float) -> str:
    return f"{n / 2**20:.0f} MiB"


def _latency_rows(name: str, s: dict[str, Any]) -> list[str]:
    return [f"  {name:<34} {s['first_event_p50_ms']:>8.1f} {s['first_event_p95_ms']:>8.1f}"
            f" {s['first_delta_p50_ms']:>8.1f} {s['first_delta_p95_ms']:>8.1f}"
            f" {s['completed_p50_ms']:>8.1f} {s['completed_p95_ms']:>8.1f}"]


def _latency(r: dict[str, Any]) -> list[str]:
    out = ["Latency from POST to: (ms)            first event     first delta       completed",
           f"  {'':<34} {'p50':>8} {'p95':>8} {'p50':>8} {'p95':>8} {'p50':>8} {'p95':>8}"]
    seq, conc = r["sequential"], r["concurrent"]
    out += _latency_rows(f"1 conversation ({seq['invocations']} inv.)", seq)
    if "sequential_in_post" in r:  # a run from before the streamed POST has none
        post = r["sequential_in_post"]
        out += _latency_rows(f"  the same, read in the POST ({post['invocations']})", post)
    out += _latency_rows(f"{conc['concurrency']} conversations ({conc['invocations']} inv.)",
                         conc)
    if "footprint" in r:
        load = r["footprint"]["load"]
        out += _latency_rows(f"yourai up, offline, {load['concurrency']} conv.", load)
    out += ["", f"Throughput at {conc['concurrency']} concurrent: "
            f"{conc['invocations_per_s']:.1f} invocations/s "
            f"({conc['ms_per_invocation']:.1f} ms of pipeline per invocation; "
            f"{conc['completed']}/{conc['invocations']} completed, "
            f"{conc['events_per_invocation']:.1f} events each)",
            f"CPU per invocation: engine {conc['engine_cpu_ms_per_invocation']:.1f} ms, "
            f"NATS+PostgreSQL+Redis {conc['servers_cpu_ms_per_invocation']:.1f} ms, "
            f"the benchmark's own HTTP/SSE client {conc['client_cpu_ms_per_invocation']:.1f} ms"]
    return out


def _growth(g: dict[str, Any]) -> list[str]:
    out = ["", f"Storage over one {g['turns']}-turn conversation",
           f"  {'turn':>5} {'events':>8} {'payload bytes':>14} {'events table bytes':>19}"]
    out += [f"  {s['turn']:>5} {s['events']:>8} {s['payload_bytes']:>14} {s['table_bytes']:>19}"
            for s in g["samples"]]
    e, late = g["early_per_turn"], g["late_per_turn"]
    out += [f"  per turn, turns {g['early_turns']}: {e['events']:.1f} events, "
            f"{e['payload_bytes']:.0f} payload bytes, {e['table_bytes']:.0f} table bytes",
            f"  per turn, turns {g['late_turns']}: {late['events']:.1f} events, "
            f"{late['payload_bytes']:.0f} payload bytes, {late['table_bytes']:.0f} table bytes",
            f"  ratio late/early: payload {g['payload_ratio']:.3f}, table "
            f"{g['table_ratio']:.3f}, events {g['events_ratio']:.3f}",
            f"  p50 latency to completed: turns {g['early_turns']} "
            f"{g['early_latency_p50_ms']:.1f} ms, turns {g['late_turns']} "
            f"{g['late_latency_p50_ms']:.1f} ms"]
    return out


def _footprint(f: dict[str, Any]) -> list[str]:
    names = ", ".join(f"{k} {_mib(v)}" for k, v in sorted(f["servers_rss_by_name"].items()))
    return ["", "Memory of `yourai up` under the concurrent load",
            f"  engine process peak RSS (VmHWM): {_mib(f['engine_peak_rss'])} "
            f"(idle after start-up: {_mib(f['engine_rss_idle'])})",
            f"  embedded servers, {f['server_processes']} processes: summed RSS "
            f"{_mib(f['servers_peak_rss'])}, PSS {_mib(f['servers_peak_pss'])} ({names})",
            f"  CPU per invocation: engine {f['load']['engine_cpu_ms_per_invocation']:.1f} ms, "
            f"servers {f['load']['servers_cpu_ms_per_invocation']:.1f} ms; "
            f"stopped cleanly on SIGINT: {'yes' if f['stopped_cleanly'] else 'NO'}"]


def _baseline(r: dict[str, Any]) -> list[str]:
    lg = r["langgraph"]
    if "skipped" in lg:
        return ["", f"LangGraph baseline skipped: {lg['skipped']}"]
    ours = r["sequential"]["completed_p50_ms"]
    conc = r["concurrent"]
    rate = f"runs/s at {conc['concurrency']}"
    out = ["", "LangGraph baseline (same shape, PostgreSQL checkpointer, in-process)",
           f"  {'':<30} {'median ms':>10} {'p95 ms':>8} {rate:>14}"]
    out.append(f"  {'YourAI engine (HTTP + SSE)':<30} {ours:>10.1f} "
               f"{r['sequential']['completed_p95_ms']:>8.1f} {conc['invocations_per_s']:>14.1f}")
    for mode, s in lg.items():
        out.append(f"  {'LangGraph, durability=' + mode:<30} {s['median_ms']:>10.1f} "
                   f"{s['p95_ms']:>8.1f} {s['runs_per_s']:>14.1f}")
    for mode, s in lg.items():
        out.append(f"  ours / LangGraph ({mode}): median {ours / s['median_ms']:.2f}×, "
                   f"throughput {conc['invocations_per_s'] / s['runs_per_s']:.2f}×")
    return out


def render(r: dict[str, Any]) -> str:
    m = r["machine"]
    head = [f"YourAI pipeline benchmark{' (quick)' if r['quick'] else ''}: {m['nproc']} CPUs "
            f"({m['cpu']}), Python {m['python']}", ""]
    return "\n".join(head + _latency(r) + _growth(r["growth"]) + _baseline(r)
                     + (_footprint(r["footprint"]) if "footprint" in r else []))
