"""Where the engine's CPU per invocation goes: ``python -m bench.cpu_profile [-n N]``.

Starts embedded NATS, PostgreSQL and Redis and the engine (``bench.server``, the instant
scripted model) as in ``bench.pipeline``, then runs ``N`` invocations twice from a few
concurrent conversations:

1. unprofiled, reading the CPU time of the engine and of the servers from ``/proc``: the
   figures that count (ms of CPU per invocation);
2. under py-spy (sampling from outside the process, so the engine runs at its normal speed),
   and shares out the engine's figure by component: each sample is charged to the innermost
   frame of this repository on its stack (``_component``), or, for a stack with none (the
   event loop, a client library's reader), to the library it is in.

py-spy is a benchmark tool, not a dependency: ``.venv/bin/pip install py-spy``. For a
function-level view instead, ``python -m bench.server --profile FILE`` runs cProfile between
SIGUSR1 and SIGUSR2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import pstats
import re
import shutil
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
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
from bench.model import QUESTION
from bench.procs import cpu_probe, cpu_seconds, server_pids
from bench.statements import Statements, count_statements
from shared.config import Settings

__all__ = ["Breakdown", "Measured", "charge", "main"]

_FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^():]*)(?::\d+)?\)$")

_PROJECT_RULES: tuple[tuple[str, str, str], ...] = (
    # (file fragment, function fragment or "", component); the first match wins
    ("shared/store/postgres.py", "read_invocation", "log re-read (store)"),
    ("shared/store/postgres.py", "append", "log append (store: chain, projections)"),
    ("shared/store/_chain.py", "", "log append (store: chain, projections)"),
    ("shared/store/postgres.py", "", "event store, other"),
    ("shared/store/outbox.py", "", "publish outbox"),
    ("shared/store/projections.py", "", "projections"),
    ("shared/store/read_models.py", "", "read models"),
    ("shared/tracing.py", "", "tracing"),
    ("shared/events.py", "", "event encode/decode (msgspec)"),
    ("shared/_payload.py", "", "event encode/decode (msgspec)"),
    ("shared/bus.py", "from_msg", "event encode/decode (msgspec)"),
    ("shared/bus.py", "", "bus publish (JetStream)"),
    ("shared/recording.py", "", "recording"),
    ("services/recorder/", "", "recorder"),
    ("shared/runtime.py", "", "runtime (ack, subscription wrapper)"),
    ("services/gateway/sse.py", "", "gateway SSE"),
    ("services/gateway/", "", "gateway routes"),
    ("services/orchestrator/", "", "orchestrator"),
    ("services/verifier/", "", "verifier"),
    ("shared/verification/", "", "verifier"),
    ("services/router/", "", "router"),
    ("services/workers/", "", "workers"),
    ("shared/sources/", "", "workers"),
    ("shared/documents.py", "", "workers"),
    ("shared/embeddings.py", "", "embedding (ONNX; the answer cache's question)"),
    ("shared/cache/", "", "answer cache lookup"),
    ("shared/tenants.py", "", "tenant settings reads"),
    ("shared/tenant_models.py", "", "tenant settings reads"),
    ("shared/text/", "", "text toolkit (sentences, terms)"),
    ("shared/llm/", "", "scripted model"),
    ("bench/model", "", "scripted model"),
    ("shared/", "", "shared, other"),
    ("services/", "", "services, other"),
)
_LIBRARIES: tuple[tuple[str, str], ...] = (
    ("opentelemetry/", "tracing"),
    ("faststream/", "FastStream"),
    ("fast_depends/", "FastStream"),
    ("nats/", "nats-py client (incl. socket writes)"),
    ("asyncpg/", "asyncpg"),
    ("litestar/", "HTTP (Litestar, uvicorn)"),
    ("uvicorn/", "HTTP (Litestar, uvicorn)"),
    ("redis/", "redis client"),
    ("anyio/", "threads (hand-offs to worker threads)"),
    ("threading.py", "threads (hand-offs to worker threads)"),
    ("concurrent/", "threads (hand-offs to worker threads)"),
    ("asyncio/", "asyncio event loop"),
)
_GENERIC = ("anyio/", "threading.py", "concurrent/", "asyncio/")
"""Libraries charged only when no more specific one is on the stack: a socket write under
nats-py is nats-py's cost, not the event loop's."""
_WAITING = ("EpollSelector.select", "Condition.wait", "Condition._acquire_restore",
            "Queue.get", "Event.wait", "_worker")
"""Leaf frames that are a thread waiting, not working. py-spy's own idle test does not work
in every sandbox (a VM's threads blocked in a syscall look active), so these are left out."""
_OWNERS = ("recorder", "router", "workers", "orchestrator", "verifier", "gateway")


def _frames(stack: str) -> list[tuple[str, str]]:
    """(function, file) of each frame, outermost first."""
    out = []
    for frame in stack.split(";"):
        m = _FRAME.match(frame)
        out.append((m["func"], m["file"]) if m else (frame, ""))
    return out


def _is_project(file: str) -> bool:
    """A file of the engine (``bench/server.py`` only runs the loop, so it is not one)."""
    return file.startswith(("shared/", "services/", "bench/model")) or any(
        f"/{top}/" in file for top in ("shared", "services", "bench/model"))


def _relative(file: str) -> str:
    for top in ("shared/", "services/", "bench/"):
        i = file.find(top)
        if i >= 0 and (i == 0 or file[i - 1] == "/"):
            return file[i:]
    return file


_CALLS: tuple[tuple[str, str], ...] = (
    ("PostgresEventStore.read_invocation", "log re-read (store)"),
    ("PostgresEventStore.append", "log append (store: chain, projections)"),
)
"""Calls charged as a whole, wherever their time is spent beneath them (asyncpg, sockets)."""


def _component(frames: Sequence[tuple[str, str]]) -> str:
    """What a sample is charged to: a call of ``_CALLS`` on its stack, else its innermost
    project frame, else its library."""
    for func, _ in reversed(frames):
        for call, component in _CALLS:
            if func == call:
                return component
    for func, file in reversed(frames):
        if not _is_project(file):
            continue
        rel = _relative(file)
        for fragment, function, component in _PROJECT_RULES:
            if fragment in rel and function in func:
                return component
        return "shared, other"
    for generic in (False, True):
        for _, file in reversed(frames):
            for fragment, library in _LIBRARIES:
                if (fragment in _GENERIC) == generic and (
                        file.startswith(fragment) or f"/{fragment}" in file):
                    return library
    return "other (interpreter, stdlib)"


def _owner(frames: Sequence[tuple[str, str]]) -> str:
    """The service on whose behalf a sample ran: the innermost ``services/<name>`` frame."""
    for _, file in reversed(frames):
        rel = _relative(file)
        for name in _OWNERS:
            if rel.startswith(f"services/{name}/"):
                return name
    return "no service frame (loop, clients, runtime)"


def _start_up(frames: Sequence[tuple[str, str]]) -> bool:
    """Once per process, not per invocation: imports, start-up, loading the embedding model."""
    return any((func.rpartition(".")[2] in ("_find_and_load", "start", "migrate")
                and ("engine.py" in file or "importlib" in file or "migrat" in file))
               or func == "default_embedder" for func, file in frames)


def charge(raw: str) -> tuple[Counter[str], Counter[str]]:
    """Samples by component and by service from py-spy's raw (collapsed stacks) output."""
    components: Counter[str] = Counter()
    owners: Counter[str] = Counter()
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = _frames(stack)
        if _start_up(frames) or not frames or frames[-1][0] in _WAITING:
            continue
        components[_component(frames)] += int(count)
        owners[_owner(frames)] += int(count)
    return components, owners


@dataclass(frozen=True)
class Measured:
    """CPU per invocation over one timed run, unprofiled."""

    invocations: int
    events: float
    engine_ms: float
    loop_ms: float
    """The engine's event-loop thread alone (the rest: embedding and other worker threads)."""
    servers_ms: float
    """NATS, PostgreSQL and Redis."""
    nats_ms: float = 0.0
    postgres_ms: float = 0.0

    def render(self) -> str:
        return (f"{self.invocations} invocations, {self.events:.0f} events each: engine "
                f"{self.engine_ms:.1f} ms CPU per invocation (event loop {self.loop_ms:.1f}), "
                f"servers {self.servers_ms:.1f} (NATS {self.nats_ms:.1f}, PostgreSQL "
                f"{self.postgres_ms:.1f}, Redis the rest)")


@dataclass(frozen=True)
class Breakdown:
    measured: list[Measured]
    components: Counter[str]
    owners: Counter[str]
    statements: Statements | None = None

    def render(self) -> str:
        lines = [m.render() for m in self.measured]
        if self.statements is not None:
            lines.append(self.statements.render())
        engine_ms = sorted(m.engine_ms for m in self.measured)[len(self.measured) // 2]
        lines += [f"shared out: the median engine figure, {engine_ms:.1f} ms", ""]
        for title, counts in (("component", self.components), ("on behalf of", self.owners)):
            total = sum(counts.values()) or 1
            lines.append(f"{title:<44} {'ms/inv':>7} {'share':>6}")
            for name, n in counts.most_common():
                lines.append(f"{name:<44} {engine_ms * n / total:7.2f} {n / total:6.1%}")
            lines.append("")
        return "\n".join(lines)


def distinct_questions() -> Callable[[int, int], str]:
    """Questions each asked once in a process (``--distinct-questions``): ``QUESTION`` with a
    report number, so no two texts are alike and nothing computed for an earlier one (the
    embedding memo's vectors) serves a later one, as with different people's questions. The
    scripted model answers them all alike."""
    numbers = itertools.count(1)

    def question(client: int, turn: int) -> str:
        return f"{QUESTION[:-1]} (report {next(numbers)})?"

    return question


async def _measure(target: Target, settings: Settings, pid: int, *, invocations: int,
                   clients: int, question: Callable[[int, int], str] | None = None
                   ) -> Measured:
    turns = max(1, invocations // clients)
    servers = cpu_probe(pid, settings.data_dir)

    def probe() -> dict[str, float]:
        by_server = server_pids(settings.data_dir)
        return {**servers(), "loop": cpu_seconds_of_thread(pid, pid),
                **{name: cpu_seconds([p for p, comm in by_server.items()
                                      if comm.startswith(name)])
                   for name in ("nats", "postgres")}}

    result = await run_load(target, clients=clients, turns=turns, warmup=1, name="cpu",
                            cpu=probe, question=question)
    s = result.summary()
    return Measured(invocations=int(s["completed"]), events=s["events_per_invocation"],
                    engine_ms=s["engine_cpu_ms_per_invocation"],
                    loop_ms=s["loop_cpu_ms_per_invocation"],
                    servers_ms=s["servers_cpu_ms_per_invocation"],
                    nats_ms=s["nats_cpu_ms_per_invocation"],
                    postgres_ms=s["postgres_cpu_ms_per_invocation"])


def cpu_seconds_of_thread(pid: int, tid: int) -> float:
    """User plus system CPU time of one thread of a process so far."""
    with open(f"/proc/{pid}/task/{tid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def function_profile(*, invocations: int, clients: int, out: Path) -> None:
    """cProfile (CPU time of the event loop's thread) over ``invocations``, after a warm-up
    of as many, statistics to ``out``: the function-level view behind the breakdown."""
    async with embedded_servers("yourai-cpu-") as (work, settings), _engine(
            [sys.executable, "-m", "bench.server", "--profile", str(out)], settings,
            work / "engine.log") as (target, pid):
        await samples_without_cache(target.url, target.tenant)
        await _measure(target, settings, pid, invocations=invocations, clients=clients)
        os.kill(pid, signal.SIGUSR1)
        await _measure(target, settings, pid, invocations=invocations, clients=clients)
        os.kill(pid, signal.SIGUSR2)
        for _ in range(100):
            if await asyncio.to_thread(out.exists):
                break
            await asyncio.sleep(0.1)


async def run(*, invocations: int, clients: int, rate: int, rounds: int,
              keep: Path | None = None, spy: bool = True, statements: bool = False,
              distinct: bool = False) -> Breakdown:
    spy_path = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which(
        "py-spy")
    if spy and spy_path is None:
        raise SystemExit("py-spy is not installed: .venv/bin/pip install py-spy")
    async with embedded_servers("yourai-cpu-") as (work, settings):
        server = [sys.executable, "-m", "bench.server"]
        # First unprofiled: the sample policies are uploaded (their embedding is not an
        # invocation's work), then the figures that count are measured.
        async with _engine(server, settings, work / "plain.log") as (target, pid):
            await samples_without_cache(target.url, target.tenant)
            asked = distinct_questions() if distinct else None
            measured = [await _measure(target, settings, pid, invocations=invocations,
                                       clients=clients, question=asked)
                        for _ in range(rounds)]
            counted = await count_statements(
                settings, work / "data" / "pg" / "log",
                _measure(target, settings, pid, invocations=invocations, clients=clients)
            ) if statements else None
        if not spy or spy_path is None:
            return Breakdown(measured=measured, components=Counter(), owners=Counter(),
                             statements=counted)
        # Then under py-spy, which cannot attach to a running interpreter in every sandbox
        # but can always start one; it samples the process's whole life, start-up left out.
        out = work / "spy.txt"
        async with _engine([spy_path, "record", "--nonblocking", "--format", "raw", "--rate",
                            str(rate), "--output", str(out), "--", *server],
                           settings, work / "spy.log") as (target, pid):
            await _measure(target, settings, pid, invocations=invocations, clients=clients,
                           question=distinct_questions() if distinct else None)
        raw = await asyncio.to_thread(_stacks, out, keep)
        components, owners = charge(raw)
    return Breakdown(measured=measured, components=components, owners=owners,
                     statements=counted)


@contextlib.asynccontextmanager
async def _engine(command: list[str], settings: Settings, log: Path
                  ) -> AsyncIterator[tuple[Target, int]]:
    """The engine running on ``settings``' servers (its gateway, and the pid of its Python
    process: ``command`` may be a profiler running it) until the end."""
    async with engine_process(command, engine_env(settings), log) as child:
        gateway = (await ready(child, log, within_s=120))["gateway"]
        pid = child.pid if command[0] == sys.executable else _python_child(child.pid)
        yield Target(url=gateway, secret=SECRET, tenant="bench-a"), pid


def _stacks(out: Path, keep: Path | None) -> str:
    """py-spy's raw stacks (kept in ``keep`` too, if given)."""
    raw = out.read_text() if out.exists() else ""
    if keep is not None:
        keep.write_text(raw)
    return raw


def _python_child(pid: int) -> int:
    """The engine's pid: py-spy's child."""
    for _ in range(50):
        with contextlib.suppress(OSError):
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            if children:
                return int(children[0])
    raise RuntimeError("py-spy started no engine process")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.cpu_profile",
                                description="Share out the engine's CPU per invocation.")
    p.add_argument("-n", "--invocations", type=int, default=64)
    p.add_argument("--clients", type=int, default=4, help="concurrent conversations")
    p.add_argument("--rate", type=int, default=250, help="py-spy samples per second")
    p.add_argument("--rounds", type=int, default=3,
                   help="unprofiled timed runs (the machine is shared: look at the spread)")
    p.add_argument("--no-spy", action="store_true", help="only the unprofiled figures")
    p.add_argument("--statements", action="store_true",
                   help="also one more timed run with PostgreSQL's statement log on: appends, "
                        "log re-reads and settings reads per invocation")
    p.add_argument("--distinct-questions", action="store_true",
                   help="every timed turn asks a question of its own (as different people "
                        "do), not the same one: what a memo of recent work cannot serve")
    p.add_argument("--keep", type=Path, metavar="FILE",
                   help="also keep py-spy's raw stacks (for flamegraph.pl or speedscope)")
    p.add_argument("--functions", type=Path, metavar="FILE",
                   help="instead: cProfile statistics of the engine's loop thread to FILE "
                        "(read with python -m pstats FILE)")
    args = p.parse_args(argv)
    if args.functions:
        asyncio.run(function_profile(invocations=args.invocations, clients=args.clients,
                                     out=args.functions))
        pstats.Stats(str(args.functions)).sort_stats("tottime").print_stats(40)
        return 0
    breakdown = asyncio.run(run(invocations=args.invocations, clients=args.clients,
                                rate=args.rate, rounds=args.rounds, keep=args.keep,
                                spy=not args.no_spy, statements=args.statements,
                                distinct=args.distinct_questions))
    print(breakdown.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
