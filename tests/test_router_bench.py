"""The routing benchmark (``bench/router.py``): every kind of question reaches its sources."""

from __future__ import annotations

from bench import router


def test_each_kind_reaches_the_workers_it_needs() -> None:
    """Measured at 1.000 for every kind of ``router_set.jsonl`` (case law 0.300 before the
    judgment signals) and 1.000 over the answer set's 252 questions (0.980 before)."""
    report = router.run()
    assert not report.failures(), report.failures()
    assert report.scores["answer_set"]["routed"] >= 0.98, report.misses


def test_a_question_about_a_judgment_reaches_the_case_law_worker() -> None:
    report = router.run()
    missed = [m for m in report.misses if "caselaw" in m.split("needs", 1)[1].split("got")[0]]
    assert not missed, missed
