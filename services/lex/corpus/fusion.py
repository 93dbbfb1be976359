"""Reciprocal rank fusion of the store's rankings (full text and dense, or the fused rankings
of a question and its parts), with the constant and weights measured for it, and the cited
provisions put first.

Apart from ``store.py`` because the fusion's constants are measured (docs/BENCHMARKS.md) and
its merging is pure: rows in, rows out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from services.lex.corpus.rows import Row
from shared.hybrid import reciprocal_rank_fusion

__all__ = ["_FUSION_WEIGHTS", "_RRF_K", "_cited_first", "_fuse"]

_RRF_K = 10
"""Lower than Cormack's 60, so that a provision one ranking puts at the top keeps its place
when the other misses it (dense first, full text nowhere: "s.21 notice where the deposit isn't
protected" finds s. 215 only by meaning). Measured on both sets of bench/retrieval.py against
60: recall@5 0.852 → 0.884 and 0.893 → 0.917, MRR 0.801 → 0.794 and 0.806 → 0.809."""
_FUSION_WEIGHTS = (0.5, 1.0)
"""Full text, dense: dense counts double, as measured on both legal sets of bench/retrieval.py
(docs/BENCHMARKS.md); full text still decides between passages dense ranks alike."""


K = TypeVar("K")


def _fuse(rankings: Sequence[Sequence[Row]], key: Callable[[Row], K],
          offset: int, size: int, *, weights: Sequence[float] = _FUSION_WEIGHTS
          ) -> list[dict[str, Any]]:
    """Rows of the rankings (full text and dense, or the fused rankings of a question and
    its parts) merged by reciprocal rank fusion, the fused score replacing each one's own."""
    rows: dict[K, Row] = {}
    for ranking in rankings:
        for row in ranking:
            rows.setdefault(key(row), row)
    fused = reciprocal_rank_fusion([[key(r) for r in ranking] for ranking in rankings],
                                   weights=weights, k=_RRF_K)
    return [{**dict(rows[k].items()), "score": score} for k, score in fused[offset:offset + size]]


def _cited_first(cited: Sequence[Row], ranked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cited provisions first, with the best score found (so scores still descend)."""
    if not cited:
        return ranked
    top = max((r["score"] for r in ranked if r.get("score") is not None), default=1.0)
    ids = {r["id"] for r in cited}
    return [{**dict(r.items()), "score": top} for r in cited] + [
        r for r in ranked if r["id"] not in ids]
