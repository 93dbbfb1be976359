"""Load: concurrent conversations, each asking in turn, with latency and throughput figures."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.client import ApiClient, Turn
from bench.model import QUESTION

__all__ = ["LoadResult", "Target", "percentile", "run_load"]


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (``p`` in 0–100); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


@dataclass(frozen=True)
class Target:
    """A running gateway and how to sign in to it; ``replicas``: further gateways of the same
    engine, which clients are spread over (a load balancer's round robin)."""

    url: str
    secret: str
    tenant: str
    replicas: tuple[str, ...] = ()

    def url_of(self, client: int) -> str:
        urls = (self.url, *self.replicas)
        return urls[client % len(urls)]


@dataclass
class LoadResult:
    concurrency: int
    turns: list[Turn] = field(default_factory=list)
    wall_s: float = 0.0
    cpu_s: dict[str, float] = field(default_factory=dict)
    """CPU seconds spent by each watched party over the timed part."""

    @property
    def completed(self) -> int:
        return sum(1 for t in self.turns if t.terminal == "invocation.completed")

    def summary(self) -> dict[str, float]:
        ms = {
            "first_event": [t.first_event * 1000 for t in self.turns],
            "first_delta": [t.first_delta * 1000 for t in self.turns if t.first_delta],
            "completed": [t.completed * 1000 for t in self.turns],
        }
        out: dict[str, float] = {"concurrency": self.concurrency, "invocations": len(self.turns),
                                 "completed": self.completed, "wall_s": self.wall_s}
        for name, values in ms.items():
            out[f"{name}_p50_ms"] = percentile(values, 50)
            out[f"{name}_p95_ms"] = percentile(values, 95)
        out["events_per_invocation"] = (sum(t.events for t in self.turns) / len(self.turns)
                                        if self.turns else 0.0)
        out["invocations_per_s"] = self.completed / self.wall_s if self.wall_s else 0.0
        out["ms_per_invocation"] = (self.wall_s * 1000 / self.completed if self.completed
                                    else 0.0)
        for who, seconds in self.cpu_s.items():
            out[f"{who}_cpu_ms_per_invocation"] = seconds * 1000 / max(self.completed, 1)
        return out


async def run_load(target: Target, *, clients: int, turns: int, warmup: int,
                   name: str = "load", in_post: bool = False,
                   cpu: Callable[[], dict[str, float]] | None = None,
                   question: Callable[[int, int], str] | None = None) -> LoadResult:
    """``clients`` conversations at once, each asking ``warmup`` untimed then ``turns`` timed
    (``in_post``: each reading its answer in the POST's response, ``ApiClient.turn``).

    The clock (and ``cpu``, cumulative CPU seconds per watched party) runs from when every
    client has finished its warm-up to the last answer. ``question`` (of the client's index and
    the timed turn's) is what each timed turn asks; by default every turn asks ``QUESTION``.
    """
    api = [ApiClient(target.url_of(i), target.secret, tenant=target.tenant, user=f"{name}-{i}")
           for i in range(clients)]
    result = LoadResult(concurrency=clients)
    try:
        conversations = await asyncio.gather(*(c.conversation() for c in api))

        async def warm(c: ApiClient, conversation: str) -> None:
            for _ in range(warmup):
                await c.turn(conversation, QUESTION, in_post=in_post)

        await asyncio.gather(*(warm(c, conv) for c, conv in zip(api, conversations, strict=True)))

        async def ask(i: int, c: ApiClient, conversation: str) -> None:
            for turn in range(turns):
                asked = question(i, turn) if question is not None else QUESTION
                result.turns.append(await c.turn(conversation, asked, in_post=in_post))

        before = cpu() if cpu else {}
        start = time.perf_counter()
        await asyncio.gather(*(ask(i, c, conv)
                               for i, (c, conv) in enumerate(zip(api, conversations, strict=True))))
        result.wall_s = time.perf_counter() - start
        after = cpu() if cpu else {}
        result.cpu_s = {who: after[who] - before[who] for who in after}
    finally:
        await asyncio.gather(*(c.close() for c in api))
    return result
