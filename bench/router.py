"""Routing quality: does the offline classifier send a question to the sources that answer it?

Two sets. ``router_set.jsonl`` holds questions written by kind (``caselaw``, ``legislation``,
``policy``, ``mixed``), each with the workers it needs. The answer set's questions are a second
check nobody tunes against: one whose answer must cite a judgment needs the case-law worker,
one that must cite a section needs the legislation worker, one that must cite a policy needs
the policy worker. A question is routed when every worker it needs is chosen; extra workers
are counted apart (they cost a search, not an answer). Follow-ups are routed as the engine
routes them, after the offline rewrite makes them standalone.

    python -m bench.router [--json]

Exits 1 when any kind of ``router_set.jsonl`` falls below ``FLOOR``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Literal

import msgspec

from bench.evalsets import load_answers
from services.router.app import classify_offline, rewrite_offline
from shared.events import WorkerName

ROUTER_SET = Path(__file__).with_name("router_set.jsonl")
FLOOR = 0.9
"""Share of each kind's questions that reach every worker they need."""


class RouterItem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A question and the workers whose sources answer it."""

    id: str
    category: Literal["caselaw", "legislation", "policy", "mixed"]
    q: str
    workers: list[WorkerName]


def load_router(path: Path = ROUTER_SET) -> list[RouterItem]:
    decoder = msgspec.json.Decoder(RouterItem)
    return [decoder.decode(line) for line in path.read_bytes().splitlines() if line.strip()]


def _needed(must_cite: Sequence[str]) -> set[WorkerName]:
    """The workers an answer set item's sources come from (``bench/retrieval_set.md`` ids)."""
    needed: set[WorkerName] = set()
    for ref in must_cite:
        needed.add("policy" if "#" in ref else "caselaw" if ref.startswith("[") else "legislation")
    return needed


@dataclass(frozen=True)
class Case:
    set: str
    id: str
    kind: str
    question: str
    """As the router sees it: a follow-up made standalone by the offline rewrite."""
    needed: frozenset[WorkerName]


@dataclass
class Report:
    scores: dict[str, dict[str, float]] = field(default_factory=dict)
    """``set`` and ``set/kind`` → items, share routed, extra workers per item."""
    misses: list[str] = field(default_factory=list)

    def failures(self) -> list[str]:
        return [f"{k}: routed {v['routed']:.3f} < {FLOOR}" for k, v in self.scores.items()
                if k.startswith("router_set/") and v["routed"] < FLOOR]


def cases() -> Iterator[Case]:
    for item in load_router():
        yield Case("router_set", item.id, item.category, item.q, frozenset(item.workers))
    for a in load_answers():
        needed = _needed(a.must_cite)
        if needed and a.expect == "answer":
            q = rewrite_offline(a.q, a.history).standalone if a.history else a.q
            yield Case("answer_set", a.id, "+".join(sorted(needed)), q, frozenset(needed))


def run() -> Report:
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    report = Report()
    for case in cases():
        chosen = set(classify_offline(case.question).workers)
        routed = case.needed <= chosen
        for key in (case.set, f"{case.set}/{case.kind}"):
            totals[key][0] += 1
            totals[key][1] += routed
            totals[key][2] += len(chosen - case.needed)
        if not routed:
            report.misses.append(
                f"{case.set}/{case.id}: needs {sorted(case.needed)}, got {sorted(chosen)}")
    report.scores = {k: {"items": n, "routed": round(ok / n, 3),
                         "extra_per_item": round(extra / n, 2)}
                     for k, (n, ok, extra) in sorted(totals.items())}
    return report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    args = p.parse_args(argv)
    report = run()
    if args.json:
        print(json.dumps(asdict(report)))
    else:
        for key, v in report.scores.items():
            print(f"{key:45s} {v['items']:4.0f}  routed {v['routed']:.3f}  "
                  f"extra {v['extra_per_item']:.2f}")
        for miss in report.misses:
            print("missed:", miss)
    return 1 if report.failures() else 0


if __name__ == "__main__":
    sys.exit(main())
