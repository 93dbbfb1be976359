"""The answer-quality benchmark (bench/answers.py) on a sample of every category: what a user
gets offline (real workers, offline synthesis, the verifier) holds its measured quality.

The sample is the first items of each category, so the run stays near two minutes on two
shared cores; legislation is searched by full text (embedding the corpus on a fresh database
takes minutes). ``python -m bench.answers`` runs the whole set with embeddings
(docs/BENCHMARKS.md)."""

from __future__ import annotations

from collections import defaultdict

from bench import answers
from bench.evalsets import load_answers
from shared.config import Settings

PER_CATEGORY = 3
# The targets (answers.THRESHOLDS: key fact 100 %, first three sentences 95 %, right
# source cited and verified 100 %, not in the sources 100 %) are not all reached yet; these
# floors are what the sample measured after round four on 23 November 2026 (0.89, 0.89,
# 0.83, 1.0, and the same after round six; round three 0.89, 0.83, 0.78, 1.0; round two
# 0.72, 0.56, 0.72, 1.0; before round two 0.61, 0.50, 0.67, 1.0) less one item, so a change
# that loses quality fails here. Raise
# them as the answers improve.
FLOORS = {"key_fact": 0.83, "first_three": 0.83, "cited_verified": 0.77, "not_in_sources": 1.0}
REPEALED_FLOORS = {"key_fact": 0.66, "cited_verified": 0.66}
"""``repealed_law`` does not gate the benchmark yet (answers.UNGATED), but its status
statements must not regress (measured 1.0 and 1.0 in round six, 23 November 2026; 0.67 and
0.67 before), less one item."""

def _sample() -> list[str]:
    taken: dict[str, list[str]] = defaultdict(list)
    for item in load_answers():
        if len(taken[item.category]) < PER_CATEGORY:
            taken[item.category].append(item.id)
    return [i for ids in taken.values() for i in ids]


async def test_answer_quality_sample(settings: Settings) -> None:
    report = await answers.run(settings, _sample(), dense=False)
    print(answers.render(report))  # shown with -s, and on failure
    overall = report["overall"]
    assert isinstance(overall, dict)
    for metric, floor in FLOORS.items():
        assert overall[metric] is not None and overall[metric] >= floor, (
            metric, overall, answers.render(report))
    repealed = report["categories"]["repealed_law"]  # type: ignore[index]
    for metric, floor in REPEALED_FLOORS.items():
        assert repealed[metric] >= floor, (metric, repealed, answers.render(report))
    results = report["results"]
    assert isinstance(results, list)
    for r in results:
        # Whatever the quality, an answer never claims more than it has: no citation left
        # unverified without a mark, and an answer that says the sources do not hold what was
        # asked is low.
        if answers.MISSING_LEAD in r["answer"] or answers.NO_ANSWER in r["answer"]:
            assert r["confidence"] == "low", r["id"]
