"""The legal retrieval benchmark (bench/retrieval.py) runs over both sets, and hybrid search
holds its measured quality. Embedding the corpus takes most of the run (one to three minutes
on two shared cores); the vectors stay cached in the process for the other tests' imports."""

from __future__ import annotations

import asyncio
import json

import pytest

from bench import retrieval
from shared.config import Settings


async def test_retrieval_benchmark(settings: Settings,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Hybrid meets the issue's targets (recall@5 >= 0.95, MRR >= 0.8) on both legal sets
    (measured 23 November 2026, round five, docs/BENCHMARKS.md: 0.961 / 0.807 over the
    89 items and 1.000 / 0.840), and beats full text alone; the answer set's legal questions
    are scored too, ungated."""
    code = await asyncio.to_thread(retrieval.main, [
        "--json", "--database-url", settings.database_url or ""])
    report = json.loads(capsys.readouterr().out)
    assert report["embedded"] > 0 and set(report["latency_ms"]) == set(retrieval.METHODS)
    for name in ("retrieval_set", "ha2004_questions"):
        scores = report["scores"][name]
        for metric, floor in retrieval.THRESHOLDS.items():
            assert scores["hybrid"][metric] >= floor, (name, metric, scores["hybrid"])
            assert scores["hybrid"][metric] >= scores["fulltext"][metric], (name, metric)
    assert report["scores"]["answer_set"]["hybrid"]["items"] > 0
    assert report["failures"] == [] and code == 0
