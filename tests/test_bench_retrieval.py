"""The legal retrieval benchmark (bench/retrieval.py) runs over both sets, and hybrid search
holds its measured quality. Embedding the corpus takes most of the run (one to three minutes
on two shared cores); the vectors stay cached in the process for the other tests' imports."""

from __future__ import annotations

import asyncio
import json

import pytest

from bench import retrieval
from shared.config import Settings

# Measured on 23 November 2026, round three (docs/BENCHMARKS.md: 0.960 / 0.801 and 0.940 /
# 0.819), less a margin for the machine: a change that loses more has made retrieval worse.
FLOORS = {"retrieval_set": {"recall@5": 0.94, "mrr": 0.79},
          "ha2004_questions": {"recall@5": 0.92, "mrr": 0.80}}


async def test_retrieval_benchmark(settings: Settings,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = await asyncio.to_thread(retrieval.main, [
        "--json", "--database-url", settings.database_url or ""])
    report = json.loads(capsys.readouterr().out)
    assert report["embedded"] > 0 and set(report["latency_ms"]) == set(retrieval.METHODS)
    for name, floors in FLOORS.items():
        scores = report["scores"][name]
        for metric, floor in floors.items():
            assert scores["hybrid"][metric] >= floor, (name, metric, scores["hybrid"])
            assert scores["hybrid"][metric] >= scores["fulltext"][metric], (name, metric)
    assert code == (1 if report["failures"] else 0)
    if code:
        # The targets (recall@5 >= 0.95, MRR >= 0.8) are not met yet: reported, not
        # hidden, and this test passes outright once they are.
        pytest.xfail("; ".join(report["failures"]))
